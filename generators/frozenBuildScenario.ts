import fc from "fast-check";
import { expectedFor } from "../src/model";
import type { ContextData, Json } from "../src/scenario/data";
import type { Scenario } from "../src/scenario/scenario";
import { outcomeLabels } from "./_internals/labels";
import { transcriptClasses } from "./_internals/transcriptClasses";
import type { ContextDataConstraints } from "./contextData";
import { contextData } from "./contextData";

export type FrozenBuildScenarioConstraints = {
  context?: ContextDataConstraints;
};

/** The input with extra properties (one holding an object, so a deep freeze reaches it): dropped by a build. */
function withExtras(data: ContextData): Json {
  return { ...data, note: { dropped: ["by a build"] }, messages: (data.messages ?? []).map((m) => ({ ...m, meta: 1 })) } as unknown as Json;
}

/**
 * buildActiveContext of a valid input the caller froze before the call: the input object alone
 * (what is inside it stays mutable) or everything in it, half the time with extra properties.
 * Freezing changes nothing the contract reads: it builds into a new frozen deep copy (§3).
 */
export function frozenBuildScenario(constraints: FrozenBuildScenarioConstraints = {}): fc.Arbitrary<Scenario> {
  return fc.tuple(contextData(constraints.context), fc.boolean(), fc.boolean()).map(([data, deep, extra]) => {
    const s: Scenario = {
      operation: { kind: "build", input: extra ? withExtras(data) : (data as unknown as Json) },
      decorations: [{ kind: "frozen", target: "input", path: [], deep }],
    };
    const labels = [`frozen:${deep ? "deep" : "shallow"}`, ...(extra ? ["input:extra-properties"] : []), ...transcriptClasses(data.messages ?? [])];
    return { ...s, labels: [...labels, ...outcomeLabels(expectedFor(s))] };
  });
}
