// A small compactor of our own, in the OpenAI chat-completions message shape: it keeps the most
// recent messages that fit `maxTokens` (one token per 4 characters, plus 1 per message), starting
// at a safe boundary: nothing kept answers a call that is not kept.

export type ChatMessage =
  | { role: "system" | "user"; content: string; id: string }
  | { role: "assistant"; content: string; id: string; tool_calls?: { id: string; function: { name: string; arguments: string } }[] }
  | { role: "tool"; content: string; id: string; tool_call_id: string };

export function tokens(messages: readonly ChatMessage[]): number {
  let total = 0;
  for (const m of messages) total += 1 + Math.ceil((m.content.length + JSON.stringify(m.role === "assistant" ? (m.tool_calls ?? []) : []).length) / 4);
  return total;
}

/** Is index `start` a safe place to begin the kept part: every kept result has its call kept? */
function safeStart(messages: readonly ChatMessage[], start: number): boolean {
  const kept = new Set(messages.slice(start).flatMap((m) => (m.role === "assistant" ? (m.tool_calls ?? []).map((c) => c.id) : [])));
  return messages.slice(start).every((m) => m.role !== "tool" || kept.has(m.tool_call_id));
}

export function keepRecent(messages: readonly ChatMessage[], maxTokens: number): ChatMessage[] {
  for (let start = 0; start <= messages.length; start++) {
    const rest = messages.slice(start);
    if (safeStart(messages, start) && tokens(rest) <= maxTokens) return rest;
  }
  return [];
}
