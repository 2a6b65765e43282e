// A submission: src/core behind Kim's layers (every planted mistake on).
import { make } from "./compose";
export {
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

const submitted = make.all();
export const buildActiveContext = submitted.buildActiveContext;
export const groupToolRounds = submitted.groupToolRounds;
export const estimateContextUnits = submitted.estimateContextUnits;
export const selectCompactionBoundary = submitted.selectCompactionBoundary;
export const compactContext = submitted.compactContext;
