// One mistake (wrapper): the student's estimateContextUnits counts J(number) as
// 1 + String(Math.abs(n)).length, forgetting the minus sign of a negative number (one unit
// less per negative number in tool-call arguments).
import { maker } from "../_kit/assemble";

function negatives(value: unknown): number {
  if (typeof value === "number") return value < 0 ? 1 : 0;
  if (typeof value !== "object" || value === null) return 0;
  return (Array.isArray(value) ? value : Object.values(value)).reduce((sum: number, item) => sum + negatives(item), 0);
}

type Any = Record<string, any>;

function negativesIn(context: Any): number {
  let count = 0;
  for (const m of context.messages) {
    if (m.role !== "assistant") continue;
    for (const b of m.content) if (b.type === "toolCall") count += negatives(b.arguments);
  }
  return count;
}

export const make = maker({
  "negative-number-sign": {
    layer: (base) => ({
      ...base,
      estimateContextUnits: (input) => {
        const context = base.buildActiveContext(input) as Any;
        return base.estimateContextUnits(context) - negativesIn(context);
      },
    }),
  },
});
