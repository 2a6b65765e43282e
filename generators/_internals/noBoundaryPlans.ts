import fc from "fast-check";
import type { ContextData } from "../../src/scenario/data";
import type { Budget, NeedRatios, RetainReach } from "./budgets";
import { crossingBudget, needRatios, retainReach, retentionBudget, unreachableBudget, unreachableEnds } from "./budgets";
import type { ContextFacts } from "./contextFacts";
import { contextFacts, withOldMessage, withToolRound } from "./contextFacts";

export type NoBoundaryPlan = { label: string; facts: ContextFacts; budget: Budget };

/** Which way to answer null and the budgets' shares: drawn before the context is known. */
export type NoBoundaryDraw = { which: "retention" | "crossing" | "unreachable"; ratios: NeedRatios; reach: RetainReach };
export const noBoundaryDraw: fc.Arbitrary<NoBoundaryDraw> = fc.record({
  which: fc.constantFrom("retention", "crossing", "unreachable"),
  ratios: needRatios,
  reach: retainReach,
});

/**
 * The three ways section 6 answers null, each on a context adjusted (by construction) to allow
 * it. A function of the context and a draw (never a `.chain` on the context): when the
 * context shrinks, the same draw is mapped onto the smaller one.
 */
export function noBoundaryPlan(data: ContextData, d: NoBoundaryDraw): NoBoundaryPlan {
  const first = contextFacts(data);
  const facts = first.units >= 2 ? first : contextFacts(withOldMessage(data));
  if (d.which === "retention") return { label: "noBoundary:retention", facts, budget: retentionBudget(facts, d.ratios, d.reach) };
  if (d.which === "crossing") {
    const f = facts.rounds.length > 0 ? facts : contextFacts(withToolRound(facts.data));
    return { label: "noBoundary:crossing", facts: f, budget: crossingBudget(f, d.ratios) };
  }
  // Two old messages always leave an end before the last message.
  const f = unreachableEnds(facts).length > 0 ? facts : contextFacts(withOldMessage(withOldMessage(facts.data)));
  return { label: "noBoundary:unreachable", facts: f, budget: unreachableBudget(f, d.ratios) };
}
