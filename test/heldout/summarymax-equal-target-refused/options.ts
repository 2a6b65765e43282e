// HELD-OUT EDIT (one mistake): summaryMaxUnits equal to targetUnits is refused (>= for >).
// Otherwise a copy of src/core/options.ts.
// Options of selectCompactionBoundary (§6) and compactContext (§7). Read like input: a plain
// object whose fields are own data properties, through descriptors only (no getter runs).
// The order is the contract's, and the first failure wins: the options object's shape; then
// each field in the order targetUnits, summaryMaxUnits, retainRecentMessages (missing or an
// accessor: CONTEXT_INVALID_INPUT; present but not a safe integer in its range:
// CONTEXT_INVALID_BUDGET); then the cross-checks; for compactContext then maxUnits (its range,
// then targetUnits <= maxUnits), summaryId, recordId (an id longer than 65,536 code points is
// CONTEXT_LIMIT_EXCEEDED, before the summarizer is called), summarizer and signal.
import { MAX_CONTEXT_MESSAGES, MAX_CONTEXT_STRING_UNITS, MAX_CONTEXT_TOTAL_UNITS } from "../../../src/core/limits";
import { isSafeInteger } from "../../../src/core/intrinsics";
import { INVALID_BUDGET, INVALID_INPUT, LIMIT_EXCEEDED, fail } from "../../../src/core/errors";
import { ABSENT, fault, field, isNonEmpty, isPlainRecord, optionalField } from "../../../src/core/read";
import { inChannel } from "../../../src/core/snapshot";
import { isGenuineSignal } from "../../../src/core/signal";
import { codePoints } from "../../../src/core/units";
import type { Summarizer } from "../../../src/core/types";

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

/** The options object itself: a plain object, else CONTEXT_INVALID_INPUT. */
function optionsRecord(options: unknown): object {
  return inChannel(INVALID_INPUT, () => {
    if (!isPlainRecord(options, SHAPE, OPTIONS)) {
      // Stryker disable next-line StringLiteral: message text; the code is the contract
      fault(SHAPE, "options is not a plain object");
    }
    return options;
  });
}

/** A field that must be an own data property (missing or an accessor: CONTEXT_INVALID_INPUT). */
function required(options: object, name: string): unknown {
  return inChannel(INVALID_INPUT, () => field(options, name, SHAPE, OPTIONS));
}

/** A budget field: present, then a safe integer from min to max (else CONTEXT_INVALID_BUDGET). */
function budget(options: object, name: string, min: number, max: number): number {
  const value = required(options, name);
  if (!isSafeInteger(value) || (value as number) < min || (value as number) > max) {
    // Stryker disable next-line StringLiteral: message text; the code is the contract
    fail(INVALID_BUDGET, `options.${name} must be a safe integer from ${min} to ${max}`);
  }
  return value as number;
}

function readBudgets(options: object): BoundaryOptions {
  // Stryker disable next-line StringLiteral: the name only goes into the message
  const targetUnits = budget(options, "targetUnits", 1, MAX_CONTEXT_TOTAL_UNITS);
  // summaryMaxUnits has no bound of its own beyond >= 1: its ceiling is the cross-check below.
  // Stryker disable next-line StringLiteral: the name only goes into the message
  const summaryMaxUnits = budget(options, "summaryMaxUnits", 1, Infinity);
  // Stryker disable next-line StringLiteral: the name only goes into the message
  const retainRecentMessages = budget(options, "retainRecentMessages", 0, MAX_CONTEXT_MESSAGES);
  if (summaryMaxUnits >= targetUnits) {
    // Stryker disable next-line StringLiteral: message text; the code is the contract
    fail(INVALID_BUDGET, "options.summaryMaxUnits must not exceed options.targetUnits");
  }
  return { targetUnits, summaryMaxUnits, retainRecentMessages };
}

export function readBoundaryOptions(options: unknown): BoundaryOptions {
  return readBudgets(optionsRecord(options));
}

/** summaryId or recordId: a non-empty string (CONTEXT_INVALID_INPUT) of at most 65,536 code points. */
function id(options: object, name: string): string {
  const value = required(options, name);
  if (typeof value !== "string" || !isNonEmpty(value)) {
    // Stryker disable next-line StringLiteral: message text; the code is the contract
    fail(INVALID_INPUT, `options.${name} must be a non-empty string`);
  }
  if (codePoints(value) > MAX_CONTEXT_STRING_UNITS) {
    // Stryker disable next-line StringLiteral: message text; the code is the contract
    fail(LIMIT_EXCEEDED, `options.${name} is longer than ${MAX_CONTEXT_STRING_UNITS} code points`);
  }
  return value;
}

export function readCompactOptions(rawOptions: unknown): CompactOptions {
  const options = optionsRecord(rawOptions);
  const boundary = readBudgets(options);
  // Stryker disable next-line StringLiteral: the name only goes into the message
  const maxUnits = budget(options, "maxUnits", 1, MAX_CONTEXT_TOTAL_UNITS);
  if (boundary.targetUnits > maxUnits) {
    // Stryker disable next-line StringLiteral: message text; the code is the contract
    fail(INVALID_BUDGET, "options.targetUnits must not exceed options.maxUnits");
  }
  // Stryker disable next-line StringLiteral: the name only goes into the message
  const summaryId = id(options, "summaryId");
  // Stryker disable next-line StringLiteral: the name only goes into the message
  const recordId = id(options, "recordId");
  // Stryker disable next-line StringLiteral: the name only goes into the message
  const summarizer = required(options, "summarizer");
  if (typeof summarizer !== "function") {
    // Stryker disable next-line StringLiteral: message text; the code is the contract
    fail(INVALID_INPUT, "options.summarizer must be a function");
  }
  return { ...boundary, maxUnits, summaryId, recordId, summarizer: summarizer as Summarizer, signal: readSignal(options) };
}

/**
 * options.signal (§8 row "signal: null", core: no signal): absent, undefined and null all mean
 * no signal; anything else must be a genuine signal (./signal), else CONTEXT_INVALID_INPUT.
 */
function readSignal(options: object): AbortSignal | undefined {
  // Stryker disable next-line StringLiteral: names the place in a message text only
  const signal = inChannel(INVALID_INPUT, () => optionalField(options, "signal", SHAPE, OPTIONS));
  // §8: a present `undefined`, and `null`, may also be refused (CONTEXT_INVALID_INPUT), which
  // is what isGenuineSignal below does with them.
  // Stryker disable next-line ConditionalExpression: the other choice §8 allows (see above)
  if (signal === ABSENT || signal === undefined || signal === null) return undefined;
  if (!isGenuineSignal(signal)) {
    // Stryker disable next-line StringLiteral: message text; the code is the contract
    fail(INVALID_INPUT, "options.signal must be a genuine AbortSignal");
  }
  return signal;
}
