// A submission: src/core behind Wes's cancellation layer (every planted mistake on).
import { compactContextWith } from "./wrapper";
export {
  buildActiveContext,
  groupToolRounds,
  estimateContextUnits,
  selectCompactionBoundary,
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

export const compactContext = compactContextWith(new Set(["abort-thrown-from-summarizer-wrapper", "fake-signal-probed-for-message"]));
