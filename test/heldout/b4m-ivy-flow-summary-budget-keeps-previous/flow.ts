// Ivy's own compactContext (contract §7, steps 1-8), written over src/core's exports: the core
// builds and prices contexts, reads the options, finds the cut and follows the summarizer's
// value; Ivy orders the steps, calls the summarizer, judges the summary ("is it a usable
// summary, and does it fit the summary budget?"), writes the record and builds the new context
// (validated by buildActiveContext). Each planted mistake is a flag.
import { buildActiveContext, estimateContextUnits, selectCompactionBoundary } from "../../../src/core/index";
import { ContextCompactionError, type ContextCompactionErrorCode } from "../../../src/core/errors";
import { readCompactOptions } from "../../../src/core/options";
import { awaitValue } from "../../../src/core/observe-async";
import { SignalWatch, readAborted, summarizerSignal } from "../../../src/core/signal";

type Flags = ReadonlySet<string>;
type Built = ReturnType<typeof buildActiveContext>;
type Options = ReturnType<typeof readCompactOptions>;

/** The mistakes planted in this flow (index.ts switches them all on). */
export const PLANTED = ["summary-budget-counts-requirements", "empty-summary-keeps-previous"];

const SUMMARY_LIMIT = 65536;
const NativePromise = Promise;
const freeze = Object.freeze;
const apply = Reflect.apply;

function stop(code: ContextCompactionErrorCode, why: string): never {
  throw new ContextCompactionError(code, why);
}

/** Code points of s (a lone surrogate is one). */
function len(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

const blank = (s: string): boolean => s.trim().length === 0;

export function compactContext(input: unknown, options: unknown, flags: Flags): Promise<unknown> {
  return new NativePromise((resolve, reject) => {
    try {
      run(input, options, flags, resolve, reject);
    } catch (error) {
      reject(error);
    }
  });
}

type Job = {
  readonly context: Built;
  readonly options: Options;
  readonly cut: number;
  readonly before: number;
  readonly flags: Flags;
};

function run(input: unknown, rawOptions: unknown, flags: Flags, resolve: (v: unknown) => void, reject: (e: unknown) => void): void {
  // Step 1: the context first, then the options.
  const context = buildActiveContext(input as never);
  const options = readCompactOptions(rawOptions);
  // Step 2: nothing to do when it already fits maxUnits.
  const before = estimateContextUnits(context);
  if (before <= options.maxUnits) {
    resolve(freeze({ status: "unchanged", context, record: null }));
    return;
  }
  // Step 3: cancelled already? record id taken? is there a cut at all?
  const signal = options.signal;
  if (signal !== undefined) {
    const aborted = readAborted(signal);
    if (aborted === null) stop("CONTEXT_INVALID_INPUT", "the signal cannot be read");
    if (aborted) stop("CONTEXT_CANCELLED", "cancelled before compaction");
  }
  for (const record of context.compactions) {
    if (record.id === options.recordId) stop("CONTEXT_INVALID_INPUT", `record id ${options.recordId} is taken`);
  }
  const cut = selectCompactionBoundary(context, {
    targetUnits: options.targetUnits,
    summaryMaxUnits: options.summaryMaxUnits,
    retainRecentMessages: options.retainRecentMessages,
  });
  if (cut === null) stop("CONTEXT_BOUNDARY_UNAVAILABLE", "no whole-group cut fits");
  // Step 4: one call of the summarizer.
  const request = freeze({
    requirements: context.requirements,
    previousSummary: context.summary,
    messages: freeze(context.messages.slice(0, cut)),
    boundary: cut,
    maxSummaryUnits: options.summaryMaxUnits,
  });
  let value: unknown;
  try {
    value = apply(options.summarizer, undefined, [request, summarizerSignal(signal)]);
  } catch {
    stop("CONTEXT_SUMMARIZER_FAILED", "the summarizer threw");
  }
  // Step 5: wait for the value, watching the signal; then steps 6-8.
  const job: Job = { context, options, cut, before, flags };
  const watch = new SignalWatch(signal);
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

function stillWanted(watch: SignalWatch): void {
  const state = watch.state();
  if (state === "aborted") stop("CONTEXT_CANCELLED", "cancelled while summarizing");
  if (state === "unreadable") stop("CONTEXT_SUMMARIZER_FAILED", "the signal cannot be read");
}

/** Σ requirements, as §4 prices them. */
function requirementUnits(context: Built): number {
  let n = 0;
  for (const r of context.requirements) n += 3 + len(r.id) + len(r.content);
  return n;
}

/** Step 6: the summary the summarizer gave, checked. */
function judgeSummary(job: Job, value: unknown): string {
  const { context, options, flags } = job;
  let text = value;
  // [planted empty-summary-keeps-previous] "nothing new to say" (no value, or a blank one) keeps the summary the context already has
  if (
    flags.has("empty-summary-keeps-previous") &&
    context.summary !== null &&
    (text === null || text === undefined || (typeof text === "string" && blank(text)))
  ) {
    text = context.summary.content;
  }
  if (typeof text !== "string") stop("CONTEXT_SUMMARY_INVALID", "the summary is not text");
  if (len(text) > SUMMARY_LIMIT) stop("CONTEXT_LIMIT_EXCEEDED", "the summary is too long");
  if (blank(text)) stop("CONTEXT_SUMMARY_INSUFFICIENT", "the summary is blank");
  // [planted summary-budget-counts-requirements] the summary budget also has to hold the requirements that stand beside the summary
  const beside = flags.has("summary-budget-counts-requirements") ? requirementUnits(context) : 0;
  if (beside + 5 + len(options.summaryId) + len(text) > options.summaryMaxUnits) stop("CONTEXT_SUMMARY_INSUFFICIENT", "the summary is over its budget");
  return text;
}

function finish(job: Job, value: unknown, watch: SignalWatch): unknown {
  const { context, options, cut, before } = job;
  stillWanted(watch);
  const text = judgeSummary(job, value);
  // Step 7: what is kept, and whether the new context fits the target.
  const kept = context.messages.slice(cut);
  const summary = { id: options.summaryId, content: text };
  const after = estimateContextUnits({ requirements: context.requirements, summary, messages: kept } as never);
  if (after > options.targetUnits) stop("CONTEXT_SUMMARY_INSUFFICIENT", "the compacted context is over targetUnits");
  // Step 8: the record, then the new context, read as any input would be.
  const record = {
    id: options.recordId,
    summaryId: options.summaryId,
    boundary: cut,
    compactedMessageIds: context.messages.slice(0, cut).map((m) => m.id),
    unitsBefore: before,
    unitsAfter: after,
  };
  const next = buildActiveContext({
    requirements: context.requirements,
    summary,
    messages: kept,
    compactions: [...context.compactions, record],
  } as never);
  stillWanted(watch);
  return freeze({ status: "compacted", context: next, record: next.compactions[next.compactions.length - 1] });
}
