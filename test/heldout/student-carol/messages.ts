// The Message IR helpers (§2; not graded): constructors that validate one message and throw
// TypeError, textFromAssistant, and validateTranscript, which never throws.
import { contextInfo } from "./context";

type Obj = Record<string, unknown>;

function one(fields: Obj): Obj {
  const input = { messages: [fields] };
  try {
    return contextInfo(input, new Set()).context.messages[0];
  } catch (error) {
    throw new TypeError(`invalid message: ${(error as Error).message}`);
  }
}

const pick = (o: unknown, keys: string[]): Obj => {
  if (typeof o !== "object" || o === null) throw new TypeError("a message helper takes an object");
  return Object.fromEntries(keys.map((k) => [k, (o as Obj)[k]]));
};

export const userMessage = (o: unknown) => one({ ...pick(o, ["id", "content"]), role: "user" });
export const assistantMessage = (o: unknown) => {
  const fields: Obj = { ...pick(o, ["id", "content"]), role: "assistant" };
  // A lone assistant with calls has no results: validate the message shape only.
  const calls = Array.isArray(fields.content) ? (fields.content as Obj[]).filter((b) => b?.type === "toolCall") : [];
  if (calls.length === 0) return one(fields);
  const results = calls.map((b, i) => ({ id: `__r${i}`, role: "toolResult", toolCallId: b.id, toolName: b.name, content: "", isError: false }));
  try {
    return contextInfo({ messages: [fields, ...results] }, new Set()).context.messages[0];
  } catch (error) {
    throw new TypeError(`invalid message: ${(error as Error).message}`);
  }
};
export const toolResultMessage = (o: unknown) => {
  const f = pick(o, ["id", "toolCallId", "toolName", "content", "isError"]);
  if (f.isError === undefined || f.isError === null) f.isError = false;
  const call = { id: "__a", role: "assistant", content: [{ type: "toolCall", id: f.toolCallId, name: f.toolName, arguments: {} }] };
  try {
    return contextInfo({ messages: [call, { ...f, role: "toolResult" }] }, new Set()).context.messages[1];
  } catch (error) {
    throw new TypeError(`invalid message: ${(error as Error).message}`);
  }
};
export function textFromAssistant(m: unknown): string {
  const message = assistantMessage(m) as { content: { type: string; text?: string }[] };
  return message.content.map((b) => (b.type === "text" ? b.text : "")).join("");
}
export function validateTranscript(x: unknown): readonly Obj[] {
  try {
    contextInfo({ messages: x }, new Set());
    return Object.freeze([]);
  } catch (error) {
    return Object.freeze([Object.freeze({ code: "INVALID_TRANSCRIPT", messageIndex: -1, message: (error as Error).message })]);
  }
}
