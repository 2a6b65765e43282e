// Pat's layer over src/core ("belt and braces"): a check of the summarizer before the core runs
// (it must take the request and the signal), a record id made free when the context already
// uses it ("don't fail a whole compaction over a name"), and, when the core fails while the
// caller's signal is aborted, the failure reported as the cancellation it "really" is. src/core
// does everything else. Options are looked at through own data properties of ordinary objects
// only (no getter, no trap: odd options are left to the core). Each planted mistake is a flag;
// with every flag off the layer passes every call straight to the core.
import { types } from "node:util";
import { buildActiveContext } from "../../../src/core/index";
import { readAborted } from "../../../src/core/signal";
import { contractError, rejecting, type Impl } from "../_kit/impl";

type Flags = ReadonlySet<string>;

export const PLANTED = ["summarizer-arity-checked", "taken-recordid-renamed", "aborted-signal-overrides-failure"];

const ordinary = (options: unknown): options is object => typeof options === "object" && options !== null && !types.isProxy(options);

/** An own data value of ordinary options, or undefined. */
function peek(options: unknown, name: string): unknown {
  if (!ordinary(options)) return undefined;
  const d = Object.getOwnPropertyDescriptor(options, name);
  return d !== undefined && "value" in d ? d.value : undefined;
}

/** A copy of ordinary options (descriptors: nothing is called) with one data field replaced. */
function withField(options: object, name: string, value: unknown): object {
  const copy = Object.create(Object.getPrototypeOf(options), Object.getOwnPropertyDescriptors(options));
  Object.defineProperty(copy, name, { value, writable: true, enumerable: true, configurable: true });
  return copy;
}

/** Whether the caller's signal (a genuine one, read through the intrinsic getter) is aborted now. */
function callerAborted(options: unknown): boolean {
  const signal = peek(options, "signal");
  if (typeof signal !== "object" || signal === null) return false;
  return readAborted(signal as AbortSignal) === true;
}

/** One compaction through the core, after Pat's own checks. */
function attempt(base: Impl, flags: Flags, input: unknown, options: unknown): Promise<unknown> {
  return rejecting(() => {
    // [planted summarizer-arity-checked] "summarizer(request, signal)": a summarizer that does
    // not declare both parameters is refused as an invalid option
    if (flags.has("summarizer-arity-checked")) {
      const summarizer = peek(options, "summarizer");
      if (typeof summarizer === "function" && summarizer.length < 2) {
        throw contractError("CONTEXT_INVALID_INPUT", "options.summarizer must take (request, signal)");
      }
    }
    let context: unknown = input;
    let opts: unknown = options;
    // [planted taken-recordid-renamed] a recordId the context already uses is replaced by a free
    // one ("r" → "r-2") and the compaction goes on
    if (flags.has("taken-recordid-renamed")) {
      const built = buildActiveContext(input as never); // what the core does first anyway (its error is the core's)
      context = built;
      const recordId = peek(options, "recordId");
      const used = built.compactions.map((record) => record.id);
      if (typeof recordId === "string" && used.includes(recordId)) {
        let n = 2;
        while (used.includes(`${recordId}-${n}`)) n++;
        opts = withField(options as object, "recordId", `${recordId}-${n}`);
      }
    }
    return base.compactContext(context, opts);
  });
}

export function layer(base: Impl, flags: Flags): Impl {
  if (flags.size === 0) return base;
  return {
    ...base,
    compactContext: (input, options) => {
      const running = attempt(base, flags, input, options);
      // [planted aborted-signal-overrides-failure] once the caller has aborted, any failure is
      // reported as CONTEXT_CANCELLED ("they cancelled: that is what they want to hear")
      if (!flags.has("aborted-signal-overrides-failure")) return running;
      return running.catch((error: unknown) => {
        if (callerAborted(options)) throw contractError("CONTEXT_CANCELLED", "the caller aborted the compaction");
        throw error;
      });
    },
  };
}
