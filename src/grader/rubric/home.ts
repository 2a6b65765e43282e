import { CRITERIA, type CriterionId } from "../criteria";
import { isCriterionId } from "./criterion-words";
import type { RootCause } from "../result";

// Which criterion a mistake is charged to (its *home*), and which root causes are mistakes at
// all. The root-cause analysis names a mistake's home (`RootCause.criterion`); when it does
// not, the home follows from the layer the mistake was found in. Either way a mistake is
// charged where at least one of its failures is: when none of them lies in the named home, it
// is charged to the criterion that holds most of them (by weight), so no mistake costs nothing.

/** Layers whose mistakes have one home whatever fails with them. */
const LAYER_HOME: Readonly<Record<string, CriterionId>> = {
  units: "units",
  groups: "grouping",
  boundary: "boundary-selection",
  "then-calls": "async-observation",
  restoration: "async-observation",
  input: "atomicity-and-one-record",
  freezing: "immutable-snapshots-and-ceilings",
};

/**
 * A root cause that is a diagnosed mistake: it holds failures with a counterexample and is
 * neither one property standing alone, nor missing exports, nor properties not run (a build
 * error, a spent loss budget). Only such a cause can excuse a failure in another criterion.
 */
export function isDiagnosed(cause: Pick<RootCause, "id" | "properties" | "counterexample">): boolean {
  if (cause.counterexample === undefined || cause.properties.length === 0) return false;
  if (cause.id === "exports" || cause.id.startsWith("not-run")) return false;
  return !(cause.properties.length === 1 && cause.id === cause.properties[0]);
}

/**
 * The criterion `cause` is charged to. `criterionOf` gives each failed property's criterion and
 * `weightOf` its weight; properties it does not know are left out.
 */
export function homeOf(cause: Pick<RootCause, "id" | "properties"> & { readonly criterion?: string }, criterionOf: (property: string) => CriterionId | undefined, weightOf: (property: string) => number): CriterionId | undefined {
  const named = isCriterionId(cause.criterion) ? cause.criterion : LAYER_HOME[cause.id];
  const weights = new Map<CriterionId, number>();
  for (const property of cause.properties) {
    const criterion = criterionOf(property);
    if (criterion !== undefined) weights.set(criterion, (weights.get(criterion) ?? 0) + weightOf(property));
  }
  if (named !== undefined && weights.has(named)) return named;
  return mostWeighty(weights);
}

/** The criterion with the largest weight; among equals, the first in the course's order. */
function mostWeighty(weights: ReadonlyMap<CriterionId, number>): CriterionId | undefined {
  let best: CriterionId | undefined;
  for (const { id } of CRITERIA) {
    const weight = weights.get(id);
    if (weight !== undefined && (best === undefined || weight > weights.get(best)!)) best = id;
  }
  return best;
}
