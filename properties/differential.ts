import type fc from "fast-check";
import type { CheckInput, Expected, Observation, PropertyDefinition, Scenario, Verdict } from "../src/scenario";
import { boundaryScenarios, buildScenarios, compactScenarios, groupsScenarios, unitsScenarios } from "./_internals/arbitraries";
import { fail, mismatch, mismatchData, pass } from "./_internals/format";
import { sameData } from "./_internals/json";
import { checkThrowsContractError, describeOutcome, returnedValue } from "./_internals/outcome";
import { judgedByAccepted } from "./_internals/accepted";

// Differential (grading): the subject and the reference core observe the same scenario and
// must agree on the outcome: the same value, or the same error code; the same number of
// summarizer calls; the same identity facts. Where they differ, the subject's outcome must be
// one the model accepts (contract §8): the reference is one valid implementation, not the
// contract. Skipped when the run has no reference.

/** The outcome and summarizer calls as the reference's (null), or how they differ. */
function outcomeDifference(subject: Observation, reference: Observation): Verdict | null {
  const a = subject.outcome;
  const b = reference.outcome;
  const differ = () => fail(`expected the reference's outcome, ${describeOutcome(b)}; observed ${describeOutcome(a)}`);
  if (a.kind !== b.kind) return differ();
  if (a.kind === "returned" && b.kind === "returned" && !sameData(a.value, b.value)) return mismatchData("returned value (as the reference's)", b.value, a.value);
  if (a.kind === "threw" && b.kind === "threw" && (a.error.code !== b.error.code || a.error.isContextCompactionError !== b.error.isContextCompactionError)) return differ();
  if (subject.summarizerCalls.length !== reference.summarizerCalls.length) return mismatch("summarizer calls (as the reference)", reference.summarizerCalls.length, subject.summarizerCalls.length);
  return null;
}

/** With the same outcome, the same identity facts (the very built context returned, …). */
function sameIdentity(subject: Observation, reference: Observation): Verdict {
  for (const [name, value] of Object.entries(reference.identity)) {
    if (subject.identity[name] !== value) return mismatch(`identity fact ${name} (as the reference)`, value, subject.identity[name] ?? null);
  }
  return pass;
}

/** The model accepts the subject's outcome: one of its codes or its very value, and its number of summarizer calls. */
function modelAccepts(observation: Observation, expected: Expected): Verdict {
  let verdict: Verdict;
  if (expected.kind === "throws") verdict = checkThrowsContractError(observation, expected.codes);
  else {
    const returned = returnedValue(observation);
    verdict = !returned.ok ? returned.verdict : sameData(returned.value, expected.value) ? pass : mismatchData("returned value (the model's)", expected.value, returned.value);
  }
  if (!verdict.ok) return verdict;
  const calls = observation.summarizerCalls.length;
  return calls === expected.summarizerCalls ? pass : mismatch("summarizer calls (the model's)", expected.summarizerCalls, calls);
}

/**
 * Agreeing with the reference (outcome, summarizer calls, identity facts) is enough. Where
 * the contract leaves room (§8: several broken rules, a row's other choice), the subject may
 * differ from the reference in code, kind of outcome or summarizer calls: then it must be an
 * outcome the model accepts.
 */
function against({ observation, reference, expected }: CheckInput): Verdict {
  if (reference === null) return fail("harness: a differential property ran without a reference observation");
  const difference = outcomeDifference(observation, reference);
  if (difference === null || difference.ok) return sameIdentity(observation, reference);
  const model = modelAccepts(observation, expected);
  return model.ok ? pass : fail(`${difference.message}; nor is it an outcome the model accepts: ${model.message}`);
}

function define(kind: string, exportName: string, weight: number, arbitrary: fc.Arbitrary<Scenario>): PropertyDefinition {
  return {
    id: `differential.${kind}-same-as-reference`,
    family: "differential",
    title: `${exportName} behaves as the reference core`,
    weight,
    catches: `Any observable difference from the reference in ${exportName} (value, error code, summarizer calls or identity) that the model does not accept either.`,
    specRef: "contract §1",
    arbitrary,
    needsReference: true,
    check: against,
  };
}

export const differentialProperties: readonly PropertyDefinition[] = judgedByAccepted([
  define("build", "buildActiveContext", 1, buildScenarios()),
  define("units", "estimateContextUnits", 1, unitsScenarios()),
  define("groups", "groupToolRounds", 2, groupsScenarios()),
  define("boundary", "selectCompactionBoundary", 2, boundaryScenarios()),
  define("compact", "compactContext", 3, compactScenarios("any")),
]);
