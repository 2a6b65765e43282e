// The contract's public shapes (§2, §3, §5, §6, §7). Everything the core returns is deeply
// frozen, hence the readonly everywhere.

export type Json = null | boolean | number | string | readonly Json[] | { readonly [key: string]: Json };

export type UserMessage = { readonly id: string; readonly role: "user"; readonly content: string };
export type TextBlock = { readonly type: "text"; readonly text: string };
export type ToolCall = {
  readonly type: "toolCall";
  readonly id: string;
  readonly name: string;
  readonly arguments: { readonly [key: string]: Json };
};
export type AssistantMessage = {
  readonly id: string;
  readonly role: "assistant";
  readonly content: readonly (TextBlock | ToolCall)[];
};
export type ToolResultMessage = {
  readonly id: string;
  readonly role: "toolResult";
  readonly toolCallId: string;
  readonly toolName: string;
  readonly content: string;
  readonly isError: boolean;
};
export type Message = UserMessage | AssistantMessage | ToolResultMessage;

export type TranscriptIssueCode =
  | "INVALID_TRANSCRIPT"
  | "INVALID_MESSAGE"
  | "DUPLICATE_TOOL_CALL_ID"
  | "DUPLICATE_TOOL_RESULT"
  | "ORPHAN_TOOL_RESULT"
  | "TOOL_RESULT_BEFORE_CALL"
  | "MISSING_TOOL_RESULT"
  | "TOOL_NAME_MISMATCH"
  | "EMPTY_TOOL_NAME"
  | "INVALID_TOOL_ARGUMENTS";
export type TranscriptIssue = { readonly code: TranscriptIssueCode; readonly messageIndex: number; readonly message: string };

export type Requirement = { readonly id: string; readonly content: string };
export type Summary = { readonly id: string; readonly content: string };
export type CompactionRecord = {
  readonly id: string;
  readonly summaryId: string;
  readonly boundary: number;
  readonly compactedMessageIds: readonly string[];
  readonly unitsBefore: number;
  readonly unitsAfter: number;
};
export type ActiveContext = {
  readonly requirements: readonly Requirement[];
  readonly summary: Summary | null;
  readonly messages: readonly Message[];
  readonly compactions: readonly CompactionRecord[];
};
/** What buildActiveContext accepts: every channel optional (missing = [], null, [], []). */
export type ActiveContextInput = {
  readonly requirements?: readonly Requirement[];
  readonly summary?: Summary | null;
  readonly messages?: readonly Message[];
  readonly compactions?: readonly CompactionRecord[];
};

export type ContextToolGroup = {
  readonly kind: "message" | "toolRound";
  readonly startIndex: number;
  readonly endIndex: number;
  readonly messages: readonly Message[];
};

export type CompactionBoundaryOptions = {
  readonly targetUnits: number;
  readonly summaryMaxUnits: number;
  readonly retainRecentMessages: number;
};
export type SummarizerRequest = {
  readonly requirements: readonly Requirement[];
  readonly previousSummary: Summary | null;
  readonly messages: readonly Message[];
  readonly boundary: number;
  readonly maxSummaryUnits: number;
};
export type Summarizer = (request: SummarizerRequest, signal: AbortSignal | undefined) => unknown;
export type CompactContextOptions = CompactionBoundaryOptions & {
  readonly maxUnits: number;
  readonly summaryId: string;
  readonly recordId: string;
  readonly summarizer: Summarizer;
  readonly signal?: AbortSignal;
};
export type ContextCompactionResult =
  | { readonly status: "unchanged"; readonly context: ActiveContext; readonly record: null }
  | { readonly status: "compacted"; readonly context: ActiveContext; readonly record: CompactionRecord };
