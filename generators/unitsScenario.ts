import fc from "fast-check";
import { expectedFor } from "../src/model";
import type { Json } from "../src/scenario/data";
import type { Scenario } from "../src/scenario/scenario";
import { contextMutation } from "./_internals/contextMutations";
import { outcomeLabels } from "./_internals/labels";
import { transcriptClasses } from "./_internals/transcriptClasses";
import type { ContextDataConstraints } from "./contextData";
import { contextData } from "./contextData";

export type UnitsScenarioConstraints = {
  context?: ContextDataConstraints;
  /** Share of invalid inputs (default 0.2). */
  invalidShare?: number;
};

/** estimateContextUnits of a plain or prebuilt context; some inputs are invalid. */
export function unitsScenario(constraints: UnitsScenarioConstraints = {}): fc.Arbitrary<Scenario> {
  const invalidWeight = Math.round((constraints.invalidShare ?? 0.2) * 100);
  const valid = fc.tuple(contextData(constraints.context), fc.boolean()).map(([data, prebuilt]) =>
    scenario(data as Json, prebuilt, transcriptClasses(data.messages ?? [])),
  );
  const invalid = fc.tuple(contextData(constraints.context), contextMutation(), fc.boolean()).map(([data, m, prebuilt]) =>
    scenario(m.apply(data), prebuilt, [`mutation:${m.name}`]),
  );
  const arbs = [];
  if (invalidWeight < 100) arbs.push({ weight: 100 - invalidWeight, arbitrary: valid });
  if (invalidWeight > 0) arbs.push({ weight: invalidWeight, arbitrary: invalid });
  return fc.oneof(...arbs);
}

function scenario(input: Json, prebuilt: boolean, labels: string[]): Scenario {
  const s: Scenario = { operation: { kind: "units", input, prebuilt } };
  return { ...s, labels: [...labels, `prebuilt:${prebuilt}`, ...outcomeLabels(expectedFor(s))] };
}
