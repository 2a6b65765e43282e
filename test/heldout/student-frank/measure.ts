// §4 as Frank prices things: code points, the base of each kind of item, and J() for the
// JSON inside tool-call arguments.

/** Number of code points (a lone surrogate is one of them too). */
export function cp(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
    n++;
  }
  return n;
}

/** "non-empty" on the contract's page: something is left once trimmed. */
export const filled = (s: string) => s.trim() !== "";

export const BASE = { requirement: 3, summary: 5, user: 4, assistant: 4, textBlock: 2, toolCall: 6, toolResult: 7 };

export function priceJson(v: unknown): number {
  if (v === null) return 1;
  switch (typeof v) {
    case "boolean":
      return v ? 5 : 6;
    case "number":
      return 1 + String(v).length;
    case "string":
      return 1 + cp(v);
  }
  if (Array.isArray(v)) return v.reduce((sum: number, item) => sum + 1 + priceJson(item), 2);
  let sum = 2;
  for (const [key, item] of Object.entries(v as object)) sum += 1 + cp(key) + priceJson(item);
  return sum;
}

export type PricedMessage =
  | { readonly role: "user"; readonly id: string; readonly content: string }
  | { readonly role: "assistant"; readonly id: string; readonly content: readonly PricedBlock[] }
  | { readonly role: "toolResult"; readonly id: string; readonly toolCallId: string; readonly toolName: string; readonly content: string };
export type PricedBlock = { readonly type: "text"; readonly text: string } | { readonly type: "toolCall"; readonly id: string; readonly name: string; readonly arguments: unknown };

export function priceMessage(m: PricedMessage): number {
  if (m.role === "user") return BASE.user + cp(m.id) + cp(m.content);
  if (m.role === "toolResult") return BASE.toolResult + cp(m.id) + cp(m.toolCallId) + cp(m.toolName) + cp(m.content);
  let sum = BASE.assistant + cp(m.id);
  for (const b of m.content) {
    sum += b.type === "text" ? BASE.textBlock + cp(b.text) : BASE.toolCall + cp(b.id) + cp(b.name) + priceJson(b.arguments);
  }
  return sum;
}

export const priceRequirement = (r: { id: string; content: string }) => BASE.requirement + cp(r.id) + cp(r.content);
export const priceSummary = (id: string, content: string) => BASE.summary + cp(id) + cp(content);
