// compactContext (contract §7), steps 1-8 in order. Everything that can fail is checked
// before anything a caller could see is made, so a failure changes nothing and leaves no record.
import { MAX_CONTEXT_STRING_UNITS, raise, type Flags } from "./errors";
import { chooseBoundary, readContext, remember, snapshotOf, type ActiveContext, type CompactionRecord, type Snapshot } from "./context";
import { compactOptions, isAborted, type CompactOptions } from "./options";
import { Adoption } from "./adopt";
import { WEIGHT, hasText, u } from "./units";

const NativePromise = Promise;

export function compactContext(input: unknown, options: unknown, flags: Flags): Promise<unknown> {
  return new NativePromise((resolve, reject) => {
    try {
      begin(input, options, flags, resolve, reject);
    } catch (error) {
      reject(error);
    }
  });
}

function begin(input: unknown, rawOptions: unknown, flags: Flags, resolve: (v: unknown) => void, reject: (e: unknown) => void): void {
  // 1. The context, then the options.
  const snap = snapshotOf(input, flags);
  const o = compactOptions(rawOptions);
  // 2. Small enough: unchanged, without the summarizer and without looking at the signal.
  if (snap.units <= o.maxUnits) return resolve(Object.freeze({ status: "unchanged", context: snap.context, record: null }));
  // 3. Already aborted, a used record id, no boundary.
  if (o.signal !== null) {
    const aborted = isAborted(o.signal);
    if (aborted === null) raise("CONTEXT_INVALID_INPUT", "options.signal cannot be read");
    if (aborted) raise("CONTEXT_CANCELLED", "the signal was aborted before compaction");
  }
  if (snap.context.compactions.some((r) => r.id === o.recordId)) raise("CONTEXT_INVALID_INPUT", `record id ${o.recordId} is already used`);
  const boundary = chooseBoundary(snap, o, flags);
  if (boundary === null) return raise("CONTEXT_BOUNDARY_UNAVAILABLE", "no whole-group cut fits targetUnits");
  // 4. One call with the frozen request.
  const ctx = snap.context;
  const request = Object.freeze({
    requirements: ctx.requirements,
    previousSummary: ctx.summary,
    messages: Object.freeze(ctx.messages.slice(0, boundary)),
    boundary,
    maxSummaryUnits: o.summaryMaxUnits,
  });
  let value: unknown;
  try {
    value = Reflect.apply(o.summarizer, undefined, [request, o.signal ?? new AbortController().signal]);
  } catch {
    return raise("CONTEXT_SUMMARIZER_FAILED", "the summarizer threw");
  }
  // 5. Follow the value while listening to the signal; 6-8 when it is there.
  const adoption: Adoption = new Adoption(o.signal, flags, (error, text) => {
    if (error !== null) reject(error);
    else {
      try {
        resolve(finish(snap, o, boundary, text, adoption, flags));
      } catch (failure) {
        reject(failure);
      }
    }
    adoption.detach();
  });
  adoption.begin(value);
}

function stillWanted(adoption: Adoption): void {
  const state = adoption.signalState();
  if (state === "aborted") raise("CONTEXT_CANCELLED", "the signal aborted");
  if (state === "broken") raise("CONTEXT_SUMMARIZER_FAILED", "the signal cannot be read");
}

function finish(snap: Snapshot, o: CompactOptions, boundary: number, text: unknown, adoption: Adoption, flags: Flags): unknown {
  // 6. The text.
  stillWanted(adoption);
  if (typeof text !== "string") raise("CONTEXT_SUMMARY_INVALID", "the summary must be a string");
  const summaryText = text as string;
  if (u(summaryText) > MAX_CONTEXT_STRING_UNITS) raise("CONTEXT_LIMIT_EXCEEDED", "the summary is longer than 65536 code points");
  if (!hasText(summaryText)) raise("CONTEXT_SUMMARY_INSUFFICIENT", "the summary is only whitespace");
  const newSummaryUnits = WEIGHT.summary + u(o.summaryId) + u(summaryText);
  if (newSummaryUnits > o.summaryMaxUnits) raise("CONTEXT_SUMMARY_INSUFFICIENT", "the summary is above summaryMaxUnits");
  // 7. The kept messages: a transcript of their own, and within targetUnits with the new summary.
  const ctx = snap.context;
  const kept = ctx.messages.slice(boundary);
  const keptCalls = new Set<string>();
  for (const m of kept) {
    if (m.role === "assistant") for (const b of m.content) if (b.type === "toolCall") keptCalls.add(b.id);
    if (m.role === "toolResult" && !keptCalls.has(m.toolCallId)) raise("CONTEXT_INVALID_TRANSCRIPT", "a kept result would lose its call");
  }
  const keptUnits = snap.perMessage.slice(boundary).reduce((a, b) => a + b, 0);
  const after = snap.requirementUnits + newSummaryUnits + keptUnits;
  if (after > o.targetUnits) raise("CONTEXT_SUMMARY_INSUFFICIENT", "the compacted context is above targetUnits");
  // 8. The record, the new context (checked as buildActiveContext would), the signal once more.
  const compactedUnits = snap.perMessage.slice(0, boundary).reduce((a, b) => a + b, 0);
  const record: CompactionRecord = Object.freeze({
    id: o.recordId,
    summaryId: o.summaryId,
    boundary,
    compactedMessageIds: Object.freeze(ctx.messages.slice(0, boundary).map((m) => m.id)),
    unitsBefore: snap.units,
    // Mistake units-after-from-before: unitsAfter is worked out from unitsBefore (minus the
    // compacted messages, plus the new summary), which still counts the summary it replaced.
    unitsAfter: flags.has("units-after-from-before") ? snap.units - compactedUnits + newSummaryUnits : after,
  });
  const next: ActiveContext = Object.freeze({
    requirements: ctx.requirements,
    summary: Object.freeze({ id: o.summaryId, content: summaryText }),
    messages: Object.freeze(kept),
    compactions: Object.freeze([...ctx.compactions, record]),
  });
  const { lastResult } = readContext(next);
  stillWanted(adoption);
  const built = remember(next, lastResult, flags);
  return Object.freeze({ status: "compacted", context: built.context, record });
}
