// A submission: src/core, with Kim's own groupToolRounds and boundary walk (every planted mistake on).
import { PLANTED, boundaryWith, groupsWith } from "./rounds";
export {
  buildActiveContext,
  estimateContextUnits,
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
export const groupToolRounds = groupsWith(planted);
export const selectCompactionBoundary = boundaryWith(planted);
