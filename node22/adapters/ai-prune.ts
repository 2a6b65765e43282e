import { pruneMessages, type ModelMessage } from "ai";
import fc from "fast-check";
import { defineAdapter } from "../../src/adapters/adapter";
import type { AuditMessage, OutputMessage } from "../../src/adapters/ir";

// ai (Vercel AI SDK) pruneMessages (dist/index.d.ts): removes tool call/result parts from model
// messages, and then the messages left empty. Model messages have no id, so the adapter carries
// the IR id in providerOptions, which pruning copies along with the message.

// emptyMessages stays at its default "remove": "keep" leaves tool messages with no content,
// which are valid model messages the IR has no form for.
type PruneOptions = { toolCalls: "all" | "none" | "before-last-message" | `before-last-${number}-messages` | { type: "all" | "before-last-message"; tools: string[] }[] };

const idOf = (m: ModelMessage) => String((m.providerOptions?.audit as { id?: unknown } | undefined)?.id ?? "");

function toModel(transcript: readonly AuditMessage[]): ModelMessage[] {
  return transcript.map((m): ModelMessage => {
    const providerOptions = { audit: { id: m.id } };
    if (m.role === "system") return { role: "system", content: m.text, providerOptions };
    if (m.role === "user") return { role: "user", content: [{ type: "text", text: m.text }], providerOptions };
    if (m.role === "tool") return { role: "tool", content: [{ type: "tool-result", toolCallId: m.callId, toolName: m.name, output: { type: "text", value: m.text } }], providerOptions };
    const calls = m.calls.map((c) => ({ type: "tool-call" as const, toolCallId: c.id, toolName: c.name, input: c.args }));
    return { role: "assistant", content: [{ type: "text", text: m.text }, ...calls], providerOptions };
  });
}

function fromModel(m: ModelMessage): OutputMessage {
  const id = idOf(m);
  if (m.role === "system") return { id, role: "system", text: m.content };
  const parts = typeof m.content === "string" ? [{ type: "text" as const, text: m.content }] : m.content;
  const text = parts.flatMap((p) => (p.type === "text" ? [p.text] : [])).join("");
  if (m.role === "user") return { id, role: "user", text };
  if (m.role === "tool") {
    const r = parts.find((p) => p.type === "tool-result") as { toolCallId: string; toolName: string; output: { value: string } } | undefined;
    return r === undefined ? { id, role: "invalid", what: "a tool message without a result" } : { id, role: "tool", callId: r.toolCallId, name: r.toolName, text: r.output.value };
  }
  const calls = parts.flatMap((p) => (p.type === "tool-call" ? [{ id: p.toolCallId, name: p.toolName, args: p.input as never }] : []));
  return { id, role: "assistant", text, calls };
}

const toolCalls: fc.Arbitrary<PruneOptions["toolCalls"]> = fc.oneof(
  fc.constantFrom("all" as const, "none" as const, "before-last-message" as const),
  fc.integer({ min: 0, max: 6 }).map((n) => `before-last-${n}-messages` as const),
  fc.array(fc.record({ type: fc.constantFrom("all" as const, "before-last-message" as const), tools: fc.subarray(["search", "read", "run"]) }), { minLength: 1, maxLength: 2 }),
);

const pairing = "not promised in so many words: toolCalls says how to prune tool call/results content, which it does by toolCallId, calls and results together";

export const aiPrune = defineAdapter({
  name: "ai-prune",
  subject: "pruneMessages",
  library: "ai",
  form: "subsequence",
  shapes: ["system", "parallel", "separated", "interleaved"],
  options: fc.record({ toolCalls }),
  properties: {
    "output.well-formed": { claim: "documented", docs: "@returns The pruned list of model messages" },
    "output.kept-in-order": { claim: "documented", docs: "prunes model messages from a list of model messages" },
    "output.kept-unchanged": { claim: "documented", docs: "toolCalls 'none' prunes nothing", when: (o: PruneOptions) => o.toolCalls === "none" },
    "pairing.result-has-call": { claim: "not-promised", docs: pairing },
    "pairing.call-has-results": { claim: "not-promised", docs: pairing },
    "input.not-mutated": { claim: "documented", docs: "returns new messages ({ ...message, content: filtered })" },
    "output.deterministic": { claim: "documented", docs: "a pure function of its arguments" },
  },
  toLibrary: (transcript) => toModel(transcript),
  run: (messages: ModelMessage[], o: PruneOptions) => pruneMessages({ messages, ...o }),
  fromLibrary: (output: ModelMessage[]) => output.map(fromModel),
});
