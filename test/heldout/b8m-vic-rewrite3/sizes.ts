// Vic's own sizes (§4) and cut (§6), written over src/core's reader: a context is built by src/core
// first (so every rule and ceiling of §3 is the reference's), then priced here. One pricer serves
// estimateContextUnits, the walk of selectCompactionBoundary, and compactContext's fast path and
// walk (compactContext is src/core's flow with Vic's size and cut put in: _kit/compact-with.ts).
// Each planted mistake is a flag.
import { buildActiveContext, groupToolRounds } from "../../../src/core/index";
import { readBoundaryOptions } from "../../../src/core/options";
import { codePoints, numberUnits } from "../../../src/core/units";
import { compactWith } from "../_kit/compact-with";

type Flags = ReadonlySet<string>;
type Context = ReturnType<typeof buildActiveContext>;
type Msg = Context["messages"][number];
type Json = null | boolean | number | string | readonly Json[] | { readonly [k: string]: Json };

/** The mistakes planted in Vic's pricer (index.ts switches both on). */
export const PLANTED = ["lists-priced-as-json-arrays", "tool-output-priced-as-json"];

export class Sizes {
  constructor(private readonly flags: Flags) {}

  /** The price of a list whose items cost `prices`. */
  list(prices: readonly number[]): number {
    let n = 0;
    for (const p of prices) n += p;
    // [planted lists-priced-as-json-arrays] a list is priced as §4 prices an array: 2 + Σ (1 + item)
    return this.flags.has("lists-priced-as-json-arrays") ? 2 + prices.length + n : n;
  }

  json(v: Json): number {
    if (v === null) return 1;
    if (typeof v === "boolean") return v ? 5 : 6;
    if (typeof v === "number") return numberUnits(v);
    if (typeof v === "string") return 1 + codePoints(v);
    let n = 2;
    if (Array.isArray(v)) {
      for (const item of v as readonly Json[]) n += 1 + this.json(item);
      return n;
    }
    const o = v as { readonly [k: string]: Json };
    for (const k of Object.keys(o)) n += 1 + codePoints(k) + this.json(o[k]);
    return n;
  }

  /** A tool's output. */
  output(content: string): number {
    if (this.flags.has("tool-output-priced-as-json")) {
      // [planted tool-output-priced-as-json] a tool's output is data: JSON text is priced as its value
      try {
        return this.json(JSON.parse(content) as Json);
      } catch {
        // not JSON: plain text
      }
    }
    return codePoints(content);
  }

  message(m: Msg): number {
    switch (m.role) {
      case "user":
        return 4 + codePoints(m.id) + codePoints(m.content);
      case "toolResult":
        return 7 + codePoints(m.id) + codePoints(m.toolCallId) + codePoints(m.toolName) + this.output(m.content);
      case "assistant":
        return (
          4 +
          codePoints(m.id) +
          this.list(m.content.map((b) => (b.type === "text" ? 2 + codePoints(b.text) : 6 + codePoints(b.id) + codePoints(b.name) + this.json(b.arguments as Json))))
        );
    }
  }

  requirements(c: Context): number {
    return this.list(c.requirements.map((r) => 3 + codePoints(r.id) + codePoints(r.content)));
  }

  context(c: Context): number {
    const summary = c.summary === null ? 0 : 5 + codePoints(c.summary.id) + codePoints(c.summary.content);
    return this.requirements(c) + summary + this.list(c.messages.map((m) => this.message(m)));
  }

  /** §6: the earliest whole-group cut that fits, keeping the last `retain` messages. */
  cut(c: Context, o: { targetUnits: number; summaryMaxUnits: number; retainRecentMessages: number }): number | null {
    const latest = c.messages.length - o.retainRecentMessages;
    if (latest <= 0) return null;
    const prices = c.messages.map((m) => this.message(m));
    const fixed = this.requirements(c) + o.summaryMaxUnits;
    const groups = groupToolRounds(c.messages);
    for (const g of groups) {
      if (g.endIndex > latest) return null;
      if (fixed + this.list(prices.slice(g.endIndex)) <= o.targetUnits) return g.endIndex;
    }
    return null;
  }
}

export function estimateWith(flags: Flags) {
  return (input: unknown): number => new Sizes(flags).context(buildActiveContext(input as never));
}

export function boundaryWith(flags: Flags) {
  return (input: unknown, options: unknown): number | null => {
    const c = buildActiveContext(input as never);
    return new Sizes(flags).cut(c, readBoundaryOptions(options));
  };
}

export function compactionWith(flags: Flags) {
  const sizes = new Sizes(flags);
  return compactWith({
    small: (_units, maxUnits, info) => sizes.context(info.context) <= maxUnits,
    boundaryOf: (info, options) => sizes.cut(info.context, options),
  });
}
