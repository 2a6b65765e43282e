// Gus's options (§6, §7): a plain object, fields as own data properties, in the contract's order.
import { MAX_CONTEXT_MESSAGES, MAX_CONTEXT_STRING_UNITS, MAX_CONTEXT_TOTAL_UNITS, abortedOf, hasText, oops, u } from "./basics";
import { MISSING, isPlain, maybe, must, slip, within } from "./reader";
import type { Budgets } from "./rounds";

export type Plan = Budgets & {
  readonly maxUnits: number;
  readonly summaryId: string;
  readonly recordId: string;
  readonly summarizer: (...args: unknown[]) => unknown;
  readonly signal: AbortSignal | undefined;
};

function bag(options: unknown): object {
  return within("CONTEXT_INVALID_INPUT", () => {
    if (!isPlain(options)) slip("options is not a plain object");
    return options as object;
  });
}

const field = (o: object, key: string): unknown => within("CONTEXT_INVALID_INPUT", () => must(o, key));

function whole(o: object, key: string, min: number, max: number): number {
  const v = field(o, key);
  if (!Number.isSafeInteger(v) || (v as number) < min || (v as number) > max) oops("CONTEXT_INVALID_BUDGET", `${key} out of range`);
  return v as number;
}

function budgets(o: object): Budgets {
  const targetUnits = whole(o, "targetUnits", 1, MAX_CONTEXT_TOTAL_UNITS);
  const summaryMaxUnits = whole(o, "summaryMaxUnits", 1, Number.MAX_SAFE_INTEGER);
  const retainRecentMessages = whole(o, "retainRecentMessages", 0, MAX_CONTEXT_MESSAGES);
  if (summaryMaxUnits > targetUnits) oops("CONTEXT_INVALID_BUDGET", "summaryMaxUnits above targetUnits");
  return { targetUnits, summaryMaxUnits, retainRecentMessages };
}

export const boundaryOptions = (options: unknown): Budgets => budgets(bag(options));

function anId(o: object, key: string): string {
  const v = field(o, key);
  if (typeof v !== "string" || !hasText(v)) oops("CONTEXT_INVALID_INPUT", `${key} must be a non-empty string`);
  if (u(v as string) > MAX_CONTEXT_STRING_UNITS) oops("CONTEXT_LIMIT_EXCEEDED", `${key} is too long`);
  return v as string;
}

export function compactOptions(options: unknown): Plan {
  const o = bag(options);
  const b = budgets(o);
  const maxUnits = whole(o, "maxUnits", 1, MAX_CONTEXT_TOTAL_UNITS);
  if (b.targetUnits > maxUnits) oops("CONTEXT_INVALID_BUDGET", "targetUnits above maxUnits");
  const summaryId = anId(o, "summaryId");
  const recordId = anId(o, "recordId");
  const summarizer = field(o, "summarizer");
  if (typeof summarizer !== "function") oops("CONTEXT_INVALID_INPUT", "summarizer must be a function");
  const raw = within("CONTEXT_INVALID_INPUT", () => maybe(o, "signal"));
  let signal: AbortSignal | undefined;
  if (raw !== MISSING && raw !== undefined && raw !== null) {
    if (abortedOf(raw) === null) oops("CONTEXT_INVALID_INPUT", "signal must be a genuine AbortSignal");
    signal = raw as AbortSignal;
  }
  return { ...b, maxUnits, summaryId, recordId, summarizer: summarizer as Plan["summarizer"], signal };
}
