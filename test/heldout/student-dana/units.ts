// Contract §4: u(s) in code points, the weights of each item, and J() of tool-call arguments.
import type { Flags } from "./errors";

/** Code points: a surrogate pair is one, a lone surrogate is one too. */
export function u(s: string): number {
  let count = 0;
  for (const _ of s) count++; // the string iterator walks code points (a lone surrogate alone)
  return count;
}

/** Non-empty in the contract's sense: something left after trim(). */
export const hasText = (s: string): boolean => s.trim().length > 0;

export const WEIGHT = { requirement: 3, summary: 5, user: 4, assistant: 4, text: 2, toolCall: 6, toolResult: 7 } as const;

/** J(value) of §4. */
export function jsonUnits(value: unknown, flags: Flags): number {
  if (Array.isArray(value)) {
    let total = 2;
    for (const item of value) total += 1 + jsonUnits(item, flags);
    return total;
  }
  if (typeof value === "object" && value !== null) {
    let total = 2;
    for (const key of Object.keys(value)) total += 1 + u(key) + jsonUnits((value as Record<string, unknown>)[key], flags);
    return total;
  }
  if (typeof value === "string") return 1 + u(value);
  // Mistake json-null-as-word: every other primitive is priced as 1 + the length of its text,
  // which gives true 5, false 6 and numbers right, but null 5 instead of 1.
  if (value === null && !flags.has("json-null-as-word")) return 1;
  return 1 + String(value).length;
}

type Block = { type: string; text?: string; id?: string; name?: string; arguments?: unknown };
type AnyMessage = { role: string; id: string; content: unknown; toolCallId?: string; toolName?: string };

export function messageUnits(m: AnyMessage, flags: Flags): number {
  switch (m.role) {
    case "user":
      return WEIGHT.user + u(m.id) + u(m.content as string);
    case "toolResult":
      return WEIGHT.toolResult + u(m.id) + u(m.toolCallId!) + u(m.toolName!) + u(m.content as string);
    default: {
      let total = WEIGHT.assistant + u(m.id);
      for (const b of m.content as Block[]) {
        total += b.type === "text" ? WEIGHT.text + u(b.text!) : WEIGHT.toolCall + u(b.id!) + u(b.name!) + jsonUnits(b.arguments, flags);
      }
      return total;
    }
  }
}

export const requirementUnits = (r: { id: string; content: string }): number => WEIGHT.requirement + u(r.id) + u(r.content);
export const summaryUnits = (s: { id: string; content: string } | null): number => (s === null ? 0 : WEIGHT.summary + u(s.id) + u(s.content));
