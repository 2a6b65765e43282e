// A student's layer over src/core: "my own guards" in front of selectCompactionBoundary and
// compactContext (required budgets, the ids' length, cancellation that rejects at once through
// a relay listener on the caller's signal), src/core for everything else. Each planted mistake
// is a flag; with every flag off the layer passes every call straight to the core.
import { ContextCompactionError } from "../../../src/core/errors";
import { codePoints } from "../../../src/core/units";
import { types } from "node:util";
import type { Impl } from "../_kit/impl";

type Flags = ReadonlySet<string>;

export const PLANTED = ["null-budget-as-missing", "overlong-id-invalid-input", "signal-used-before-check"];

const BOUNDARY_BUDGETS = ["targetUnits", "summaryMaxUnits", "retainRecentMessages"];
const COMPACT_BUDGETS = [...BOUNDARY_BUDGETS, "maxUnits"];
const IDS = ["summaryId", "recordId"];

/** An own data value of ordinary options, or undefined (the guard runs no getter and no trap: odd options are the core's business). */
function ownValue(options: unknown, name: string): unknown {
  if ((typeof options !== "object" && typeof options !== "function") || options === null || types.isProxy(options)) return undefined;
  try {
    const d = Object.getOwnPropertyDescriptor(options, name);
    return d !== undefined && "value" in d ? d.value : undefined;
  } catch {
    return undefined;
  }
}

/** The guard's checks of the options, before the core sees them. */
function precheck(options: unknown, budgets: readonly string[], flags: Flags, compact: boolean): void {
  // [planted null-budget-as-missing] a budget set to null is "not given", as a required option that is missing
  if (flags.has("null-budget-as-missing")) {
    for (const name of budgets) {
      if (ownValue(options, name) === null) throw new ContextCompactionError("CONTEXT_INVALID_INPUT", `options.${name} is required`);
    }
  }
  // [planted overlong-id-invalid-input] an id over the string limit is "an invalid id" like an empty one
  if (compact && flags.has("overlong-id-invalid-input")) {
    for (const name of IDS) {
      const value = ownValue(options, name);
      if (typeof value === "string" && codePoints(value) > 65536) throw new ContextCompactionError("CONTEXT_INVALID_INPUT", `options.${name} is not a valid id`);
    }
  }
}

/** Rejects at once on an abort, through a listener of the guard's own on the caller's signal. */
function withRelay(signal: unknown, run: () => Promise<unknown>): Promise<unknown> {
  if (signal === undefined || signal === null) return run();
  let onAbort: () => void = () => {};
  const cancelled = new Promise<never>((_, reject) => {
    onAbort = () => reject(new ContextCompactionError("CONTEXT_CANCELLED", "aborted"));
  });
  // [planted signal-used-before-check] the caller's signal is used (addEventListener) before the core has checked it
  (signal as AbortSignal).addEventListener("abort", onAbort);
  return Promise.race([run(), cancelled]).finally(() => (signal as AbortSignal).removeEventListener("abort", onAbort));
}

export function guard(base: Impl, flags: Flags): Impl {
  if (flags.size === 0) return base;
  return {
    ...base,
    selectCompactionBoundary: (input, options) => {
      precheck(options, BOUNDARY_BUDGETS, flags, false);
      return base.selectCompactionBoundary(input, options);
    },
    compactContext: (input, options) => {
      try {
        precheck(options, COMPACT_BUDGETS, flags, true);
        if (flags.has("signal-used-before-check")) return withRelay(ownValue(options, "signal"), () => base.compactContext(input, options));
        return base.compactContext(input, options);
      } catch (error) {
        return Promise.reject(error);
      }
    },
  };
}
