// Ivy's own compactContext (contract §7), over her pricing and cut (./ledger) and src/core for the
// rest (reading the options, following the summarizer's value, the signal helpers). The new
// context is built by buildActiveContext, as any input would be.
import { buildActiveContext } from "../../../src/core/index";
import { ContextCompactionError, type ContextCompactionErrorCode } from "../../../src/core/errors";
import { readCompactOptions } from "../../../src/core/options";
import { awaitValue } from "../../../src/core/observe-async";
import { SignalWatch, readAborted, summarizerSignal } from "../../../src/core/signal";
import { Ledger, built, type Ctx, type Flags, type Msg } from "./ledger";

type Options = ReturnType<typeof readCompactOptions>;
type Built = ReturnType<typeof buildActiveContext>;

const NativePromise = Promise;
const freeze = Object.freeze;
const apply = Reflect.apply;

function stop(code: ContextCompactionErrorCode, why: string): never {
  throw new ContextCompactionError(code, why);
}

/** The id under which a compacted message is listed in the record. */
function listedId(m: Msg, flags: Flags): string {
  // [planted result-listed-by-call-id] a tool result is listed by the call it answers
  if (flags.has("result-listed-by-call-id") && m.role === "toolResult") return m.toolCallId;
  return m.id;
}

export function compactContext(input: unknown, options: unknown, flags: Flags): Promise<unknown> {
  return new NativePromise((resolve, reject) => {
    try {
      run(input, options, flags, resolve, reject);
    } catch (error) {
      reject(error);
    }
  });
}

type Job = { context: Built; ctx: Ctx; options: Options; cut: number; before: number; ledger: Ledger; flags: Flags };

function run(input: unknown, rawOptions: unknown, flags: Flags, resolve: (v: unknown) => void, reject: (e: unknown) => void): void {
  const ctx = built(input);
  const context = ctx as unknown as Built;
  const options = readCompactOptions(rawOptions);
  const ledger = new Ledger(flags);
  const before = ledger.total(ctx);
  if (before <= options.maxUnits) {
    resolve(freeze({ status: "unchanged", context, record: null }));
    return;
  }
  const signal = options.signal;
  const aborted = signal === undefined ? false : readAborted(signal);
  if (aborted === null) stop("CONTEXT_INVALID_INPUT", "the signal cannot be read");
  if (aborted) stop("CONTEXT_CANCELLED", "cancelled before compaction");
  if (context.compactions.some((r) => r.id === options.recordId)) stop("CONTEXT_INVALID_INPUT", "recordId is taken");
  const cut = ledger.cut(ctx, options);
  if (cut === null) stop("CONTEXT_BOUNDARY_UNAVAILABLE", "no whole-group cut fits");
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
  const job: Job = { context, ctx, options, cut, before, ledger, flags };
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

function check(watch: SignalWatch): void {
  const state = watch.state();
  if (state === "aborted") stop("CONTEXT_CANCELLED", "cancelled while summarizing");
  if (state === "unreadable") stop("CONTEXT_SUMMARIZER_FAILED", "the signal cannot be read");
}

function finish(job: Job, text: unknown, watch: SignalWatch): unknown {
  const { context, ctx, options, cut, before, ledger, flags } = job;
  check(watch);
  if (typeof text !== "string") stop("CONTEXT_SUMMARY_INVALID", "the summary is not a string");
  // Step 6's own checks count plain code points (the summary's limits, not its price).
  const points = [...text].length;
  if (points > 65536) stop("CONTEXT_LIMIT_EXCEEDED", "the summary is too long");
  if (text.trim().length === 0) stop("CONTEXT_SUMMARY_INSUFFICIENT", "the summary is blank");
  if (5 + [...options.summaryId].length + points > options.summaryMaxUnits) stop("CONTEXT_SUMMARY_INSUFFICIENT", "the summary is over summaryMaxUnits");
  const kept = ctx.messages.slice(cut);
  const summary = { id: options.summaryId, content: text };
  const after = ledger.total({ requirements: ctx.requirements, summary, messages: kept });
  if (after > options.targetUnits) stop("CONTEXT_SUMMARY_INSUFFICIENT", "the compacted context is over targetUnits");
  const record = {
    id: options.recordId,
    summaryId: options.summaryId,
    boundary: cut,
    compactedMessageIds: ctx.messages.slice(0, cut).map((m) => listedId(m, flags)),
    unitsBefore: before,
    unitsAfter: after,
  };
  const next = buildActiveContext({ requirements: context.requirements, summary, messages: kept, compactions: [...context.compactions, record] } as never);
  check(watch);
  return freeze({ status: "compacted", context: next, record: next.compactions[next.compactions.length - 1] });
}
