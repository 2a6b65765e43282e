import type { Verdict } from "../../src/scenario";

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

/** The first failing verdict, or pass: lets a check list its clauses in order. */
export function firstFailure(...verdicts: readonly (() => Verdict)[]): Verdict {
  for (const verdict of verdicts) {
    const result = verdict();
    if (!result.ok) return result;
  }
  return pass;
}
