// A student's layer over src/core ("my safety net"): a cross-check of maxUnits against
// targetUnits before the core runs, a summarizer wrapped to judge a returned text at once (its
// verdict is the answer when the core fails), and one retry of a compaction whose summarizer
// failed ("summarizers are flaky"). src/core does everything else. Each planted mistake is a
// flag; with every flag off the layer passes every call straight to the core.
import { types } from "node:util";
import { codePoints } from "../../../src/core/units";
import { contractError, hasCode, rejecting, type ErrorCode, type Impl } from "../_kit/impl";

type Flags = ReadonlySet<string>;

export const PLANTED = ["maxunits-cross-check-reversed", "summary-verdict-before-abort", "summarizer-retried-on-failure"];

/** An own data value of ordinary options, or undefined (no getter, no trap: odd options are the core's business). */
function ownValue(options: unknown, name: string): unknown {
  if (typeof options !== "object" || options === null || types.isProxy(options)) return undefined;
  const d = Object.getOwnPropertyDescriptor(options, name);
  return d !== undefined && "value" in d ? d.value : undefined;
}

/** The layer's own look at a returned value: a primitive that is not usable text gets a verdict. */
function judge(value: unknown): ErrorCode | null {
  if (typeof value === "string") return value.trim().length === 0 && codePoints(value) <= 65536 ? "CONTEXT_SUMMARY_INSUFFICIENT" : null;
  if ((typeof value === "object" && value !== null) || typeof value === "function") return null; // a promise or a thenable: the core waits for it
  return "CONTEXT_SUMMARY_INVALID";
}

/** The options with their summarizer replaced by `wrap(summarizer)`, or the options themselves when they are not ordinary. */
function withSummarizer(options: unknown, wrap: (f: Function) => Function): unknown {
  if (typeof options !== "object" || options === null || types.isProxy(options) || Array.isArray(options)) return options;
  const d = Object.getOwnPropertyDescriptor(options, "summarizer");
  if (d === undefined || !("value" in d) || typeof d.value !== "function") return options;
  const copy = Object.create(Object.getPrototypeOf(options), Object.getOwnPropertyDescriptors(options));
  Object.defineProperty(copy, "summarizer", { ...d, value: wrap(d.value) });
  return copy;
}

export function layer(base: Impl, flags: Flags): Impl {
  if (flags.size === 0) return base;
  return {
    ...base,
    compactContext: (input, options) =>
      rejecting(() => {
        // [planted maxunits-cross-check-reversed] "maxUnits must not be above targetUnits" (the rule read backwards)
        if (flags.has("maxunits-cross-check-reversed")) {
          const target = ownValue(options, "targetUnits");
          const max = ownValue(options, "maxUnits");
          if (Number.isSafeInteger(target) && Number.isSafeInteger(max) && (max as number) > (target as number)) {
            throw contractError("CONTEXT_INVALID_BUDGET", "options.maxUnits must not exceed options.targetUnits");
          }
        }
        let verdict: ErrorCode | null = null;
        const opts = flags.has("summary-verdict-before-abort")
          ? withSummarizer(options, (summarizer) => (request: unknown, signal: unknown) => {
              const value = Reflect.apply(summarizer, undefined, [request, signal]);
              verdict = judge(value);
              return value;
            })
          : options;
        const once = () => base.compactContext(input, opts);
        // [planted summarizer-retried-on-failure] a compaction whose summarizer failed is run once more
        const attempt = flags.has("summarizer-retried-on-failure")
          ? once().catch((error: unknown) => (hasCode(error, "CONTEXT_SUMMARIZER_FAILED") ? once() : Promise.reject(error)))
          : once();
        // [planted summary-verdict-before-abort] the layer's verdict on the returned text wins over a cancellation
        return attempt.catch((error: unknown) => {
          if (verdict !== null && hasCode(error, "CONTEXT_CANCELLED")) throw contractError(verdict, "the summarizer returned no usable text");
          throw error;
        });
      }),
  };
}
