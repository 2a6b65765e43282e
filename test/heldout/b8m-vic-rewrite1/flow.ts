// Vic's own compaction flow (§6 and §7), written over src/core for the rest: the core builds and
// validates contexts (the new one too), estimates a whole context, groups the tool rounds, reads
// the options, follows the summarizer's value and reads the signal. Vic prices the messages, walks
// the groups for the cut, orders the steps, calls the summarizer, checks the summary and writes the
// record. One walk (`cutAt`) serves selectCompactionBoundary and compactContext.
import { buildActiveContext, estimateContextUnits, groupToolRounds } from "../../../src/core/index";
import { ContextCompactionError, type ContextCompactionErrorCode } from "../../../src/core/errors";
import { readBoundaryOptions, readCompactOptions } from "../../../src/core/options";
import { awaitValue } from "../../../src/core/observe-async";
import { SignalWatch, readAborted, summarizerSignal } from "../../../src/core/signal";
import { codePoints, numberUnits } from "../../../src/core/units";
import { isNonEmpty } from "../../../src/core/read";

type Flags = ReadonlySet<string>;
type Context = ReturnType<typeof buildActiveContext>;
type Msg = Context["messages"][number];
type Json = null | boolean | number | string | readonly Json[] | { readonly [k: string]: Json };

/** The mistakes planted in Vic's flow (index.ts switches them all on). */
export const PLANTED = ["cut-rewalked-with-summary-units", "boundary-reads-compact-options"];

const TheirPromise = Promise;
const freeze = Object.freeze;
const apply = Reflect.apply;

function stop(code: ContextCompactionErrorCode, why: string): never {
  throw new ContextCompactionError(code, why);
}

// ---- prices (§4) ----

function jsonPrice(v: Json): number {
  if (v === null) return 1;
  switch (typeof v) {
    case "boolean":
      return v ? 5 : 6;
    case "number":
      return numberUnits(v);
    case "string":
      return 1 + codePoints(v);
  }
  let n = 2;
  if (Array.isArray(v)) {
    for (const item of v as readonly Json[]) n += 1 + jsonPrice(item);
  } else {
    for (const key of Object.keys(v)) n += 1 + codePoints(key) + jsonPrice((v as { readonly [k: string]: Json })[key]);
  }
  return n;
}

function priceOf(m: Msg): number {
  if (m.role === "user") return 4 + codePoints(m.id) + codePoints(m.content);
  if (m.role === "toolResult") return 7 + codePoints(m.id) + codePoints(m.toolCallId) + codePoints(m.toolName) + codePoints(m.content);
  let n = 4 + codePoints(m.id);
  for (const b of m.content) {
    n += b.type === "text" ? 2 + codePoints(b.text) : 6 + codePoints(b.id) + codePoints(b.name) + jsonPrice(b.arguments as Json);
  }
  return n;
}

function requirementsPrice(c: Context): number {
  let n = 0;
  for (const r of c.requirements) n += 3 + codePoints(r.id) + codePoints(r.content);
  return n;
}

// ---- the cut (§6) ----

type Budget = { readonly targetUnits: number; readonly retainRecentMessages: number };

/**
 * The earliest whole-group cut whose kept messages, beside the requirements and `reserve` units
 * for the summary, fit targetUnits, and which keeps the last retainRecentMessages messages.
 */
function cutAt(c: Context, budget: Budget, reserve: number): number | null {
  const latest = c.messages.length - budget.retainRecentMessages;
  if (latest <= 0) return null;
  const prices = c.messages.map(priceOf);
  let kept = prices.reduce((a, b) => a + b, 0);
  const fixed = requirementsPrice(c) + reserve;
  for (const g of groupToolRounds(c.messages)) {
    for (let i = g.startIndex; i < g.endIndex; i++) kept -= prices[i];
    if (g.endIndex > latest) return null;
    if (fixed + kept <= budget.targetUnits) return g.endIndex;
  }
  return null;
}

export function selectCompactionBoundary(input: unknown, options: unknown, flags: Flags): number | null {
  const c = buildActiveContext(input as never);
  // [planted boundary-reads-compact-options] one options reader for both: compactContext's
  const o = flags.has("boundary-reads-compact-options") ? readCompactOptions(options) : readBoundaryOptions(options);
  return cutAt(c, o, o.summaryMaxUnits);
}

// ---- compactContext (§7) ----

export function compactContext(input: unknown, options: unknown, flags: Flags): Promise<unknown> {
  return new TheirPromise((resolve, reject) => {
    try {
      run(input, options, flags, resolve, reject);
    } catch (error) {
      reject(error);
    }
  });
}

type Job = {
  readonly c: Context;
  readonly o: ReturnType<typeof readCompactOptions>;
  readonly cut: number;
  readonly before: number;
  readonly flags: Flags;
};

function run(input: unknown, raw: unknown, flags: Flags, resolve: (v: unknown) => void, reject: (e: unknown) => void): void {
  // 1. context first, then options
  const c = buildActiveContext(input as never);
  const o = readCompactOptions(raw);
  // 2. nothing to do
  const before = estimateContextUnits(c);
  if (before <= o.maxUnits) {
    resolve(freeze({ status: "unchanged", context: c, record: null }));
    return;
  }
  // 3. aborted already? record id taken? a cut?
  const aborted = o.signal === undefined ? false : readAborted(o.signal);
  if (aborted === null) stop("CONTEXT_INVALID_INPUT", "options.signal cannot be read");
  if (aborted) stop("CONTEXT_CANCELLED", "aborted before compaction");
  for (const r of c.compactions) if (r.id === o.recordId) stop("CONTEXT_INVALID_INPUT", "recordId is taken");
  const cut = cutAt(c, o, o.summaryMaxUnits);
  if (cut === null) stop("CONTEXT_BOUNDARY_UNAVAILABLE", "no whole-group cut fits");
  // 4. the one call
  const request = freeze({
    requirements: c.requirements,
    previousSummary: c.summary,
    messages: freeze(c.messages.slice(0, cut)),
    boundary: cut,
    maxSummaryUnits: o.summaryMaxUnits,
  });
  let value: unknown;
  try {
    value = apply(o.summarizer, undefined, [request, summarizerSignal(o.signal)]);
  } catch {
    stop("CONTEXT_SUMMARIZER_FAILED", "the summarizer threw");
  }
  // 5. wait for it, watching the signal
  const watch = new SignalWatch(o.signal);
  const job: Job = { c, o, cut, before, flags };
  awaitValue(value, watch, (error, text) => {
    if (error !== null) {
      watch.stop();
      reject(error);
      return;
    }
    try {
      resolve(finish(job, text, watch));
    } catch (failure) {
      reject(failure);
    }
    watch.stop();
  });
}

function stillOn(watch: SignalWatch): void {
  const state = watch.state();
  if (state === "aborted") stop("CONTEXT_CANCELLED", "aborted as the summary came");
  if (state === "unreadable") stop("CONTEXT_SUMMARIZER_FAILED", "the signal cannot be read");
}

function finish(job: Job, text: unknown, watch: SignalWatch): unknown {
  const { c, o, before, flags } = job;
  // 6. the summary
  stillOn(watch);
  if (typeof text !== "string") stop("CONTEXT_SUMMARY_INVALID", "the summary is not text");
  if (codePoints(text) > 65536) stop("CONTEXT_LIMIT_EXCEEDED", "the summary is too long");
  if (!isNonEmpty(text)) stop("CONTEXT_SUMMARY_INSUFFICIENT", "the summary is blank");
  const summaryUnits = 5 + codePoints(o.summaryId) + codePoints(text);
  if (summaryUnits > o.summaryMaxUnits) stop("CONTEXT_SUMMARY_INSUFFICIENT", "the summary is over summaryMaxUnits");
  let cut = job.cut;
  // [planted cut-rewalked-with-summary-units] now that the summary's size is known, the cut is
  // looked for again with that size in place of the reserve ("no need to keep more than we must")
  if (flags.has("cut-rewalked-with-summary-units")) cut = cutAt(c, o, summaryUnits) ?? cut;
  // 7. what is kept: a transcript (estimateContextUnits validates it), within the target
  const kept = c.messages.slice(cut);
  const summary = { id: o.summaryId, content: text };
  const after = estimateContextUnits({ requirements: c.requirements, summary, messages: kept } as never);
  if (after > o.targetUnits) stop("CONTEXT_SUMMARY_INSUFFICIENT", "the compacted context is over targetUnits");
  // 8. the record and the new context (built, so validated and frozen like any context)
  const record = {
    id: o.recordId,
    summaryId: o.summaryId,
    boundary: cut,
    compactedMessageIds: c.messages.slice(0, cut).map((m) => m.id),
    unitsBefore: before,
    unitsAfter: after,
  };
  const next = buildActiveContext({ requirements: c.requirements, summary, messages: kept, compactions: [...c.compactions, record] } as never);
  stillOn(watch);
  return freeze({ status: "compacted", context: next, record: next.compactions[next.compactions.length - 1] });
}
