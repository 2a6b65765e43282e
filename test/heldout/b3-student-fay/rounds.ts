// Fay's tool rounds (§5) and boundary walk (§6). A round runs from an assistant with calls to
// the last result of any of its calls; a message inside a round that reaches further stretches
// it (so overlapping and nested rounds merge).
import { MAX_CONTEXT_TOTAL_UNITS, type Flags, freeze, stop } from "./base";
import { Tally, channel, readTranscript, type Msg, type Sheet } from "./intake";
import type { Budgets } from "./options";

/** The exclusive end of the group starting at `start`. */
function groupEnd(reach: readonly number[], start: number): number {
  let end = start + 1;
  for (let i = start; i < end; i++) if (reach[i] + 1 > end) end = reach[i] + 1;
  return end;
}

export type Group = { readonly kind: "message" | "toolRound"; readonly startIndex: number; readonly endIndex: number; readonly messages: readonly Msg[] };

export function groupToolRounds(transcript: unknown, flags: Flags): readonly Group[] {
  const read = channel("CONTEXT_INVALID_TRANSCRIPT", () => readTranscript(transcript, new Tally(), flags));
  if (read.units.reduce((x, y) => x + y, 0) > MAX_CONTEXT_TOTAL_UNITS) stop("CONTEXT_LIMIT_EXCEEDED", "the transcript is too large");
  const groups: Group[] = [];
  for (let start = 0; start < read.messages.length; ) {
    const end = groupEnd(read.reach, start);
    groups.push(freeze({ kind: end - start > 1 ? "toolRound" : "message", startIndex: start, endIndex: end, messages: freeze(read.messages.slice(start, end)) }));
    start = end;
  }
  return freeze(groups);
}

/** Units of messages [from, count). */
export function unitsFrom(sheet: Sheet, from: number): number {
  let sum = 0;
  for (let i = from; i < sheet.msgUnits.length; i++) sum += sheet.msgUnits[i];
  return sum;
}

/** The earliest whole-group cut that fits, or null. */
export function walk(sheet: Sheet, budgets: Budgets, flags: Flags): number | null {
  const count = sheet.context.messages.length;
  const latest = count - budgets.retainRecentMessages;
  const fixed = sheet.reqUnits + budgets.summaryMaxUnits;
  const after: number[] = [];
  after[count] = 0;
  for (let i = count - 1; i >= 0; i--) after[i] = after[i + 1] + sheet.msgUnits[i];
  for (let start = 0; start < count; ) {
    const end = groupEnd(sheet.reach, start);
    const fits = fixed + after[end] <= budgets.targetUnits;
    if (flags.has("retain-checked-after-fit")) {
      // [planted retain-checked-after-fit] a cut that fits is taken before asking whether it leaves enough recent messages
      if (fits) return end;
      if (end > latest) return null;
    } else {
      if (end > latest) return null;
      if (fits) return end;
    }
    start = end;
  }
  return null;
}
