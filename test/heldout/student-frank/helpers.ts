// The Message IR helpers of §2 (not graded): constructors reading their one object argument by
// ordinary property access and returning a deeply frozen message (TypeError on a bad field),
// textFromAssistant, and validateTranscript (never throws, no size limits).
import { Reader } from "./inspect";
import { message, type Message } from "./sheet";

const NONE: ReadonlySet<string> = new Set();

function objectArgument(o: unknown): Record<string, unknown> {
  if (typeof o !== "object" || o === null) throw new TypeError("a message helper takes one object");
  return o as Record<string, unknown>;
}
function idText(v: unknown, what: string): string {
  if (typeof v !== "string" || v.trim() === "") throw new TypeError(`${what} must be a non-empty string`);
  return v;
}
function anyText(v: unknown, what: string): string {
  if (typeof v !== "string") throw new TypeError(`${what} must be a string`);
  return v;
}

export function userMessage(o: unknown): Message {
  const f = objectArgument(o);
  const id = idText(f.id, "id");
  return Object.freeze({ id, role: "user", content: anyText(f.content, "content") });
}

export function assistantMessage(o: unknown): Message {
  const f = objectArgument(o);
  const id = idText(f.id, "id");
  const content = f.content;
  if (!Array.isArray(content)) throw new TypeError("content must be an array of blocks");
  const blocks = content.map((raw: unknown) => {
    const b = objectArgument(raw);
    if (b.type === "text") return Object.freeze({ type: "text" as const, text: anyText(b.text, "text") });
    if (b.type !== "toolCall") throw new TypeError("a block is a text or a toolCall");
    const callId = idText(b.id, "a tool-call id");
    const name = idText(b.name, "a tool name");
    let args: object;
    try {
      args = new Reader(NONE).args(b.arguments);
    } catch {
      throw new TypeError("tool-call arguments must be a plain object of JSON");
    }
    return Object.freeze({ type: "toolCall" as const, id: callId, name, arguments: args });
  });
  return Object.freeze({ id, role: "assistant", content: Object.freeze(blocks) });
}

export function toolResultMessage(o: unknown): Message {
  const f = objectArgument(o);
  const isError = f.isError === undefined || f.isError === null ? false : f.isError;
  if (typeof isError !== "boolean") throw new TypeError("isError must be a boolean");
  return Object.freeze({
    id: idText(f.id, "id"),
    role: "toolResult",
    toolCallId: idText(f.toolCallId, "toolCallId"),
    toolName: idText(f.toolName, "toolName"),
    content: anyText(f.content, "content"),
    isError,
  });
}

export function textFromAssistant(m: unknown): string {
  const a = assistantMessage(m);
  let out = "";
  if (a.role === "assistant") for (const b of a.content) if (b.type === "text") out += b.text;
  return out;
}

type Issue = { readonly code: string; readonly messageIndex: number; readonly message: string };

export function validateTranscript(x: unknown): readonly Issue[] {
  const issues: Issue[] = [];
  const note = (code: string, messageIndex: number, text: string) => issues.push(Object.freeze({ code, messageIndex, message: text }));
  let raw: unknown[];
  try {
    raw = new Reader(NONE, false).list(x, "messages", Infinity);
  } catch {
    note("INVALID_TRANSCRIPT", -1, "a transcript is an array of messages");
    return Object.freeze(issues);
  }
  const calls = new Map<string, { at: number; name: string; answered: boolean }>();
  raw.forEach((item, i) => {
    let m: Message;
    try {
      m = message(item, new Reader(NONE, false));
    } catch {
      note("INVALID_MESSAGE", i, "not a well-formed message");
      return;
    }
    if (m.role === "assistant") {
      for (const b of m.content) {
        if (b.type !== "toolCall") continue;
        if (calls.has(b.id)) note("DUPLICATE_TOOL_CALL_ID", i, `the tool-call id ${b.id} appears twice`);
        else calls.set(b.id, { at: i, name: b.name, answered: false });
      }
    } else if (m.role === "toolResult") {
      const call = calls.get(m.toolCallId);
      if (call === undefined) note("ORPHAN_TOOL_RESULT", i, "the result answers no earlier call");
      else if (call.answered) note("DUPLICATE_TOOL_RESULT", i, "the call is answered twice");
      else {
        call.answered = true;
        if (call.name !== m.toolName) note("TOOL_NAME_MISMATCH", i, "the result names another tool than its call");
      }
    }
  });
  for (const [id, call] of calls) if (!call.answered) note("MISSING_TOOL_RESULT", call.at, `the call ${id} has no result`);
  return Object.freeze(issues);
}
