// Bob's options reader (contract §6, §7): plain object, own data fields, checked in order.
import { MAX_CONTEXT_MESSAGES, MAX_CONTEXT_STRING_UNITS, MAX_CONTEXT_TOTAL_UNITS, codePoints, isBlank, raise, type Flags } from "./shared";
import { ContextReader, MISSING } from "./reader";
import type { BoundaryOptions } from "./model";

export type CompactOptions = BoundaryOptions & {
  maxUnits: number;
  summaryId: string;
  recordId: string;
  summarizer: (request: unknown, signal: unknown) => unknown;
  signal: AbortSignal | null;
};

const abortedGetter = Reflect.getOwnPropertyDescriptor(AbortSignal.prototype, "aborted")!.get!;

/** The signal's aborted flag through the intrinsic getter; undefined when it is no genuine signal. */
export function readAborted(signal: unknown): boolean | undefined {
  try {
    return Reflect.apply(abortedGetter, signal, []) as boolean;
  } catch {
    return undefined;
  }
}

class OptionsReader {
  readonly r = new ContextReader();
  readonly o: object;
  constructor(options: unknown) {
    this.o = this.r.channel("CONTEXT_INVALID_INPUT", () => this.r.record(options, "options"));
  }
  field(key: string): unknown {
    return this.r.channel("CONTEXT_INVALID_INPUT", () => this.r.need(this.o, key));
  }
  optional(key: string): unknown {
    return this.r.channel("CONTEXT_INVALID_INPUT", () => this.r.peek(this.o, key));
  }
  int(key: string, low: number, high: number): number {
    const v = this.field(key);
    if (typeof v !== "number" || !Number.isSafeInteger(v) || v < low || v > high) raise("CONTEXT_INVALID_BUDGET", `${key} out of range`);
    return v as number;
  }
  name(key: string): string {
    const v = this.field(key);
    if (typeof v !== "string" || isBlank(v)) raise("CONTEXT_INVALID_INPUT", `${key} must be a non-empty string`);
    if (codePoints(v as string) > MAX_CONTEXT_STRING_UNITS) raise("CONTEXT_LIMIT_EXCEEDED", `${key} is too long`);
    return v as string;
  }
}

function budgets(reader: OptionsReader, flags: Flags): BoundaryOptions {
  const targetUnits = reader.int("targetUnits", 1, MAX_CONTEXT_TOTAL_UNITS);
  const summaryMaxUnits = reader.int("summaryMaxUnits", 1, Number.MAX_SAFE_INTEGER);
  const retainRecentMessages = reader.int("retainRecentMessages", 0, MAX_CONTEXT_MESSAGES);
  // Mistake summarymax-equal-target-refused: the summary's reserve must be strictly below the target.
  const tooBig = flags.has("summarymax-equal-target-refused") ? summaryMaxUnits >= targetUnits : summaryMaxUnits > targetUnits;
  if (tooBig) raise("CONTEXT_INVALID_BUDGET", "summaryMaxUnits above targetUnits");
  return { targetUnits, summaryMaxUnits, retainRecentMessages };
}

export function boundaryOptions(options: unknown, flags: Flags): BoundaryOptions {
  return budgets(new OptionsReader(options), flags);
}

export function compactOptions(options: unknown, flags: Flags): CompactOptions {
  const reader = new OptionsReader(options);
  const b = budgets(reader, flags);
  const maxUnits = reader.int("maxUnits", 1, MAX_CONTEXT_TOTAL_UNITS);
  if (b.targetUnits > maxUnits) raise("CONTEXT_INVALID_BUDGET", "targetUnits above maxUnits");
  const summaryId = reader.name("summaryId");
  const recordId = reader.name("recordId");
  const summarizer = reader.field("summarizer");
  if (typeof summarizer !== "function") raise("CONTEXT_INVALID_INPUT", "summarizer must be a function");
  // Only a genuine AbortSignal is a signal; absent or undefined is none; null is refused (§8 allows either).
  const signal = reader.optional("signal");
  if (signal !== MISSING && signal !== undefined && readAborted(signal) === undefined) raise("CONTEXT_INVALID_INPUT", "signal must be an AbortSignal");
  return { ...b, maxUnits, summaryId, recordId, summarizer: summarizer as CompactOptions["summarizer"], signal: signal === MISSING || signal === undefined ? null : (signal as AbortSignal) };
}
