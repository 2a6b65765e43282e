// Bob's submission for checkpoint 11.
import { PLANTED, bobsModule } from "./module";
export { ContextCompactionError, MAX_CONTEXT_ASYNC_DEPTH, MAX_CONTEXT_COLLECTION_ITEMS, MAX_CONTEXT_DEPTH, MAX_CONTEXT_MESSAGES } from "./shared";
export { MAX_CONTEXT_RECORDS, MAX_CONTEXT_REQUIREMENTS, MAX_CONTEXT_STRING_UNITS, MAX_CONTEXT_TOTAL_UNITS } from "./shared";
export { assistantMessage, textFromAssistant, toolResultMessage, userMessage, validateTranscript } from "./helpers";

export const { buildActiveContext, estimateContextUnits, groupToolRounds, selectCompactionBoundary, compactContext } = bobsModule(
  new Set(PLANTED),
);
