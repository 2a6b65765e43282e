// A submission: src/core behind Tam's options-tidying layer (every planted mistake on).
import { PLANTED, layer } from "./wrapper";
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

const impl = layer(new Set(PLANTED));
export const buildActiveContext = impl.buildActiveContext;
export const groupToolRounds = impl.groupToolRounds;
export const estimateContextUnits = impl.estimateContextUnits;
export const selectCompactionBoundary = impl.selectCompactionBoundary;
export const compactContext = impl.compactContext;
