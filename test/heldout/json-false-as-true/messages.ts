// The Message IR helpers (contract §2): constructors that validate with the same reader as
// buildActiveContext and throw TypeError, and validateTranscript, which never throws and
// names every broken rule.
//
// The constructors (§2), as the course calls them: one object argument whose fields are read
// by ordinary property access (a getter runs, an inherited field counts; a getter that throws
// is a bad field), `isError` optional with undefined and null meaning false. The fields read
// are then validated as buildActiveContext validates a message, and the result is a deeply
// frozen copy; any problem throws TypeError. Extras: positional arguments
// (`userMessage(id, content)` and so on).
//
// Decisions where the contract is silent:
// - validateTranscript applies no size limits (docs/contract.md §2): only shape and linkage.
//   A non-array is INVALID_TRANSCRIPT with messageIndex -1.
// - textFromAssistant joins the text blocks with nothing in between (the contract says
//   "joins"; the separator is not fixed) and throws TypeError for anything that is not a
//   well-formed assistant message.
// - A result placed before its call is TOOL_RESULT_BEFORE_CALL and does not answer the call,
//   which is therefore also MISSING_TOOL_RESULT. Issues come in order: per-message issues by
//   index, then linkage issues by index, then missing results in call order.
import { SafeMap, freeze } from "../../../src/core/intrinsics";
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
} from "../../../src/core/types";
import { Budget, Fault, arrayItem, arrayLength, forgetReads } from "../../../src/core/read";
import { readMessage, readMessageAs } from "./message-read";

function construct<T extends Message>(fields: object, role: Message["role"]): T {
  try {
    return readMessageAs(fields, role, new Budget(), "message") as T;
  } catch (error) {
    // The reader throws nothing but Faults (a trap's exception already became one).
    throw new TypeError(`invalid message: ${(error as Fault).message}`);
  } finally {
    forgetReads();
  }
}

/** The named fields of the helper's argument, read by ordinary property access. */
function fieldsOf(argument: unknown, names: readonly string[]): Record<string, unknown> {
  if ((typeof argument !== "object" || argument === null) && typeof argument !== "function") {
    throw new TypeError(`a message helper takes one object of fields, received ${argument === null ? "null" : typeof argument}`);
  }
  const fields: Record<string, unknown> = {};
  for (let i = 0; i < names.length; i++) {
    const name = names[i];
    try {
      fields[name] = (argument as Record<string, unknown>)[name];
    } catch {
      throw new TypeError(`reading the field ${name} threw`);
    }
  }
  return fields;
}

type Fields<T> = Omit<T, "role">;
const USER_FIELDS = ["id", "content"] as const;
const ASSISTANT_FIELDS = ["id", "content"] as const;
const RESULT_FIELDS = ["id", "toolCallId", "toolName", "content", "isError"] as const;

export function userMessage(id: string | Fields<UserMessage>, content?: string): UserMessage {
  const fields = typeof id === "string" ? { id, content } : fieldsOf(id, USER_FIELDS);
  return construct<UserMessage>(fields, "user");
}

export function assistantMessage(
  id: string | Fields<AssistantMessage>,
  content?: readonly (TextBlock | ToolCall)[],
): AssistantMessage {
  const fields = typeof id === "string" ? { id, content } : fieldsOf(id, ASSISTANT_FIELDS);
  return construct<AssistantMessage>(fields, "assistant");
}

export function toolResultMessage(
  id: string | (Omit<Fields<ToolResultMessage>, "isError"> & { readonly isError?: boolean | null }),
  toolCallId?: string,
  toolName?: string,
  content?: string,
  isError?: boolean | null,
): ToolResultMessage {
  const fields = typeof id === "string" ? { id, toolCallId, toolName, content, isError } : fieldsOf(id, RESULT_FIELDS);
  // isError is optional: undefined and null mean false; anything else must be a boolean.
  if (fields.isError === undefined || fields.isError === null) fields.isError = false;
  return construct<ToolResultMessage>(fields, "toolResult");
}

/** The text blocks of an assistant message, joined. */
export function textFromAssistant(message: AssistantMessage): string {
  let read: Message;
  try {
    read = readMessage(message, new Budget(false), "message");
  } catch (error) {
    throw new TypeError(`invalid message: ${(error as Fault).message}`);
  } finally {
    forgetReads();
  }
  if (read.role !== "assistant") throw new TypeError(`textFromAssistant takes an assistant message, received role ${read.role}`);
  let text = "";
  const content = read.content;
  for (let i = 0; i < content.length; i++) {
    const block = content[i];
    if (block.type === "text") text += block.text;
  }
  return text;
}

const issue = (code: TranscriptIssueCode, messageIndex: number, message: string): TranscriptIssue =>
  freeze({ code, messageIndex, message });

export function validateTranscript(transcript: readonly Message[] | Json): readonly TranscriptIssue[] {
  const issues: TranscriptIssue[] = [];
  const budget = new Budget(false);
  let length: number;
  try {
    length = arrayLength(transcript, "INVALID_TRANSCRIPT", "transcript");
  } catch (error) {
    return freeze([issue("INVALID_TRANSCRIPT", -1, (error as Fault).message)]);
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
