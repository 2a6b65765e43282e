import type { Json, MessageData, TextBlockData, ToolCallData } from "../scenario/data";
import type { ReadBudget } from "./budget";
import { LIMIT } from "./limits";
import { readArguments } from "./read-arguments";
import { isRecord, isNonEmptyString } from "./special";

/** validateTranscript's codes, plus two the build maps to its own codes (LIMIT, DEPTH). */
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
  | "INVALID_TOOL_ARGUMENTS"
  | "LIMIT"
  | "DEPTH";

export type TranscriptIssue = { readonly code: TranscriptIssueCode; readonly messageIndex: number };

export type TranscriptRead = {
  /** The copy with extra properties dropped, or null when there is an issue. */
  readonly messages: MessageData[] | null;
  readonly issues: TranscriptIssue[];
};

/** Section 2 well-formedness and linkage, section 3 message budget, on scenario data. */
export function readTranscript(value: Json | undefined, budget: ReadBudget): TranscriptRead {
  if (!Array.isArray(value)) return { messages: null, issues: [{ code: "INVALID_TRANSCRIPT", messageIndex: -1 }] };
  // The length is read first: past the limit no message is inspected.
  if (value.length > LIMIT.messages) return { messages: null, issues: [{ code: "LIMIT", messageIndex: -1 }] };
  budget.countItems(value.length);
  const issues: TranscriptIssue[] = [];
  const messages: (MessageData | null)[] = value.map((item, index) => {
    const codes = new Set<TranscriptIssueCode>();
    const message = readMessage(item, budget, codes);
    for (const code of codes) issues.push({ code, messageIndex: index });
    return message;
  });
  issues.push(...linkageIssues(messages));
  if (budget.exceeded) issues.push({ code: "LIMIT", messageIndex: -1 });
  const ok = issues.length === 0 && messages.every((m) => m !== null);
  return { messages: ok ? (messages as MessageData[]) : null, issues };
}

function readMessage(value: Json, budget: ReadBudget, codes: Set<TranscriptIssueCode>): MessageData | null {
  if (!isRecord(value)) {
    codes.add("INVALID_MESSAGE");
    return null;
  }
  const { id, role } = value;
  // The fixed role and type tags are not counted in the string total (§3).
  const idOk = budget.readString(id) && isNonEmptyString(id);
  if (!idOk) codes.add("INVALID_MESSAGE");
  if (role === "user") {
    if (!budget.readString(value.content)) codes.add("INVALID_MESSAGE");
    return codes.size === 0 ? { id: id as string, role, content: value.content as string } : null;
  }
  if (role === "toolResult") {
    const { toolCallId, toolName, content, isError } = value;
    if (!(budget.readString(toolCallId) && isNonEmptyString(toolCallId))) codes.add("INVALID_MESSAGE");
    if (!budget.readString(toolName)) codes.add("INVALID_MESSAGE");
    else if (!isNonEmptyString(toolName)) codes.add("EMPTY_TOOL_NAME");
    if (!budget.readString(content)) codes.add("INVALID_MESSAGE");
    if (typeof isError !== "boolean") codes.add("INVALID_MESSAGE");
    if (codes.size > 0) return null;
    return {
      id: id as string,
      role,
      toolCallId: toolCallId as string,
      toolName: toolName as string,
      content: content as string,
      isError: isError as boolean,
    };
  }
  if (role === "assistant") {
    const content = value.content;
    if (!Array.isArray(content)) {
      codes.add("INVALID_MESSAGE");
      return null;
    }
    budget.countItems(content.length);
    const blocks = content.map((block) => readBlock(block, budget, codes));
    if (codes.size > 0) return null;
    return { id: id as string, role, content: blocks as (TextBlockData | ToolCallData)[] };
  }
  codes.add("INVALID_MESSAGE");
  return null;
}

function readBlock(value: Json, budget: ReadBudget, codes: Set<TranscriptIssueCode>): TextBlockData | ToolCallData | null {
  if (!isRecord(value)) {
    codes.add("INVALID_MESSAGE");
    return null;
  }
  const type = value.type;
  if (type === "text") {
    if (!budget.readString(value.text)) {
      codes.add("INVALID_MESSAGE");
      return null;
    }
    return { type, text: value.text as string };
  }
  if (type !== "toolCall") {
    codes.add("INVALID_MESSAGE");
    return null;
  }
  const { id, name } = value;
  let ok = true;
  if (!(budget.readString(id) && isNonEmptyString(id))) {
    codes.add("INVALID_MESSAGE");
    ok = false;
  }
  if (!budget.readString(name)) {
    codes.add("INVALID_MESSAGE");
    ok = false;
  } else if (!isNonEmptyString(name)) {
    codes.add("EMPTY_TOOL_NAME");
    ok = false;
  }
  const args = readArguments(value.arguments, budget);
  if (args.problems.has("notJson")) codes.add("INVALID_TOOL_ARGUMENTS");
  if (args.problems.has("tooDeep")) codes.add("DEPTH");
  if (!ok || args.copy === null) return null;
  return { type, id: id as string, name: name as string, arguments: args.copy };
}

/** Linkage over the well-formed messages: unique call ids, one later result per call, names agree. */
function linkageIssues(messages: readonly (MessageData | null)[]): TranscriptIssue[] {
  const issues: TranscriptIssue[] = [];
  const calls = new Map<string, { index: number; name: string; results: number }>();
  messages.forEach((m, index) => {
    if (m?.role !== "assistant") return;
    for (const block of m.content) {
      if (block.type !== "toolCall") continue;
      if (calls.has(block.id)) issues.push({ code: "DUPLICATE_TOOL_CALL_ID", messageIndex: index });
      else calls.set(block.id, { index, name: block.name, results: 0 });
    }
  });
  messages.forEach((m, index) => {
    if (m?.role !== "toolResult") return;
    const call = calls.get(m.toolCallId);
    if (call === undefined) issues.push({ code: "ORPHAN_TOOL_RESULT", messageIndex: index });
    else if (call.index >= index) issues.push({ code: "TOOL_RESULT_BEFORE_CALL", messageIndex: index });
    else {
      call.results += 1;
      if (call.results > 1) issues.push({ code: "DUPLICATE_TOOL_RESULT", messageIndex: index });
      if (call.name !== m.toolName) issues.push({ code: "TOOL_NAME_MISMATCH", messageIndex: index });
    }
  });
  for (const call of calls.values()) {
    if (call.results === 0) issues.push({ code: "MISSING_TOOL_RESULT", messageIndex: call.index });
  }
  return issues;
}
