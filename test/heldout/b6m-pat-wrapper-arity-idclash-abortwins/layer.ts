// Pat's layer over src/core ("belt and braces"): a few checks of the options of compactContext
// before the core runs (the summarizer must take the request and the signal; the new record and
// the new summary must not share an id), and, when the core fails while the caller's signal is
// aborted, the failure reported as the cancellation it "really" is. src/core does everything
// else. Options are looked at through own data properties of ordinary objects only (no getter,
// no trap: odd options are left to the core). Each planted mistake is a flag; with every flag
// off the layer passes every call straight to the core.
import { types } from "node:util";
import { readAborted } from "../../../src/core/signal";
import { contractError, rejecting, type Impl } from "../_kit/impl";

type Flags = ReadonlySet<string>;

export const PLANTED = ["summarizer-arity-checked", "recordid-equal-summaryid-refused", "aborted-signal-overrides-failure"];

/** An own data value of ordinary options, or undefined. */
function peek(options: unknown, name: string): unknown {
  if (typeof options !== "object" || options === null || types.isProxy(options)) return undefined;
  const d = Object.getOwnPropertyDescriptor(options, name);
  return d !== undefined && "value" in d ? d.value : undefined;
}

/** Pat's checks of the options, before the core. */
function precheck(options: unknown, flags: Flags): void {
  // [planted summarizer-arity-checked] "summarizer(request, signal)": a summarizer that does not
  // declare both parameters is refused as an invalid option
  if (flags.has("summarizer-arity-checked")) {
    const summarizer = peek(options, "summarizer");
    if (typeof summarizer === "function" && summarizer.length < 2) {
      throw contractError("CONTEXT_INVALID_INPUT", "options.summarizer must take (request, signal)");
    }
  }
  // [planted recordid-equal-summaryid-refused] the record and the summary it names may not share one id
  if (flags.has("recordid-equal-summaryid-refused")) {
    const recordId = peek(options, "recordId");
    if (typeof recordId === "string" && recordId === peek(options, "summaryId")) {
      throw contractError("CONTEXT_INVALID_INPUT", "options.recordId must differ from options.summaryId");
    }
  }
}

/** Whether the caller's signal (a genuine one, read through the intrinsic getter) is aborted now. */
function callerAborted(options: unknown): boolean {
  const signal = peek(options, "signal");
  if (typeof signal !== "object" || signal === null) return false;
  return readAborted(signal as AbortSignal) === true;
}

export function layer(base: Impl, flags: Flags): Impl {
  if (flags.size === 0) return base;
  return {
    ...base,
    compactContext: (input, options) =>
      rejecting(() => {
        precheck(options, flags);
        const running = base.compactContext(input, options);
        // [planted aborted-signal-overrides-failure] once the caller has aborted, any failure is
        // reported as CONTEXT_CANCELLED ("they cancelled: that is what they want to hear")
        if (!flags.has("aborted-signal-overrides-failure")) return running;
        return running.catch((error: unknown) => {
          if (callerAborted(options)) throw contractError("CONTEXT_CANCELLED", "the caller aborted the compaction");
          throw error;
        });
      }),
  };
}
