import type { Json } from "../../src/scenario";

// A minimal view of a transcript: message ids, where each tool call sits and where each
// result sits. The contract-independent invariants (transcript-invariants.ts) are written
// against this view only, so other message formats (OpenAI, Anthropic, AI SDK, LangChain)
// can reuse them later through their own adapter (design.md, "Room to grow").

export interface TranscriptView {
  readonly ids: readonly string[];
  readonly calls: readonly { readonly id: string; readonly messageIndex: number }[];
  readonly results: readonly { readonly toolCallId: string; readonly messageIndex: number }[];
}

/**
 * Adapter from this contract's Message IR (as data). Reads defensively: entries that are not
 * message-shaped contribute an id of "" and no calls or results, so a malformed output still
 * yields a view whose invariants then fail loudly instead of crashing the check.
 */
export function viewOfMessages(messages: Json | undefined): TranscriptView {
  const ids: string[] = [];
  const calls: { id: string; messageIndex: number }[] = [];
  const results: { toolCallId: string; messageIndex: number }[] = [];
  const list = Array.isArray(messages) ? messages : [];
  list.forEach((message, messageIndex) => {
    const record = isObject(message) ? message : {};
    ids.push(typeof record.id === "string" ? record.id : "");
    if (record.role === "assistant" && Array.isArray(record.content)) {
      for (const block of record.content) {
        if (isObject(block) && block.type === "toolCall" && typeof block.id === "string") calls.push({ id: block.id, messageIndex });
      }
    }
    if (record.role === "toolResult" && typeof record.toolCallId === "string") results.push({ toolCallId: record.toolCallId, messageIndex });
  });
  return { ids, calls, results };
}

function isObject(value: Json | undefined): value is { [key: string]: Json } {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
