// Units (contract §4). Erin prices each kind of item from one table of base costs, and J() of
// tool-call arguments by walking the copied JSON.
import { cp, type Mistakes } from "./base";
import type { Block, Message, Requirement, Summary } from "./shapes";

const BASE = { requirement: 3, summary: 5, user: 4, assistant: 4, text: 2, toolCall: 6, toolResult: 7 } as const;

export function jsonCost(v: unknown, mistakes: Mistakes): number {
  if (v === null) return 1;
  if (v === true) return 5;
  if (v === false) return 6;
  if (typeof v === "string") return 1 + cp(v);
  // Mistake json-number-flat: every number is priced as one character after its tag, 2 in
  // all, whatever its text ("7" and "-12.5" alike); J(number) is 1 + String(n).length.
  if (typeof v === "number") return mistakes.has("json-number-flat") ? 2 : 1 + String(v).length;
  let sum = 2;
  if (Array.isArray(v)) {
    for (const item of v) sum += 1 + jsonCost(item, mistakes);
  } else {
    for (const [key, value] of Object.entries(v as object)) sum += 1 + cp(key) + jsonCost(value, mistakes);
  }
  return sum;
}

function blockCost(b: Block, mistakes: Mistakes): number {
  if (b.type === "text") return BASE.text + cp(b.text);
  return BASE.toolCall + cp(b.id) + cp(b.name) + jsonCost(b.arguments, mistakes);
}

export function messageCost(m: Message, mistakes: Mistakes): number {
  if (m.role === "user") return BASE.user + cp(m.id) + cp(m.content);
  if (m.role === "toolResult") return BASE.toolResult + cp(m.id) + cp(m.toolCallId) + cp(m.toolName) + cp(m.content);
  return m.content.reduce((sum, b) => sum + blockCost(b, mistakes), BASE.assistant + cp(m.id));
}

/** A requirement's units. */
export function requirementCost(r: Requirement, mistakes: Mistakes): number {
  // Mistake requirement-base-4: a requirement is priced like a user message, 4 + u(id) +
  // u(content); its own base is 3.
  const base = mistakes.has("requirement-base-4") ? BASE.user : BASE.requirement;
  return base + cp(r.id) + cp(r.content);
}

/** The summary's units; also the size of a new summary before it exists (summaryId, text). */
export const summaryCost = (s: Summary | null): number => (s === null ? 0 : BASE.summary + cp(s.id) + cp(s.content));
