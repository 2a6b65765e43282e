// One mistake (wrapper): the student's reader of tool-call arguments refuses a value when
// `depth >= MAX_CONTEXT_DEPTH` instead of `depth > MAX_CONTEXT_DEPTH`, so a value nested
// exactly 32 deep is refused with CONTEXT_LIMIT_EXCEEDED.
import { maker } from "../_kit/assemble";
import { contractError } from "../_kit/impl";
import { checkBuilt } from "../_kit/layers";

function deepest(value: unknown, depth: number): number {
  if (typeof value !== "object" || value === null) return depth;
  const items = Array.isArray(value) ? value : Object.values(value);
  return items.reduce((max: number, item) => Math.max(max, deepest(item, depth + 1)), depth);
}

function refuseDepth32(messages: readonly unknown[]): void {
  for (const m of messages as { role: string; content: { type: string; arguments?: unknown }[] }[]) {
    if (m.role !== "assistant") continue;
    for (const block of m.content) {
      if (block.type === "toolCall" && deepest(block.arguments, 0) >= 32) throw contractError("CONTEXT_LIMIT_EXCEEDED", "arguments nest 32 deep");
    }
  }
}

export const make = maker({
  "depth-32-refused": { layer: (base) => checkBuilt(base, refuseDepth32) },
});
