import type { CheckInput, Expected, Json, Observation, Outcome, Verdict } from "../../src/scenario";
import { fail, mismatch, pass, show } from "./format";

// Shared readings of an observation's outcome. Every property that looks at a value first
// asks for it here, so "the call threw instead" is reported the same way everywhere.

export function describeOutcome(outcome: Outcome): string {
  switch (outcome.kind) {
    case "returned":
      return `returned ${show(outcome.value)}`;
    case "threw": {
      const error = outcome.error;
      const kind = error.isContextCompactionError ? "ContextCompactionError" : `${show(error.name)} (not a ContextCompactionError)`;
      return `threw ${kind} with code ${show(error.code)}: ${show(error.message)}`;
    }
    case "timeout":
      return `did not settle within ${outcome.afterMs} ms`;
    case "crash":
      return `crashed: ${outcome.reason}`;
  }
}

export type Returned = { readonly ok: true; readonly value: Json } | { readonly ok: false; readonly verdict: Verdict };

/** The returned value, or a failing verdict saying what happened instead. */
export function returnedValue(observation: Observation): Returned {
  const outcome = observation.outcome;
  if (outcome.kind === "returned") return { ok: true, value: outcome.value };
  return { ok: false, verdict: fail(`expected a returned value, observed: ${describeOutcome(outcome)}`) };
}

/** The call failed with a ContextCompactionError whose code is one the contract allows. */
export function checkThrowsContractError(observation: Observation, codes: readonly string[]): Verdict {
  const outcome = observation.outcome;
  if (outcome.kind !== "threw") return fail(`expected a ContextCompactionError with code ${codes.join(" or ")}, observed: ${describeOutcome(outcome)}`);
  const error = outcome.error;
  if (!error.isContextCompactionError) return fail(`expected a ContextCompactionError, observed: ${describeOutcome(outcome)}`);
  if (typeof error.code !== "string" || !codes.includes(error.code)) return mismatch("error code", codes.join(" or "), error.code);
  return pass;
}

/** What the contract says about a ContextCompactionError instance, independent of its code. */
export function checkErrorShape(observation: Observation): Verdict {
  const outcome = observation.outcome;
  if (outcome.kind !== "threw") return fail(`expected a rejection/throw, observed: ${describeOutcome(outcome)}`);
  const error = outcome.error;
  if (!error.isContextCompactionError) return fail(`expected an instance of the exported ContextCompactionError, observed: ${describeOutcome(outcome)}`);
  if (!error.isError) return fail("expected the ContextCompactionError to extend Error, observed an instance that is not an Error");
  if (error.name !== "ContextCompactionError") return mismatch("error.name", "ContextCompactionError", error.name);
  if (typeof error.code !== "string") return mismatch("error.code (own data property)", "a string", error.code);
  if (!error.frozen) return fail("expected the ContextCompactionError instance to be frozen, observed a mutable instance");
  return pass;
}

/**
 * The model says the call returns: the observation must have returned. The model says it
 * throws: the observation must have thrown one of the allowed codes. Lets a property about
 * returned values stay meaningful on the rare scenario where the model expects a failure.
 */
export function agreeOnOutcome(observation: Observation, expected: Expected): Returned | { readonly ok: "threw-as-expected" } {
  if (expected.kind === "throws") {
    const verdict = checkThrowsContractError(observation, expected.codes);
    return verdict.ok ? { ok: "threw-as-expected" } : { ok: false, verdict };
  }
  return returnedValue(observation);
}

/** No unhandledRejection reached the process, during the call or after it (contract §7 step 5). */
export function noUnhandledRejection({ observation }: CheckInput): Verdict {
  const n = observation.unhandledRejections;
  return n === 0 ? pass : fail(`expected no unhandledRejection during or after the call, observed ${n} (${describeOutcome(observation.outcome)})`);
}
