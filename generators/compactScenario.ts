import fc from "fast-check";
import { expectedFor } from "../src/model";
import type { Scenario } from "../src/scenario/scenario";
import type { Base, CompactRegime } from "./_internals/compactRegimes";
import { COMPACT_REGIMES, regimePlan } from "./_internals/compactRegimes";
import { outcomeLabels } from "./_internals/labels";
import { nonBlank, shortText } from "./_internals/strings";
import { transcriptClasses } from "./_internals/transcriptClasses";
import type { ContextDataConstraints } from "./contextData";
import { contextData } from "./contextData";

export type { CompactRegime };

export type CompactScenarioConstraints = {
  /** Which outcome class to aim at (default "any": every regime equally often). */
  regime?: CompactRegime | "any";
  context?: ContextDataConstraints;
};

const base: (c: ContextDataConstraints | undefined) => fc.Arbitrary<Base> = (c) =>
  fc.record({
    data: contextData(c),
    summaryId: nonBlank(shortText),
    // Generated record ids end in a digit; this one ends in a letter, so it is unused.
    recordId: shortText.map((s) => `${s}-rec`),
    prebuilt: fc.boolean(),
  });

/**
 * compactContext scenarios whose budgets are derived from the context's own units, so the
 * asked regime is reached by construction. Labels: regime, script, abort, mutation, the
 * transcript's classes and the model's outcome ("code:…" or "outcome:returns").
 */
export function compactScenario(constraints: CompactScenarioConstraints = {}): fc.Arbitrary<Scenario> {
  const regime = constraints.regime ?? "any";
  const regimes = regime === "any" ? COMPACT_REGIMES : [regime];
  // One arm per regime (equally often), the base drawn beside the regime's plan and the plan
  // applied by `.map`: shrinking keeps the regime and shrinks the context and the draws together.
  const arms = regimes.map((r) =>
    fc.tuple(base(constraints.context), regimePlan(r)).map(([b, plan]) => {
      const d = plan(b);
      const scenario: Scenario = { operation: d.operation };
      const messages = b.data.messages ?? [];
      return { ...scenario, labels: [...d.labels, ...transcriptClasses(messages), ...outcomeLabels(expectedFor(scenario))] };
    }),
  );
  return fc.oneof(...arms);
}
