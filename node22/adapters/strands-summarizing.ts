import { ContextWindowOverflowError, Message, SummarizingConversationManager, TextBlock } from "@strands-agents/sdk";
import fc from "fast-check";
import { defineAdapter } from "../../src/adapters/adapter";
import type { AuditMessage } from "../../src/adapters/ir";
import { fromStrands, toStrands, toolNames, type StrandsInput } from "./strands-messages";

// @strands-agents/sdk SummarizingConversationManager (conversation-manager/
// summarizing-conversation-manager.d.ts): on a ContextWindowOverflowError the agent calls
// reduce(), which summarizes the oldest messages with a model call and replaces them with one
// user-role summary message, in place. The adapter calls reduce() as the agent's overflow hook does
// (with the error), with a fake model, on a copy of the messages array. reduce() returning false
// ("the history was not reduced": too few messages beyond preserveRecentMessages) is its
// documented refusal without an error; a failure to summarize is rethrown, as documented.

type SummarizeOptions = { summaryRatio: number; preserveRecentMessages: number };
type Output = { messages: Message[]; reduced: boolean; transcript: readonly AuditMessage[] };

/** streamAggregated as a model: no stream events, the summary as the aggregated message. */
const fakeModel = {
  // eslint-disable-next-line require-yield
  async *streamAggregated() {
    return { message: new Message({ role: "assistant", content: [new TextBlock("the summary")] }), stopReason: "endTurn" };
  },
};

const pairs = "summarizing-conversation-manager.js: adjust split point to avoid breaking tool use/result pairs (adjustSplitPointForToolPairs)";

export const strandsSummarizing = defineAdapter({
  name: "strands-summarizing",
  subject: "SummarizingConversationManager.reduce (context overflow)",
  library: "@strands-agents/sdk",
  form: "summary+suffix",
  shapes: ["parallel"],
  options: fc.record({ summaryRatio: fc.integer({ min: 1, max: 8 }).map((n) => n / 10), preserveRecentMessages: fc.integer({ min: 0, max: 6 }) }),
  properties: {
    "output.well-formed": { claim: "documented", docs: "reduce: returns true if the history was reduced, false otherwise; summarization failure is rethrown" },
    "output.kept-in-order": { claim: "documented", docs: "summarizes the oldest messages and replaces them with a single summary message" },
    "output.kept-unchanged": { claim: "documented", docs: "replaces the oldest messages; preserveRecentMessages: minimum number of recent messages to always keep" },
    "pairing.result-has-call": { claim: "documented", docs: pairs },
    "pairing.call-has-results": { claim: "documented", docs: pairs },
    "input.not-mutated": { claim: "documented", docs: "replaces the summarized range of agent.messages in place; the messages kept are not changed" },
    "output.deterministic": { claim: "documented", docs: "the same messages and model give the same summary and split" },
  },
  toLibrary: (transcript): StrandsInput & { transcript: readonly AuditMessage[] } => ({ ...toStrands(transcript), transcript }),
  run: async (input: StrandsInput & { transcript: readonly AuditMessage[] }, o: SummarizeOptions): Promise<Output> => {
    const messages = [...input.messages];
    const manager = new SummarizingConversationManager({ summaryRatio: o.summaryRatio, preserveRecentMessages: o.preserveRecentMessages });
    const reduced = await manager.reduce({ agent: { messages } as never, model: fakeModel as never, error: new ContextWindowOverflowError("the context window overflowed") });
    return { messages, reduced, transcript: input.transcript };
  },
  // Only the two failures summarization documents (context-compression.js), rethrown with the overflow as cause.
  refusal: (error) =>
    error instanceof Error && error.cause instanceof ContextWindowOverflowError && /^(Unable to find valid split point|Failed to generate summary)/.test(error.message) ? `rethrown: ${error.message}` : undefined,
  refusalOutput: (output: Output) => (output.reduced ? undefined : "reduce returned false: the history was not reduced"),
  fromLibrary: (output: Output, input: StrandsInput) => fromStrands(output.messages, input, toolNames(output.transcript)),
});
