// Gus's own estimator (§4) and boundary walk (§6), written over the reference's reader: the context
// is built by src/core first (so every rule and ceiling of §3 is the reference's), then priced and
// walked here. Each planted mistake is a flag.
import { buildActiveContext, groupToolRounds } from "../../../src/core/index";
import { readBoundaryOptions } from "../../../src/core/options";

type Flags = ReadonlySet<string>;

/** The mistakes planted in this rewrite (index.ts switches both on). */
export const PLANTED = ["key-units-utf16", "arguments-units-cached-by-tool-name"];
type Json = null | boolean | number | string | readonly Json[] | { readonly [k: string]: Json };
type Block = { type: "text"; text: string } | { type: "toolCall"; id: string; name: string; arguments: { readonly [k: string]: Json } };
type Message =
  | { id: string; role: "user"; content: string }
  | { id: string; role: "assistant"; content: readonly Block[] }
  | { id: string; role: "toolResult"; toolCallId: string; toolName: string; content: string; isError: boolean };
type Context = {
  requirements: readonly { id: string; content: string }[];
  summary: { id: string; content: string } | null;
  messages: readonly Message[];
};

/** Code points: a surrogate pair is one, a lone surrogate one. */
function points(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

export class Pricer {
  /** J(arguments) of the tool calls priced so far, by tool name. */
  readonly #byTool = new Map<string, number>();
  constructor(readonly flags: Flags) {}

  /** The units of an argument key. */
  key(k: string): number {
    return this.flags.has("key-units-utf16") ? k.length : points(k);
  }

  json(v: Json): number {
    if (v === null) return 1;
    if (typeof v === "boolean") return v ? 5 : 6;
    if (typeof v === "number") return 1 + String(v).length;
    if (typeof v === "string") return 1 + points(v);
    if (Array.isArray(v)) {
      let n = 2;
      for (const item of v as readonly Json[]) n += 1 + this.json(item);
      return n;
    }
    let n = 2;
    for (const [k, item] of Object.entries(v)) n += 1 + this.key(k) + this.json(item);
    return n;
  }

  args(name: string, args: { readonly [k: string]: Json }): number {
    if (!this.flags.has("arguments-units-cached-by-tool-name")) return this.json(args);
    // The same tool is called again and again: its arguments are priced once.
    const known = this.#byTool.get(name);
    if (known !== undefined) return known;
    const n = this.json(args);
    this.#byTool.set(name, n);
    return n;
  }

  block(b: Block): number {
    if (b.type === "text") return 2 + points(b.text);
    return 6 + points(b.id) + points(b.name) + this.args(b.name, b.arguments);
  }

  message(m: Message): number {
    switch (m.role) {
      case "user":
        return 4 + points(m.id) + points(m.content);
      case "assistant": {
        let n = 4 + points(m.id);
        for (const b of m.content) n += this.block(b);
        return n;
      }
      case "toolResult":
        return 7 + points(m.id) + points(m.toolCallId) + points(m.toolName) + points(m.content);
    }
  }

  requirements(c: Context): number {
    let n = 0;
    for (const r of c.requirements) n += 3 + points(r.id) + points(r.content);
    return n;
  }

  context(c: Context): number {
    let n = this.requirements(c);
    if (c.summary !== null) n += 5 + points(c.summary.id) + points(c.summary.content);
    for (const m of c.messages) n += this.message(m);
    return n;
  }
}

export function estimateWith(flags: Flags) {
  return (input: unknown): number => new Pricer(flags).context(buildActiveContext(input as never) as unknown as Context);
}

export function boundaryWith(flags: Flags) {
  return (input: unknown, options: unknown): number | null => {
    const context = buildActiveContext(input as never) as unknown as Context;
    const o = readBoundaryOptions(options);
    const pricer = new Pricer(flags);
    const prices = context.messages.map((m) => pricer.message(m));
    const latest = context.messages.length - o.retainRecentMessages;
    const fixed = pricer.requirements(context) + o.summaryMaxUnits;
    let kept = prices.reduce((a, b) => a + b, 0);
    for (const group of groupToolRounds(context.messages as never)) {
      for (let i = group.startIndex; i < group.endIndex; i++) kept -= prices[i];
      if (group.endIndex > latest) return null;
      if (fixed + kept <= o.targetUnits) return group.endIndex;
    }
    return null;
  };
}
