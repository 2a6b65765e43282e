// Alice's options (contract §6, §7).
import { MAX_CONTEXT_MESSAGES, MAX_CONTEXT_STRING_UNITS, MAX_CONTEXT_TOTAL_UNITS, cp, hasText, oops } from "./basics";
import { NONE, part } from "./read";
import type { BoundaryOptions } from "./context";

const abortedOf = Object.getOwnPropertyDescriptor(AbortSignal.prototype, "aborted")!.get!;

/** The aborted flag of a genuine signal; "not a signal" otherwise. */
export function isAborted(s: unknown): boolean | "not a signal" {
  try {
    return Reflect.apply(abortedOf, s, []) as boolean;
  } catch {
    return "not a signal";
  }
}

function plainOptions(options: unknown): object {
  return part("CONTEXT_INVALID_INPUT", () => {
    if (typeof options !== "object" || options === null || Array.isArray(options)) throw new Error("options");
    const p = Object.getPrototypeOf(options);
    if (p !== Object.prototype && p !== null) throw new Error("options");
    return options;
  });
}

function value(o: object, key: string, optional = false): unknown {
  const d = part("CONTEXT_INVALID_INPUT", () => Object.getOwnPropertyDescriptor(o, key));
  if (d === undefined) return optional ? NONE : oops("CONTEXT_INVALID_INPUT", `${key} is missing`);
  if (!("value" in d)) oops("CONTEXT_INVALID_INPUT", `${key} is an accessor`);
  return d.value;
}

function whole(o: object, key: string, min: number, max: number): number {
  const v = value(o, key);
  return Number.isSafeInteger(v) && (v as number) >= min && (v as number) <= max ? (v as number) : oops("CONTEXT_INVALID_BUDGET", `${key} is not allowed`);
}

function budgets(o: object): BoundaryOptions {
  const targetUnits = whole(o, "targetUnits", 1, MAX_CONTEXT_TOTAL_UNITS);
  const summaryMaxUnits = whole(o, "summaryMaxUnits", 1, Number.MAX_SAFE_INTEGER);
  const retainRecentMessages = whole(o, "retainRecentMessages", 0, MAX_CONTEXT_MESSAGES);
  if (summaryMaxUnits > targetUnits) oops("CONTEXT_INVALID_BUDGET", "summaryMaxUnits is bigger than targetUnits");
  return { targetUnits, summaryMaxUnits, retainRecentMessages };
}

export const boundaryOptions = (options: unknown): BoundaryOptions => budgets(plainOptions(options));

export type CompactOptions = BoundaryOptions & { maxUnits: number; summaryId: string; recordId: string; summarizer: Function; signal?: AbortSignal };

function ident(o: object, key: string): string {
  const v = value(o, key);
  if (typeof v !== "string" || !hasText(v)) oops("CONTEXT_INVALID_INPUT", `${key} must be a non-empty string`);
  if (cp(v as string) > MAX_CONTEXT_STRING_UNITS) oops("CONTEXT_LIMIT_EXCEEDED", `${key} is too long`);
  return v as string;
}

export function compactOptions(options: unknown): CompactOptions {
  const o = plainOptions(options);
  const b = budgets(o);
  const maxUnits = whole(o, "maxUnits", 1, MAX_CONTEXT_TOTAL_UNITS);
  if (b.targetUnits > maxUnits) oops("CONTEXT_INVALID_BUDGET", "targetUnits is bigger than maxUnits");
  const summaryId = ident(o, "summaryId");
  const recordId = ident(o, "recordId");
  const summarizer = value(o, "summarizer");
  if (typeof summarizer !== "function") oops("CONTEXT_INVALID_INPUT", "summarizer must be a function");
  const signal = value(o, "signal", true);
  if (signal === NONE || signal === undefined || signal === null) return { ...b, maxUnits, summaryId, recordId, summarizer: summarizer as Function };
  if (isAborted(signal) === "not a signal") oops("CONTEXT_INVALID_INPUT", "signal must be an AbortSignal");
  return { ...b, maxUnits, summaryId, recordId, summarizer: summarizer as Function, signal: signal as AbortSignal };
}
