// Kim's own compactContext (§7, steps 1-8), written over src/core for the rest: the core builds
// and prices contexts, reads the options, finds the boundary and follows the summarizer's value
// (with the signal helpers); Kim orders the steps, calls the summarizer, checks the summary,
// writes the record and assembles the new context, which is validated (and registered) by
// building it with buildActiveContext. Each planted mistake is a flag.
import { ContextCompactionError, buildActiveContext, estimateContextUnits, selectCompactionBoundary } from "../../../src/core/index";
import type { ContextCompactionErrorCode } from "../../../src/core/errors";
import { readCompactOptions } from "../../../src/core/options";
import { awaitValue } from "../../../src/core/observe-async";
import { SignalWatch, readAborted, summarizerSignal } from "../../../src/core/signal";
import { codePoints } from "../../../src/core/units";
import { isNonEmpty } from "../../../src/core/read";

type Flags = ReadonlySet<string>;

/** The mistakes planted in this rewrite (index.ts switches both on). */
export const PLANTED = ["summary-record-replaced", "compacted-ids-without-results"];

type Context = ReturnType<typeof buildActiveContext>;
type Options = ReturnType<typeof readCompactOptions>;

const Native = Promise;
const frozen = Object.freeze;
const call = Reflect.apply;

const LONGEST_SUMMARY = 65536;

class Stop {
  constructor(
    readonly code: ContextCompactionErrorCode,
    readonly why: string,
  ) {}
}

function stop(code: ContextCompactionErrorCode, why: string): never {
  throw new ContextCompactionError(code, why);
}

export function compactContext(input: unknown, options: unknown, flags: Flags): Promise<unknown> {
  return new Native((resolve, reject) => {
    try {
      begin(input, options, flags, resolve, reject);
    } catch (error) {
      reject(error instanceof Stop ? new ContextCompactionError(error.code, error.why) : error);
    }
  });
}

type Job = {
  readonly context: Context;
  readonly options: Options;
  readonly cut: number;
  readonly unitsBefore: number;
  readonly flags: Flags;
  readonly watch: SignalWatch;
};

function begin(input: unknown, raw: unknown, flags: Flags, resolve: (v: unknown) => void, reject: (e: unknown) => void): void {
  // Step 1: the snapshot, then the options.
  const context = buildActiveContext(input as never);
  const options = readCompactOptions(raw);
  // Step 2: already small enough.
  const unitsBefore = estimateContextUnits(context);
  if (unitsBefore <= options.maxUnits) {
    resolve(frozen({ status: "unchanged", context, record: null }));
    return;
  }
  // Step 3: cancelled already, the record id taken, no cut.
  if (options.signal !== undefined) {
    const aborted = readAborted(options.signal);
    if (aborted === null) stop("CONTEXT_INVALID_INPUT", "options.signal cannot be read");
    if (aborted) stop("CONTEXT_CANCELLED", "the signal was aborted before compaction");
  }
  for (const old of context.compactions) if (old.id === options.recordId) stop("CONTEXT_INVALID_INPUT", `record id ${options.recordId} is taken`);
  const cut = selectCompactionBoundary(context, {
    targetUnits: options.targetUnits,
    summaryMaxUnits: options.summaryMaxUnits,
    retainRecentMessages: options.retainRecentMessages,
  });
  if (cut === null) stop("CONTEXT_BOUNDARY_UNAVAILABLE", "no whole-group cut fits the target");
  // Step 4: one call.
  const request = frozen({
    requirements: context.requirements,
    previousSummary: context.summary,
    messages: frozen(context.messages.slice(0, cut)),
    boundary: cut,
    maxSummaryUnits: options.summaryMaxUnits,
  });
  let value: unknown;
  try {
    value = call(options.summarizer, undefined, [request, summarizerSignal(options.signal)]);
  } catch {
    stop("CONTEXT_SUMMARIZER_FAILED", "the summarizer threw");
  }
  // Step 5: wait for the text, watching the signal; then steps 6-8.
  const job: Job = { context, options, cut, unitsBefore, flags, watch: new SignalWatch(options.signal) };
  awaitValue(value, job.watch, (error, text) => {
    if (error !== null) {
      job.watch.stop();
      reject(error);
      return;
    }
    try {
      resolve(finish(job, text));
    } catch (failure) {
      reject(failure);
    }
    job.watch.stop();
  });
}

function stillWanted(watch: SignalWatch): void {
  const state = watch.state();
  if (state === "aborted") stop("CONTEXT_CANCELLED", "the signal aborted as the summary settled");
  if (state === "unreadable") stop("CONTEXT_SUMMARIZER_FAILED", "the signal cannot be read");
}

function finish(job: Job, text: unknown): unknown {
  const { context, options, cut, flags, watch } = job;
  // Step 6: the text.
  stillWanted(watch);
  if (typeof text !== "string") stop("CONTEXT_SUMMARY_INVALID", "the summary is not text");
  const length = codePoints(text);
  if (length > LONGEST_SUMMARY) stop("CONTEXT_LIMIT_EXCEEDED", "the summary is too long");
  if (!isNonEmpty(text)) stop("CONTEXT_SUMMARY_INSUFFICIENT", "the summary is blank");
  if (5 + codePoints(options.summaryId) + length > options.summaryMaxUnits) stop("CONTEXT_SUMMARY_INSUFFICIENT", "the summary is over summaryMaxUnits");
  // Step 7: the kept messages and the target.
  const compacted = context.messages.slice(0, cut);
  const kept = context.messages.slice(cut);
  const summary = { id: options.summaryId, content: text };
  const unitsAfter = estimateContextUnits({ requirements: context.requirements, summary, messages: kept } as never);
  if (unitsAfter > options.targetUnits) stop("CONTEXT_SUMMARY_INSUFFICIENT", "the compacted context is over targetUnits");
  // Step 8: the record, appended to the history, and the new context.
  const record = {
    id: options.recordId,
    summaryId: options.summaryId,
    boundary: cut,
    // [planted compacted-ids-without-results] only the conversation's turns are listed: the
    // tool results compacted with their calls are left out
    compactedMessageIds: (flags.has("compacted-ids-without-results") ? compacted.filter((m) => m.role !== "toolResult") : compacted).map((m) => m.id),
    unitsBefore: job.unitsBefore,
    unitsAfter,
  };
  // [planted summary-record-replaced] a context with a summary got it from its last compaction:
  // the new summary replaces that one, so the new record takes the place of its record
  const history =
    flags.has("summary-record-replaced") && context.summary !== null ? context.compactions.slice(0, -1) : context.compactions;
  const next = buildActiveContext({ requirements: context.requirements, summary, messages: kept, compactions: [...history, record] } as never);
  stillWanted(watch);
  return frozen({ status: "compacted", context: next, record: next.compactions[next.compactions.length - 1] });
}
