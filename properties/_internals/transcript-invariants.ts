import type { TranscriptView } from "./transcript-view";

// Invariants any safe-boundary compactor must keep, whatever its message format or budget
// formula. Each returns a description of the first violation, or null.

/**
 * A call is never separated from its results: no cut position c (0 < c < length, a cut
 * keeps messages [0, c) apart from [c, length)) lies in (callIndex, resultIndex].
 */
export function cutSeparatingCall(view: TranscriptView, cuts: readonly number[]): string | null {
  const callIndex = new Map(view.calls.map((call) => [call.id, call.messageIndex] as const));
  for (const result of view.results) {
    const from = callIndex.get(result.toolCallId);
    if (from === undefined) continue;
    const cut = cuts.find((c) => c > from && c <= result.messageIndex);
    if (cut !== undefined) {
      return `cut at ${cut} separates tool call ${JSON.stringify(result.toolCallId)} (message ${from}) from its result (message ${result.messageIndex})`;
    }
  }
  return null;
}

/** A kept part is self-contained: every result's call is in it, and every call's results are in it. */
export function danglingLink(view: TranscriptView, callsNeedResults: boolean): string | null {
  const callIds = new Set(view.calls.map((call) => call.id));
  const answered = new Set(view.results.map((result) => result.toolCallId));
  const orphan = view.results.find((result) => !callIds.has(result.toolCallId));
  if (orphan !== undefined) return `result at message ${orphan.messageIndex} answers call ${JSON.stringify(orphan.toolCallId)}, which is not kept`;
  if (callsNeedResults) {
    const unanswered = view.calls.find((call) => !answered.has(call.id));
    if (unanswered !== undefined) return `call ${JSON.stringify(unanswered.id)} at message ${unanswered.messageIndex} lost its result`;
  }
  return null;
}

/** Output ids are a subsequence of input ids: nothing invented, nothing reordered. */
export function notASubsequence(input: TranscriptView, output: TranscriptView): string | null {
  let next = 0;
  for (const id of output.ids) {
    while (next < input.ids.length && input.ids[next] !== id) next += 1;
    if (next === input.ids.length) return `output message ${JSON.stringify(id)} is not in the input, or is out of order`;
    next += 1;
  }
  return null;
}

/** Output is exactly the input's suffix from `start`: what a compactor that keeps recent messages must produce. */
export function notSuffixFrom(input: TranscriptView, output: TranscriptView, start: number): string | null {
  const want = input.ids.slice(start);
  if (want.length !== output.ids.length || want.some((id, i) => id !== output.ids[i])) {
    return `kept ids ${JSON.stringify(output.ids)} are not the input's suffix from ${start} (${JSON.stringify(want)})`;
  }
  return null;
}

/** Input never mutated: the same ids, calls and results before and after. */
export function viewChanged(before: TranscriptView, after: TranscriptView): string | null {
  const same = JSON.stringify(before) === JSON.stringify(after);
  return same ? null : `input transcript changed from ids ${JSON.stringify(before.ids)} to ${JSON.stringify(after.ids)}`;
}

/** Budget respected: a measured size is within its budget. */
export function overBudget(units: number, budget: number): string | null {
  return units <= budget ? null : `${units} units exceed the budget of ${budget}`;
}
