// A submission: src/core, with Vic's own pricer and cut (every planted mistake on).
import { PLANTED, boundaryWith, compactionWith, estimateWith } from "./sizes";
export {
  buildActiveContext,
  groupToolRounds,
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
export const compactContext = compactionWith(planted);
