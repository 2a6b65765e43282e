// The Message IR helpers of §2 (not graded): constructors that read their one object argument
// by ordinary property access and return a deeply frozen message (a bad field: TypeError),
// textFromAssistant, and validateTranscript, which never throws and applies no size limits.
import { Tally, readArguments } from "./reader";
import { readMessage, type Message } from "./context";

type Fields = Record<string, unknown>;

function fieldsOf(o: unknown, keys: readonly string[]): Fields {
  if (typeof o !== "object" || o === null) throw new TypeError("a message helper takes one object");
  const out: Fields = {};
  for (const k of keys) out[k] = (o as Fields)[k];
  return out;
}

const nonEmpty = (v: unknown, what: string): string => {
  if (typeof v !== "string" || v.trim().length === 0) throw new TypeError(`${what} must be a non-empty string`);
  return v;
};
const str = (v: unknown, what: string): string => {
  if (typeof v !== "string") throw new TypeError(`${what} must be a string`);
  return v;
};

export function userMessage(o: unknown): Message {
  const f = fieldsOf(o, ["id", "content"]);
  return Object.freeze({ id: nonEmpty(f.id, "id"), role: "user", content: str(f.content, "content") });
}

export function assistantMessage(o: unknown): Message {
  const f = fieldsOf(o, ["id", "content"]);
  const id = nonEmpty(f.id, "id");
  if (!Array.isArray(f.content)) throw new TypeError("content must be an array of blocks");
  const blocks = (f.content as unknown[]).map((b) => {
    const block = fieldsOf(b, ["type", "text", "id", "name", "arguments"]);
    if (block.type === "text") return Object.freeze({ type: "text" as const, text: str(block.text, "text") });
    if (block.type !== "toolCall") throw new TypeError("a block is text or toolCall");
    let args: object;
    try {
      args = readArguments(block.arguments, new Tally());
    } catch {
      throw new TypeError("tool-call arguments must be JSON");
    }
    return Object.freeze({ type: "toolCall" as const, id: nonEmpty(block.id, "a call id"), name: nonEmpty(block.name, "a tool name"), arguments: args });
  });
  return Object.freeze({ id, role: "assistant", content: Object.freeze(blocks) });
}

export function toolResultMessage(o: unknown): Message {
  const f = fieldsOf(o, ["id", "toolCallId", "toolName", "content", "isError"]);
  const isError = f.isError ?? false;
  if (typeof isError !== "boolean") throw new TypeError("isError must be a boolean");
  return Object.freeze({
    id: nonEmpty(f.id, "id"),
    role: "toolResult",
    toolCallId: nonEmpty(f.toolCallId, "toolCallId"),
    toolName: nonEmpty(f.toolName, "toolName"),
    content: str(f.content, "content"),
    isError,
  });
}

export function textFromAssistant(message: unknown): string {
  const m = assistantMessage(message);
  return (m.content as readonly { type: string; text?: string }[]).map((b) => (b.type === "text" ? b.text : "")).join("");
}

type Issue = { readonly code: string; readonly messageIndex: number; readonly message: string };

export function validateTranscript(x: unknown): readonly Issue[] {
  const issues: Issue[] = [];
  const add = (code: string, messageIndex: number, message: string) => issues.push(Object.freeze({ code, messageIndex, message }));
  let items: unknown[];
  try {
    items = new Tally(false).slots(x, "messages");
  } catch {
    add("INVALID_TRANSCRIPT", -1, "a transcript is an array of messages");
    return Object.freeze(issues);
  }
  const calls = new Map<string, { name: string; answered: boolean; at: number }>();
  items.forEach((item, i) => {
    let m: Message;
    try {
      m = readMessage(item, new Tally(false));
    } catch {
      add("INVALID_MESSAGE", i, "not a well-formed message");
      return;
    }
    if (m.role === "assistant") {
      for (const b of m.content) {
        if (b.type !== "toolCall") continue;
        if (calls.has(b.id)) add("DUPLICATE_TOOL_CALL_ID", i, `tool-call id ${b.id} is used twice`);
        else calls.set(b.id, { name: b.name, answered: false, at: i });
      }
    } else if (m.role === "toolResult") {
      const call = calls.get(m.toolCallId);
      if (call === undefined) add("ORPHAN_TOOL_RESULT", i, "a result names no earlier call");
      else if (call.answered) add("DUPLICATE_TOOL_RESULT", i, "a second result");
      else {
        call.answered = true;
        if (call.name !== m.toolName) add("TOOL_NAME_MISMATCH", i, "the result's toolName differs from its call");
      }
    }
  });
  for (const [id, call] of calls) if (!call.answered) add("MISSING_TOOL_RESULT", call.at, `call ${id} has no result`);
  return Object.freeze(issues);
}
