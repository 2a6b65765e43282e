// Contract §4 units of the parts of a context the reference has already built (so every value
// is plain, frozen and valid): for student rewrites that count units themselves.
type Json = null | boolean | number | string | readonly Json[] | { readonly [key: string]: Json };
type Block = { type: "text"; text: string } | { type: "toolCall"; id: string; name: string; arguments: { [key: string]: Json } };
export type Message =
  | { id: string; role: "user"; content: string }
  | { id: string; role: "assistant"; content: readonly Block[] }
  | { id: string; role: "toolResult"; toolCallId: string; toolName: string; content: string; isError: boolean };
export type Context = {
  requirements: readonly { id: string; content: string }[];
  summary: { id: string; content: string } | null;
  messages: readonly Message[];
};

/** u(s): code points. */
export const u = (s: string): number => Array.from(s).length;

/** Each weight of the table of §4, so that a rewrite can get one of them wrong. */
export type Weights = {
  readonly number: (n: number) => number;
  readonly toolResult: (m: Extract<Message, { role: "toolResult" }>) => number;
  readonly summary: (s: { id: string; content: string }) => number;
  readonly falseUnits: number;
};

export const CONTRACT_WEIGHTS: Weights = {
  number: (n) => 1 + String(n).length,
  toolResult: (m) => 7 + u(m.id) + u(m.toolCallId) + u(m.toolName) + u(m.content),
  summary: (s) => 5 + u(s.id) + u(s.content),
  falseUnits: 6,
};

export function jsonUnits(value: Json, w: Weights = CONTRACT_WEIGHTS): number {
  if (value === null) return 1;
  if (typeof value === "boolean") return value ? 5 : w.falseUnits;
  if (typeof value === "number") return w.number(value);
  if (typeof value === "string") return 1 + u(value);
  if (Array.isArray(value)) return 2 + value.reduce((sum: number, item: Json) => sum + 1 + jsonUnits(item, w), 0);
  const record = value as { readonly [key: string]: Json };
  return 2 + Object.keys(record).reduce((sum, key) => sum + 1 + u(key) + jsonUnits(record[key], w), 0);
}

export function messageUnits(m: Message, w: Weights = CONTRACT_WEIGHTS): number {
  switch (m.role) {
    case "user":
      return 4 + u(m.id) + u(m.content);
    case "toolResult":
      return w.toolResult(m);
    case "assistant":
      return (
        4 +
        u(m.id) +
        m.content.reduce(
          (sum, block) =>
            sum + (block.type === "text" ? 2 + u(block.text) : 6 + u(block.id) + u(block.name) + jsonUnits(block.arguments, w)),
          0,
        )
      );
  }
}

export function requirementsUnits(context: Context): number {
  return context.requirements.reduce((sum, r) => sum + 3 + u(r.id) + u(r.content), 0);
}

export function contextUnits(context: Context, w: Weights = CONTRACT_WEIGHTS): number {
  return (
    requirementsUnits(context) +
    (context.summary === null ? 0 : w.summary(context.summary)) +
    context.messages.reduce((sum, m) => sum + messageUnits(m, w), 0)
  );
}
