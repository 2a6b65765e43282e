// Alice's ActiveContext (contract §3-§6): build, units, groups, boundary.
import { MAX_CONTEXT_MESSAGES, MAX_CONTEXT_TOTAL_UNITS, cp, oops, unitsOf, type Bugs } from "./basics";
import { NONE, makeReader, part } from "./read";

type M = Record<string, any>;
export type Built = { ctx: M; units: number; reqUnits: number; perMessage: number[]; ends: number[] };

export function makeContexts(bugs: Bugs) {
  const built = new WeakMap<object, Built>();
  const transcripts = new WeakMap<object, Built>();

  const summaryUnits = (s: M | null) => (s ? 5 + cp(s.id) + cp(s.content) : 0);

  function seal(parts: M, ends: number[]): Built {
    const reqUnits = parts.requirements.reduce((n: number, q: M) => n + 3 + cp(q.id) + cp(q.content), 0);
    const perMessage = parts.messages.map((m: M) => unitsOf(m, bugs));
    const units = reqUnits + summaryUnits(parts.summary) + perMessage.reduce((a: number, b: number) => a + b, 0);
    if (units > MAX_CONTEXT_TOTAL_UNITS) oops("CONTEXT_LIMIT_EXCEEDED", "the context is over 1,000,000 units");
    const ctx = Object.freeze({ requirements: parts.requirements, summary: parts.summary, messages: parts.messages, compactions: parts.compactions });
    const b = { ctx, units, reqUnits, perMessage, ends };
    built.set(ctx, b);
    transcripts.set(ctx.messages, b);
    return b;
  }

  function read(input: unknown): { parts: M; ends: number[] } {
    const reader = makeReader(bugs);
    const top = part("CONTEXT_INVALID_INPUT", () => reader.obj(input, "the context"));
    const requirements = part("CONTEXT_INVALID_INPUT", () => {
      const v = reader.own(top, "requirements");
      return v === NONE ? Object.freeze([]) : reader.requirements(v);
    });
    const summary = part("CONTEXT_INVALID_INPUT", () => {
      const v = reader.own(top, "summary");
      return v === NONE ? null : reader.summary(v);
    });
    const messagesValue = part("CONTEXT_INVALID_INPUT", () => reader.own(top, "messages"));
    const t = part("CONTEXT_INVALID_TRANSCRIPT", () => reader.transcript(messagesValue === NONE ? [] : messagesValue));
    const compactions = part("CONTEXT_INVALID_INPUT", () => {
      const v = reader.own(top, "compactions");
      return v === NONE ? Object.freeze([]) : reader.records(v);
    });
    return { parts: { requirements, summary, messages: t.messages, compactions }, ends: t.ends };
  }

  function get(input: unknown): Built {
    const known = typeof input === "object" && input !== null ? built.get(input) : undefined;
    if (known) return known;
    const { parts, ends } = read(input);
    return seal(parts, ends);
  }

  function transcriptOf(v: unknown): { messages: readonly M[]; ends: number[] } {
    const known = typeof v === "object" && v !== null ? transcripts.get(v) : undefined;
    if (known) return { messages: known.ctx.messages, ends: known.ends };
    const reader = makeReader(bugs);
    const t = part("CONTEXT_INVALID_TRANSCRIPT", () => reader.transcript(v));
    if (t.messages.reduce((n, m) => n + unitsOf(m, bugs), 0) > MAX_CONTEXT_TOTAL_UNITS) oops("CONTEXT_LIMIT_EXCEEDED", "over 1,000,000 units");
    return t;
  }

  return { get, read, seal, transcriptOf, summaryUnits };
}

/** [start, end) of each group. */
export function spans(ends: readonly number[]): [number, number][] {
  const out: [number, number][] = [];
  let start = 0;
  while (start < ends.length) {
    let last = ends[start];
    for (let i = start + 1; i <= last; i++) last = Math.max(last, ends[i]);
    out.push([start, last + 1]);
    start = last + 1;
  }
  return out;
}

export function groupsFrom(messages: readonly M[], ends: readonly number[]): readonly M[] {
  return Object.freeze(
    spans(ends).map(([s, e]) => Object.freeze({ kind: e - s > 1 ? "toolRound" : "message", startIndex: s, endIndex: e, messages: Object.freeze(messages.slice(s, e)) })),
  );
}

export type BoundaryOptions = { targetUnits: number; summaryMaxUnits: number; retainRecentMessages: number };

export function pickBoundary(b: Built, o: BoundaryOptions, bugs: Bugs, summaryUnits: (s: M | null) => number): number | null {
  const latest = b.ctx.messages.length - o.retainRecentMessages;
  if (latest <= 0) return null;
  // Mistake boundary-reserves-current-summary: the room kept is the current summary's, not summaryMaxUnits.
  const fixed = b.reqUnits + (bugs.has("boundary-reserves-current-summary") ? summaryUnits(b.ctx.summary) : o.summaryMaxUnits);
  for (const [, end] of spans(b.ends)) {
    if (end > latest) return null;
    const rest = b.perMessage.slice(end).reduce((x, y) => x + y, 0);
    if (fixed + rest <= o.targetUnits) return end;
  }
  return null;
}

export { MAX_CONTEXT_MESSAGES };
