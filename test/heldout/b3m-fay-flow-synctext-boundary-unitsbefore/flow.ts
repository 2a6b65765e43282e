// A student's own compactContext (§7, steps 1-8), written over src/core for the rest: the core
// builds and estimates contexts, reads the options, finds the boundary and follows the
// summarizer's value; the student orders the steps, calls the summarizer, checks the summary,
// writes the record and builds the new context (validated by buildActiveContext).
import { buildActiveContext, estimateContextUnits, selectCompactionBoundary } from "../../../src/core/index";
import { ContextCompactionError, type ContextCompactionErrorCode } from "../../../src/core/errors";
import { readCompactOptions } from "../../../src/core/options";
import { awaitValue } from "../../../src/core/observe-async";
import { SignalWatch, readAborted, summarizerSignal } from "../../../src/core/signal";
import { codePoints } from "../../../src/core/units";
import { isNonEmpty } from "../../../src/core/read";

type Flags = ReadonlySet<string>;
type Context = ReturnType<typeof buildActiveContext>;

const NativePromise = Promise;
const freeze = Object.freeze;
const apply = Reflect.apply;

function refuse(code: ContextCompactionErrorCode, message: string): never {
  throw new ContextCompactionError(code, message);
}

const isObject = (v: unknown): boolean => (typeof v === "object" && v !== null) || typeof v === "function";

export function compactContext(input: unknown, options: unknown, flags: Flags): Promise<unknown> {
  return new NativePromise((resolve, reject) => {
    try {
      steps(input, options, flags, resolve, reject);
    } catch (error) {
      reject(error);
    }
  });
}

function steps(input: unknown, rawOptions: unknown, flags: Flags, resolve: (v: unknown) => void, reject: (e: unknown) => void): void {
  // 1. the context, then the options
  const context = buildActiveContext(input as never);
  const options = readCompactOptions(rawOptions);
  // 2. small enough already
  const unitsBefore = estimateContextUnits(context);
  if (unitsBefore <= options.maxUnits) {
    resolve(freeze({ status: "unchanged", context, record: null }));
    return;
  }
  // 3. cancelled? record id free? a cut?
  const aborted = options.signal === undefined ? false : readAborted(options.signal);
  if (aborted === null) refuse("CONTEXT_INVALID_INPUT", "options.signal cannot be read");
  if (aborted) refuse("CONTEXT_CANCELLED", "aborted before compaction");
  if (context.compactions.some((r) => r.id === options.recordId)) refuse("CONTEXT_INVALID_INPUT", "recordId already used");
  const boundary = selectCompactionBoundary(context, {
    targetUnits: options.targetUnits,
    summaryMaxUnits: options.summaryMaxUnits,
    retainRecentMessages: options.retainRecentMessages,
  });
  if (boundary === null) refuse("CONTEXT_BOUNDARY_UNAVAILABLE", "no whole-group cut fits");
  // 4. one call
  const request = freeze({
    requirements: context.requirements,
    previousSummary: context.summary,
    messages: freeze(context.messages.slice(0, boundary)),
    boundary,
    maxSummaryUnits: options.summaryMaxUnits,
  });
  let value: unknown;
  try {
    value = apply(options.summarizer, undefined, [request, summarizerSignal(options.signal)]);
  } catch {
    refuse("CONTEXT_SUMMARIZER_FAILED", "the summarizer threw");
  }
  const ctx: Ctx = { context, options, boundary, unitsBefore, flags };
  // [planted sync-text-skips-signal] a value that needs no waiting is committed at once, without the signal's reads
  if (flags.has("sync-text-skips-signal") && !isObject(value)) {
    resolve(commit(ctx, value, null));
    return;
  }
  // 5. wait, watching the signal
  const watch = new SignalWatch(options.signal);
  awaitValue(value, watch, (error, text) => {
    if (error !== null) {
      watch.stop();
      reject(error);
      return;
    }
    try {
      resolve(commit(ctx, text, watch));
    } catch (failure) {
      reject(failure);
    }
    watch.stop();
  });
}

type Ctx = {
  readonly context: Context;
  readonly options: ReturnType<typeof readCompactOptions>;
  readonly boundary: number;
  readonly unitsBefore: number;
  readonly flags: Flags;
};

function stillWanted(watch: SignalWatch | null): void {
  if (watch === null) return;
  const state = watch.state();
  if (state === "aborted") refuse("CONTEXT_CANCELLED", "aborted as the summary settled");
  if (state === "unreadable") refuse("CONTEXT_SUMMARIZER_FAILED", "the signal cannot be read");
}

function commit(ctx: Ctx, text: unknown, watch: SignalWatch | null): unknown {
  const { context, options, boundary, flags } = ctx;
  // 6. the text
  stillWanted(watch);
  if (typeof text !== "string") refuse("CONTEXT_SUMMARY_INVALID", "the summary is not a string");
  if (codePoints(text) > 65536) refuse("CONTEXT_LIMIT_EXCEEDED", "the summary is too long");
  if (!isNonEmpty(text)) refuse("CONTEXT_SUMMARY_INSUFFICIENT", "the summary is blank");
  if (5 + codePoints(options.summaryId) + codePoints(text) > options.summaryMaxUnits) refuse("CONTEXT_SUMMARY_INSUFFICIENT", "the summary is over summaryMaxUnits");
  // 7. what is kept: linked, and within the target
  const kept = context.messages.slice(boundary);
  const summary = { id: options.summaryId, content: text };
  const after = estimateContextUnits({ requirements: context.requirements, summary, messages: kept } as never);
  if (after > options.targetUnits) refuse("CONTEXT_SUMMARY_INSUFFICIENT", "the compacted context is over targetUnits");
  // 8. the record and the new context
  const record = {
    id: options.recordId,
    summaryId: options.summaryId,
    // [planted record-boundary-as-kept-count] the record's boundary is the number of kept messages
    boundary: flags.has("record-boundary-as-kept-count") ? kept.length : boundary,
    compactedMessageIds: context.messages.slice(0, boundary).map((m) => m.id),
    // [planted units-before-of-new-context] unitsBefore is taken from the context being made, not the one compacted
    unitsBefore: flags.has("units-before-of-new-context") ? after : ctx.unitsBefore,
    unitsAfter: after,
  };
  const next = buildActiveContext({ requirements: context.requirements, summary, messages: kept, compactions: [...context.compactions, record] } as never);
  stillWanted(watch);
  return freeze({ status: "compacted", context: next, record: next.compactions[next.compactions.length - 1] });
}
