// A submission: src/core, with Oda's estimator and walk (every planted mistake on), also inside
// compactContext as its fast-path test and its boundary.
import { PLANTED } from "./estimate";
import { build } from "./compose";
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

const submitted = build(new Set(PLANTED));
export const estimateContextUnits = submitted.estimateContextUnits;
export const selectCompactionBoundary = submitted.selectCompactionBoundary;
export const compactContext = submitted.compactContext;
