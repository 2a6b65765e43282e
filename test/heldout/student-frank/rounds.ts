// groupToolRounds (§5) and the boundary walk (§6). A round reaches from an assistant with calls
// to one past the last result of those calls; rounds that overlap or nest become one.
import { MAX_CONTEXT_TOTAL_UNITS, bail, type Switches } from "./limits";
import { Reader, under } from "./inspect";
import { priceMessage } from "./measure";
import { knownTranscript, link, type Message, type Sheet } from "./sheet";

export type Span = { start: number; end: number };

export function spans(roundEnd: readonly number[]): Span[] {
  const out: Span[] = [];
  let i = 0;
  while (i < roundEnd.length) {
    const start = i;
    let end = roundEnd[i];
    while (++i < end) end = Math.max(end, roundEnd[i]);
    out.push({ start, end });
  }
  return out;
}

export function groupToolRounds(transcript: unknown, switches: Switches): readonly object[] {
  let messages: readonly Message[];
  let roundEnd: readonly number[];
  const known = knownTranscript(transcript);
  if (known !== undefined) {
    messages = known.context.messages;
    roundEnd = known.roundEnd;
  } else {
    const linked = under("CONTEXT_INVALID_TRANSCRIPT", () => link(transcript, new Reader(switches)));
    messages = linked.messages;
    roundEnd = linked.roundEnd;
    let units = 0;
    for (const m of messages) units += priceMessage(m);
    if (units > MAX_CONTEXT_TOTAL_UNITS) bail("CONTEXT_LIMIT_EXCEEDED", "the transcript is above 1,000,000 units");
  }
  const groups = spans(roundEnd).map(({ start, end }) =>
    Object.freeze({ kind: end - start > 1 ? "toolRound" : "message", startIndex: start, endIndex: end, messages: Object.freeze(messages.slice(start, end)) }),
  );
  return Object.freeze(groups);
}

export type Budgets = { readonly targetUnits: number; readonly summaryMaxUnits: number; readonly retainRecentMessages: number };

/** The earliest cut after a whole group whose kept messages fit beside the requirements and the new summary's allowance. */
export function walk(sheet: Sheet, b: Budgets, switches: Switches): number | null {
  const latest = sheet.context.messages.length - b.retainRecentMessages;
  if (latest <= 0) return null;
  const fixed = sheet.requirementsPrice + b.summaryMaxUnits;
  let kept = 0;
  for (const p of sheet.prices) kept += p;
  for (const { start, end } of spans(sheet.roundEnd)) {
    // Mistake removed-group-first-message-only: taking a group away subtracts the price of its
    // first message only (as if every group were one message), so a round's results stay counted.
    if (switches.has("removed-group-first-message-only")) kept -= sheet.prices[start];
    else for (let i = start; i < end; i++) kept -= sheet.prices[i];
    if (end > latest) return null;
    if (fixed + kept <= b.targetUnits) return end;
  }
  return null;
}
