// The options of selectCompactionBoundary (§6) and compactContext (§7), read like input: a plain
// object, own data fields only, in the contract's order (first failure wins).
import { MAX_CONTEXT_MESSAGES, MAX_CONTEXT_STRING_UNITS, MAX_CONTEXT_TOTAL_UNITS, fail } from "./errors";
import { ABSENT, channel, optional, plain } from "./read";
import type { Budgets } from "./context";
import { blank, u } from "./units";

export type Options = Budgets & {
  maxUnits: number;
  summaryId: string;
  recordId: string;
  summarizer: (request: unknown, signal: unknown) => unknown;
  signal: AbortSignal | undefined;
};

const abortedGetter = Object.getOwnPropertyDescriptor(AbortSignal.prototype, "aborted")!.get!;

/** true / false for a genuine signal, null for anything else (or when reading it throws). */
export function aborted(signal: unknown): boolean | null {
  try {
    return Reflect.apply(abortedGetter, signal, []) as boolean;
  } catch {
    return null;
  }
}

function get(o: object, key: string): unknown {
  const v = channel("CONTEXT_INVALID_INPUT", () => optional(o, key, "options"));
  if (v === ABSENT) fail("CONTEXT_INVALID_INPUT", `options.${key} is missing`);
  return v;
}

function integer(o: object, key: string, min: number, max: number): number {
  const v = get(o, key);
  if (!Number.isSafeInteger(v) || (v as number) < min || (v as number) > max) fail("CONTEXT_INVALID_BUDGET", `options.${key} is out of range`);
  return v as number;
}

export function readBudgets(options: unknown): Budgets {
  const o = channel("CONTEXT_INVALID_INPUT", () => plain(options, "options"));
  const targetUnits = integer(o, "targetUnits", 1, MAX_CONTEXT_TOTAL_UNITS);
  const summaryMaxUnits = integer(o, "summaryMaxUnits", 1, Infinity);
  const retainRecentMessages = integer(o, "retainRecentMessages", 0, MAX_CONTEXT_MESSAGES);
  if (summaryMaxUnits > targetUnits) fail("CONTEXT_INVALID_BUDGET", "summaryMaxUnits is above targetUnits");
  return { targetUnits, summaryMaxUnits, retainRecentMessages };
}

function id(o: object, key: string): string {
  const v = get(o, key);
  if (typeof v !== "string" || blank(v)) fail("CONTEXT_INVALID_INPUT", `options.${key} must be a non-empty string`);
  if (u(v as string) > MAX_CONTEXT_STRING_UNITS) fail("CONTEXT_LIMIT_EXCEEDED", `options.${key} is too long`);
  return v as string;
}

export function readOptions(options: unknown): Options {
  const budgets = readBudgets(options);
  const o = options as object;
  const maxUnits = integer(o, "maxUnits", 1, MAX_CONTEXT_TOTAL_UNITS);
  if (budgets.targetUnits > maxUnits) fail("CONTEXT_INVALID_BUDGET", "targetUnits is above maxUnits");
  const summaryId = id(o, "summaryId");
  const recordId = id(o, "recordId");
  const summarizer = get(o, "summarizer");
  if (typeof summarizer !== "function") fail("CONTEXT_INVALID_INPUT", "options.summarizer is not a function");
  const s = channel("CONTEXT_INVALID_INPUT", () => optional(o, "signal", "options"));
  let signal: AbortSignal | undefined;
  if (s !== ABSENT && s !== undefined && s !== null) {
    if (aborted(s) === null) fail("CONTEXT_INVALID_INPUT", "options.signal is not an AbortSignal");
    signal = s as AbortSignal;
  }
  return { ...budgets, maxUnits, summaryId, recordId, summarizer: summarizer as Options["summarizer"], signal };
}
