import type { CheckInput, Decoration, Observation, PropertyDefinition, Scenario, Verdict } from "../../src/scenario";
import type { Expected } from "../../src/scenario";
import fc from "fast-check";
import { compactScenarios } from "./arbitraries";
import { mismatch, pass } from "./format";
import { sameData } from "./json";
import { checkThrowsContractError, returnedValue } from "./outcome";

// Shared by the strength files (properties/strength*.ts): one record shape, one comparison.

/** The observed outcome is the model's: the same value, or one of its codes. */
export function agreesWithModel(observation: Observation, expected: Expected): Verdict {
  if (expected.kind === "throws") return checkThrowsContractError(observation, expected.codes);
  const returned = returnedValue(observation);
  if (!returned.ok) return returned.verdict;
  return sameData(returned.value, expected.value) ? pass : mismatch("returned value (the model's)", expected.value, returned.value);
}

export const modelAgrees = ({ observation, expected }: CheckInput): Verdict => agreesWithModel(observation, expected);

/**
 * Cases per run of a strength property: each aims at a small space of edge cases (reached
 * within 10 cases, see docs/mutation.md), so 30 keep grading within its time budget.
 */
export const STRENGTH_RUNS = 30;

export function defineStrength(id: string, title: string, weight: number, catches: string, specRef: string, arbitrary: fc.Arbitrary<Scenario>, check: (input: CheckInput) => Verdict): PropertyDefinition {
  return { id: `strength.${id}`, family: "strength", title, weight, catches, specRef, arbitrary, check, numRuns: STRENGTH_RUNS };
}

export type Compact = Extract<Scenario["operation"], { kind: "compact" }>;

/**
 * A compaction that would succeed (regime "compacts") with `edit` applied to its operation,
 * `label` added to its labels and, when given, `decorations` in place of its own.
 */
export function editedCompact(label: string, edit: (op: Compact) => Compact, decorations: Decoration[] = []): (scenario: Scenario) => Scenario {
  return (scenario) => {
    const op = scenario.operation;
    if (op.kind !== "compact") return scenario;
    return { ...scenario, operation: edit(op), ...(decorations.length === 0 ? {} : { decorations }), labels: [...(scenario.labels ?? []), label] };
  };
}

/** Compactions that would succeed, each edited by one of `cases`. */
export const onCompaction = <T>(cases: fc.Arbitrary<T>, toScenario: (value: T) => (scenario: Scenario) => Scenario): fc.Arbitrary<Scenario> =>
  fc.tuple(compactScenarios("compacts"), cases).map(([scenario, value]) => toScenario(value)(scenario));

/** The text the generated compaction's own script delivers (one that fits its budgets). */
export function textOf(op: Compact): string {
  const text = (op.summarizer as { text?: unknown }).text;
  return typeof text === "string" ? text : "summary";
}
