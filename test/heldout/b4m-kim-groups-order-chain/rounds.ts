// Kim's own groupToolRounds (§5) and the boundary walk over it (§6), written over src/core's
// reader: the transcript is validated and copied by buildActiveContext as a context holding only
// these messages (so every rule, code and ceiling of §3 is the reference's, with fresh budgets),
// then grouped here; the walk prices messages by §4 itself. Each planted mistake is a flag.
import { buildActiveContext } from "../../../src/core/index";
import { readBoundaryOptions } from "../../../src/core/options";

type Flags = ReadonlySet<string>;

/** The mistakes planted in this rewrite (index.ts switches both on). */
export const PLANTED = ["rounds-listed-first", "merge-bound-fixed"];

type Block = { readonly type: string; readonly id?: string };
type Message = { readonly id: string; readonly role: string; readonly content: unknown; readonly toolCallId?: string };
type Group = { kind: "message" | "toolRound"; startIndex: number; endIndex: number; messages: readonly Message[] };

/** For each message, the index of the last result of its calls (an assistant with calls), else -1. */
function lastResults(messages: readonly Message[]): number[] {
  const owner = new Map<string, number>();
  const last = messages.map(() => -1);
  messages.forEach((m, i) => {
    if (m.role === "assistant") {
      for (const b of m.content as readonly Block[]) if (b.type === "toolCall") owner.set(b.id as string, i);
    } else if (m.role === "toolResult") {
      const at = owner.get(m.toolCallId as string) as number;
      if (i > last[at]) last[at] = i;
    }
  });
  return last;
}

function group(messages: readonly Message[], kind: Group["kind"], startIndex: number, endIndex: number): Group {
  return Object.freeze({ kind, startIndex, endIndex, messages: Object.freeze(messages.slice(startIndex, endIndex)) });
}

function grouped(messages: readonly Message[], flags: Flags): readonly Group[] {
    const last = lastResults(messages);
    const rounds: Group[] = [];
    const singles: Group[] = [];
    const all: Group[] = [];
    let i = 0;
    while (i < messages.length) {
      if (last[i] === -1) {
        const g = group(messages, "message", i, i + 1);
        singles.push(g);
        all.push(g);
        i++;
        continue;
      }
      // The round runs to the last result of its calls; an assistant inside it whose own round
      // runs further carries it on.
      let end = last[i];
      // [planted merge-bound-fixed] the scan stops at the opener's own last result, so an
      // assistant inside the stretch added by a later one is never looked at
      const bound = end;
      for (let j = i + 1; j <= (flags.has("merge-bound-fixed") ? bound : end); j++) if (last[j] > end) end = last[j];
      const g = group(messages, "toolRound", i, end + 1);
      rounds.push(g);
      all.push(g);
      i = end + 1;
    }
    // [planted rounds-listed-first] the tool rounds are listed first, then the message groups
    return Object.freeze(flags.has("rounds-listed-first") ? [...rounds, ...singles] : all);
}

export function groupsWith(flags: Flags) {
  return (transcript: unknown): readonly Group[] =>
    grouped(buildActiveContext({ messages: transcript } as never).messages as unknown as readonly Message[], flags);
}

type Json = null | boolean | number | string | readonly Json[] | { readonly [k: string]: Json };

/** u(s): code points (for…of yields a lone surrogate as one). */
function u(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

function json(v: Json): number {
  if (v === null) return 1;
  if (typeof v === "boolean") return v ? 5 : 6;
  if (typeof v === "number") return 1 + String(v).length;
  if (typeof v === "string") return 1 + u(v);
  let n = 2;
  if (Array.isArray(v)) for (const item of v as readonly Json[]) n += 1 + json(item);
  else for (const [k, item] of Object.entries(v)) n += 1 + u(k) + json(item);
  return n;
}

function price(m: Message): number {
  const x = m as unknown as Record<string, never>;
  if (m.role === "user") return 4 + u(x.id) + u(x.content);
  if (m.role === "toolResult") return 7 + u(x.id) + u(x.toolCallId) + u(x.toolName) + u(x.content);
  let n = 4 + u(x.id);
  for (const b of m.content as readonly Record<string, never>[]) n += b.type === "text" ? 2 + u(b.text) : 6 + u(b.id) + u(b.name) + json(b.arguments);
  return n;
}

export function boundaryWith(flags: Flags) {
  return (input: unknown, options: unknown): number | null => {
    const context = buildActiveContext(input as never);
    const o = readBoundaryOptions(options);
    const messages = context.messages as unknown as readonly Message[];
    const prices = messages.map(price);
    let kept = prices.reduce((a, b) => a + b, 0);
    let fixed = o.summaryMaxUnits;
    for (const r of context.requirements) fixed += 3 + u(r.id) + u(r.content);
    const latest = messages.length - o.retainRecentMessages;
    for (const g of grouped(messages, flags)) {
      for (let i = g.startIndex; i < g.endIndex; i++) kept -= prices[i];
      if (g.endIndex > latest) return null;
      if (fixed + kept <= o.targetUnits) return g.endIndex;
    }
    return null;
  };
}
