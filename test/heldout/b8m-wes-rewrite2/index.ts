// A submission: src/core, with Wes's own selectCompactionBoundary and compactContext (every planted mistake on).
import { compactContext as ownCompact, selectCompactionBoundary as ownBoundary } from "./flow";
export {
  buildActiveContext,
  groupToolRounds,
  estimateContextUnits,
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

const PLANTED = new Set(["cycle-as-unobservable", "maxunits-required-for-boundary", "summary-coerced-to-string"]);
export const selectCompactionBoundary = (input: unknown, options: unknown): number | null => ownBoundary(input, options, PLANTED);
export const compactContext = (input: unknown, options: unknown): Promise<unknown> => ownCompact(input, options, PLANTED);
