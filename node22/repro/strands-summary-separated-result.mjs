// @strands-agents/sdk 1.19.0 SummarizingConversationManager (summaryRatio 0.1,
// preserveRecentMessages 0) on a context overflow, with a tool result that arrives after a user
// message (a shape the agent loop does not write): the split point lands on the user message, so
// the tool use is summarized and its result kept after the summary. Exit 0 when it reproduces.
import { ContextWindowOverflowError, Message, SummarizingConversationManager, TextBlock } from "@strands-agents/sdk";
import { describe, toolResult, toolUse, user } from "./strands-shared.mjs";

const model = {
  async *streamAggregated() {
    return { message: new Message({ role: "assistant", content: [new TextBlock("the summary")] }), stopReason: "endTurn" };
  },
};
const messages = [toolUse("c0"), user("meanwhile"), toolResult("c0")];
const manager = new SummarizingConversationManager({ summaryRatio: 0.1, preserveRecentMessages: 0 });
const reduced = await manager.reduce({ agent: { messages }, model, error: new ContextWindowOverflowError("overflow") });
console.log(`reduced: ${reduced}; kept: ${describe(messages)}`);
const kept = messages.flatMap((m) => m.content);
if (!reduced || !kept.some((b) => b.type === "toolResultBlock") || kept.some((b) => b.type === "toolUseBlock")) process.exit(1);
console.log("reproduced: toolResult(c0) kept after the summary, its toolUse summarized");
