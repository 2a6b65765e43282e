// Tam's own compactContext (§7, steps 1-8) with his own lookout on the caller's AbortSignal, written
// over src/core for the rest: the core builds and estimates contexts, reads the options, finds the
// boundary and follows the summarizer's value (it is handed Tam's lookout in the shape it asks for:
// state(), start(onAbort), stop()). Tam orders the steps, keeps the lookout, calls the summarizer,
// checks the summary, writes the record and builds the new context (validated by buildActiveContext).
//
// The lookout turns the signal into a "cancellation promise" that rejects with CONTEXT_CANCELLED when
// the signal aborts; the wait listens to it (start), and the signal itself is read through the
// intrinsic `aborted` getter at every point §7 names (state). Two planted mistakes, each a flag, both
// in the lookout.
import { buildActiveContext, estimateContextUnits, selectCompactionBoundary } from "../../../src/core/index";
import { ContextCompactionError, type ContextCompactionErrorCode } from "../../../src/core/errors";
import { readCompactOptions } from "../../../src/core/options";
import { awaitValue } from "../../../src/core/observe-async";
import { readAborted, summarizerSignal, type SignalWatch } from "../../../src/core/signal";
import { codePoints } from "../../../src/core/units";
import { isNonEmpty } from "../../../src/core/read";

type Flags = ReadonlySet<string>;
type Context = ReturnType<typeof buildActiveContext>;
type Options = ReturnType<typeof readCompactOptions>;

/** The mistakes planted in this flow (index.ts switches both on). */
export const PLANTED = ["cancellation-promise-armed-early", "signal-listened-once-per-signal"];

const Native = Promise;
const freeze = Object.freeze;
const addListener = Function.prototype.call.bind(EventTarget.prototype.addEventListener) as (t: EventTarget, type: string, fn: () => void) => void;
const removeListener = Function.prototype.call.bind(EventTarget.prototype.removeEventListener) as (t: EventTarget, type: string, fn: () => void) => void;

function refuse(code: ContextCompactionErrorCode, message: string): never {
  throw new ContextCompactionError(code, message);
}

/** What one instance of the module remembers between calls. */
export type Memory = { readonly listened: WeakSet<object> };
export const newMemory = (): Memory => ({ listened: new WeakSet() });

/** Tam's lookout on one compaction's signal. */
class Lookout {
  /** Rejects with CONTEXT_CANCELLED when the signal aborts (once armed). */
  private cancelled: Promise<never> | null = null;
  private listener: (() => void) | null = null;
  private deaf = false;

  constructor(
    private readonly signal: AbortSignal | undefined,
    private readonly flags: Flags,
    private readonly memory: Memory,
  ) {}

  /** Makes the cancellation promise and listens for the abort. */
  arm(): void {
    const signal = this.signal;
    if (signal === undefined || this.cancelled !== null) return;
    this.cancelled = new Native<never>((_, reject) => {
      // [planted signal-listened-once-per-signal] a signal listened to before is not listened to again
      if (this.flags.has("signal-listened-once-per-signal") && this.memory.listened.has(signal)) return;
      const listener = () => reject(new ContextCompactionError("CONTEXT_CANCELLED", "the signal aborted while waiting for the summary"));
      try {
        addListener(signal, "abort", listener);
      } catch {
        // A genuine signal whose prototype was replaced refuses the listener (§8).
        this.deaf = true;
        return;
      }
      this.memory.listened.add(signal);
      this.listener = listener;
    });
  }

  state(): "aborted" | "unreadable" | "pending" {
    if (this.signal === undefined) return "pending";
    const aborted = readAborted(this.signal);
    return aborted === null ? "unreadable" : aborted ? "aborted" : "pending";
  }

  start(onAbort: () => void): boolean {
    if (this.signal === undefined) return true;
    this.arm();
    if (this.deaf) return false;
    (this.cancelled as Promise<never>).catch(onAbort);
    return true;
  }

  stop(): void {
    // [planted cancellation-promise-armed-early] the listener is left on the signal ("it goes with the signal")
    if (this.flags.has("cancellation-promise-armed-early")) return;
    const listener = this.listener;
    if (listener === null) return;
    this.listener = null;
    try {
      removeListener(this.signal as AbortSignal, "abort", listener);
    } catch {
      // the outcome is given already
    }
  }
}

export function compactContext(input: unknown, options: unknown, flags: Flags, memory: Memory): Promise<unknown> {
  return new Native((resolve, reject) => {
    try {
      run(input, options, flags, memory, resolve, reject);
    } catch (error) {
      reject(error);
    }
  });
}

function run(input: unknown, rawOptions: unknown, flags: Flags, memory: Memory, resolve: (v: unknown) => void, reject: (e: unknown) => void): void {
  // 1. context first, then the options
  const context = buildActiveContext(input as never);
  const options = readCompactOptions(rawOptions);
  // 2. nothing to do
  const before = estimateContextUnits(context);
  if (before <= options.maxUnits) {
    resolve(freeze({ status: "unchanged", context, record: null }));
    return;
  }
  // 3. cancelled already? then the lookout; record id; boundary
  const lookout = new Lookout(options.signal, flags, memory);
  const now = lookout.state();
  if (now === "unreadable") refuse("CONTEXT_INVALID_INPUT", "options.signal cannot be read");
  if (now === "aborted") refuse("CONTEXT_CANCELLED", "aborted before compaction");
  // [planted cancellation-promise-armed-early] the cancellation promise is made here, before the call, "to catch everything"
  if (flags.has("cancellation-promise-armed-early")) lookout.arm();
  for (const record of context.compactions) {
    if (record.id === options.recordId) refuse("CONTEXT_INVALID_INPUT", "recordId already used");
  }
  const boundary = selectCompactionBoundary(context, {
    targetUnits: options.targetUnits,
    summaryMaxUnits: options.summaryMaxUnits,
    retainRecentMessages: options.retainRecentMessages,
  });
  if (boundary === null) refuse("CONTEXT_BOUNDARY_UNAVAILABLE", "no whole-group cut fits");
  // 4. the call
  const request = freeze({
    requirements: context.requirements,
    previousSummary: context.summary,
    messages: freeze(context.messages.slice(0, boundary)),
    boundary,
    maxSummaryUnits: options.summaryMaxUnits,
  });
  let value: unknown;
  try {
    value = Reflect.apply(options.summarizer, undefined, [request, summarizerSignal(options.signal)]);
  } catch {
    refuse("CONTEXT_SUMMARIZER_FAILED", "the summarizer threw");
  }
  // 5. the wait, with the lookout
  awaitValue(value, lookout as unknown as SignalWatch, (error, text) => {
    if (error !== null) {
      lookout.stop();
      reject(error);
      return;
    }
    try {
      resolve(finish(context, options, boundary, before, text, lookout));
    } catch (failure) {
      reject(failure);
    }
    lookout.stop();
  });
}

function stillWanted(lookout: Lookout): void {
  const state = lookout.state();
  if (state === "aborted") refuse("CONTEXT_CANCELLED", "aborted as the summary settled");
  if (state === "unreadable") refuse("CONTEXT_SUMMARIZER_FAILED", "the signal cannot be read");
}

function finish(context: Context, options: Options, boundary: number, before: number, text: unknown, lookout: Lookout): unknown {
  // 6. the summary
  stillWanted(lookout);
  if (typeof text !== "string") refuse("CONTEXT_SUMMARY_INVALID", "the summary is not a string");
  if (codePoints(text) > 65536) refuse("CONTEXT_LIMIT_EXCEEDED", "the summary is too long");
  if (!isNonEmpty(text)) refuse("CONTEXT_SUMMARY_INSUFFICIENT", "the summary is blank");
  if (5 + codePoints(options.summaryId) + codePoints(text) > options.summaryMaxUnits) refuse("CONTEXT_SUMMARY_INSUFFICIENT", "the summary is over summaryMaxUnits");
  // 7. what is kept
  const kept = context.messages.slice(boundary);
  const summary = { id: options.summaryId, content: text };
  const after = estimateContextUnits({ requirements: context.requirements, summary, messages: kept } as never);
  if (after > options.targetUnits) refuse("CONTEXT_SUMMARY_INSUFFICIENT", "the compacted context is over targetUnits");
  // 8. the record and the new context
  const record = {
    id: options.recordId,
    summaryId: options.summaryId,
    boundary,
    compactedMessageIds: context.messages.slice(0, boundary).map((m) => m.id),
    unitsBefore: before,
    unitsAfter: after,
  };
  const next = buildActiveContext({ requirements: context.requirements, summary, messages: kept, compactions: [...context.compactions, record] } as never);
  stillWanted(lookout);
  return freeze({ status: "compacted", context: next, record: next.compactions[next.compactions.length - 1] });
}
