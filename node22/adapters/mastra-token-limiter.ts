import { TokenLimiterProcessor } from "@mastra/core/processors";
import fc from "fast-check";
import { defineAdapter } from "../../src/adapters/adapter";
import type { AuditMessage, OutputMessage } from "../../src/adapters/ir";

// @mastra/core TokenLimiterProcessor.processLLMRequest (dist/processors/processors/
// token-limiter.d.ts): trims the provider prompt (AI SDK LanguageModelV2 messages) to `limit`,
// newest first, system messages always kept. Its JSDoc: "a tool call and the results it produced
// are always kept or dropped together". The provider prompt carries results directly after their
// call (one tool message per result here), so that is its documented shape.

type LimiterOptions = { limit: number; trimMode: "best-fit" | "contiguous" };
type Part = { type: string; text?: string; toolCallId?: string; toolName?: string; input?: unknown; output?: { type: "text"; value: string } };
type PromptMessage = { role: "system"; content: string } | { role: "user" | "assistant" | "tool"; content: Part[] };
type Prompt = PromptMessage[];
type Counter = { countPromptMessageTokens(message: PromptMessage): number };

const TOKENS_PER_CONVERSATION = 24;
const ids = new WeakMap<PromptMessage, string>();

function toPrompt(transcript: readonly AuditMessage[]): Prompt {
  return transcript.map((m) => {
    let message: PromptMessage;
    if (m.role === "system") message = { role: "system", content: m.text };
    else if (m.role === "user") message = { role: "user", content: [{ type: "text", text: m.text }] };
    else if (m.role === "assistant") {
      const calls = m.calls.map((c) => ({ type: "tool-call", toolCallId: c.id, toolName: c.name, input: c.args }));
      message = { role: "assistant", content: [...(m.text === "" ? [] : [{ type: "text", text: m.text }]), ...calls] };
    } else message = { role: "tool", content: [{ type: "tool-result", toolCallId: m.callId, toolName: m.name, output: { type: "text", value: m.text } }] };
    ids.set(message, m.id);
    return message;
  });
}

function fromPrompt(message: PromptMessage): OutputMessage {
  const id = ids.get(message) ?? "";
  if (message.role === "system") return { id, role: "system", text: message.content };
  const text = message.content.filter((p) => p.type === "text").map((p) => p.text ?? "").join("");
  if (message.role === "user") return { id, role: "user", text };
  if (message.role === "tool") {
    const r = message.content[0]!;
    return { id, role: "tool", callId: r.toolCallId ?? "", name: r.toolName ?? "", text: r.output?.value ?? "" };
  }
  const calls = message.content.filter((p) => p.type === "tool-call").map((p) => ({ id: p.toolCallId ?? "", name: p.toolName ?? "", args: p.input as never }));
  return { id, role: "assistant", text, calls };
}

const limiter = (o: LimiterOptions) => new TokenLimiterProcessor({ limit: o.limit, trimMode: o.trimMode });

export const mastraTokenLimiter = defineAdapter({
  name: "mastra-token-limiter",
  subject: "TokenLimiterProcessor",
  library: "@mastra/core",
  form: "subsequence",
  shapes: ["system", "parallel"],
  options: fc.record({ limit: fc.integer({ min: 20, max: 90 }), trimMode: fc.constantFrom<LimiterOptions["trimMode"]>("best-fit", "contiguous") }),
  properties: {
    "output.well-formed": { claim: "documented", docs: "processLLMRequest returns the trimmed prompt, or throws a TripWire when nothing fits" },
    "output.kept-in-order": { claim: "documented", docs: "filters historical messages to fit within context window, prioritizing recent messages" },
    "output.kept-unchanged": { claim: "documented", docs: "trims the prompt by dropping messages; stored messages keep everything" },
    "pairing.result-has-call": { claim: "documented", docs: "groupPromptMessages JSDoc: a tool call and the results it produced are always kept or dropped together" },
    "pairing.call-has-results": { claim: "documented", docs: "groupPromptMessages JSDoc: trimming must never split them" },
    "input.not-mutated": { claim: "documented", docs: "processLLMRequest JSDoc: mutations are transient; it returns { prompt: trimmedPrompt }" },
    "output.deterministic": { claim: "documented", docs: "a token estimate (tokenx), no randomness" },
    "budget.respected": { claim: "documented", docs: "limit: Maximum number of tokens to allow (its own countPromptMessageTokens + 24 per conversation)" },
  },
  toLibrary: (transcript) => toPrompt(transcript),
  run: async (prompt: Prompt, o: LimiterOptions) => (await limiter(o).processLLMRequest({ prompt } as never)) as { prompt: Prompt } | undefined,
  fromLibrary: (result: { prompt: Prompt } | undefined, prompt: Prompt) => (result?.prompt ?? prompt).map(fromPrompt),
  refusal: (error) => {
    const e = error as { constructor?: { name?: string }; message?: unknown };
    return e?.constructor?.name === "TripWire" && typeof e.message === "string" ? e.message : undefined;
  },
  budget: (result: { prompt: Prompt } | undefined, prompt: Prompt, o: LimiterOptions) => {
    // Its counter is private; read through the instance as the processor itself does.
    const counter = limiter(o) as unknown as Counter;
    const kept = result?.prompt ?? prompt;
    const counts = kept.map((m) => counter.countPromptMessageTokens(m));
    const negative = counts.findIndex((n) => n < 0);
    const used = counts.reduce((a, b) => a + b, 0) + TOKENS_PER_CONVERSATION;
    return { used, limit: o.limit, ...(negative >= 0 ? { negative: `kept message ${negative} (${kept[negative]!.role}) counts ${counts[negative]} tokens` } : {}) };
  },
});
