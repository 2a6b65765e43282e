// The student's own compactContext (§7, steps 1-8), over src/core for building and estimating
// contexts, reading the options and finding the boundary, and over the student's own waiting step
// (./follow). The student orders the steps, calls the summarizer, leaves early when the caller
// cancelled during the call, checks the summary, writes the record and builds the new context
// (validated by buildActiveContext).
import { buildActiveContext, estimateContextUnits, selectCompactionBoundary } from "../../../src/core/index";
import { ContextCompactionError, type ContextCompactionErrorCode } from "../../../src/core/errors";
import { readCompactOptions } from "../../../src/core/options";
import { SignalWatch, readAborted, summarizerSignal } from "../../../src/core/signal";
import { codePoints } from "../../../src/core/units";
import { isNonEmpty } from "../../../src/core/read";
import { awaitValue } from "./follow";

type Flags = ReadonlySet<string>;
type Context = ReturnType<typeof buildActiveContext>;
type Options = ReturnType<typeof readCompactOptions>;

export const PLANTED = ["cycle-waits-on-itself", "aborted-summary-dropped"];

const NativePromise = Promise;
const freeze = Object.freeze;
const apply = Reflect.apply;

function refuse(code: ContextCompactionErrorCode, message: string): never {
  throw new ContextCompactionError(code, message);
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

/** Whether the caller's signal says aborted now (no signal: never). */
function cancelledNow(signal: AbortSignal | undefined): boolean {
  return signal !== undefined && readAborted(signal) === true;
}

function run(input: unknown, rawOptions: unknown, flags: Flags, resolve: (v: unknown) => void, reject: (e: unknown) => void): void {
  // 1. the context, then the options
  const context = buildActiveContext(input as never);
  const options = readCompactOptions(rawOptions);
  // 2. nothing to do
  const unitsBefore = estimateContextUnits(context);
  if (unitsBefore <= options.maxUnits) {
    resolve(freeze({ status: "unchanged", context, record: null }));
    return;
  }
  // 3. cancelled already? record id free? where to cut?
  const aborted = options.signal === undefined ? false : readAborted(options.signal);
  if (aborted === null) refuse("CONTEXT_INVALID_INPUT", "options.signal cannot be read");
  if (aborted) refuse("CONTEXT_CANCELLED", "cancelled before compaction");
  for (const record of context.compactions) if (record.id === options.recordId) refuse("CONTEXT_INVALID_INPUT", "recordId already used");
  const boundary = selectCompactionBoundary(context, {
    targetUnits: options.targetUnits,
    summaryMaxUnits: options.summaryMaxUnits,
    retainRecentMessages: options.retainRecentMessages,
  });
  if (boundary === null) refuse("CONTEXT_BOUNDARY_UNAVAILABLE", "no whole-group cut fits");
  // 4. the summarizer, once
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
  // [planted aborted-summary-dropped] cancelled during the call: leave at once, the summary is not wanted any more (its value is dropped as it is)
  if (flags.has("aborted-summary-dropped") && cancelledNow(options.signal)) refuse("CONTEXT_CANCELLED", "cancelled during the summarizer");
  // 5. wait for it, watching the signal
  const watch = new SignalWatch(options.signal);
  const state: State = { context, options, boundary, unitsBefore };
  awaitValue(
    value,
    watch,
    (error, text) => {
      if (error !== null) {
        watch.stop();
        reject(error);
        return;
      }
      try {
        resolve(finish(state, text, watch));
      } catch (failure) {
        reject(failure);
      }
      watch.stop();
    },
    flags,
  );
}

type State = { readonly context: Context; readonly options: Options; readonly boundary: number; readonly unitsBefore: number };

function stillWanted(watch: SignalWatch): void {
  const state = watch.state();
  if (state === "aborted") refuse("CONTEXT_CANCELLED", "cancelled as the summary came");
  if (state === "unreadable") refuse("CONTEXT_SUMMARIZER_FAILED", "the signal cannot be read");
}

function finish(state: State, text: unknown, watch: SignalWatch): unknown {
  const { context, options, boundary } = state;
  // 6. the summary
  stillWanted(watch);
  if (typeof text !== "string") refuse("CONTEXT_SUMMARY_INVALID", "the summary is not a string");
  if (codePoints(text) > 65536) refuse("CONTEXT_LIMIT_EXCEEDED", "the summary is too long");
  if (!isNonEmpty(text)) refuse("CONTEXT_SUMMARY_INSUFFICIENT", "the summary is blank");
  if (5 + codePoints(options.summaryId) + codePoints(text) > options.summaryMaxUnits) refuse("CONTEXT_SUMMARY_INSUFFICIENT", "the summary is over summaryMaxUnits");
  // 7. what is kept
  const kept = context.messages.slice(boundary);
  const summary = { id: options.summaryId, content: text };
  const unitsAfter = estimateContextUnits({ requirements: context.requirements, summary, messages: kept } as never);
  if (unitsAfter > options.targetUnits) refuse("CONTEXT_SUMMARY_INSUFFICIENT", "the compacted context is over targetUnits");
  // 8. the record, the new context
  const record = {
    id: options.recordId,
    summaryId: options.summaryId,
    boundary,
    compactedMessageIds: context.messages.slice(0, boundary).map((m) => m.id),
    unitsBefore: state.unitsBefore,
    unitsAfter,
  };
  const next = buildActiveContext({ requirements: context.requirements, summary, messages: kept, compactions: [...context.compactions, record] } as never);
  stillWanted(watch);
  return freeze({ status: "compacted", context: next, record: next.compactions[next.compactions.length - 1] });
}
