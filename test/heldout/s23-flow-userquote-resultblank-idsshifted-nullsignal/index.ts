import { makeFlow } from "./flow";
export * from "../../../src/core/index";
export const { buildActiveContext, groupToolRounds, estimateContextUnits, selectCompactionBoundary, compactContext } = makeFlow({
  userContentQuoted: true,
  resultContentBlankRefused: true,
  compactedIdsShifted: true,
  noSignalAsNull: true,
});
