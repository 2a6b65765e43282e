import type { Json, Verdict } from "../../src/scenario";
import { firstDifference } from "./json";

// Failure messages say what was expected and what was observed, briefly: a grader prints
// them next to the counterexample, so long values are cut rather than dumped.

const MAX_SHOWN = 240;

/** A short, single-line rendering of any value for a failure message. */
export function show(value: unknown): string {
  let text: string;
  try {
    text = value === undefined ? "undefined" : (JSON.stringify(value) ?? String(value));
  } catch {
    text = String(value);
  }
  return text.length <= MAX_SHOWN ? text : `${text.slice(0, MAX_SHOWN)}… (${text.length} chars)`;
}

export const pass: Verdict = { ok: true };

export function fail(message: string): Verdict {
  return { ok: false, message };
}

/** "<what>: expected <expected>, observed <observed>". */
export function mismatch(what: string, expected: unknown, observed: unknown): Verdict {
  return fail(`${what}: expected ${show(expected)}, observed ${show(observed)}`);
}

/**
 * Like mismatch, for structured values: names the first differing path, so a long value
 * does not hide the difference behind the cut.
 */
export function mismatchData(what: string, expected: Json | undefined, observed: Json | undefined): Verdict {
  const difference = firstDifference(expected, observed);
  if (difference === null) return pass;
  if (difference.path === "(root)") return mismatch(what, expected, observed);
  return fail(`${what}: at ${difference.path} expected ${show(difference.expected ?? "(absent)")}, observed ${show(difference.observed ?? "(absent)")}`);
}

/** The first failing verdict, or pass: lets a check list its clauses in order. */
export function firstFailure(...verdicts: readonly (() => Verdict)[]): Verdict {
  for (const verdict of verdicts) {
    const result = verdict();
    if (!result.ok) return result;
  }
  return pass;
}

/** The first of `checks` that fails, else pass: several checks read as one. */
export const allOf =
  <T>(...checks: ((input: T) => Verdict)[]) =>
  (input: T): Verdict => {
    for (const check of checks) {
      const verdict = check(input);
      if (!verdict.ok) return verdict;
    }
    return pass;
  };
