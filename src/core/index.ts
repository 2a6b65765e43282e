// The public face of the compaction core: exactly the names of contract §1, plus its types.
// Written by hand, one import per symbol, so that nothing internal leaks out by accident.
import { ContextCompactionError } from "./errors";
import type { ContextCompactionErrorCode } from "./errors";
import {
  MAX_CONTEXT_ASYNC_DEPTH,
  MAX_CONTEXT_COLLECTION_ITEMS,
  MAX_CONTEXT_DEPTH,
  MAX_CONTEXT_MESSAGES,
  MAX_CONTEXT_RECORDS,
  MAX_CONTEXT_REQUIREMENTS,
  MAX_CONTEXT_STRING_UNITS,
  MAX_CONTEXT_TOTAL_UNITS,
} from "./limits";
import { assistantMessage, textFromAssistant, toolResultMessage, userMessage, validateTranscript } from "./messages";
import { buildActiveContext, estimateContextUnits } from "./snapshot";
import { groupToolRounds } from "./groups";
import { selectCompactionBoundary } from "./boundary";
import { compactContext } from "./compaction";
import type {
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
} from "./types";

export type {
  ActiveContext,
  ActiveContextInput,
  AssistantMessage,
  CompactContextOptions,
  CompactionBoundaryOptions,
  CompactionRecord,
  ContextCompactionErrorCode,
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
};

export {
  buildActiveContext,
  groupToolRounds,
  estimateContextUnits,
  selectCompactionBoundary,
  compactContext,
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
};
