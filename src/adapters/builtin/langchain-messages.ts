import { AIMessage, HumanMessage, SystemMessage, ToolMessage, type BaseMessage } from "@langchain/core/messages";
import type { AuditMessage, OutputMessage } from "../ir";

// IR ↔ LangChain messages, shared by the LangChain adapters. With `blocks`, text is a list of
// text blocks (one per word), the content shape `allowPartial` splits block by block.

type Content = string | { type: "text"; text: string }[];

const content = (text: string, blocks: boolean): Content =>
  blocks ? text.split(" ").filter((w) => w !== "").map((w) => ({ type: "text" as const, text: w })) : text;

export function toLangChain(transcript: readonly AuditMessage[], blocks: boolean): BaseMessage[] {
  return transcript.map((m) => {
    switch (m.role) {
      case "system":
        return new SystemMessage({ id: m.id, content: content(m.text, blocks) });
      case "user":
        return new HumanMessage({ id: m.id, content: content(m.text, blocks) });
      case "assistant":
        return new AIMessage({ id: m.id, content: content(m.text, blocks), tool_calls: m.calls.map((c) => ({ id: c.id, name: c.name, args: c.args, type: "tool_call" as const })) });
      case "tool":
        return new ToolMessage({ id: m.id, content: content(m.text, blocks), tool_call_id: m.callId, name: m.name });
    }
  });
}

function textOf(message: BaseMessage): string {
  const c: unknown = message.content;
  if (typeof c === "string") return c;
  return Array.isArray(c) ? c.map((b: { text?: unknown }) => (typeof b.text === "string" ? b.text : "")).join(" ") : "";
}

export function fromLangChainMessage(message: unknown): OutputMessage {
  if (typeof message !== "object" || message === null || typeof (message as BaseMessage).getType !== "function") {
    return { id: "", role: "invalid", what: message === undefined ? "undefined" : typeof message };
  }
  const m = message as BaseMessage;
  const id = m.id ?? "";
  if (SystemMessage.isInstance(m)) return { id, role: "system", text: textOf(m) };
  if (HumanMessage.isInstance(m)) return { id, role: "user", text: textOf(m) };
  if (ToolMessage.isInstance(m)) return { id, role: "tool", callId: m.tool_call_id, name: m.name ?? "", text: textOf(m) };
  if (AIMessage.isInstance(m)) {
    const calls = (m.tool_calls ?? []).map((c) => ({ id: c.id ?? "", name: c.name, args: c.args }));
    return { id, role: "assistant", text: textOf(m), calls };
  }
  return { id, role: "invalid", what: `a ${m.getType()} message` };
}

/** A simple token counter in the spirit of the docs' example: 3 per message plus one per 4 characters of text and calls. */
export function approximateTokens(messages: readonly BaseMessage[]): number {
  let total = 0;
  for (const m of messages) {
    if (m === undefined || m === null) continue;
    const calls = AIMessage.isInstance(m) && m.tool_calls !== undefined && m.tool_calls.length > 0 ? JSON.stringify(m.tool_calls) : "";
    total += 3 + Math.ceil((textOf(m).length + calls.length) / 4);
  }
  return total;
}
