// The student's own options reader (§6, §7 step 1) for selectCompactionBoundary and
// compactContext, written over src/core's descriptor helpers (own data properties only, a trap's
// exception turned into the options' code). The student checks the shape, each budget (its
// type, then its range), the cross-checks, maxUnits, the ids, the summarizer and the signal, in
// the contract's order. Two planted mistakes, each a flag.
import { MAX_CONTEXT_MESSAGES, MAX_CONTEXT_STRING_UNITS, MAX_CONTEXT_TOTAL_UNITS } from "../../../src/core/limits";
import { ContextCompactionError, type ContextCompactionErrorCode } from "../../../src/core/errors";
import { ABSENT, field, isNonEmpty, optionalField, readRecord } from "../../../src/core/read";
import { inChannel } from "../../../src/core/snapshot";
import { isGenuineSignal } from "../../../src/core/signal";
import { codePoints } from "../../../src/core/units";
import type { BoundaryOptions, CompactOptions } from "../../../src/core/options";
import type { Summarizer } from "../../../src/core/types";

type Flags = ReadonlySet<string>;

export const PLANTED = ["budget-type-as-invalid-input", "summarymax-below-smallest-summary-refused"];

const SHAPE = "INVALID_MESSAGE";
/** The smallest summary there is: 5 + a one-character id + a one-character text. */
const SMALLEST_SUMMARY = 7;

function refuse(code: ContextCompactionErrorCode, message: string): never {
  throw new ContextCompactionError(code, message);
}

/** The options object: a plain object (else CONTEXT_INVALID_INPUT). */
function record(options: unknown): object {
  return inChannel("CONTEXT_INVALID_INPUT", () => readRecord(options, SHAPE, "options"));
}

/** A field that must be there as an own data property (else CONTEXT_INVALID_INPUT). */
function present(options: object, name: string): unknown {
  return inChannel("CONTEXT_INVALID_INPUT", () => field(options, name, SHAPE, "options"));
}

/** A budget: a number, then a safe integer from min to max. */
function budget(options: object, name: string, min: number, max: number, flags: Flags): number {
  const value = present(options, name);
  if (typeof value !== "number") {
    // [planted budget-type-as-invalid-input] a budget that is not a number is a malformed option, CONTEXT_INVALID_INPUT
    if (flags.has("budget-type-as-invalid-input")) refuse("CONTEXT_INVALID_INPUT", `options.${name} must be a number`);
    refuse("CONTEXT_INVALID_BUDGET", `options.${name} must be a safe integer`);
  }
  if (!Number.isSafeInteger(value) || value < min || value > max) refuse("CONTEXT_INVALID_BUDGET", `options.${name} must be from ${min} to ${max}`);
  return value;
}

function budgets(options: object, flags: Flags): BoundaryOptions {
  const targetUnits = budget(options, "targetUnits", 1, MAX_CONTEXT_TOTAL_UNITS, flags);
  // [planted summarymax-below-smallest-summary-refused] the summary reserve must hold at least the smallest summary (7 units)
  const summaryMin = flags.has("summarymax-below-smallest-summary-refused") ? SMALLEST_SUMMARY : 1;
  const summaryMaxUnits = budget(options, "summaryMaxUnits", summaryMin, Infinity, flags);
  const retainRecentMessages = budget(options, "retainRecentMessages", 0, MAX_CONTEXT_MESSAGES, flags);
  if (summaryMaxUnits > targetUnits) refuse("CONTEXT_INVALID_BUDGET", "options.summaryMaxUnits is above options.targetUnits");
  return { targetUnits, summaryMaxUnits, retainRecentMessages };
}

export function readBoundary(rawOptions: unknown, flags: Flags): BoundaryOptions {
  return budgets(record(rawOptions), flags);
}

function id(options: object, name: string): string {
  const value = present(options, name);
  if (typeof value !== "string" || !isNonEmpty(value)) refuse("CONTEXT_INVALID_INPUT", `options.${name} must be a non-empty string`);
  if (codePoints(value) > MAX_CONTEXT_STRING_UNITS) refuse("CONTEXT_LIMIT_EXCEEDED", `options.${name} is too long`);
  return value;
}

export function readCompact(rawOptions: unknown, flags: Flags): CompactOptions {
  const options = record(rawOptions);
  const bounds = budgets(options, flags);
  const maxUnits = budget(options, "maxUnits", 1, MAX_CONTEXT_TOTAL_UNITS, flags);
  if (bounds.targetUnits > maxUnits) refuse("CONTEXT_INVALID_BUDGET", "options.targetUnits is above options.maxUnits");
  const summaryId = id(options, "summaryId");
  const recordId = id(options, "recordId");
  const summarizer = present(options, "summarizer");
  if (typeof summarizer !== "function") refuse("CONTEXT_INVALID_INPUT", "options.summarizer must be a function");
  const signal = inChannel("CONTEXT_INVALID_INPUT", () => optionalField(options, "signal", SHAPE, "options"));
  let watched: AbortSignal | undefined;
  if (signal !== ABSENT && signal !== undefined && signal !== null) {
    if (!isGenuineSignal(signal)) refuse("CONTEXT_INVALID_INPUT", "options.signal must be an AbortSignal");
    watched = signal;
  }
  return { ...bounds, maxUnits, summaryId, recordId, summarizer: summarizer as Summarizer, signal: watched };
}
