import { Message, TextBlock, ToolResultBlock, ToolUseBlock } from "@strands-agents/sdk";
import { groupAdjacentResults, type AuditMessage, type OutputMessage } from "../../src/adapters/ir";

// Strands messages for both Strands adapters. Strands has no system role (the system prompt is the
// agent's), so a system message is a user text message (an undocumented shape); the results of one
// assistant message's tool uses are one user message of toolResult blocks; and messages have no
// ids, so each message's IR ids are kept in a WeakMap by the message object, which the
// conversation managers keep as they are (they splice the array). A message the map does not
// know was written by the library: a summary.

export type StrandsInput = { messages: Message[]; ids: WeakMap<Message, { ids: string[]; role: AuditMessage["role"] }> };

export function toStrands(transcript: readonly AuditMessage[]): StrandsInput {
  const ids: StrandsInput["ids"] = new WeakMap();
  const messages = groupAdjacentResults(transcript).map((group) => {
    const [m] = group as [AuditMessage];
    let message: Message;
    if (m.role === "tool") {
      const blocks = group.map((r) => new ToolResultBlock({ toolUseId: r.role === "tool" ? r.callId : "", status: "success", content: [new TextBlock(r.role === "tool" ? r.text : "")] }));
      message = new Message({ role: "user", content: blocks });
    } else if (m.role === "assistant") {
      message = new Message({ role: "assistant", content: [...(m.text === "" ? [] : [new TextBlock(m.text)]), ...m.calls.map((c) => new ToolUseBlock({ name: c.name, toolUseId: c.id, input: c.args }))] });
    } else message = new Message({ role: "user", content: [new TextBlock(m.text)] });
    ids.set(message, { ids: group.map((g) => g.id), role: m.role });
    return message;
  });
  return { messages, ids };
}

type Block = { type: string; text?: string; name?: string; toolUseId?: string; input?: unknown; content?: { text?: string }[] };

export function fromStrands(messages: readonly Message[], input: StrandsInput, names: ReadonlyMap<string, string>): OutputMessage[] {
  return messages.flatMap((message): OutputMessage[] => {
    const known = input.ids.get(message);
    const blocks = message.content as unknown as Block[];
    const text = blocks.filter((b) => b.type === "textBlock").map((b) => b.text ?? "").join("");
    if (known === undefined) return [{ id: "summary", role: "summary", text }];
    if (known.role === "tool") {
      return blocks.filter((b) => b.type === "toolResultBlock").map((b, k) => ({ id: known.ids[k] ?? "", role: "tool", callId: b.toolUseId ?? "", name: names.get(b.toolUseId ?? "") ?? "", text: (b.content ?? []).map((c) => c.text ?? "").join("") }));
    }
    if (known.role === "assistant") {
      const calls = blocks.filter((b) => b.type === "toolUseBlock").map((b) => ({ id: b.toolUseId ?? "", name: b.name ?? "", args: (b.input ?? {}) as never }));
      return [{ id: known.ids[0]!, role: "assistant", text, calls }];
    }
    return [{ id: known.ids[0]!, role: known.role, text }];
  });
}

/** Tool names by call id (a Strands tool result does not repeat its tool's name). */
export function toolNames(transcript: readonly AuditMessage[]): Map<string, string> {
  return new Map(transcript.flatMap((m) => (m.role === "assistant" ? m.calls.map((c) => [c.id, c.name] as const) : [])));
}
