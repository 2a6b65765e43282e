// Shared by the Strands reproductions: messages as the agent loop writes them, and the sliding
// window applied as an Agent applies it after an invocation (its AfterInvocationEvent hook).
import { AfterInvocationEvent, Message, TextBlock, ToolResultBlock, ToolUseBlock } from "@strands-agents/sdk";

export const user = (text) => new Message({ role: "user", content: [new TextBlock(text)] });
export const toolUse = (id) => new Message({ role: "assistant", content: [new ToolUseBlock({ name: "lookup", toolUseId: id, input: {} })] });
export const toolResult = (id) => new Message({ role: "user", content: [new ToolResultBlock({ toolUseId: id, status: "success", content: [new TextBlock("found")] })] });

export function describe(messages) {
  return messages
    .map((m) => m.content.map((b) => (b.type === "toolUseBlock" ? `toolUse(${b.toolUseId})` : b.type === "toolResultBlock" ? `toolResult(${b.toolUseId})` : `${m.role}:${JSON.stringify(b.text)}`)).join("+"))
    .join(", ");
}

export async function afterInvocation(manager, messages) {
  const hooks = [];
  manager.initAgent({ addHook: (event, hook) => event === AfterInvocationEvent && hooks.push(hook) });
  for (const hook of hooks) await hook({ agent: { messages } });
}
