// Messages (contract §2) and their tool rounds (§5). A transcript is read message by message;
// each call is linked to its one result as soon as the result is met, and every assistant with
// calls gets the span from itself through the last of its results.
import { MAX_CONTEXT_MESSAGES, type Mistakes } from "./base";
import type { Intake } from "./intake";
import type { Block, Message } from "./shapes";

export type Span = { readonly from: number; readonly through: number };
export type ReadTranscript = { readonly messages: readonly Message[]; readonly spans: readonly Span[] };

function block(v: unknown, at: Intake): Block {
  const o = at.plain(v, "a content block");
  const type = at.field(o, "type", "a block");
  if (type === "text") return Object.freeze({ type, text: at.str(at.field(o, "text", "a text block"), "a text", false) });
  if (type !== "toolCall") return at.bad("a block is neither text nor toolCall");
  const id = at.str(at.field(o, "id", "a tool call"), "a tool-call id", true);
  const name = at.str(at.field(o, "name", "a tool call"), "a tool name", true);
  return Object.freeze({ type, id, name, arguments: at.args(at.field(o, "arguments", "a tool call")) });
}

export function message(v: unknown, at: Intake): Message {
  const o = at.plain(v, "a message");
  const role = at.field(o, "role", "a message");
  if (role !== "user" && role !== "assistant" && role !== "toolResult") return at.bad("a message's role is not user, assistant or toolResult");
  const id = at.str(at.field(o, "id", "a message"), "a message id", true);
  if (role === "user") return Object.freeze({ id, role, content: at.str(at.field(o, "content", "a user message"), "a user content", false) });
  if (role === "assistant") {
    const blocks = at.list(at.field(o, "content", "an assistant message"), "an assistant's content").map((b) => block(b, at));
    return Object.freeze({ id, role, content: Object.freeze(blocks) });
  }
  const toolCallId = at.str(at.field(o, "toolCallId", "a tool result"), "toolCallId", true);
  const toolName = at.str(at.field(o, "toolName", "a tool result"), "toolName", true);
  const content = at.str(at.field(o, "content", "a tool result"), "a result content", false);
  const isError = at.field(o, "isError", "a tool result");
  if (typeof isError !== "boolean") return at.bad("isError is not a boolean");
  return Object.freeze({ id, role, toolCallId, toolName, content, isError });
}

/** Reads and validates a transcript (the caller's Intake gives the code and the budgets). */
export function transcript(v: unknown, at: Intake): ReadTranscript {
  const raw = at.list(v, "messages", MAX_CONTEXT_MESSAGES);
  const messages: Message[] = [];
  const calls = new Map<string, { at: number; name: string; done: boolean }>();
  const last = new Map<number, number>();
  for (let i = 0; i < raw.length; i++) {
    const m = message(raw[i], at);
    messages.push(m);
    if (m.role === "assistant") {
      for (const b of m.content) {
        if (b.type !== "toolCall") continue;
        if (calls.has(b.id)) at.bad(`tool-call id ${b.id} appears twice`);
        calls.set(b.id, { at: i, name: b.name, done: false });
      }
    } else if (m.role === "toolResult") {
      const c = calls.get(m.toolCallId);
      if (c === undefined) return at.bad(`result ${m.id} answers no earlier call`);
      if (c.done) at.bad(`call ${m.toolCallId} is answered twice`);
      if (c.name !== m.toolName) at.bad(`result ${m.id} names another tool than its call`);
      c.done = true;
      last.set(c.at, i);
    }
  }
  for (const [id, c] of calls) if (!c.done) at.bad(`call ${id} is never answered`);
  const spans = [...last].map(([from, through]) => ({ from, through })).sort((a, b) => a.from - b.from);
  return { messages: Object.freeze(messages), spans };
}

/** The end (exclusive) of every group, in order: spans that overlap are merged, every other message stands alone. */
export function groupEnds(count: number, spans: readonly Span[], mistakes: Mistakes): number[] {
  const merged: { from: number; through: number }[] = [];
  for (const s of spans) {
    const top = merged[merged.length - 1];
    // Mistake adjacent-rounds-merged: a round that starts right after the previous one ends
    // (they only touch) is merged into it, as if touching spans overlapped; only spans that
    // overlap or nest merge.
    const reach = top === undefined ? -1 : mistakes.has("adjacent-rounds-merged") ? top.through + 1 : top.through;
    if (top !== undefined && s.from <= reach) top.through = Math.max(top.through, s.through);
    else merged.push({ ...s });
  }
  const ends: number[] = [];
  let i = 0;
  for (const span of merged) {
    for (; i < span.from; i++) ends.push(i + 1);
    i = span.through + 1;
    ends.push(i);
  }
  for (; i < count; i++) ends.push(i + 1);
  return ends;
}
