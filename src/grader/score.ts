import type { PropertyDefinition } from "../scenario/property";
import type { PropertyResult, PropertyStatus } from "./result";

// Scoring is all-or-nothing per property: a property is worth its `weight` when every case
// passed, 0 otherwise. The maximum is the sum of the weights of the properties graded.

export function pointsFor(def: PropertyDefinition, status: PropertyStatus): number {
  return status === "passed" ? def.weight : 0;
}

export function totals(results: readonly PropertyResult[]): { readonly score: number; readonly maxScore: number } {
  let score = 0;
  let maxScore = 0;
  for (const result of results) {
    score += result.points;
    maxScore += result.maxPoints;
  }
  return { score: round(score), maxScore: round(maxScore) };
}

/** Weights may be fractional; keep sums free of floating-point dust in reports. */
function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}

/**
 * Exit code of `grade`: 0 iff every property passed (under a rubric that gives a criterion 0
 * points a failure can cost nothing: it still fails the grade), 2 when the harness itself failed
 * on a property, else 1.
 */
export function exitCodeFor(results: readonly PropertyResult[]): 0 | 1 | 2 {
  if (results.some((r) => r.status === "error")) return 2;
  return results.every((r) => r.status === "passed") ? 0 : 1;
}
