// Pat's own compactContext (§7, steps 1-8), written over src/core's other pieces: the core
// builds and measures contexts, reads the options, finds the boundary and follows the
// summarizer's value (its awaitValue, with the signal watched); Pat orders the steps, calls the
// summarizer, checks the summary, writes the record and builds the new context (validated by
// buildActiveContext, which also holds it to the limits).
//
// Pat's rule of thumb: "everything I hand on is frozen" (`keep`): the request, the record, the
// new summary, the result. Each planted mistake is a flag.
import { buildActiveContext, estimateContextUnits, selectCompactionBoundary } from "../../../src/core/index";
import { ContextCompactionError, type ContextCompactionErrorCode } from "../../../src/core/errors";
import { readCompactOptions, type CompactOptions } from "../../../src/core/options";
import { awaitValue } from "../../../src/core/observe-async";
import { SignalWatch, readAborted, summarizerSignal } from "../../../src/core/signal";
import { codePoints } from "../../../src/core/units";
import { isNonEmpty } from "../../../src/core/read";

type Flags = ReadonlySet<string>;
type Context = ReturnType<typeof buildActiveContext>;

export const PLANTED = ["summary-value-frozen", "only-promises-awaited"];

const OwnPromise = Promise;
const invoke = Reflect.apply;

const isObj = (x: unknown): x is object => (typeof x === "object" && x !== null) || typeof x === "function";

/** Frozen before it is handed on. */
function keep<T>(x: T): T {
  return isObj(x) ? Object.freeze(x) : x;
}

function no(code: ContextCompactionErrorCode, why: string): never {
  throw new ContextCompactionError(code, why);
}

type Job = {
  readonly context: Context;
  readonly opts: CompactOptions;
  readonly cut: number;
  readonly before: number;
};

export function compactContext(input: unknown, options: unknown, flags: Flags): Promise<unknown> {
  return new OwnPromise((resolve, reject) => {
    try {
      run(input, options, flags, resolve, reject);
    } catch (error) {
      reject(error);
    }
  });
}

function run(input: unknown, rawOptions: unknown, flags: Flags, resolve: (v: unknown) => void, reject: (e: unknown) => void): void {
  // step 1: the context first, then the options
  const context = buildActiveContext(input as never);
  const opts = readCompactOptions(rawOptions);
  // step 2: nothing to do
  const before = estimateContextUnits(context);
  if (before <= opts.maxUnits) return resolve(keep({ status: "unchanged", context, record: null }));
  // step 3: cancelled already? record id taken? a cut at all?
  const signal = opts.signal;
  if (signal !== undefined) {
    const aborted = readAborted(signal);
    if (aborted === null) no("CONTEXT_INVALID_INPUT", "options.signal cannot be read");
    if (aborted) no("CONTEXT_CANCELLED", "the signal was aborted before compaction");
  }
  for (const old of context.compactions) if (old.id === opts.recordId) no("CONTEXT_INVALID_INPUT", `record id ${opts.recordId} is taken`);
  const cut = selectCompactionBoundary(context, {
    targetUnits: opts.targetUnits,
    summaryMaxUnits: opts.summaryMaxUnits,
    retainRecentMessages: opts.retainRecentMessages,
  });
  if (cut === null) no("CONTEXT_BOUNDARY_UNAVAILABLE", "no whole-group cut fits the target");
  // step 4: one call
  const request = keep({
    requirements: context.requirements,
    previousSummary: context.summary,
    messages: keep(context.messages.slice(0, cut)),
    boundary: cut,
    maxSummaryUnits: opts.summaryMaxUnits,
  });
  let value: unknown;
  try {
    value = invoke(opts.summarizer, undefined, [request, summarizerSignal(signal)]);
    // [planted summary-value-frozen] the summarizer's value is frozen too before it is followed
    // ("everything I hand on is frozen"), the caller's promise or thenable included
    if (flags.has("summary-value-frozen")) value = keep(value);
  } catch {
    no("CONTEXT_SUMMARIZER_FAILED", "the summarizer threw");
  }
  // step 5: wait for it, the signal watched until the result is out
  // [planted only-promises-awaited] only a Promise is something to wait for: any other value,
  // an object with a then method included, is the summary as it is (the wait then has nothing
  // to follow, but the signal is read as for any value)
  const asIs = flags.has("only-promises-awaited") && !(value instanceof Promise);
  const job: Job = { context, opts, cut, before };
  const watch = new SignalWatch(signal);
  awaitValue(asIs ? undefined : value, watch, (error, text) => {
    if (error !== null) {
      watch.stop();
      return reject(error);
    }
    try {
      resolve(finish(job, asIs ? value : text, watch));
    } catch (failure) {
      reject(failure);
    }
    watch.stop();
  });
}

function stillWanted(watch: SignalWatch): void {
  const state = watch.state();
  if (state === "aborted") no("CONTEXT_CANCELLED", "the signal aborted as the summary came in");
  if (state === "unreadable") no("CONTEXT_SUMMARIZER_FAILED", "the signal cannot be read");
}

function finish(job: Job, text: unknown, watch: SignalWatch): unknown {
  const { context, opts, cut, before } = job;
  // step 6: the text
  stillWanted(watch);
  if (typeof text !== "string") no("CONTEXT_SUMMARY_INVALID", "the summary is not a string");
  const length = codePoints(text);
  if (length > 65536) no("CONTEXT_LIMIT_EXCEEDED", "the summary is longer than 65536 code points");
  if (!isNonEmpty(text)) no("CONTEXT_SUMMARY_INSUFFICIENT", "the summary is blank");
  if (5 + codePoints(opts.summaryId) + length > opts.summaryMaxUnits) no("CONTEXT_SUMMARY_INSUFFICIENT", "the summary is over summaryMaxUnits");
  // step 7: what stays, within the target
  const kept = context.messages.slice(cut);
  const summary = keep({ id: opts.summaryId, content: text });
  const after = estimateContextUnits({ requirements: context.requirements, summary, messages: kept } as never);
  if (after > opts.targetUnits) no("CONTEXT_SUMMARY_INSUFFICIENT", "the compacted context is over targetUnits");
  // step 8: the record, the new context, one more look at the signal
  const record = keep({
    id: opts.recordId,
    summaryId: opts.summaryId,
    boundary: cut,
    compactedMessageIds: keep(context.messages.slice(0, cut).map((m) => m.id)),
    unitsBefore: before,
    unitsAfter: after,
  });
  const next = buildActiveContext({ requirements: context.requirements, summary, messages: kept, compactions: [...context.compactions, record] } as never);
  stillWanted(watch);
  return keep({ status: "compacted", context: next, record: next.compactions[next.compactions.length - 1] });
}
