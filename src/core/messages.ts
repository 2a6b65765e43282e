// The Message IR helpers (contract §2): constructors that validate with the same reader as
// buildActiveContext and throw TypeError, and validateTranscript, which never throws and
// names every broken rule.
//
// Decisions where the contract is silent:
// - The constructors take positional arguments, or one object of the message's fields
//   (its `role`, if any, is ignored: the constructor decides it); they return a frozen copy
//   and read the object as buildActiveContext reads input (no getter runs).
// - validateTranscript applies the §3 budgets as well (a transcript it accepts can be built):
//   an overflow, like a non-array, is INVALID_TRANSCRIPT, after which nothing more is read.
//   Transcript-level issues carry messageIndex -1.
// - A result placed before its call is TOOL_RESULT_BEFORE_CALL and does not answer the call,
//   which is therefore also MISSING_TOOL_RESULT. Issues come in order: per-message issues by
//   index, then linkage issues by index, then missing results in call order.
import { MAX_CONTEXT_MESSAGES } from "./limits";
import { SafeMap, freeze } from "./intrinsics";
import type {
  AssistantMessage,
  Json,
  Message,
  TextBlock,
  ToolCall,
  ToolResultMessage,
  TranscriptIssue,
  TranscriptIssueCode,
  UserMessage,
} from "./types";
import { Budget, Fault, arrayItem, arrayLength, forgetReads } from "./read";
import { readMessage, readMessageAs } from "./message-read";

function construct<T extends Message>(fields: unknown, role: Message["role"]): T {
  try {
    return readMessageAs(fields, role, new Budget(), "message") as T;
  } catch (error) {
    // The reader throws nothing but Faults (a trap's exception already became one).
    throw new TypeError(`invalid message: ${(error as Fault).message}`);
  } finally {
    forgetReads();
  }
}

type Fields<T> = Omit<T, "role">;

export function userMessage(id: string | Fields<UserMessage>, content?: string): UserMessage {
  const fields = typeof id === "string" ? { id, content } : id;
  return construct<UserMessage>(fields, "user");
}

export function assistantMessage(
  id: string | Fields<AssistantMessage>,
  content?: readonly (TextBlock | ToolCall)[],
): AssistantMessage {
  const fields = typeof id === "string" ? { id, content } : id;
  return construct<AssistantMessage>(fields, "assistant");
}

export function toolResultMessage(
  id: string | Fields<ToolResultMessage>,
  toolCallId?: string,
  toolName?: string,
  content?: string,
  isError: boolean = false,
): ToolResultMessage {
  const fields = typeof id === "string" ? { id, toolCallId, toolName, content, isError } : id;
  return construct<ToolResultMessage>(fields, "toolResult");
}

const issue = (code: TranscriptIssueCode, messageIndex: number, message: string): TranscriptIssue =>
  freeze({ code, messageIndex, message });

export function validateTranscript(transcript: readonly Message[] | Json): readonly TranscriptIssue[] {
  const issues: TranscriptIssue[] = [];
  const budget = new Budget();
  let length: number;
  try {
    length = arrayLength(transcript, "INVALID_TRANSCRIPT", "transcript");
  } catch (error) {
    return freeze([issue("INVALID_TRANSCRIPT", -1, (error as Fault).message)]);
  }
  if (length > MAX_CONTEXT_MESSAGES) {
    return freeze([issue("INVALID_TRANSCRIPT", -1, `more than ${MAX_CONTEXT_MESSAGES} messages`)]);
  }
  const messages: (Message | null)[] = [];
  for (let i = 0; i < length; i++) {
    try {
      messages[i] = readMessage(arrayItem(transcript as object, i, "INVALID_MESSAGE", "transcript"), budget, "message");
    } catch (error) {
      const fault = error as Fault;
      messages[i] = null;
      issues[issues.length] = issue(fault.issue, fault.issue === "INVALID_TRANSCRIPT" ? -1 : i, `messages[${i}]: ${fault.message}`);
      if (fault.issue === "INVALID_TRANSCRIPT") {
        forgetReads();
        return freeze(issues);
      }
    }
  }
  forgetReads();
  linkageIssues(messages, issues);
  return freeze(issues);
}

type CallState = { readonly index: number; readonly name: string; results: number };

/** Linkage over the well-formed messages: unique call ids, one later result per call, names agree. */
function linkageIssues(messages: readonly (Message | null)[], issues: TranscriptIssue[]): void {
  const calls = new SafeMap<string, CallState>();
  const order: CallState[] = [];
  for (let i = 0; i < messages.length; i++) {
    const message = messages[i];
    if (message === null || message.role !== "assistant") continue;
    const content = message.content;
    for (let b = 0; b < content.length; b++) {
      const block = content[b];
      if (block.type !== "toolCall") continue;
      if (calls.has(block.id)) {
        issues[issues.length] = issue("DUPLICATE_TOOL_CALL_ID", i, `tool-call id ${block.id} is used twice`);
      } else {
        const state = { index: i, name: block.name, results: 0 };
        calls.set(block.id, state);
        order[order.length] = state;
      }
    }
  }
  for (let i = 0; i < messages.length; i++) {
    const message = messages[i];
    if (message === null || message.role !== "toolResult") continue;
    const call = calls.get(message.toolCallId);
    if (call === undefined) {
      issues[issues.length] = issue("ORPHAN_TOOL_RESULT", i, `no tool call ${message.toolCallId}`);
    } else if (call.index >= i) {
      issues[issues.length] = issue("TOOL_RESULT_BEFORE_CALL", i, `the result comes before call ${message.toolCallId}`);
    } else {
      call.results++;
      if (call.results > 1) issues[issues.length] = issue("DUPLICATE_TOOL_RESULT", i, `a second result for ${message.toolCallId}`);
      if (call.name !== message.toolName) issues[issues.length] = issue("TOOL_NAME_MISMATCH", i, `toolName differs from the call's name`);
    }
  }
  for (let c = 0; c < order.length; c++) {
    const call = order[c];
    if (call.results === 0) issues[issues.length] = issue("MISSING_TOOL_RESULT", call.index, "a tool call has no result");
  }
}
