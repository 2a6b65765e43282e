// The options of §6 and §7, checked in the contract's order (the first failure wins), read the
// way the input is read: own data properties only, never a getter.
import { MAX_CONTEXT_MESSAGES, MAX_CONTEXT_STRING_UNITS, MAX_CONTEXT_TOTAL_UNITS, blank, cp, fail } from "./base";
import type { Budgets } from "./context";
import { ABSENT, Intake } from "./intake";

export type Settings = Budgets & {
  readonly maxUnits: number;
  readonly summaryId: string;
  readonly recordId: string;
  readonly summarizer: (request: unknown, signal: unknown) => unknown;
  readonly signal: AbortSignal | undefined;
};

// The intrinsic `aborted` getter, taken once at load: it accepts genuine AbortSignals only.
const abortedOf = Reflect.getOwnPropertyDescriptor(AbortSignal.prototype, "aborted")!.get!;

/** The signal's state: true, false, or "refused" when the intrinsic getter does not accept it. */
export function abortedNow(signal: unknown): boolean | "refused" {
  try {
    return Reflect.apply(abortedOf, signal, []) === true;
  } catch {
    return "refused";
  }
}

class OptionsReader {
  readonly at = new Intake();
  readonly o: object;

  constructor(options: unknown) {
    this.o = this.at.channel("CONTEXT_INVALID_INPUT", () => this.at.plain(options, "the options"));
  }

  raw(key: string): unknown {
    return this.at.channel("CONTEXT_INVALID_INPUT", () => this.at.peek(this.o, key, "options"));
  }

  required(key: string): unknown {
    const v = this.raw(key);
    return v === ABSENT ? fail("CONTEXT_INVALID_INPUT", `options.${key} is missing`) : v;
  }

  integer(key: string, low: number, high: number): number {
    const v = this.required(key);
    if (typeof v !== "number" || !Number.isSafeInteger(v) || v < low || v > high) fail("CONTEXT_INVALID_BUDGET", `options.${key} is not a safe integer in ${low}..${high}`);
    return v as number;
  }

  id(key: string): string {
    const v = this.required(key);
    if (typeof v !== "string" || blank(v)) return fail("CONTEXT_INVALID_INPUT", `options.${key} is not a non-empty string`);
    if (cp(v) > MAX_CONTEXT_STRING_UNITS) fail("CONTEXT_LIMIT_EXCEEDED", `options.${key} has more than 65536 code points`);
    return v;
  }

  budgets(): Budgets {
    const targetUnits = this.integer("targetUnits", 1, MAX_CONTEXT_TOTAL_UNITS);
    const summaryMaxUnits = this.integer("summaryMaxUnits", 1, Number.MAX_SAFE_INTEGER);
    const retainRecentMessages = this.integer("retainRecentMessages", 0, MAX_CONTEXT_MESSAGES);
    if (summaryMaxUnits > targetUnits) fail("CONTEXT_INVALID_BUDGET", "summaryMaxUnits is above targetUnits");
    return { targetUnits, summaryMaxUnits, retainRecentMessages };
  }
}

export const boundarySettings = (options: unknown): Budgets => new OptionsReader(options).budgets();

export function compactSettings(options: unknown): Settings {
  const r = new OptionsReader(options);
  const b = r.budgets();
  const maxUnits = r.integer("maxUnits", 1, MAX_CONTEXT_TOTAL_UNITS);
  if (b.targetUnits > maxUnits) fail("CONTEXT_INVALID_BUDGET", "targetUnits is above maxUnits");
  const summaryId = r.id("summaryId");
  const recordId = r.id("recordId");
  const summarizer = r.required("summarizer");
  if (typeof summarizer !== "function") fail("CONTEXT_INVALID_INPUT", "options.summarizer is not a function");
  const given = r.raw("signal");
  let signal: AbortSignal | undefined;
  if (given !== ABSENT && given !== undefined && given !== null) {
    if (abortedNow(given) === "refused") fail("CONTEXT_INVALID_INPUT", "options.signal is not an AbortSignal");
    signal = given as AbortSignal;
  }
  return { ...b, maxUnits, summaryId, recordId, summarizer: summarizer as Settings["summarizer"], signal };
}
