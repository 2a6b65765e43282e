// Hana's options (contract §6, §7): a plain object whose fields are own data properties, read
// through descriptors in the contract's order; the first failure wins.
import { MAX_CONTEXT_MESSAGES, MAX_CONTEXT_STRING_UNITS, MAX_CONTEXT_TOTAL_UNITS, bail, type Flags } from "./errors";
import { R, codePoints, hasText, isSafeInteger, owns } from "./basics";
import { ABSENT, isRecord, maybe, need, within } from "./intake";
import { isSignal } from "./signal";

export type Budgets = { readonly targetUnits: number; readonly summaryMaxUnits: number; readonly retainRecentMessages: number };
export type Settings = Budgets & {
  readonly maxUnits: number;
  readonly summaryId: string;
  readonly recordId: string;
  readonly summarizer: (...args: unknown[]) => unknown;
  readonly signal: AbortSignal | undefined;
};

function shape(options: unknown): object {
  return within("CONTEXT_INVALID_INPUT", () => {
    if (!isRecord(options)) bail("CONTEXT_INVALID_INPUT", "options is not a plain object");
    return options as object;
  });
}

/** A budget field: a safe integer from min to max. */
function budget(options: object, key: string, min: number, max: number, flags: Flags): number {
  let value: unknown;
  if (flags.has("missing-option-as-budget")) {
    // (planted) a missing field reads as undefined, and undefined is no safe integer
    value = within("CONTEXT_INVALID_INPUT", () => maybe(options, key));
    if (value === ABSENT) value = undefined;
  } else {
    value = within("CONTEXT_INVALID_INPUT", () => need(options, key));
  }
  if (!isSafeInteger(value) || (value as number) < min || (value as number) > max) {
    bail("CONTEXT_INVALID_BUDGET", `options.${key} must be a safe integer from ${min} to ${max}`);
  }
  return value as number;
}

export function readBudgets(options: unknown, flags: Flags): Budgets {
  const o = shape(options);
  return budgets(o, flags);
}

function budgets(o: object, flags: Flags): Budgets {
  const targetUnits = budget(o, "targetUnits", 1, MAX_CONTEXT_TOTAL_UNITS, flags);
  const summaryMaxUnits = budget(o, "summaryMaxUnits", 1, Infinity, flags);
  const retainRecentMessages = budget(o, "retainRecentMessages", 0, MAX_CONTEXT_MESSAGES, flags);
  if (summaryMaxUnits > targetUnits) bail("CONTEXT_INVALID_BUDGET", "summaryMaxUnits is above targetUnits");
  return { targetUnits, summaryMaxUnits, retainRecentMessages };
}

function ident(o: object, key: string, flags: Flags): string {
  const value = within("CONTEXT_INVALID_INPUT", () => need(o, key));
  if (typeof value !== "string" || !hasText(value)) bail("CONTEXT_INVALID_INPUT", `options.${key} must be a non-empty string`);
  if (codePoints(value, flags) > MAX_CONTEXT_STRING_UNITS) bail("CONTEXT_LIMIT_EXCEEDED", `options.${key} is too long`);
  return value;
}

export function readSettings(options: unknown, flags: Flags): Settings {
  const o = shape(options);
  const b = budgets(o, flags);
  const maxUnits = budget(o, "maxUnits", 1, MAX_CONTEXT_TOTAL_UNITS, flags);
  if (b.targetUnits > maxUnits) bail("CONTEXT_INVALID_BUDGET", "targetUnits is above maxUnits");
  const summaryId = ident(o, "summaryId", flags);
  const recordId = ident(o, "recordId", flags);
  const summarizer = within("CONTEXT_INVALID_INPUT", () => need(o, "summarizer"));
  if (typeof summarizer !== "function") bail("CONTEXT_INVALID_INPUT", "options.summarizer must be a function");
  const raw = within("CONTEXT_INVALID_INPUT", () => maybe(o, "signal"));
  let signal: AbortSignal | undefined;
  if (raw !== ABSENT && raw !== undefined && raw !== null) {
    if (!isSignal(raw)) bail("CONTEXT_INVALID_INPUT", "options.signal must be an AbortSignal");
    signal = raw as AbortSignal;
  }
  return { ...b, maxUnits, summaryId, recordId, summarizer: summarizer as Settings["summarizer"], signal };
}

export { R, owns };
