import type fc from "fast-check";
import type { CheckInput, Observation, PropertyDefinition, Scenario, Verdict } from "../src/scenario";
import { boundaryScenarios, buildScenarios, compactScenarios, groupsScenarios, unitsScenarios } from "./_internals/arbitraries";
import { fail, mismatch, mismatchData, pass } from "./_internals/format";
import { sameData } from "./_internals/json";
import { describeOutcome } from "./_internals/outcome";

// Differential (grading): the subject and the reference core observe the same scenario and
// must agree on the outcome: the same value, or the same error code; the same number of
// summarizer calls; the same identity facts. Skipped when the run has no reference.

function sameOutcome(subject: Observation, reference: Observation): Verdict {
  const a = subject.outcome;
  const b = reference.outcome;
  const differ = () => fail(`expected the reference's outcome, ${describeOutcome(b)}; observed ${describeOutcome(a)}`);
  if (a.kind !== b.kind) return differ();
  if (a.kind === "returned" && b.kind === "returned" && !sameData(a.value, b.value)) return mismatchData("returned value (as the reference's)", b.value, a.value);
  if (a.kind === "threw" && b.kind === "threw" && (a.error.code !== b.error.code || a.error.isContextCompactionError !== b.error.isContextCompactionError)) return differ();
  if (subject.summarizerCalls.length !== reference.summarizerCalls.length) return mismatch("summarizer calls (as the reference)", reference.summarizerCalls.length, subject.summarizerCalls.length);
  for (const [name, value] of Object.entries(reference.identity)) {
    if (subject.identity[name] !== value) return mismatch(`identity fact ${name} (as the reference)`, value, subject.identity[name] ?? null);
  }
  return pass;
}

function against({ observation, reference }: CheckInput): Verdict {
  return reference === null ? fail("harness: a differential property ran without a reference observation") : sameOutcome(observation, reference);
}

function define(kind: string, exportName: string, weight: number, arbitrary: fc.Arbitrary<Scenario>): PropertyDefinition {
  return {
    id: `differential.${kind}-same-as-reference`,
    family: "differential",
    title: `${exportName} behaves as the reference core`,
    weight,
    catches: `Any observable difference from the reference in ${exportName}: value, error code, summarizer calls or identity.`,
    specRef: "contract §1",
    arbitrary,
    needsReference: true,
    check: against,
  };
}

export const differentialProperties: readonly PropertyDefinition[] = [
  define("build", "buildActiveContext", 1, buildScenarios()),
  define("units", "estimateContextUnits", 1, unitsScenarios()),
  define("groups", "groupToolRounds", 2, groupsScenarios()),
  define("boundary", "selectCompactionBoundary", 2, boundaryScenarios()),
  define("compact", "compactContext", 3, compactScenarios("any")),
];
