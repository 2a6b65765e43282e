// Options of selectCompactionBoundary (§6) and compactContext (§7). Read like input: a plain
// object whose fields are own data properties, through descriptors only. Decision (the
// contract is silent on the order): the object's shape is checked first (every field
// present and a data property, else CONTEXT_INVALID_INPUT), then the budgets in the order
// the contract lists them (CONTEXT_INVALID_BUDGET), then ids, summarizer and signal
// (CONTEXT_INVALID_INPUT).
import { MAX_CONTEXT_MESSAGES, MAX_CONTEXT_TOTAL_UNITS } from "./limits";
import { AbortSignalPrototype, getPrototypeOf, isProxy, isSafeInteger, signalAborted } from "./intrinsics";
import { INVALID_BUDGET, INVALID_INPUT, fail } from "./errors";
import { fault, field, isNonEmpty, isPlainRecord, optionalField } from "./read";
import { inChannel } from "./snapshot";
import type { Summarizer } from "./types";

export type BoundaryOptions = {
  readonly targetUnits: number;
  readonly summaryMaxUnits: number;
  readonly retainRecentMessages: number;
};

export type CompactOptions = BoundaryOptions & {
  readonly maxUnits: number;
  readonly summaryId: string;
  readonly recordId: string;
  readonly summarizer: Summarizer;
  readonly signal: AbortSignal | undefined;
};

const SHAPE = "INVALID_MESSAGE";
// Where a fault happened, for its message only.
// Stryker disable next-line StringLiteral: message text; the code is the contract
const OPTIONS = "options";

function readFields(options: unknown, names: readonly string[], withSignal: boolean): unknown[] {
  return inChannel(INVALID_INPUT, () => {
    if (!isPlainRecord(options, SHAPE, OPTIONS)) {
      // Stryker disable next-line StringLiteral: message text; the code is the contract
      fault(SHAPE, "options is not a plain object");
    }
    // Stryker disable next-line ArrayDeclaration: names is never empty, so the loop writes index 0 whatever the array starts with
    const values: unknown[] = [];
    for (let i = 0; i < names.length; i++) values[i] = field(options, names[i], SHAPE, OPTIONS);
    // Decision: a signal that is absent or undefined means "no signal".
    if (withSignal) values[names.length] = optionalField(options, "signal", SHAPE, OPTIONS);
    return values;
  });
}

function budget(value: unknown, name: string, min: number, max: number): number {
  if (!isSafeInteger(value) || (value as number) < min || (value as number) > max) {
    // Stryker disable next-line StringLiteral: message text; the code is the contract
    fail(INVALID_BUDGET, `options.${name} must be a safe integer from ${min} to ${max}`);
  }
  return value as number;
}

function checkBudgets(target: unknown, summaryMax: unknown, retain: unknown): BoundaryOptions {
  // Stryker disable next-line StringLiteral: the name only goes into the message
  const targetUnits = budget(target, "targetUnits", 1, MAX_CONTEXT_TOTAL_UNITS);
  // Stryker disable next-line StringLiteral: the name only goes into the message
  const summaryMaxUnits = budget(summaryMax, "summaryMaxUnits", 1, targetUnits);
  // Stryker disable next-line StringLiteral: the name only goes into the message
  const retainRecentMessages = budget(retain, "retainRecentMessages", 0, MAX_CONTEXT_MESSAGES);
  return { targetUnits, summaryMaxUnits, retainRecentMessages };
}

export function readBoundaryOptions(options: unknown): BoundaryOptions {
  const values = readFields(options, BOUNDARY_FIELDS, false);
  return checkBudgets(values[0], values[1], values[2]);
}

const BOUNDARY_FIELDS = ["targetUnits", "summaryMaxUnits", "retainRecentMessages"] as const;
const COMPACT_FIELDS = [...BOUNDARY_FIELDS, "maxUnits", "summaryId", "recordId", "summarizer"] as const;

export function readCompactOptions(options: unknown): CompactOptions {
  const values = readFields(options, COMPACT_FIELDS, true);
  const boundary = checkBudgets(values[0], values[1], values[2]);
  // maxUnits: 1 <= maxUnits <= 1,000,000 and targetUnits <= maxUnits.
  // Stryker disable next-line StringLiteral: the name only goes into the message
  const maxUnits = budget(values[3], "maxUnits", boundary.targetUnits, MAX_CONTEXT_TOTAL_UNITS);
  const summaryId = values[4];
  const recordId = values[5];
  if (typeof summaryId !== "string" || !isNonEmpty(summaryId)) {
    // Stryker disable next-line StringLiteral: message text; the code is the contract
    fail(INVALID_INPUT, "options.summaryId must be a non-empty string");
  }
  if (typeof recordId !== "string" || !isNonEmpty(recordId)) {
    // Stryker disable next-line StringLiteral: message text; the code is the contract
    fail(INVALID_INPUT, "options.recordId must be a non-empty string");
  }
  const summarizer = values[6];
  if (typeof summarizer !== "function") {
    // Stryker disable next-line StringLiteral: message text; the code is the contract
    fail(INVALID_INPUT, "options.summarizer must be a function");
  }
  const signal = values[7];
  if (signal !== undefined && !isGenuineSignal(signal)) {
    // Stryker disable next-line StringLiteral: message text; the code is the contract
    fail(INVALID_INPUT, "options.signal must be a genuine AbortSignal");
  }
  return { ...boundary, maxUnits, summaryId, recordId, summarizer: summarizer as Summarizer, signal: signal as AbortSignal | undefined };
}

/**
 * A genuine AbortSignal: not a Proxy (Node's brand check reads the signal's internal symbol
 * through `get`, so a Proxy of a real signal would pass it and its traps would run whenever
 * the signal is consulted), accepted by the intrinsic `aborted` getter, whose brand check
 * refuses primitives, null and objects that are not signals, and with its prototype intact:
 * Node's brand checks follow the prototype chain, so `Object.create(signal)` passes them, and
 * a signal whose prototype was replaced makes the intrinsic addEventListener throw a TypeError.
 */
function isGenuineSignal(value: unknown): value is AbortSignal {
  if (isProxy(value)) return false;
  try {
    if (getPrototypeOf(value as object) !== AbortSignalPrototype) return false;
    signalAborted(value as AbortSignal);
  } catch {
    return false;
  }
  return true;
}
