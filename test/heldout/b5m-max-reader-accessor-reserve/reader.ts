// The student's own options reader (contract §6, §7 step 1), used by both
// selectCompactionBoundary and compactContext: the options must be a plain object; each field is
// looked up as an own property (never through a getter, Proxies read through their traps); the
// budgets in the contract's order with their ranges, then the cross-checks, then maxUnits, the
// ids, the summarizer and the signal. Each planted mistake is a flag.
import { isGenuineSignal } from "../../../src/core/signal";
import { codePoints } from "../../../src/core/units";
import { contractError } from "../_kit/impl";
import type { BoundaryOptions, CompactOptions } from "../../../src/core/options";
import type { Summarizer } from "../../../src/core/types";

type Flags = ReadonlySet<string>;

export const PLANTED = ["accessor-option-read-as-undefined", "maxunits-must-cover-summary-reserve"];

const MISSING = Symbol("missing");

const invalid = (message: string): never => {
  throw contractError("CONTEXT_INVALID_INPUT", message);
};
const badBudget = (message: string): never => {
  throw contractError("CONTEXT_INVALID_BUDGET", message);
};

/** The options object itself: a plain object (prototype Object.prototype or null), not an array. */
function plain(options: unknown): object {
  if (typeof options !== "object" || options === null) return invalid("options must be an object");
  let proto: object | null;
  try {
    if (Array.isArray(options)) return invalid("options must not be an array");
    proto = Object.getPrototypeOf(options);
  } catch {
    return invalid("options could not be read");
  }
  if (proto !== Object.prototype && proto !== null) return invalid("options must be a plain object");
  return options;
}

/** One option: its own value, or MISSING. */
function own(options: object, name: string, flags: Flags): unknown {
  let d: PropertyDescriptor | undefined;
  try {
    d = Object.getOwnPropertyDescriptor(options, name);
  } catch {
    return invalid(`options.${name} could not be read`);
  }
  if (d === undefined) return MISSING;
  // [planted accessor-option-read-as-undefined] the descriptor's value is taken whatever the
  // descriptor is, so an accessor reads as undefined (its getter is not called)
  if (!("value" in d) && !flags.has("accessor-option-read-as-undefined")) return invalid(`options.${name} must not be an accessor`);
  return d.value;
}

function required(options: object, name: string, flags: Flags): unknown {
  const value = own(options, name, flags);
  if (value === MISSING) return invalid(`options.${name} is required`);
  return value;
}

function budget(options: object, name: string, min: number, max: number, flags: Flags): number {
  const value = required(options, name, flags);
  if (!Number.isSafeInteger(value) || (value as number) < min || (value as number) > max) {
    return badBudget(`options.${name} must be a whole number from ${min} to ${max}`);
  }
  return value as number;
}

function budgets(options: object, flags: Flags): BoundaryOptions {
  const targetUnits = budget(options, "targetUnits", 1, 1_000_000, flags);
  const summaryMaxUnits = budget(options, "summaryMaxUnits", 1, Number.MAX_SAFE_INTEGER, flags);
  const retainRecentMessages = budget(options, "retainRecentMessages", 0, 4096, flags);
  if (summaryMaxUnits > targetUnits) badBudget("summaryMaxUnits is larger than targetUnits");
  return { targetUnits, summaryMaxUnits, retainRecentMessages };
}

export function readBoundary(options: unknown, flags: Flags): BoundaryOptions {
  return budgets(plain(options), flags);
}

function id(options: object, name: string, flags: Flags): string {
  const value = required(options, name, flags);
  if (typeof value !== "string" || value.trim().length === 0) return invalid(`options.${name} must be a non-empty string`);
  if (codePoints(value) > 65536) throw contractError("CONTEXT_LIMIT_EXCEEDED", `options.${name} is too long`);
  return value;
}

export function readCompact(raw: unknown, flags: Flags): CompactOptions {
  const options = plain(raw);
  const b = budgets(options, flags);
  const maxUnits = budget(options, "maxUnits", 1, 1_000_000, flags);
  // [planted maxunits-must-cover-summary-reserve] "maxUnits must leave room for the target and the new summary"
  const needed = flags.has("maxunits-must-cover-summary-reserve") ? b.targetUnits + b.summaryMaxUnits : b.targetUnits;
  if (needed > maxUnits) badBudget("maxUnits is too small for targetUnits");
  const summaryId = id(options, "summaryId", flags);
  const recordId = id(options, "recordId", flags);
  const summarizer = required(options, "summarizer", flags);
  if (typeof summarizer !== "function") invalid("options.summarizer must be a function");
  const signal = own(options, "signal", flags);
  if (signal !== MISSING && signal !== undefined && signal !== null && !isGenuineSignal(signal)) invalid("options.signal must be an AbortSignal");
  return {
    ...b,
    maxUnits,
    summaryId,
    recordId,
    summarizer: summarizer as Summarizer,
    signal: signal === MISSING || signal === null || signal === undefined ? undefined : (signal as AbortSignal),
  };
}
