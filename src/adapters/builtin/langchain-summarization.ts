import { AIMessage, type BaseMessage } from "@langchain/core/messages";
import fc from "fast-check";
import { countTokensApproximately, summarizationMiddleware } from "langchain";
import { defineAdapter } from "../adapter";
import type { OutputMessage } from "../ir";
import { fromLangChainMessage, toLangChain } from "./langchain-messages";

// langchain summarizationMiddleware (dist/agents/middleware/summarization.d.ts), its beforeModel
// hook called directly with the agent state. Offline: the model is a fake whose invoke returns a
// fixed summary. Its docs: "preserving recent messages and maintaining context continuity by
// ensuring AI/Tool message pairs remain together".

type SummarizationOptions = {
  keep: { messages: number } | { tokens: number };
  trigger: { messages: number } | { tokens: number };
  trimTokensToSummarize?: number;
};

const fakeModel = { invoke: async () => new AIMessage("the summary") };
const pairsDocs = "ensuring AI/Tool message pairs remain together (summarizationMiddleware JSDoc)";

const options: fc.Arbitrary<SummarizationOptions> = fc.record({
  keep: fc.oneof(fc.record({ messages: fc.integer({ min: 0, max: 8 }) }), fc.record({ tokens: fc.integer({ min: 0, max: 60 }) })),
  trigger: fc.oneof(fc.record({ messages: fc.integer({ min: 1, max: 6 }) }), fc.record({ tokens: fc.integer({ min: 1, max: 40 }) })),
  trimTokensToSummarize: fc.option(fc.integer({ min: 1, max: 40 }), { nil: undefined }),
}, { requiredKeys: ["keep", "trigger"] });

type Update = { messages: BaseMessage[] } | undefined;

export const langchainSummarization = defineAdapter({
  name: "langchain-summarization",
  subject: "summarizationMiddleware",
  library: "langchain",
  form: "summary+suffix",
  // The promise about pairs is unqualified, so every shape is documented.
  shapes: ["system", "parallel", "separated", "interleaved"],
  options,
  properties: {
    "output.well-formed": { claim: "documented", docs: "beforeModel returns the state update: a summary message and the preserved messages" },
    "output.kept-in-order": { claim: "documented", docs: "summarizes older messages … preserving recent messages" },
    "output.kept-unchanged": { claim: "documented", docs: "preserving recent messages" },
    "pairing.result-has-call": { claim: "documented", docs: pairsDocs },
    "pairing.call-has-results": { claim: "documented", docs: pairsDocs },
    "input.not-mutated": { claim: "documented", docs: "returns a state update ({ messages: [RemoveMessage(all), summary, …kept] }) rather than editing the state" },
    "output.deterministic": { claim: "documented", docs: "a deterministic cut for a given counter (the fake model is deterministic)" },
  },
  toLibrary: (transcript) => toLangChain(transcript, false),
  run: async (messages: BaseMessage[], o: SummarizationOptions): Promise<Update> => {
    const middleware = summarizationMiddleware({ model: fakeModel as never, ...o, tokenCounter: (messages: BaseMessage[]) => countTokensApproximately(messages) });
    const hook = middleware.beforeModel as unknown as (state: { messages: BaseMessage[] }, runtime: { context: object }) => Promise<Update>;
    return hook({ messages }, { context: {} });
  },
  fromLibrary: (update: Update, input: BaseMessage[]): OutputMessage[] => {
    if (update === undefined) return input.map(fromLangChainMessage);
    // The first entry removes every message; the next is the summary (it carries lc_source "summarization").
    return update.messages.slice(1).map((m) => {
      const source = (m as { additional_kwargs?: { lc_source?: unknown } }).additional_kwargs?.lc_source;
      return source === "summarization" ? { id: m.id ?? "", role: "summary", text: String(m.content) } : fromLangChainMessage(m);
    });
  },
});
