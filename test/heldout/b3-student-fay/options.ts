// Fay's options reader (§6, §7): a plain object, fields read from their descriptors in the
// contract's order; the first failure wins.
import { MAX_CONTEXT_MESSAGES, MAX_CONTEXT_STRING_UNITS, MAX_CONTEXT_TOTAL_UNITS, abortedOf, cp, filled, isSafeInteger, stop } from "./base";
import { MISSING, channel, maybe, must, plain } from "./intake";

export type Budgets = { readonly targetUnits: number; readonly summaryMaxUnits: number; readonly retainRecentMessages: number };
export type Settings = Budgets & {
  readonly maxUnits: number;
  readonly summaryId: string;
  readonly recordId: string;
  readonly summarizer: (...args: unknown[]) => unknown;
  readonly signal: AbortSignal | undefined;
};

function bag(options: unknown): object {
  return channel("CONTEXT_INVALID_INPUT", () => {
    if (!plain(options)) stop("CONTEXT_INVALID_INPUT", "options must be a plain object");
    return options as object;
  });
}

const get = (o: object, key: string): unknown => channel("CONTEXT_INVALID_INPUT", () => must(o, key));

function whole(o: object, key: string, min: number, max: number): number {
  const v = get(o, key);
  if (!isSafeInteger(v) || (v as number) < min || (v as number) > max) stop("CONTEXT_INVALID_BUDGET", `${key} out of range`);
  return v as number;
}

function budgetsOf(o: object): Budgets {
  const targetUnits = whole(o, "targetUnits", 1, MAX_CONTEXT_TOTAL_UNITS);
  const summaryMaxUnits = whole(o, "summaryMaxUnits", 1, Infinity);
  const retainRecentMessages = whole(o, "retainRecentMessages", 0, MAX_CONTEXT_MESSAGES);
  if (summaryMaxUnits > targetUnits) stop("CONTEXT_INVALID_BUDGET", "summaryMaxUnits above targetUnits");
  return { targetUnits, summaryMaxUnits, retainRecentMessages };
}

export const boundaryOptions = (options: unknown): Budgets => budgetsOf(bag(options));

function idOf(o: object, key: string): string {
  const v = get(o, key);
  if (typeof v !== "string" || !filled(v)) stop("CONTEXT_INVALID_INPUT", `${key} must be a non-empty string`);
  if (cp(v as string) > MAX_CONTEXT_STRING_UNITS) stop("CONTEXT_LIMIT_EXCEEDED", `${key} is too long`);
  return v as string;
}

export function compactOptions(options: unknown): Settings {
  const o = bag(options);
  const b = budgetsOf(o);
  const maxUnits = whole(o, "maxUnits", 1, MAX_CONTEXT_TOTAL_UNITS);
  if (b.targetUnits > maxUnits) stop("CONTEXT_INVALID_BUDGET", "targetUnits above maxUnits");
  const summaryId = idOf(o, "summaryId");
  const recordId = idOf(o, "recordId");
  const summarizer = get(o, "summarizer");
  if (typeof summarizer !== "function") stop("CONTEXT_INVALID_INPUT", "summarizer must be a function");
  const raw = channel("CONTEXT_INVALID_INPUT", () => maybe(o, "signal"));
  let signal: AbortSignal | undefined;
  if (raw !== MISSING && raw !== undefined && raw !== null) {
    if (abortedOf(raw) === null) stop("CONTEXT_INVALID_INPUT", "signal must be an AbortSignal");
    signal = raw as AbortSignal;
  }
  return { ...b, maxUnits, summaryId, recordId, summarizer: summarizer as Settings["summarizer"], signal };
}
