// A submission: src/core behind Vic's layer (every planted mistake on).
import { reference } from "../_kit/impl";
import { PLANTED, layer } from "./layer";
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

const vic = layer(reference, new Set(PLANTED));
export const buildActiveContext = vic.buildActiveContext;
export const groupToolRounds = vic.groupToolRounds;
export const estimateContextUnits = vic.estimateContextUnits;
export const selectCompactionBoundary = vic.selectCompactionBoundary;
export const compactContext = vic.compactContext;
