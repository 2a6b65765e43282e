// Hana's grouping (contract §5): an assistant with tool calls spans to the last result of any of
// its calls; spans that overlap or nest become one tool round; every other message stands alone.
import { MAX_CONTEXT_TOTAL_UNITS, bail, type Flags } from "./errors";
import { copyRange, freeze } from "./basics";
import { Tally, within } from "./intake";
import { readTranscript, type Transcript } from "./messages";
import { knownTranscript } from "./context";

export type Span = { readonly start: number; readonly end: number };

/** The groups of a transcript as [start, end) spans, oldest first. */
export function spansOf(t: Transcript): Span[] {
  const spans: Span[] = [];
  let start = 0;
  const n = t.messages.length;
  while (start < n) {
    let end = start + 1;
    for (let i = start; i < end; i++) if (t.reachEnd[i] > end) end = t.reachEnd[i];
    spans.push({ start, end });
    start = end;
  }
  return spans;
}

export function groupToolRounds(value: unknown, flags: Flags) {
  let t = knownTranscript(value);
  if (t === undefined) {
    const read = within("CONTEXT_INVALID_TRANSCRIPT", () => readTranscript(value, new Tally(flags)));
    let units = 0;
    for (const u of read.units) units += u;
    if (units > MAX_CONTEXT_TOTAL_UNITS) bail("CONTEXT_LIMIT_EXCEEDED", "the transcript has too many units");
    t = read;
  }
  const groups = [];
  for (const span of spansOf(t)) {
    groups.push(
      freeze({
        kind: span.end - span.start > 1 ? "toolRound" : "message",
        startIndex: span.start,
        endIndex: span.end,
        messages: freeze(copyRange(t.messages, span.start, span.end)),
      }),
    );
  }
  return freeze(groups);
}
