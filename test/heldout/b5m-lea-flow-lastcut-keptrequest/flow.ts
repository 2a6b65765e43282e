// Lea's own compactContext (§7, steps 1-8) and her own boundary walk (§6), written over src/core
// for the rest: the core builds and estimates contexts, groups the tool rounds, reads the
// options and follows the summarizer's value; she orders the steps, walks the groups, makes the
// request, calls the summarizer, checks the summary, writes the record and builds the new
// context (validated by buildActiveContext). Each planted mistake is a flag.
import { buildActiveContext, estimateContextUnits, groupToolRounds } from "../../../src/core/index";
import { ContextCompactionError, type ContextCompactionErrorCode } from "../../../src/core/errors";
import { readBoundaryOptions, readCompactOptions } from "../../../src/core/options";
import { awaitValue } from "../../../src/core/observe-async";
import { SignalWatch, readAborted, summarizerSignal } from "../../../src/core/signal";

export const PLANTED = ["walk-starts-after-last-record", "request-gets-kept-messages"] as const;

type Flags = ReadonlySet<string>;
type Context = ReturnType<typeof buildActiveContext>;
type Walk = { targetUnits: number; summaryMaxUnits: number; retainRecentMessages: number };
type Group = { startIndex: number; endIndex: number; messages: readonly unknown[] };

const PromiseAtLoad = Promise;
const freeze = Object.freeze;

function no(code: ContextCompactionErrorCode, why: string): never {
  throw new ContextCompactionError(code, why);
}

function cp(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

const blank = (s: string): boolean => s.trim().length === 0;

/** The earliest whole-group cut that fits the target and keeps the recent messages; null if none. */
function cut(ctx: Context, o: Walk, flags: Flags): number | null {
  const n = ctx.messages.length;
  const latest = n - o.retainRecentMessages;
  if (latest <= 0) return null;
  // what stays anyway: the requirements and room for the new summary (the old one goes)
  const fixed = estimateContextUnits({ requirements: ctx.requirements } as never) + o.summaryMaxUnits;
  let kept = estimateContextUnits({ messages: ctx.messages } as never);
  // [planted walk-starts-after-last-record] the last record's boundary is taken as an index of the current
  // messages ("those before it were compacted already"), so no cut at or before it is tried
  const done = flags.has("walk-starts-after-last-record") && ctx.compactions.length > 0 ? ctx.compactions[ctx.compactions.length - 1].boundary : 0;
  for (const g of groupToolRounds(ctx.messages) as readonly Group[]) {
    kept -= estimateContextUnits({ messages: g.messages } as never);
    if (g.endIndex > latest) return null;
    if (g.endIndex <= done) continue;
    if (fixed + kept <= o.targetUnits) return g.endIndex;
  }
  return null;
}

export function selectCompactionBoundary(input: unknown, options: unknown, flags: Flags): number | null {
  const ctx = buildActiveContext(input as never);
  return cut(ctx, readBoundaryOptions(options), flags);
}

export function compactContext(input: unknown, options: unknown, flags: Flags): Promise<unknown> {
  return new PromiseAtLoad((resolve, reject) => {
    try {
      run(input, options, flags, resolve, reject);
    } catch (e) {
      reject(e);
    }
  });
}

type Options = ReturnType<typeof readCompactOptions>;

function run(input: unknown, raw: unknown, flags: Flags, resolve: (v: unknown) => void, reject: (e: unknown) => void): void {
  const ctx = buildActiveContext(input as never);
  const o = readCompactOptions(raw);
  const before = estimateContextUnits(ctx);
  if (before <= o.maxUnits) return resolve(freeze({ status: "unchanged", context: ctx, record: null }));

  const state = o.signal === undefined ? false : readAborted(o.signal);
  if (state === null) no("CONTEXT_INVALID_INPUT", "the signal cannot be read");
  if (state) no("CONTEXT_CANCELLED", "cancelled before compaction");
  for (const r of ctx.compactions) if (r.id === o.recordId) no("CONTEXT_INVALID_INPUT", `record id ${o.recordId} is taken`);
  const at = cut(ctx, o, flags);
  if (at === null) no("CONTEXT_BOUNDARY_UNAVAILABLE", "nothing can be cut");

  const old = ctx.messages.slice(0, at);
  const keep = ctx.messages.slice(at);
  const request = freeze({
    requirements: ctx.requirements,
    previousSummary: ctx.summary,
    // [planted request-gets-kept-messages] the summarizer is handed the messages that stay, not the prefix it must summarize
    messages: freeze(flags.has("request-gets-kept-messages") ? keep : old),
    boundary: at,
    maxSummaryUnits: o.summaryMaxUnits,
  });
  let value: unknown;
  try {
    value = Reflect.apply(o.summarizer, undefined, [request, summarizerSignal(o.signal)]);
  } catch {
    no("CONTEXT_SUMMARIZER_FAILED", "the summarizer threw");
  }
  const watch = new SignalWatch(o.signal);
  awaitValue(value, watch, (error, text) => {
    if (error !== null) {
      watch.stop();
      return reject(error);
    }
    try {
      resolve(finish(ctx, o, at, old, keep, before, text, watch));
    } catch (e) {
      reject(e);
    }
    watch.stop();
  });
}

function stillOn(watch: SignalWatch): void {
  const s = watch.state();
  if (s === "aborted") no("CONTEXT_CANCELLED", "cancelled as the summary came");
  if (s === "unreadable") no("CONTEXT_SUMMARIZER_FAILED", "the signal cannot be read");
}

function finish(ctx: Context, o: Options, at: number, old: readonly { id: string }[], keep: readonly unknown[], before: number, text: unknown, watch: SignalWatch): unknown {
  // 6
  stillOn(watch);
  if (typeof text !== "string") no("CONTEXT_SUMMARY_INVALID", "the summary is no text");
  const size = cp(text);
  if (size > 65536) no("CONTEXT_LIMIT_EXCEEDED", "the summary is too long");
  if (blank(text)) no("CONTEXT_SUMMARY_INSUFFICIENT", "the summary is blank");
  if (5 + cp(o.summaryId) + size > o.summaryMaxUnits) no("CONTEXT_SUMMARY_INSUFFICIENT", "the summary is over its budget");
  // 7
  const summary = { id: o.summaryId, content: text };
  const after = estimateContextUnits({ requirements: ctx.requirements, summary, messages: keep } as never);
  if (after > o.targetUnits) no("CONTEXT_SUMMARY_INSUFFICIENT", "the compacted context is over the target");
  // 8
  const record = {
    id: o.recordId,
    summaryId: o.summaryId,
    boundary: at,
    compactedMessageIds: old.map((m) => m.id),
    unitsBefore: before,
    unitsAfter: after,
  };
  const next = buildActiveContext({ requirements: ctx.requirements, summary, messages: keep, compactions: [...ctx.compactions, record] } as never);
  stillOn(watch);
  return freeze({ status: "compacted", context: next, record: next.compactions[next.compactions.length - 1] });
}
