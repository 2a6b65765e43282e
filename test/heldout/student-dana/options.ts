// The options of selectCompactionBoundary (§6) and compactContext (§7), checked in the
// contract's order; the first failure wins. Read like the input: own data properties only.
import { MAX_CONTEXT_MESSAGES, MAX_CONTEXT_STRING_UNITS, MAX_CONTEXT_TOTAL_UNITS, raise } from "./errors";
import { MISSING, inChannel, own, record } from "./reader";
import type { BoundaryOptions } from "./context";
import { hasText, u } from "./units";

export type Summarizer = (request: unknown, signal: unknown) => unknown;
export type CompactOptions = BoundaryOptions & {
  readonly maxUnits: number;
  readonly summaryId: string;
  readonly recordId: string;
  readonly summarizer: Summarizer;
  readonly signal: AbortSignal | null;
};

// The intrinsic `aborted` getter, taken at load: its brand check tells a genuine AbortSignal.
const abortedGetter = Object.getOwnPropertyDescriptor(AbortSignal.prototype, "aborted")!.get!;

/** true or false for a genuine signal; null when the intrinsic getter refuses it (or throws). */
export function isAborted(signal: unknown): boolean | null {
  try {
    return Reflect.apply(abortedGetter, signal, []) as boolean;
  } catch {
    return null;
  }
}

function present(o: object, key: string): unknown {
  const v = inChannel("CONTEXT_INVALID_INPUT", () => own(o, key, "options"));
  if (v === MISSING) raise("CONTEXT_INVALID_INPUT", `options.${key} is missing`);
  return v;
}

function whole(o: object, key: string, min: number, max: number): number {
  const v = present(o, key);
  if (!Number.isSafeInteger(v) || (v as number) < min || (v as number) > max) raise("CONTEXT_INVALID_BUDGET", `options.${key} must be a safe integer from ${min} to ${max}`);
  return v as number;
}

function budgets(o: object): BoundaryOptions {
  const targetUnits = whole(o, "targetUnits", 1, MAX_CONTEXT_TOTAL_UNITS);
  const summaryMaxUnits = whole(o, "summaryMaxUnits", 1, Number.MAX_SAFE_INTEGER);
  const retainRecentMessages = whole(o, "retainRecentMessages", 0, MAX_CONTEXT_MESSAGES);
  if (summaryMaxUnits > targetUnits) raise("CONTEXT_INVALID_BUDGET", "summaryMaxUnits must not exceed targetUnits");
  return { targetUnits, summaryMaxUnits, retainRecentMessages };
}

const optionsObject = (options: unknown): object => inChannel("CONTEXT_INVALID_INPUT", () => record(options, "options"));

export const boundaryOptions = (options: unknown): BoundaryOptions => budgets(optionsObject(options));

function identifier(o: object, key: string): string {
  const v = present(o, key);
  if (typeof v !== "string" || !hasText(v)) raise("CONTEXT_INVALID_INPUT", `options.${key} must be a non-empty string`);
  if (u(v as string) > MAX_CONTEXT_STRING_UNITS) raise("CONTEXT_LIMIT_EXCEEDED", `options.${key} is longer than 65536 code points`);
  return v as string;
}

export function compactOptions(options: unknown): CompactOptions {
  const o = optionsObject(options);
  const b = budgets(o);
  const maxUnits = whole(o, "maxUnits", 1, MAX_CONTEXT_TOTAL_UNITS);
  if (b.targetUnits > maxUnits) raise("CONTEXT_INVALID_BUDGET", "targetUnits must not exceed maxUnits");
  const summaryId = identifier(o, "summaryId");
  const recordId = identifier(o, "recordId");
  const summarizer = present(o, "summarizer");
  if (typeof summarizer !== "function") raise("CONTEXT_INVALID_INPUT", "options.summarizer must be a function");
  const given = inChannel("CONTEXT_INVALID_INPUT", () => own(o, "signal", "options"));
  let signal: AbortSignal | null = null;
  if (given !== MISSING && given !== undefined && given !== null) {
    if (isAborted(given) === null) raise("CONTEXT_INVALID_INPUT", "options.signal must be an AbortSignal");
    signal = given as AbortSignal;
  }
  return { ...b, maxUnits, summaryId, recordId, summarizer: summarizer as Summarizer, signal };
}
