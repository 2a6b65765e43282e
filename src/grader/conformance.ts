import fc from "fast-check";
import type { PropertyDefinition } from "../scenario/property";
import type { Operation } from "../scenario/scenario";
import { CONTRACT_CLASS, CONTRACT_CONSTANTS, CONTRACT_FUNCTIONS, type ExportFacts } from "./sandbox/child/protocol";

// Conformance comes before any property: which contract exports exist with the right kinds.
// A property whose scenarios call a missing or wrong export fails with that reason instead of
// a stream of crash observations.

/** One problem per export name that is missing or of the wrong kind (contract §1). */
export function checkConformance(facts: ExportFacts): ReadonlyMap<string, string> {
  const problems = new Map<string, string>();
  for (const name of CONTRACT_FUNCTIONS) {
    const fact = facts[name];
    if (fact === undefined || !fact.present) problems.set(name, `export ${name} is missing (contract §1: a function)`);
    else if (fact.typeOf !== "function") problems.set(name, `export ${name} is a ${fact.typeOf}, not a function (contract §1)`);
  }
  const errorClass = facts[CONTRACT_CLASS];
  if (errorClass === undefined || !errorClass.present) problems.set(CONTRACT_CLASS, `export ${CONTRACT_CLASS} is missing (contract §1: a class extending Error)`);
  else if (errorClass.typeOf !== "function" || !errorClass.extendsError) problems.set(CONTRACT_CLASS, `export ${CONTRACT_CLASS} is not a class extending Error (contract §1)`);
  for (const [name, value] of Object.entries(CONTRACT_CONSTANTS)) {
    const fact = facts[name];
    if (fact === undefined || !fact.present) problems.set(name, `export ${name} is missing (contract §1: the constant ${value})`);
    else if (fact.number !== value) problems.set(name, `export ${name} is ${fact.typeOf === "number" ? String(fact.number) : `a ${fact.typeOf}`}, expected ${value} (contract §1)`);
  }
  return problems;
}

const OPERATION_EXPORT: Readonly<Record<Operation["kind"], string>> = {
  build: "buildActiveContext",
  units: "estimateContextUnits",
  groups: "groupToolRounds",
  boundary: "selectCompactionBoundary",
  compact: "compactContext",
  program: "compactContext",
};

const SAMPLE_SEED = 1;
const SAMPLE_SIZE = 25;

/**
 * The exports a property's scenarios call, found by sampling its arbitrary (a prebuilt context
 * also needs buildActiveContext). Sampling, not the family name, so new families need no table.
 */
export function requiredExports(def: PropertyDefinition): readonly string[] {
  const names = new Set<string>();
  for (const scenario of fc.sample(def.arbitrary, { seed: SAMPLE_SEED, numRuns: SAMPLE_SIZE })) {
    const operation = scenario.operation;
    names.add(OPERATION_EXPORT[operation.kind] ?? operation.kind);
    if (("prebuilt" in operation && operation.prebuilt) || operation.kind === "program") names.add("buildActiveContext");
  }
  return [...names].sort();
}

/** Exports a scenario can call: only a problem with one of these can stop a property. */
const CALLABLE_EXPORTS: ReadonlySet<string> = new Set([...Object.values(OPERATION_EXPORT), "buildActiveContext"]);

/** Why a property cannot pass with these exports, or null when every export it calls conforms. */
export function conformanceFailure(def: PropertyDefinition, problems: ReadonlyMap<string, string>): string | null {
  // Sampling the arbitrary costs about 20 ms a property: skipped when no callable export has a problem.
  if (![...problems.keys()].some((name) => CALLABLE_EXPORTS.has(name))) return null;
  const reasons = requiredExports(def).flatMap((name) => {
    const problem = problems.get(name);
    return problem === undefined ? [] : [problem];
  });
  return reasons.length === 0 ? null : `not run: ${reasons.join("; ")}`;
}
