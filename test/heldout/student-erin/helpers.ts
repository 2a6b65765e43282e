// The Message IR helpers of §2 (not graded): constructors that take one object, read its
// fields by ordinary property access and return a deeply frozen message (a bad field is a
// TypeError); textFromAssistant; validateTranscript, which never throws and has no limits.
import { ContextCompactionError } from "./base";
import { Intake } from "./intake";
import type { Block, Message } from "./shapes";
import { message } from "./transcript";

type Bag = { readonly [k: string]: unknown };

function bag(v: unknown): Bag {
  if (typeof v !== "object" || v === null) throw new TypeError("expected one object argument");
  return v as Bag;
}

function idOf(v: unknown, what: string): string {
  if (typeof v !== "string" || v.trim() === "") throw new TypeError(`${what} must be a non-empty string`);
  return v;
}

function textOf(v: unknown, what: string): string {
  if (typeof v !== "string") throw new TypeError(`${what} must be a string`);
  return v;
}

export function userMessage(fields: unknown): Message {
  const f = bag(fields);
  return Object.freeze({ id: idOf(f.id, "id"), role: "user" as const, content: textOf(f.content, "content") });
}

function helperBlock(v: unknown): Block {
  const f = bag(v);
  if (f.type === "text") return Object.freeze({ type: "text" as const, text: textOf(f.text, "text") });
  if (f.type !== "toolCall") throw new TypeError("a block's type must be text or toolCall");
  const id = idOf(f.id, "a tool-call id");
  const name = idOf(f.name, "a tool name");
  try {
    return Object.freeze({ type: "toolCall" as const, id, name, arguments: new Intake(false).args(f.arguments) });
  } catch (e) {
    if (e instanceof ContextCompactionError) throw new TypeError("tool-call arguments must be a plain JSON object");
    throw e;
  }
}

export function assistantMessage(fields: unknown): Message {
  const f = bag(fields);
  const id = idOf(f.id, "id");
  if (!Array.isArray(f.content)) throw new TypeError("content must be an array of blocks");
  return Object.freeze({ id, role: "assistant" as const, content: Object.freeze((f.content as unknown[]).map(helperBlock)) });
}

export function toolResultMessage(fields: unknown): Message {
  const f = bag(fields);
  const isError = f.isError === undefined || f.isError === null ? false : f.isError;
  if (typeof isError !== "boolean") throw new TypeError("isError must be a boolean");
  return Object.freeze({
    id: idOf(f.id, "id"),
    role: "toolResult" as const,
    toolCallId: idOf(f.toolCallId, "toolCallId"),
    toolName: idOf(f.toolName, "toolName"),
    content: textOf(f.content, "content"),
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
  const note = (code: string, messageIndex: number, text: string) => void issues.push(Object.freeze({ code, messageIndex, message: text }));
  let raw: unknown[];
  try {
    raw = new Intake(false).list(x, "messages");
  } catch {
    note("INVALID_TRANSCRIPT", -1, "a transcript is an array of messages");
    return Object.freeze(issues);
  }
  const calls = new Map<string, { name: string; at: number; answered: boolean }>();
  raw.forEach((item, i) => {
    let m: Message;
    try {
      m = message(item, new Intake(false));
    } catch {
      return note("INVALID_MESSAGE", i, "not a well-formed message");
    }
    if (m.role === "assistant") {
      for (const b of m.content) {
        if (b.type !== "toolCall") continue;
        if (calls.has(b.id)) note("DUPLICATE_TOOL_CALL_ID", i, `tool-call id ${b.id} appears twice`);
        else calls.set(b.id, { name: b.name, at: i, answered: false });
      }
    } else if (m.role === "toolResult") {
      const c = calls.get(m.toolCallId);
      if (c === undefined) note("ORPHAN_TOOL_RESULT", i, "the result answers no earlier call");
      else if (c.answered) note("DUPLICATE_TOOL_RESULT", i, "the call has a result already");
      else {
        c.answered = true;
        if (c.name !== m.toolName) note("TOOL_NAME_MISMATCH", i, "the result names another tool than its call");
      }
    }
  });
  for (const [id, c] of calls) if (!c.answered) note("MISSING_TOOL_RESULT", c.at, `call ${id} has no result`);
  return Object.freeze(issues);
}
