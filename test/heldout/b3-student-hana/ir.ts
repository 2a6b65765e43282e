// Hana's Message IR helpers (contract §2). The constructors read their one argument's fields by
// ordinary property access, check them as buildActiveContext would, and return a frozen copy;
// a bad field is a TypeError. validateTranscript never throws and applies no size limits.
import { Slip, Tally, itemOf, lengthOf } from "./intake";
import { readAssistant, readMessage, readResult, readUser, type Message } from "./messages";
import { Table, freeze } from "./basics";

const NO_FLAGS: ReadonlySet<string> = new Set();

function fieldsOf(argument: unknown, names: readonly string[]): Record<string, unknown> {
  if (typeof argument !== "object" || argument === null) throw new TypeError("a message helper takes one object of fields");
  const out: Record<string, unknown> = {};
  for (const name of names) out[name] = (argument as Record<string, unknown>)[name];
  return out;
}

function checked<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof Slip) throw new TypeError(`invalid message: ${error.message}`);
    throw error;
  }
}

export function userMessage(argument: { id: string; content: string }) {
  const f = fieldsOf(argument, ["id", "content"]);
  return checked(() => readUser(f, new Tally(NO_FLAGS, false)).message);
}

export function assistantMessage(argument: { id: string; content: readonly unknown[] }) {
  const f = fieldsOf(argument, ["id", "content"]);
  return checked(() => readAssistant(f, new Tally(NO_FLAGS, false)).message);
}

export function toolResultMessage(argument: { id: string; toolCallId: string; toolName: string; content: string; isError?: boolean | null }) {
  const f = fieldsOf(argument, ["id", "toolCallId", "toolName", "content", "isError"]);
  if (f.isError === undefined || f.isError === null) f.isError = false;
  return checked(() => readResult(f, new Tally(NO_FLAGS, false)).message);
}

export function textFromAssistant(message: unknown): string {
  const read = checked(() => readMessage(message, new Tally(NO_FLAGS, false)).message);
  if (read.role !== "assistant") throw new TypeError("textFromAssistant takes an assistant message");
  let out = "";
  for (const block of read.content) if (block.type === "text") out += block.text;
  return out;
}

type Issue = { code: string; messageIndex: number; message: string };

export function validateTranscript(transcript: unknown): readonly Issue[] {
  const issues: Issue[] = [];
  const add = (code: string, messageIndex: number, message: string) => issues.push(freeze({ code, messageIndex, message }));
  let n: number;
  try {
    n = lengthOf(transcript, "transcript");
  } catch {
    add("INVALID_TRANSCRIPT", -1, "the transcript is not an array");
    return freeze(issues);
  }
  const tally = new Tally(NO_FLAGS, false);
  const calls = new Table<string, { at: number; name: string; answered: boolean }>();
  const messages: (Message | null)[] = [];
  for (let i = 0; i < n; i++) {
    try {
      messages[i] = readMessage(itemOf(transcript as object, i), tally).message;
    } catch (error) {
      const why = error instanceof Slip ? error.message : "unreadable";
      add(/arguments|symbol key|cycle|non-finite|nest/.test(why) ? "INVALID_TOOL_ARGUMENTS" : /name is blank/.test(why) ? "EMPTY_TOOL_NAME" : "INVALID_MESSAGE", i, why);
      messages[i] = null;
    }
  }
  for (let i = 0; i < n; i++) {
    const m = messages[i];
    if (m === null) continue;
    if (m.role === "assistant") {
      for (const b of m.content) {
        if (b.type !== "toolCall") continue;
        if (calls.has(b.id)) add("DUPLICATE_TOOL_CALL_ID", i, `duplicate tool-call id ${b.id}`);
        else calls.set(b.id, { at: i, name: b.name, answered: false });
      }
    }
  }
  for (let i = 0; i < n; i++) {
    const m = messages[i];
    if (m === null || m.role !== "toolResult") continue;
    const call = calls.get(m.toolCallId);
    if (call === undefined) add("ORPHAN_TOOL_RESULT", i, `no tool call ${m.toolCallId}`);
    else if (call.at >= i) add("TOOL_RESULT_BEFORE_CALL", i, `the result of ${m.toolCallId} comes before its call`);
    else if (call.answered) add("DUPLICATE_TOOL_RESULT", i, `a second result for ${m.toolCallId}`);
    else {
      call.answered = true;
      if (call.name !== m.toolName) add("TOOL_NAME_MISMATCH", i, `toolName differs from the call's name`);
    }
  }
  for (const [id, call] of calls) if (!call.answered) add("MISSING_TOOL_RESULT", call.at, `tool call ${id} has no result`);
  return freeze(issues);
}
