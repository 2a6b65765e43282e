// Hana's rewrite of the compaction flow (her groups, boundary walk and compactContext) over src/core.
import { PLANTED, hanasFlow } from "./module";
export {
  ContextCompactionError,
  MAX_CONTEXT_ASYNC_DEPTH,
  MAX_CONTEXT_COLLECTION_ITEMS,
  MAX_CONTEXT_DEPTH,
  MAX_CONTEXT_MESSAGES,
  MAX_CONTEXT_RECORDS,
  MAX_CONTEXT_REQUIREMENTS,
  MAX_CONTEXT_STRING_UNITS,
  MAX_CONTEXT_TOTAL_UNITS,
  assistantMessage,
  textFromAssistant,
  toolResultMessage,
  userMessage,
  validateTranscript,
} from "../../../src/core/index";

export const { buildActiveContext, estimateContextUnits, groupToolRounds, selectCompactionBoundary, compactContext } = hanasFlow(new Set(PLANTED));
