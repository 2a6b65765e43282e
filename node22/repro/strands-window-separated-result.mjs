// @strands-agents/sdk 1.19.0 SlidingWindowConversationManager, windowSize 2, on a tool result that
// arrives after a user message (a shape the agent loop does not write: it answers a tool use in the
// very next message): the window keeps the user message and the result, and drops the tool use.
// Exit 0 when it reproduces.
import { SlidingWindowConversationManager } from "@strands-agents/sdk";
import { afterInvocation, describe, toolResult, toolUse, user } from "./strands-shared.mjs";

const messages = [toolUse("c0"), user("meanwhile"), toolResult("c0")];
await afterInvocation(new SlidingWindowConversationManager({ windowSize: 2 }), messages);
console.log(`kept: ${describe(messages)}`);
const kept = messages.flatMap((m) => m.content);
if (!kept.some((b) => b.type === "toolResultBlock") || kept.some((b) => b.type === "toolUseBlock")) process.exit(1);
console.log("reproduced: toolResult(c0) kept without its toolUse");
