import fc from "fast-check";
import { expectedFor, modelBoundaryWalk } from "../src/model";
import type { ContextData, Json } from "../src/scenario/data";
import type { Scenario } from "../src/scenario/scenario";
import type { Budget } from "./_internals/budgets";
import { fitRatios, foundBudget } from "./_internals/budgets";
import { contextFacts, withOldMessage } from "./_internals/contextFacts";
import { contextMutation } from "./_internals/contextMutations";
import { outcomeLabels } from "./_internals/labels";
import { noBoundaryDraw, noBoundaryPlan } from "./_internals/noBoundaryPlans";
import { BOUNDARY_BUDGET_MUTATIONS, BOUNDARY_INPUT_MUTATIONS, optionsMutation } from "./_internals/optionsMutations";
import { transcriptClasses } from "./_internals/transcriptClasses";
import type { ContextDataConstraints } from "./contextData";
import { contextData } from "./contextData";

export type BoundaryCase = "found" | "null" | "invalidOptions" | "invalidContext";

export type BoundaryScenarioConstraints = {
  context?: ContextDataConstraints;
  /** Default: all four equally often. */
  cases?: readonly BoundaryCase[];
};

const options = (b: Budget): { [key: string]: Json } => ({
  targetUnits: b.targetUnits,
  summaryMaxUnits: b.summaryMaxUnits,
  retainRecentMessages: b.retainRecentMessages,
});

/**
 * selectCompactionBoundary with options derived from the context's units: found, each null
 * reason, bad options, bad context. Every draw is made before the context is known and mapped
 * onto it (never a `.chain`), so a counterexample's context shrinks with its budgets.
 */
export function boundaryScenario(constraints: BoundaryScenarioConstraints = {}): fc.Arbitrary<Scenario> {
  const cases = constraints.cases ?? ["found", "null", "invalidOptions", "invalidContext"];
  const draws = fc.record({
    ratios: fitRatios,
    noBoundary: noBoundaryDraw,
    optionsMutation: optionsMutation(BOUNDARY_BUDGET_MUTATIONS, BOUNDARY_INPUT_MUTATIONS),
    contextMutation: contextMutation(),
    badOptions: fc.boolean(),
  });
  return fc.tuple(fc.constantFrom(...cases), contextData(constraints.context), fc.boolean(), draws).map(([which, data, prebuilt, d]) => {
    const labels = [`boundary:${which}`, ...transcriptClasses(data.messages ?? [])];
    switch (which) {
      case "found": {
        const facts = contextFacts((data.messages ?? []).length > 0 ? data : withOldMessage(data));
        return scenario(facts.data as unknown as Json, prebuilt, options(foundBudget(facts, d.ratios)), labels);
      }
      case "null": {
        const p = noBoundaryPlan(data, d.noBoundary);
        return scenario(p.facts.data as unknown as Json, prebuilt, options(p.budget), [...labels, p.label]);
      }
      case "invalidOptions": {
        const facts = contextFacts((data.messages ?? []).length > 0 ? data : withOldMessage(data));
        const m = d.optionsMutation;
        const opts = m.apply({ options: options(foundBudget(facts, d.ratios)), summarizerSlot: "script", signal: "none" }).options;
        return scenario(facts.data as unknown as Json, prebuilt, opts, [...labels, `mutation:${m.name}`]);
      }
      case "invalidContext": {
        // A broken context and broken options: the context is built first, so its code wins.
        const m = d.contextMutation;
        return scenario(m.apply(data), prebuilt, d.badOptions ? { targetUnits: 0 } : { targetUnits: 100, summaryMaxUnits: 10, retainRecentMessages: 0 }, [
          ...labels,
          `mutation:${m.name}`,
          ...(d.badOptions ? ["options:also-invalid"] : []),
        ]);
      }
    }
  });
}

function scenario(context: Json, prebuilt: boolean, opts: Json, labels: string[]): Scenario {
  const s: Scenario = { operation: { kind: "boundary", context, prebuilt, options: opts } };
  const expected = expectedFor(s);
  const reason = expected.kind === "returns" ? [`boundary:${walkReason(context, opts)}`] : [];
  return { ...s, labels: [...labels, `prebuilt:${prebuilt}`, ...reason, ...outcomeLabels(expected)] };
}

function walkReason(context: Json, opts: Json): string {
  const o = opts as { targetUnits: number; summaryMaxUnits: number; retainRecentMessages: number };
  return `reason-${modelBoundaryWalk(context as ContextData, o).reason}`;
}
