// Alice's compactContext (contract §7).
import { MAX_CONTEXT_STRING_UNITS, cp, hasText, oops, unitsOf, type Bugs } from "./basics";
import { pickBoundary, type makeContexts, type Built } from "./context";
import { compactOptions, isAborted, type CompactOptions } from "./options";
import { awaitSummary } from "./summary";

type M = Record<string, any>;
type Contexts = ReturnType<typeof makeContexts>;
const P = Promise;

function notAborted(o: CompactOptions): void {
  if (o.signal === undefined) return;
  const a = isAborted(o.signal);
  if (a === "not a signal") oops("CONTEXT_SUMMARIZER_FAILED", "the signal broke");
  if (a) oops("CONTEXT_CANCELLED", "aborted");
}

export function makeCompact(contexts: Contexts, bugs: Bugs) {
  function commit(b: Built, o: CompactOptions, boundary: number, text: unknown): M {
    notAborted(o);
    if (typeof text !== "string") oops("CONTEXT_SUMMARY_INVALID", "the summary must be text");
    const t = text as string;
    if (cp(t) > MAX_CONTEXT_STRING_UNITS) oops("CONTEXT_LIMIT_EXCEEDED", "the summary is too long");
    if (!hasText(t)) oops("CONTEXT_SUMMARY_INSUFFICIENT", "the summary is blank");
    const summary = Object.freeze({ id: o.summaryId, content: t });
    const summaryUnits = contexts.summaryUnits(summary);
    if (summaryUnits > o.summaryMaxUnits) oops("CONTEXT_SUMMARY_INSUFFICIENT", "the summary is too big");
    const kept = b.ctx.messages.slice(boundary);
    const calls = new Set(kept.filter((m: M) => m.role === "assistant").flatMap((m: M) => m.content.filter((x: M) => x.type === "toolCall").map((x: M) => x.id)));
    if (kept.some((m: M) => m.role === "toolResult" && !calls.has(m.toolCallId))) oops("CONTEXT_INVALID_TRANSCRIPT", "the kept messages break a round");
    const unitsAfter = b.reqUnits + summaryUnits + kept.reduce((n: number, m: M) => n + unitsOf(m, bugs), 0);
    if (unitsAfter > o.targetUnits) oops("CONTEXT_SUMMARY_INSUFFICIENT", "still above targetUnits");
    const record = Object.freeze({
      id: o.recordId,
      summaryId: o.summaryId,
      boundary,
      compactedMessageIds: Object.freeze(b.ctx.messages.slice(0, boundary).map((m: M) => m.id)),
      unitsBefore: b.units,
      unitsAfter,
    });
    const parts = { requirements: b.ctx.requirements, summary, messages: Object.freeze(kept), compactions: Object.freeze([...b.ctx.compactions, record]) };
    contexts.read(parts); // validates the new context as a whole (limits included)
    const next = contexts.seal(parts, b.ends.slice(boundary).map((e) => e - boundary));
    notAborted(o);
    return Object.freeze({ status: "compacted", context: next.ctx, record });
  }

  return function compactContext(input: unknown, options: unknown): Promise<unknown> {
    return new P((resolve, reject) => {
      try {
        const b = contexts.get(input);
        const o = compactOptions(options);
        if (b.units <= o.maxUnits) return resolve(Object.freeze({ status: "unchanged", context: b.ctx, record: null }));
        if (o.signal !== undefined) {
          const a = isAborted(o.signal);
          if (a === "not a signal") oops("CONTEXT_INVALID_INPUT", "the signal broke");
          if (a) oops("CONTEXT_CANCELLED", "aborted before compaction");
        }
        if (b.ctx.compactions.some((r: M) => r.id === o.recordId)) oops("CONTEXT_INVALID_INPUT", "the record id is taken");
        const boundary = pickBoundary(b, o, bugs, contexts.summaryUnits);
        if (boundary === null) oops("CONTEXT_BOUNDARY_UNAVAILABLE", "no boundary");
        const request = Object.freeze({
          requirements: b.ctx.requirements,
          previousSummary: b.ctx.summary,
          messages: Object.freeze(b.ctx.messages.slice(0, boundary!)),
          boundary,
          maxSummaryUnits: o.summaryMaxUnits,
        });
        let value: unknown;
        try {
          value = Reflect.apply(o.summarizer, undefined, [request, o.signal ?? new AbortController().signal]);
        } catch {
          oops("CONTEXT_SUMMARIZER_FAILED", "the summarizer threw");
        }
        awaitSummary(value, o.signal, bugs, (e, text) => {
          if (e) return reject(e);
          try {
            resolve(commit(b, o, boundary!, text));
          } catch (failure) {
            reject(failure);
          }
        });
      } catch (failure) {
        reject(failure);
      }
    });
  };
}
