import fc from "fast-check";
import { defineAdapter, type AuditMessage, type OutputMessage } from "compaction-check/adapters";
import { keepRecent, tokens, type ChatMessage } from "./keep-recent";

const toChat = (m: AuditMessage): ChatMessage =>
  m.role === "assistant"
    ? { role: "assistant", content: m.text, id: m.id, tool_calls: m.calls.map((c) => ({ id: c.id, function: { name: c.name, arguments: JSON.stringify(c.args) } })) }
    : m.role === "tool"
      ? { role: "tool", content: m.text, id: m.id, tool_call_id: m.callId }
      : { role: m.role, content: m.text, id: m.id };

const fromChat = (m: ChatMessage, input: readonly ChatMessage[]): OutputMessage => {
  if (m.role === "assistant") return { role: "assistant", id: m.id, text: m.content, calls: (m.tool_calls ?? []).map((c) => ({ id: c.id, name: c.function.name, args: JSON.parse(c.function.arguments) })) };
  if (m.role !== "tool") return { role: m.role, id: m.id, text: m.content };
  const call = input.flatMap((i) => (i.role === "assistant" ? (i.tool_calls ?? []) : [])).find((c) => c.id === m.tool_call_id);
  return { role: "tool", id: m.id, callId: m.tool_call_id, name: call?.function.name ?? "", text: m.content };
};

const documented = { claim: "documented", docs: "keep-recent.ts: keeps the most recent messages that fit, from a safe boundary" } as const;

export default defineAdapter({
  name: "keep-recent",
  subject: "examples/adapter/keep-recent.ts",
  form: "subsequence",
  shapes: ["system", "parallel", "separated", "interleaved"],
  options: fc.record({ maxTokens: fc.integer({ min: 0, max: 80 }) }),
  properties: {
    "output.well-formed": documented, "output.kept-in-order": documented, "output.kept-unchanged": documented,
    "pairing.result-has-call": documented, "pairing.call-has-results": documented, "input.not-mutated": documented,
    "output.deterministic": documented, "budget.respected": documented,
  },
  toLibrary: (transcript) => transcript.map(toChat),
  run: (messages: ChatMessage[], o: { maxTokens: number }) => keepRecent(messages, o.maxTokens),
  fromLibrary: (output: ChatMessage[], input: ChatMessage[]) => output.map((m) => fromChat(m, input)),
  budget: (output: ChatMessage[], _input: ChatMessage[], o: { maxTokens: number }) => ({ used: tokens(output), limit: o.maxTokens }),
});
