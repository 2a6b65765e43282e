// @strands-agents/sdk 1.19.0 SlidingWindowConversationManager, windowSize 1 ("maximum number of
// messages to keep in the conversation history"): after an invocation that ends on a tool use and
// its result, the window keeps both messages: 2 > windowSize. It finds no trim point that keeps the
// pair and logs "unable to trim conversation context" instead. Exit 0 when it reproduces.
import { SlidingWindowConversationManager } from "@strands-agents/sdk";
import { afterInvocation, describe, toolResult, toolUse } from "./strands-shared.mjs";

const messages = [toolUse("c0"), toolResult("c0")];
await afterInvocation(new SlidingWindowConversationManager({ windowSize: 1 }), messages);
console.log(`kept ${messages.length} messages with windowSize 1: ${describe(messages)}`);
if (messages.length <= 1) process.exit(1);
console.log("reproduced: more messages than windowSize");
