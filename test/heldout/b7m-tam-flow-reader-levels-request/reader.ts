// Tam's own reader of the options (§6, §7 step 1), written after src/core's: the options object and
// each field are looked at through descriptors only (src/core's read helpers: a getter is never
// called, a missing field or an accessor is CONTEXT_INVALID_INPUT), in the contract's order. The
// budgets go through one helper of his, `budget`, used for the three fields of §6 and for maxUnits;
// it carries a planted mistake (a flag), so it shows wherever a budget is read.
import { MAX_CONTEXT_MESSAGES, MAX_CONTEXT_STRING_UNITS, MAX_CONTEXT_TOTAL_UNITS } from "../../../src/core/limits";
import { INVALID_BUDGET, INVALID_INPUT, LIMIT_EXCEEDED, fail } from "../../../src/core/errors";
import { ABSENT, fault, field, isNonEmpty, isPlainRecord, optionalField } from "../../../src/core/read";
import { inChannel } from "../../../src/core/snapshot";
import { isGenuineSignal } from "../../../src/core/signal";
import { codePoints } from "../../../src/core/units";
import type { BoundaryOptions, CompactOptions } from "../../../src/core/options";
import type { Summarizer } from "../../../src/core/types";

type Flags = ReadonlySet<string>;

const SHAPE = "INVALID_MESSAGE";
const WHERE = "options";

function record(options: unknown): object {
  return inChannel(INVALID_INPUT, () => {
    if (!isPlainRecord(options, SHAPE, WHERE)) fault(SHAPE, "options is not a plain object");
    return options;
  });
}

function present(options: object, name: string): unknown {
  return inChannel(INVALID_INPUT, () => field(options, name, SHAPE, WHERE));
}

/** Whether `value` is a whole number from min to max. */
function wholeInRange(value: unknown, min: number, max: number, flags: Flags): boolean {
  // [planted nan-budget-accepted] "a number, no fraction, not below min, not above max": NaN passes every comparison
  if (flags.has("nan-budget-accepted")) return typeof value === "number" && !(value % 1 > 0) && !(value < min) && !(value > max);
  return Number.isSafeInteger(value) && (value as number) >= min && (value as number) <= max;
}

function budget(options: object, name: string, min: number, max: number, flags: Flags): number {
  const value = present(options, name);
  if (!wholeInRange(value, min, max, flags)) fail(INVALID_BUDGET, `options.${name} must be a whole number from ${min} to ${max}`);
  return value as number;
}

function budgets(options: object, flags: Flags): BoundaryOptions {
  const targetUnits = budget(options, "targetUnits", 1, MAX_CONTEXT_TOTAL_UNITS, flags);
  const summaryMaxUnits = budget(options, "summaryMaxUnits", 1, Infinity, flags);
  const retainRecentMessages = budget(options, "retainRecentMessages", 0, MAX_CONTEXT_MESSAGES, flags);
  if (summaryMaxUnits > targetUnits) fail(INVALID_BUDGET, "options.summaryMaxUnits must not exceed options.targetUnits");
  return { targetUnits, summaryMaxUnits, retainRecentMessages };
}

export function readBoundary(options: unknown, flags: Flags): BoundaryOptions {
  return budgets(record(options), flags);
}

function id(options: object, name: string): string {
  const value = present(options, name);
  if (typeof value !== "string" || !isNonEmpty(value)) fail(INVALID_INPUT, `options.${name} must be a non-empty string`);
  if (codePoints(value) > MAX_CONTEXT_STRING_UNITS) fail(LIMIT_EXCEEDED, `options.${name} is too long`);
  return value;
}

export function readCompaction(raw: unknown, flags: Flags): CompactOptions {
  const options = record(raw);
  const three = budgets(options, flags);
  const maxUnits = budget(options, "maxUnits", 1, MAX_CONTEXT_TOTAL_UNITS, flags);
  if (three.targetUnits > maxUnits) fail(INVALID_BUDGET, "options.targetUnits must not exceed options.maxUnits");
  const summaryId = id(options, "summaryId");
  const recordId = id(options, "recordId");
  const summarizer = present(options, "summarizer");
  if (typeof summarizer !== "function") fail(INVALID_INPUT, "options.summarizer must be a function");
  const signal = inChannel(INVALID_INPUT, () => optionalField(options, "signal", SHAPE, WHERE));
  let watched: AbortSignal | undefined;
  if (signal !== ABSENT && signal !== undefined && signal !== null) {
    if (!isGenuineSignal(signal)) fail(INVALID_INPUT, "options.signal must be a genuine AbortSignal");
    watched = signal;
  }
  return { ...three, maxUnits, summaryId, recordId, summarizer: summarizer as Summarizer, signal: watched };
}
