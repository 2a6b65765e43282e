// Bob's Message IR helpers (§2; not graded).
import { ContextModel } from "./model";

type Any = Record<string, any>;
const model = new ContextModel(new Set());

function check(messages: Any[], index: number): Any {
  try {
    return model.build({ messages }).snapshot.messages[index];
  } catch (e) {
    throw new TypeError((e as Error).message);
  }
}
const fieldsOf = (x: unknown, keys: string[]): Any => {
  if (x === null || typeof x !== "object") throw new TypeError("expected an object");
  return Object.fromEntries(keys.map((k) => [k, (x as Any)[k]]));
};

export function userMessage(x: unknown): Any {
  return check([{ ...fieldsOf(x, ["id", "content"]), role: "user" }], 0);
}
export function assistantMessage(x: unknown): Any {
  const m: Any = { ...fieldsOf(x, ["id", "content"]), role: "assistant" };
  const calls = Array.isArray(m.content) ? m.content.filter((b: Any) => b?.type === "toolCall") : [];
  return check([m, ...calls.map((b: Any, i: number) => ({ id: `result-${i}`, role: "toolResult", toolCallId: b.id, toolName: b.name, content: "", isError: false }))], 0);
}
export function toolResultMessage(x: unknown): Any {
  const f = fieldsOf(x, ["id", "toolCallId", "toolName", "content", "isError"]);
  f.isError ??= false;
  return check([{ id: "call", role: "assistant", content: [{ type: "toolCall", id: f.toolCallId, name: f.toolName, arguments: {} }] }, { ...f, role: "toolResult" }], 1);
}
export function textFromAssistant(m: unknown): string {
  return (assistantMessage(m).content as Any[]).filter((b) => b.type === "text").map((b) => b.text).join("");
}
export function validateTranscript(x: unknown): readonly Any[] {
  try {
    model.build({ messages: x });
    return Object.freeze([]);
  } catch (e) {
    return Object.freeze([Object.freeze({ code: "INVALID_TRANSCRIPT", messageIndex: -1, message: (e as Error).message })]);
  }
}
