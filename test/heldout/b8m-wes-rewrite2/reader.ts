// Wes's options reader, one for both exports (contract §6 and §7 step 1): the options are read
// like input, through descriptors only (no getter runs), in the contract's order: the object's
// shape; the budgets, each present (else CONTEXT_INVALID_INPUT) and a safe integer in its range
// (else CONTEXT_INVALID_BUDGET); the cross-checks; then compactContext's own fields. His budget
// table lists maxUnits beside the three budgets of §6 ("they are all budgets").
import { MAX_CONTEXT_MESSAGES, MAX_CONTEXT_STRING_UNITS, MAX_CONTEXT_TOTAL_UNITS } from "../../../src/core/limits";
import { INVALID_BUDGET, INVALID_INPUT, LIMIT_EXCEEDED, fail } from "../../../src/core/errors";
import { ABSENT, fault, field, isNonEmpty, isPlainRecord, optionalField } from "../../../src/core/read";
import { inChannel } from "../../../src/core/snapshot";
import { isGenuineSignal } from "../../../src/core/signal";
import { codePoints } from "../../../src/core/units";
import type { CompactOptions } from "../../../src/core/options";

export type Flags = ReadonlySet<string>;
export type Budgets = { targetUnits: number; summaryMaxUnits: number; retainRecentMessages: number; maxUnits?: number };

type Range = readonly [name: keyof Budgets, min: number, max: number];

/** Wes's budget table: the three of §6, then maxUnits. */
const BUDGETS: readonly Range[] = [
  ["targetUnits", 1, MAX_CONTEXT_TOTAL_UNITS],
  ["summaryMaxUnits", 1, Infinity],
  ["retainRecentMessages", 0, MAX_CONTEXT_MESSAGES],
  ["maxUnits", 1, MAX_CONTEXT_TOTAL_UNITS],
];

const SHAPE = "INVALID_MESSAGE";

function plainOptions(options: unknown): object {
  return inChannel(INVALID_INPUT, () => {
    if (!isPlainRecord(options, SHAPE, "options")) fault(SHAPE, "options is not a plain object");
    return options;
  });
}

function present(options: object, name: string): unknown {
  return inChannel(INVALID_INPUT, () => field(options, name, SHAPE, "options"));
}

function budget(options: object, [name, min, max]: Range): number {
  const value = present(options, name);
  if (!Number.isSafeInteger(value) || (value as number) < min || (value as number) > max) {
    fail(INVALID_BUDGET, `options.${name} must be a safe integer from ${min} to ${max}`);
  }
  return value as number;
}

/**
 * The budgets: §6's three and their cross-check, then maxUnits and its cross-check.
 * `compact` says whether compactContext asks (selectCompactionBoundary does not need maxUnits).
 */
export function readBudgets(raw: unknown, compact: boolean, flags: Flags): Budgets {
  const options = plainOptions(raw);
  const read: Partial<Record<keyof Budgets, number>> = {};
  // [planted maxunits-required-for-boundary] the whole table is read for selectCompactionBoundary too
  const table = compact || flags.has("maxunits-required-for-boundary") ? BUDGETS : BUDGETS.slice(0, 3);
  for (const range of table.slice(0, 3)) read[range[0]] = budget(options, range);
  if (read.summaryMaxUnits! > read.targetUnits!) fail(INVALID_BUDGET, "options.summaryMaxUnits must not exceed options.targetUnits");
  if (table.length > 3) {
    read.maxUnits = budget(options, table[3]);
    if (read.targetUnits! > read.maxUnits) fail(INVALID_BUDGET, "options.targetUnits must not exceed options.maxUnits");
  }
  return read as Budgets;
}

function id(options: object, name: string): string {
  const value = present(options, name);
  if (typeof value !== "string" || !isNonEmpty(value)) fail(INVALID_INPUT, `options.${name} must be a non-empty string`);
  if (codePoints(value) > MAX_CONTEXT_STRING_UNITS) fail(LIMIT_EXCEEDED, `options.${name} is longer than ${MAX_CONTEXT_STRING_UNITS} code points`);
  return value;
}

/** compactContext's options: the budgets, then summaryId, recordId, summarizer and signal. */
export function readCompactOptions(raw: unknown, flags: Flags): CompactOptions {
  const budgets = readBudgets(raw, true, flags);
  const options = raw as object;
  const summaryId = id(options, "summaryId");
  const recordId = id(options, "recordId");
  const summarizer = present(options, "summarizer");
  if (typeof summarizer !== "function") fail(INVALID_INPUT, "options.summarizer must be a function");
  const signal = inChannel(INVALID_INPUT, () => optionalField(options, "signal", SHAPE, "options"));
  let kept: AbortSignal | undefined;
  if (signal !== ABSENT && signal !== undefined && signal !== null) {
    if (!isGenuineSignal(signal)) fail(INVALID_INPUT, "options.signal must be a genuine AbortSignal");
    kept = signal;
  }
  return {
    targetUnits: budgets.targetUnits,
    summaryMaxUnits: budgets.summaryMaxUnits,
    retainRecentMessages: budgets.retainRecentMessages,
    maxUnits: budgets.maxUnits!,
    summaryId,
    recordId,
    summarizer: summarizer as CompactOptions["summarizer"],
    signal: kept,
  };
}
