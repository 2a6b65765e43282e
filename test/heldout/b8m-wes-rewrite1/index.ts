// A submission: src/core, with Wes's own waiting step in its compactContext (every planted mistake on).
import { compactWith } from "../_kit/compact-with";
import { waitFor } from "./follow";
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

const PLANTED = new Set(["then-return-checked-inside-then-try", "promise-catch-marks-handled"]);
export const compactContext = compactWith({ awaitValue: waitFor(PLANTED) });
