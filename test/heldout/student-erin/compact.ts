// compactContext (contract §7). Steps 1-4 run synchronously inside the returned promise's
// executor; step 5 is followSummary; steps 6-8 check everything before building anything, so
// a failure leaves no trace and no record.
import { MAX_CONTEXT_STRING_UNITS, blank, cp, fail, type Mistakes } from "./base";
import { cut, enter, intake, ledgerOf, type Ledger } from "./context";
import { summaryCost } from "./cost";
import { followSummary } from "./follow";
import { abortedNow, compactSettings, type Settings } from "./settings";
import type { ActiveContext, CompactionRecord } from "./shapes";

const OwnPromise = Promise;

export function compactContext(input: unknown, options: unknown, mistakes: Mistakes): Promise<unknown> {
  return new OwnPromise((resolve, reject) => {
    try {
      start(input, options, mistakes, resolve, reject);
    } catch (error) {
      reject(error);
    }
  });
}

function start(input: unknown, options: unknown, mistakes: Mistakes, resolve: (v: unknown) => void, reject: (e: unknown) => void): void {
  // 1. the context, then the options
  const ledger = ledgerOf(input, mistakes);
  const s = compactSettings(options);
  // 2. within maxUnits: the very context back, no summarizer, no signal
  if (ledger.total <= s.maxUnits) return resolve(Object.freeze({ status: "unchanged", context: ledger.context, record: null }));
  // 3. already aborted; a record id in use; no boundary
  if (s.signal !== undefined) {
    const a = abortedNow(s.signal);
    if (a === "refused") fail("CONTEXT_INVALID_INPUT", "options.signal cannot be read");
    if (a) fail("CONTEXT_CANCELLED", "the signal was aborted before compaction began");
  }
  if (ledger.context.compactions.some((r) => r.id === s.recordId)) fail("CONTEXT_INVALID_INPUT", `record id ${s.recordId} is used already`);
  const boundary = cut(ledger, s);
  if (boundary === null) fail("CONTEXT_BOUNDARY_UNAVAILABLE", "no cut between whole groups fits targetUnits");
  // 4. one call, with the frozen request
  const c = ledger.context;
  const request = Object.freeze({
    requirements: c.requirements,
    previousSummary: c.summary,
    messages: Object.freeze(c.messages.slice(0, boundary)),
    boundary,
    maxSummaryUnits: s.summaryMaxUnits,
  });
  let value: unknown;
  try {
    value = Reflect.apply(s.summarizer, undefined, [request, s.signal ?? new AbortController().signal]);
  } catch {
    fail("CONTEXT_SUMMARIZER_FAILED", "the summarizer threw");
  }
  // 5. follow the value; 6-8 once the text is there
  followSummary(value, s.signal, mistakes, (error, text) => {
    if (error !== null) return reject(error);
    try {
      resolve(conclude(ledger, s, boundary, text, mistakes));
    } catch (failure) {
      reject(failure);
    }
  });
}

/** Reads the signal after the await and before the result is exposed. */
function checkSignal(s: Settings, mistakes: Mistakes): void {
  // (signal-only-listened: see follow.ts; Erin reads the signal nowhere after the summarizer returned.)
  if (s.signal === undefined || mistakes.has("signal-only-listened")) return;
  const a = abortedNow(s.signal);
  if (a === "refused") fail("CONTEXT_SUMMARIZER_FAILED", "the signal cannot be read");
  if (a) fail("CONTEXT_CANCELLED", "the signal was aborted");
}

function conclude(ledger: Ledger, s: Settings, boundary: number, text: unknown, mistakes: Mistakes): unknown {
  // 6. the text
  checkSignal(s, mistakes);
  if (typeof text !== "string") fail("CONTEXT_SUMMARY_INVALID", "the summary is not a string");
  if (cp(text) > MAX_CONTEXT_STRING_UNITS) fail("CONTEXT_LIMIT_EXCEEDED", "the summary has more than 65536 code points");
  if (blank(text)) fail("CONTEXT_SUMMARY_INSUFFICIENT", "the summary has no text");
  const summary = Object.freeze({ id: s.summaryId, content: text });
  const summaryUnits = summaryCost(summary);
  if (summaryUnits > s.summaryMaxUnits) fail("CONTEXT_SUMMARY_INSUFFICIENT", "the summary is above summaryMaxUnits");
  // 7. the kept messages: a transcript on their own, and within targetUnits beside the requirements and the summary
  const c = ledger.context;
  const kept = c.messages.slice(boundary);
  const callsKept = new Set<string>();
  for (const m of kept) {
    if (m.role === "assistant") m.content.forEach((b) => b.type === "toolCall" && callsKept.add(b.id));
    else if (m.role === "toolResult" && !callsKept.has(m.toolCallId)) fail("CONTEXT_INVALID_TRANSCRIPT", "a kept result would lose its call");
  }
  const unitsAfter = ledger.fixedUnits + summaryUnits + ledger.messageUnits.slice(boundary).reduce((n, x) => n + x, 0);
  if (unitsAfter > s.targetUnits) fail("CONTEXT_SUMMARY_INSUFFICIENT", "the compacted context is above targetUnits");
  // 8. the record, the new context (read again as buildActiveContext would), the signal once more
  const record: CompactionRecord = Object.freeze({
    id: s.recordId,
    summaryId: s.summaryId,
    boundary,
    compactedMessageIds: Object.freeze(c.messages.slice(0, boundary).map((m) => m.id)),
    unitsBefore: ledger.total,
    unitsAfter,
  });
  // Mistake record-prepended: the new record is put in front of the old ones, newest first;
  // it is appended after them, so that result.record is the last element of compactions.
  const history = mistakes.has("record-prepended") ? [record, ...c.compactions] : [...c.compactions, record];
  const next: ActiveContext = { requirements: c.requirements, summary, messages: Object.freeze(kept), compactions: Object.freeze(history) };
  const { read } = intake(next);
  checkSignal(s, mistakes);
  const built = enter(Object.freeze(next), read, mistakes);
  return Object.freeze({ status: "compacted", context: built.context, record });
}
