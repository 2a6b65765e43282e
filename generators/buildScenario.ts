import fc from "fast-check";
import { expectedFor } from "../src/model";
import type { Json } from "../src/scenario/data";
import type { Scenario } from "../src/scenario/scenario";
import { contextMutation, doubleMutation } from "./_internals/contextMutations";
import { outcomeLabels } from "./_internals/labels";
import { transcriptClasses } from "./_internals/transcriptClasses";
import type { ContextDataConstraints } from "./contextData";
import { contextData } from "./contextData";

export type BuildScenarioConstraints = {
  context?: ContextDataConstraints;
  /** Share of valid inputs (default 0.4); the rest break one rule, sometimes two. */
  validShare?: number;
};

/** buildActiveContext scenarios: valid contexts (with extra properties sometimes) and broken ones. */
export function buildScenario(constraints: BuildScenarioConstraints = {}): fc.Arbitrary<Scenario> {
  const validWeight = Math.round((constraints.validShare ?? 0.4) * 100);
  const valid = fc.tuple(contextData(constraints.context), fc.boolean(), fc.boolean()).map(([data, extra, twice]) => {
    const input = (extra ? { ...data, note: "dropped", messages: (data.messages ?? []).map((m) => ({ ...m, meta: 1 })) } : data) as Json;
    return scenario(input, twice, [...transcriptClasses(data.messages ?? []), ...(extra ? ["input:extra-properties"] : [])]);
  });
  const invalid = fc
    .tuple(contextData(constraints.context), fc.oneof({ weight: 4, arbitrary: contextMutation() }, { weight: 1, arbitrary: doubleMutation() }))
    .map(([data, m]) => scenario(m.apply(data), false, [`mutation:${m.name}`, ...(m.name.includes("+") ? ["mutation:several"] : [])]));
  const arbs = [];
  if (validWeight > 0) arbs.push({ weight: validWeight, arbitrary: valid });
  if (validWeight < 100) arbs.push({ weight: 100 - validWeight, arbitrary: invalid });
  return fc.oneof(...arbs);
}

function scenario(input: Json, twice: boolean, labels: string[]): Scenario {
  const s: Scenario = { operation: twice ? { kind: "build", input, twice } : { kind: "build", input } };
  return { ...s, labels: [...labels, ...(twice ? ["build:twice"] : []), ...outcomeLabels(expectedFor(s))] };
}
