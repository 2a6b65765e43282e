// Gus's tool rounds (§5) and boundary walk (§6), from the per-message round ends.
import type { Flags } from "./basics";
import { transcriptOf, type Msg, type Sheet } from "./context";

/** The exclusive end of the group starting at `start`: grown while a message inside reaches further. */
export function groupEnd(ends: readonly number[], start: number): number {
  let end = start + 1;
  for (let i = start; i < end; i++) if (ends[i] > end) end = ends[i];
  return end;
}

export function groupToolRounds(transcript: unknown, flags: Flags): readonly object[] {
  const t = transcriptOf(transcript, flags);
  return tile(t.messages, t.ends);
}

function tile(messages: readonly Msg[], ends: readonly number[]): readonly object[] {
  const groups: object[] = [];
  for (let start = 0; start < messages.length; ) {
    const endIndex = groupEnd(ends, start);
    groups.push(
      Object.freeze({
        kind: endIndex - start > 1 ? "toolRound" : "message",
        startIndex: start,
        endIndex,
        messages: Object.freeze(messages.slice(start, endIndex)),
      }),
    );
    start = endIndex;
  }
  return Object.freeze(groups);
}

export type Budgets = { readonly targetUnits: number; readonly summaryMaxUnits: number; readonly retainRecentMessages: number };

/** The earliest whole-group cut that fits, or null. */
export function walk(sheet: Sheet, b: Budgets): number | null {
  const n = sheet.context.messages.length;
  const latest = n - b.retainRecentMessages;
  const fixed = sheet.reqUnits + b.summaryMaxUnits;
  let kept = 0;
  for (const m of sheet.msgUnits) kept += m;
  for (let start = 0; start < n; ) {
    const end = groupEnd(sheet.ends, start);
    for (let i = start; i < end; i++) kept -= sheet.msgUnits[i];
    if (end > latest) return null;
    if (fixed + kept <= b.targetUnits) return end;
    start = end;
  }
  return null;
}
