// Gus's estimator and boundary walk in place of the reference's; the rest is src/core.
import { PLANTED, boundaryWith, estimateWith } from "./estimate";
export {
  buildActiveContext,
  groupToolRounds,
  compactContext,
  ContextCompactionError,
  MAX_CONTEXT_MESSAGES,
  MAX_CONTEXT_REQUIREMENTS,
  MAX_CONTEXT_RECORDS,
  MAX_CONTEXT_DEPTH,
  MAX_CONTEXT_COLLECTION_ITEMS,
  MAX_CONTEXT_STRING_UNITS,
  MAX_CONTEXT_TOTAL_UNITS,
  MAX_CONTEXT_ASYNC_DEPTH,
  userMessage,
  assistantMessage,
  toolResultMessage,
  textFromAssistant,
  validateTranscript,
} from "../../../src/core/index";

const planted = new Set(PLANTED);
export const estimateContextUnits = estimateWith(planted);
export const selectCompactionBoundary = boundaryWith(planted);
