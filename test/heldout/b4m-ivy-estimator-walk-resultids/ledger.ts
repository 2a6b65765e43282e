// Ivy's own pricing (contract §4) and cut (§6), written over src/core's reader: every context is
// built by src/core first (so every rule and ceiling of §3 is the reference's), then priced
// and walked here. Each planted mistake is a flag.
import { buildActiveContext, groupToolRounds } from "../../../src/core/index";
import { readBoundaryOptions } from "../../../src/core/options";

export type Flags = ReadonlySet<string>;
type Json = null | boolean | number | string | readonly Json[] | { readonly [k: string]: Json };
type Block = { type: "text"; text: string } | { type: "toolCall"; id: string; name: string; arguments: { readonly [k: string]: Json } };
export type Msg =
  | { id: string; role: "user"; content: string }
  | { id: string; role: "assistant"; content: readonly Block[] }
  | { id: string; role: "toolResult"; toolCallId: string; toolName: string; content: string; isError: boolean };
export type Ctx = {
  requirements: readonly { id: string; content: string }[];
  summary: { id: string; content: string } | null;
  messages: readonly Msg[];
};

// Characters that take no room on screen (zero-width space, joiners, word joiner, BOM).
const INVISIBLE = /[\u200b-\u200d\u2060\ufeff]/g;

export class Ledger {
  constructor(readonly flags: Flags) {}

  /** u(s): the code points of s. */
  u(s: string): number {
    // [planted invisible-characters-free] what takes no room on screen is not charged
    const seen = this.flags.has("invisible-characters-free") ? s.replace(INVISIBLE, "") : s;
    let n = 0;
    for (const _ of seen) n++;
    return n;
  }

  json(v: Json): number {
    switch (typeof v) {
      case "boolean":
        return v ? 5 : 6;
      case "number":
        return 1 + `${v}`.length;
      case "string":
        return 1 + this.u(v);
      default:
        if (v === null) return 1;
        if (Array.isArray(v)) return (v as readonly Json[]).reduce<number>((n, item) => n + 1 + this.json(item), 2);
        return Object.keys(v).reduce((n, k) => n + 1 + this.u(k) + this.json((v as { readonly [k: string]: Json })[k]), 2);
    }
  }

  message(m: Msg): number {
    if (m.role === "user") return 4 + this.u(m.id) + this.u(m.content);
    if (m.role === "toolResult") return 7 + this.u(m.id) + this.u(m.toolCallId) + this.u(m.toolName) + this.u(m.content);
    let n = 4 + this.u(m.id);
    for (const b of m.content) n += b.type === "text" ? 2 + this.u(b.text) : 6 + this.u(b.id) + this.u(b.name) + this.json(b.arguments);
    return n;
  }

  requirements(c: Ctx): number {
    return c.requirements.reduce((n, r) => n + 3 + this.u(r.id) + this.u(r.content), 0);
  }

  summary(s: { id: string; content: string } | null): number {
    return s === null ? 0 : 5 + this.u(s.id) + this.u(s.content);
  }

  total(c: Ctx): number {
    return this.requirements(c) + this.summary(c.summary) + c.messages.reduce((n, m) => n + this.message(m), 0);
  }

  /** §6: the earliest whole-group cut that fits, on a context already built. */
  cut(c: Ctx, o: { targetUnits: number; summaryMaxUnits: number; retainRecentMessages: number }): number | null {
    const prices = c.messages.map((m) => this.message(m));
    const latest = c.messages.length - o.retainRecentMessages;
    const fixed = this.requirements(c) + o.summaryMaxUnits;
    let kept = prices.reduce((a, b) => a + b, 0);
    for (const g of groupToolRounds(c.messages as never)) {
      // [planted group-priced-by-first-message] a group is taken off at the price of the message that opens it
      if (this.flags.has("group-priced-by-first-message")) kept -= prices[g.startIndex];
      else for (let i = g.startIndex; i < g.endIndex; i++) kept -= prices[i];
      if (g.endIndex > latest) return null;
      if (fixed + kept <= o.targetUnits) return g.endIndex;
    }
    return null;
  }
}

export const built = (input: unknown): Ctx => buildActiveContext(input as never) as unknown as Ctx;

export function estimateWith(flags: Flags) {
  return (input: unknown): number => new Ledger(flags).total(built(input));
}

export function boundaryWith(flags: Flags) {
  return (input: unknown, options: unknown): number | null => {
    const c = built(input);
    return new Ledger(flags).cut(c, readBoundaryOptions(options));
  };
}
