// Options of selectCompactionBoundary (§6) and compactContext (§7). Read like input: a plain
// object whose fields are own data properties, through descriptors only. Decision (the
// contract is silent on the order): the object's shape is checked first (every field
// present and a data property, else CONTEXT_INVALID_INPUT), then the budgets in the order
// the contract lists them (CONTEXT_INVALID_BUDGET), then ids, summarizer and signal
// (CONTEXT_INVALID_INPUT).
import { MAX_CONTEXT_MESSAGES, MAX_CONTEXT_TOTAL_UNITS } from "./limits";
import { isProxy, isSafeInteger, signalAborted } from "./intrinsics";
import { fail } from "./errors";
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

function readFields(options: unknown, names: readonly string[], withSignal: boolean): unknown[] {
  return inChannel("CONTEXT_INVALID_INPUT", () => {
    if (!isPlainRecord(options, SHAPE, "options")) fault(SHAPE, "options is not a plain object");
    const values: unknown[] = [];
    for (let i = 0; i < names.length; i++) values[i] = field(options, names[i], SHAPE, "options");
    // Decision: a signal that is absent or undefined means "no signal".
    if (withSignal) values[names.length] = optionalField(options, "signal", SHAPE, "options");
    return values;
  });
}

function budget(value: unknown, name: string, min: number, max: number): number {
  if (!isSafeInteger(value) || (value as number) < min || (value as number) > max) {
    fail("CONTEXT_INVALID_BUDGET", `options.${name} must be a safe integer from ${min} to ${max}`);
  }
  return value as number;
}

function checkBudgets(target: unknown, summaryMax: unknown, retain: unknown): BoundaryOptions {
  const targetUnits = budget(target, "targetUnits", 1, MAX_CONTEXT_TOTAL_UNITS);
  const summaryMaxUnits = budget(summaryMax, "summaryMaxUnits", 1, targetUnits);
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
  const maxUnits = budget(values[3], "maxUnits", boundary.targetUnits, MAX_CONTEXT_TOTAL_UNITS);
  const summaryId = values[4];
  const recordId = values[5];
  if (typeof summaryId !== "string" || !isNonEmpty(summaryId)) fail("CONTEXT_INVALID_INPUT", "options.summaryId must be a non-empty string");
  if (typeof recordId !== "string" || !isNonEmpty(recordId)) fail("CONTEXT_INVALID_INPUT", "options.recordId must be a non-empty string");
  const summarizer = values[6];
  if (typeof summarizer !== "function") fail("CONTEXT_INVALID_INPUT", "options.summarizer must be a function");
  const signal = values[7];
  if (signal !== undefined && !isGenuineSignal(signal)) fail("CONTEXT_INVALID_INPUT", "options.signal must be a genuine AbortSignal");
  return { ...boundary, maxUnits, summaryId, recordId, summarizer: summarizer as Summarizer, signal: signal as AbortSignal | undefined };
}

/**
 * A genuine AbortSignal: not a Proxy (whose traps would run while the signal is consulted),
 * and accepted by the intrinsic `aborted` getter, whose brand check only real signals pass.
 */
function isGenuineSignal(value: unknown): value is AbortSignal {
  if (typeof value !== "object" || value === null || isProxy(value)) return false;
  try {
    signalAborted(value as AbortSignal);
    return true;
  } catch {
    return false;
  }
}
