import type { Json } from "../scenario/data";
import { isControllerSlot, type SignalSlot, type SummarizerSlot } from "../scenario/scenario";
import type { BoundaryOptions } from "./boundary";
import { CODE, LIMIT } from "./limits";
import { modelCodePoints } from "./units";
import { isNonEmptyString, isRecord, isUndefinedValue, numberOf, specialTag } from "./special";

export type OptionsCheck<T> = { ok: true; values: T } | { ok: false; codes: string[] };

export type CompactValues = BoundaryOptions & {
  maxUnits: number;
  summaryId: string;
  recordId: string;
  /** The signal is the driver's AbortController signal (aborts are only meaningful then). */
  controlled: boolean;
  /** The summarizer is the scenario's script (not a value from `summarizerSlot`). */
  scripted: boolean;
};

type Field = { value: number | null };

/**
 * One integer field: a missing field is INVALID_INPUT; a present value that is not a safe
 * integer in range is INVALID_BUDGET. A field holding `undefined` is both "missing" and "not
 * a safe integer" to a careful reader, so both codes are allowed for it.
 */
function integerField(options: { [key: string]: Json }, key: string, min: number, max: number, codes: Set<string>): Field {
  if (!Object.hasOwn(options, key)) {
    codes.add(CODE.invalidInput);
    return { value: null };
  }
  const raw = options[key];
  if (specialTag(raw) === "undefined") {
    codes.add(CODE.invalidInput).add(CODE.invalidBudget);
    return { value: null };
  }
  const n = numberOf(raw);
  if (n === undefined || !Number.isSafeInteger(n) || n < min || n > max) {
    codes.add(CODE.invalidBudget);
    return { value: null };
  }
  return { value: n };
}

function checkBoundaryFields(options: { [key: string]: Json }, codes: Set<string>) {
  const target = integerField(options, "targetUnits", 1, LIMIT.totalUnits, codes);
  const summary = integerField(options, "summaryMaxUnits", 1, Number.MAX_SAFE_INTEGER, codes);
  const retain = integerField(options, "retainRecentMessages", 0, LIMIT.messages, codes);
  if (target.value !== null && summary.value !== null && summary.value > target.value) codes.add(CODE.invalidBudget);
  return { targetUnits: target.value, summaryMaxUnits: summary.value, retainRecentMessages: retain.value };
}

/** Section 6 options. */
export function modelBoundaryOptions(options: Json): OptionsCheck<BoundaryOptions> {
  if (!isRecord(options)) return { ok: false, codes: [CODE.invalidInput] };
  const codes = new Set<string>();
  const v = checkBoundaryFields(options, codes);
  if (codes.size > 0) return { ok: false, codes: [...codes] };
  return { ok: true, values: v as BoundaryOptions };
}

/** Section 7 options, with the summarizer and signal the driver adds according to the slots. */
export function modelCompactOptions(options: Json, summarizer: SummarizerSlot, signal: SignalSlot): OptionsCheck<CompactValues> {
  if (!isRecord(options)) return { ok: false, codes: [CODE.invalidInput] };
  const codes = new Set<string>();
  const v = checkBoundaryFields(options, codes);
  const max = integerField(options, "maxUnits", 1, LIMIT.totalUnits, codes);
  if (max.value !== null && v.targetUnits !== null && v.targetUnits > max.value) codes.add(CODE.invalidBudget);
  const { summaryId, recordId } = options;
  for (const id of [summaryId, recordId]) {
    if (!isNonEmptyString(id)) codes.add(CODE.invalidInput);
    // §7: an id longer than one string may be is a limit, caught before the summarizer runs.
    // A blank id that long breaks both rules: either code (§8, first row).
    if (typeof id === "string" && modelCodePoints(id) > LIMIT.stringUnits) codes.add(CODE.limitExceeded);
  }
  const scripted = summarizer === "script";
  if (!scripted && !(typeof summarizer === "object" && specialTag(summarizer.value) === "function")) {
    codes.add(CODE.invalidInput);
  }
  const controlled = isControllerSlot(signal);
  // `signal: null` is "no signal" or refused (§8); expectedCompact accepts both, here it is refused.
  const absent = signal === "none" || (typeof signal === "object" && isUndefinedValue(signal.value));
  if (!controlled && !absent) codes.add(CODE.invalidInput);
  if (codes.size > 0) return { ok: false, codes: [...codes] };
  return {
    ok: true,
    values: {
      ...(v as BoundaryOptions),
      maxUnits: max.value!,
      summaryId: summaryId as string,
      recordId: recordId as string,
      controlled,
      scripted,
    },
  };
}
