// Alice's Message IR helpers (§2; not graded).
import { alice } from "./module";

type M = Record<string, any>;
const plain = alice(new Set());

const fields = (x: unknown, keys: string[]): M => {
  if (typeof x !== "object" || x === null) throw new TypeError("pass an object");
  const out: M = {};
  for (const k of keys) out[k] = (x as M)[k];
  return out;
};
function built(messages: M[], index: number): M {
  try {
    return (plain.buildActiveContext({ messages }) as M).messages[index];
  } catch (e) {
    throw new TypeError((e as Error).message);
  }
}
export const userMessage = (x: unknown) => built([{ ...fields(x, ["id", "content"]), role: "user" }], 0);
export function assistantMessage(x: unknown): M {
  const m: M = { ...fields(x, ["id", "content"]), role: "assistant" };
  const results = (Array.isArray(m.content) ? m.content : [])
    .filter((b: M) => b && b.type === "toolCall")
    .map((b: M, i: number) => ({ id: `r${i}`, role: "toolResult", toolCallId: b.id, toolName: b.name, content: "", isError: false }));
  return built([m, ...results], 0);
}
export function toolResultMessage(x: unknown): M {
  const f = fields(x, ["id", "toolCallId", "toolName", "content", "isError"]);
  if (f.isError == null) f.isError = false;
  return built([{ id: "a", role: "assistant", content: [{ type: "toolCall", id: f.toolCallId, name: f.toolName, arguments: {} }] }, { ...f, role: "toolResult" }], 1);
}
export const textFromAssistant = (m: unknown): string =>
  assistantMessage(m)
    .content.filter((b: M) => b.type === "text")
    .map((b: M) => b.text)
    .join("");
export function validateTranscript(x: unknown): readonly M[] {
  try {
    plain.buildActiveContext({ messages: x });
    return Object.freeze([]);
  } catch (e) {
    return Object.freeze([Object.freeze({ code: "INVALID_TRANSCRIPT", messageIndex: -1, message: (e as Error).message })]);
  }
}
