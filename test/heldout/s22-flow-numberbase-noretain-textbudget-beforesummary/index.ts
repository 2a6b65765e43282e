import { makeFlow } from "./flow";
export * from "../../../src/core/index";
export const { buildActiveContext, groupToolRounds, estimateContextUnits, selectCompactionBoundary, compactContext } = makeFlow({
  numberNoBase: true,
  walkIgnoresRetain: true,
  maxForText: true,
  beforeWithoutSummary: true,
});
