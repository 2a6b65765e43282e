// Fay's submission for checkpoint 11 (compact context at safe boundaries).
import { PLANTED, faysModule } from "./module";
export { ContextCompactionError, MAX_CONTEXT_ASYNC_DEPTH, MAX_CONTEXT_COLLECTION_ITEMS, MAX_CONTEXT_DEPTH, MAX_CONTEXT_MESSAGES } from "./base";
export { MAX_CONTEXT_RECORDS, MAX_CONTEXT_REQUIREMENTS, MAX_CONTEXT_STRING_UNITS, MAX_CONTEXT_TOTAL_UNITS } from "./base";
export { assistantMessage, textFromAssistant, toolResultMessage, userMessage, validateTranscript } from "./ir";

export const { buildActiveContext, estimateContextUnits, groupToolRounds, selectCompactionBoundary, compactContext } = faysModule(new Set(PLANTED));
