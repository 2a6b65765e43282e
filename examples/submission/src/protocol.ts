// Shared protocol pieces: the error class, the limits, and the types of the Message IR and context.
export { ContextCompactionError } from "./internal/errors";
export type { ContextCompactionErrorCode } from "./internal/errors";
export {
  MAX_CONTEXT_ASYNC_DEPTH,
  MAX_CONTEXT_COLLECTION_ITEMS,
  MAX_CONTEXT_DEPTH,
  MAX_CONTEXT_MESSAGES,
  MAX_CONTEXT_RECORDS,
  MAX_CONTEXT_REQUIREMENTS,
  MAX_CONTEXT_STRING_UNITS,
  MAX_CONTEXT_TOTAL_UNITS,
} from "./internal/limits";
export type {
  ActiveContext,
  ActiveContextInput,
  AssistantMessage,
  CompactContextOptions,
  CompactionBoundaryOptions,
  CompactionRecord,
  ContextCompactionResult,
  ContextToolGroup,
  Json,
  Message,
  Requirement,
  Summarizer,
  SummarizerRequest,
  Summary,
  TextBlock,
  ToolCall,
  ToolResultMessage,
  TranscriptIssue,
  TranscriptIssueCode,
  UserMessage,
} from "./internal/types";
