import fc from "fast-check";
import type { ContextData } from "../../src/scenario/data";
import type { Budget } from "./budgets";
import { crossingBudget, retentionBudget, unreachableBudget, unreachableEnds } from "./budgets";
import type { ContextFacts } from "./contextFacts";
import { contextFacts, withOldMessage, withToolRound } from "./contextFacts";

export type NoBoundaryPlan = { label: string; facts: ContextFacts; budget: Budget };

/** The three ways section 6 answers null, each on a context adjusted (by construction) to allow it. */
export function noBoundaryPlan(data: ContextData): fc.Arbitrary<NoBoundaryPlan> {
  const at = (label: string, facts: ContextFacts, budget: (f: ContextFacts) => fc.Arbitrary<Budget>) =>
    budget(facts).map((b) => ({ label, facts, budget: b }));
  // Facts are computed only for the plan drawn (each costs a model pass over the context).
  const base = () => {
    const facts = contextFacts(data);
    return facts.units >= 2 ? facts : contextFacts(withOldMessage(data));
  };
  return fc.constantFrom("retention", "crossing", "unreachable").chain((which) => {
    const facts = base();
    if (which === "retention") return at("noBoundary:retention", facts, retentionBudget);
    if (which === "crossing") {
      const f = facts.rounds.length > 0 ? facts : contextFacts(withToolRound(facts.data));
      return at("noBoundary:crossing", f, crossingBudget);
    }
    // Two old messages always leave an end before the last message.
    const f = unreachableEnds(facts).length > 0 ? facts : contextFacts(withOldMessage(withOldMessage(facts.data)));
    return at("noBoundary:unreachable", f, unreachableBudget);
  });
}
