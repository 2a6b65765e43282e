import { makeFlow } from "./flow";
export * from "../../../src/core/index";
export const { buildActiveContext, groupToolRounds, estimateContextUnits, selectCompactionBoundary, compactContext } = makeFlow({
  summaryBase3: true,
  requirementIdClashRefused: true,
  nullishSummaryFailed: true,
  reserveWithoutBase: true,
});
