// Fay's Message IR helpers (§2; not graded): one object argument read by ordinary property
// access, a deeply frozen message back, TypeError for a bad field.
import { freeze } from "./base";
import { Snag, Tally, readArgs, readMessage, readTranscript, type Msg } from "./intake";

const NO_FLAGS: ReadonlySet<string> = new Set();
type Bag = Record<string, unknown>;

function bagOf(o: unknown): Bag {
  if (typeof o !== "object" || o === null) throw new TypeError("a message helper takes one object");
  return o as Bag;
}
const nonEmpty = (v: unknown, what: string): string => {
  if (typeof v !== "string" || v.trim().length === 0) throw new TypeError(`${what} must be a non-empty string`);
  return v;
};
const str = (v: unknown, what: string): string => {
  if (typeof v !== "string") throw new TypeError(`${what} must be a string`);
  return v;
};

export function userMessage(o: unknown): Msg {
  const b = bagOf(o);
  return freeze({ id: nonEmpty(b.id, "id"), role: "user", content: str(b.content, "content") });
}

export function assistantMessage(o: unknown): Msg {
  const b = bagOf(o);
  const id = nonEmpty(b.id, "id");
  if (!Array.isArray(b.content)) throw new TypeError("content must be an array");
  const blocks = (b.content as unknown[]).map((x) => {
    const k = bagOf(x);
    if (k.type === "text") return freeze({ type: "text" as const, text: str(k.text, "text") });
    if (k.type !== "toolCall") throw new TypeError("a block is text or toolCall");
    let args: object;
    try {
      args = readArgs(k.arguments, new Tally(false), { units: 0 }, NO_FLAGS);
    } catch {
      throw new TypeError("arguments must be JSON");
    }
    return freeze({ type: "toolCall" as const, id: nonEmpty(k.id, "call id"), name: nonEmpty(k.name, "name"), arguments: args });
  });
  return freeze({ id, role: "assistant", content: freeze(blocks) });
}

export function toolResultMessage(o: unknown): Msg {
  const b = bagOf(o);
  const isError = b.isError ?? false;
  if (typeof isError !== "boolean") throw new TypeError("isError must be a boolean");
  return freeze({
    id: nonEmpty(b.id, "id"),
    role: "toolResult",
    toolCallId: nonEmpty(b.toolCallId, "toolCallId"),
    toolName: nonEmpty(b.toolName, "toolName"),
    content: str(b.content, "content"),
    isError,
  });
}

export function textFromAssistant(message: unknown): string {
  const m = assistantMessage(message);
  if (m.role !== "assistant") return "";
  return m.content.map((b) => (b.type === "text" ? b.text : "")).join("");
}

type Issue = { readonly code: string; readonly messageIndex: number; readonly message: string };

export function validateTranscript(x: unknown): readonly Issue[] {
  const issues: Issue[] = [];
  const add = (code: string, messageIndex: number, message: string) => issues.push(freeze({ code, messageIndex, message }));
  if (!Array.isArray(x)) {
    add("INVALID_TRANSCRIPT", -1, "a transcript is an array of messages");
    return freeze(issues);
  }
  const calls = new Map<string, { name: string; answered: boolean; at: number }>();
  for (let i = 0; i < x.length; i++) {
    let m: Msg;
    try {
      [m] = readMessage(x[i], new Tally(false), NO_FLAGS);
    } catch (error) {
      add(error instanceof Snag && /arguments/.test(error.why) ? "INVALID_TOOL_ARGUMENTS" : "INVALID_MESSAGE", i, "not a well-formed message");
      continue;
    }
    if (m.role === "assistant") {
      for (const b of m.content) {
        if (b.type !== "toolCall") continue;
        if (calls.has(b.id)) add("DUPLICATE_TOOL_CALL_ID", i, `tool-call id ${b.id} is used twice`);
        else calls.set(b.id, { name: b.name, answered: false, at: i });
      }
    } else if (m.role === "toolResult") {
      const c = calls.get(m.toolCallId);
      if (c === undefined) add("ORPHAN_TOOL_RESULT", i, "a result names no earlier call");
      else if (c.answered) add("DUPLICATE_TOOL_RESULT", i, "a second result");
      else {
        c.answered = true;
        if (c.name !== m.toolName) add("TOOL_NAME_MISMATCH", i, "the result's toolName differs from its call");
      }
    }
  }
  for (const [id, c] of calls) if (!c.answered) add("MISSING_TOOL_RESULT", c.at, `call ${id} has no result`);
  void readTranscript;
  return freeze(issues);
}
