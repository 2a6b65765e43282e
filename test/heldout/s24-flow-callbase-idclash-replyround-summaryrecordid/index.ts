import { makeFlow } from "./flow";
export * from "../../../src/core/index";
export const { buildActiveContext, groupToolRounds, estimateContextUnits, selectCompactionBoundary, compactContext } = makeFlow({
  callBasePerMessage: true,
  callIdClashesWithMessageId: true,
  roundTakesFollowingReply: true,
  newSummaryIdFromRecordId: true,
});
