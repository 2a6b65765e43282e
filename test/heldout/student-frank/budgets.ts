// The options of §6 and §7, read like the input (own data properties only) and checked in the
// contract's order, the first failure winning.
import { MAX_CONTEXT_MESSAGES, MAX_CONTEXT_STRING_UNITS, MAX_CONTEXT_TOTAL_UNITS, bail } from "./limits";
import { ABSENT, asPlain, peek, under } from "./inspect";
import { cp, filled } from "./measure";
import type { Budgets } from "./rounds";

export type Summarize = (request: unknown, signal: unknown) => unknown;
export type Plan = Budgets & {
  readonly maxUnits: number;
  readonly summaryId: string;
  readonly recordId: string;
  readonly summarizer: Summarize;
  readonly signal: AbortSignal | null;
};

const abortedOf = (Reflect.getOwnPropertyDescriptor(AbortSignal.prototype, "aborted") as PropertyDescriptor).get as () => boolean;

/** A genuine signal's state; "not a signal" when the intrinsic getter refuses it. */
export function readSignal(s: unknown): "aborted" | "live" | "not a signal" {
  try {
    return Reflect.apply(abortedOf, s, []) ? "aborted" : "live";
  } catch {
    return "not a signal";
  }
}

function field(o: object, key: string): unknown {
  const v = under("CONTEXT_INVALID_INPUT", () => peek(o, key, "options"));
  if (v === ABSENT) bail("CONTEXT_INVALID_INPUT", `options.${key} is missing`);
  return v;
}

function wholeNumber(o: object, key: string, low: number, high: number): number {
  const v = field(o, key);
  if (typeof v !== "number" || !Number.isSafeInteger(v) || v < low || v > high) bail("CONTEXT_INVALID_BUDGET", `options.${key} is not a safe integer from ${low} to ${high}`);
  return v;
}

function optionsObject(options: unknown): object {
  return under("CONTEXT_INVALID_INPUT", () => asPlain(options, "the options"));
}

function budgetsOf(o: object): Budgets {
  const targetUnits = wholeNumber(o, "targetUnits", 1, MAX_CONTEXT_TOTAL_UNITS);
  const summaryMaxUnits = wholeNumber(o, "summaryMaxUnits", 1, Number.MAX_SAFE_INTEGER);
  const retainRecentMessages = wholeNumber(o, "retainRecentMessages", 0, MAX_CONTEXT_MESSAGES);
  if (summaryMaxUnits > targetUnits) bail("CONTEXT_INVALID_BUDGET", "summaryMaxUnits is above targetUnits");
  return { targetUnits, summaryMaxUnits, retainRecentMessages };
}

export const boundaryBudgets = (options: unknown): Budgets => budgetsOf(optionsObject(options));

function name(o: object, key: string): string {
  const v = field(o, key);
  if (typeof v !== "string" || !filled(v)) bail("CONTEXT_INVALID_INPUT", `options.${key} is not a non-empty string`);
  if (cp(v) > MAX_CONTEXT_STRING_UNITS) bail("CONTEXT_LIMIT_EXCEEDED", `options.${key} has more than 65536 code points`);
  return v;
}

export function compactPlan(options: unknown): Plan {
  const o = optionsObject(options);
  const b = budgetsOf(o);
  const maxUnits = wholeNumber(o, "maxUnits", 1, MAX_CONTEXT_TOTAL_UNITS);
  if (b.targetUnits > maxUnits) bail("CONTEXT_INVALID_BUDGET", "targetUnits is above maxUnits");
  const summaryId = name(o, "summaryId");
  const recordId = name(o, "recordId");
  const summarizer = field(o, "summarizer");
  if (typeof summarizer !== "function") bail("CONTEXT_INVALID_INPUT", "options.summarizer is not a function");
  const s = under("CONTEXT_INVALID_INPUT", () => peek(o, "signal", "options"));
  let signal: AbortSignal | null = null;
  // (§8: Frank refuses signal: null; only a missing or undefined signal means none.)
  if (s !== ABSENT && s !== undefined) {
    if (readSignal(s) === "not a signal") bail("CONTEXT_INVALID_INPUT", "options.signal is not an AbortSignal");
    signal = s as AbortSignal;
  }
  return { ...b, maxUnits, summaryId, recordId, summarizer: summarizer as Summarize, signal };
}
