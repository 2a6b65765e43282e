// Mistakes in the unchanged fast path (§7 step 2) and in summary validation (§7 step 6), with
// their witnesses.
import { abortedSignal, compact, compactCounting, options, users, usersInput } from "../_witness/fixtures";
import type { Outcome } from "../_witness/observe";
import type { Mistake } from "./types";

/** The unchanged result of n users of 14 units, as resultView shows it. */
const unchanged = (n: number): Outcome => ({
  value: { status: "unchanged", summary: null, kept: users(n).map((m) => (m as { id: string }).id), records: 0, record: null },
});


export const fastpathStrict: Mistake = {
  id: "fastpath-strict",
  says: "A context of exactly maxUnits is compacted (the summarizer is called); it must be returned unchanged when units(context) <= maxUnits.",
  breaks: "§7 step 2 (if units(context) <= maxUnits: resolve unchanged, the summarizer is not called)",
  criterion: "unchanged-fast-path",
  witness: {
    call: "compactContext(2 users = 28 units, { maxUnits: 28, targetUnits: 28, summaryMaxUnits: 10, retainRecentMessages: 0, … })",
    run: (m) => compactCounting(m, usersInput(2), { maxUnits: 28, targetUnits: 28, summaryMaxUnits: 10, retainRecentMessages: 0 }),
    expected: { outcome: unchanged(2), calls: 0 },
  },
};

export const fastpathReadsSignal: Mistake = {
  id: "fastpath-reads-signal",
  says: "A context within maxUnits is refused with CONTEXT_CANCELLED when the signal is aborted; the unchanged path does not consult the signal.",
  breaks: "§7 step 2 (the summarizer is not called, and the signal is not consulted)",
  criterion: "unchanged-fast-path",
  witness: {
    call: "compactContext(2 users = 28 units, { maxUnits: 40, …, signal: an aborted signal })",
    run: (m) => compact(m, usersInput(2), options(() => "sum", { signal: abortedSignal() })),
    expected: unchanged(2),
  },
};

export const unchangedWithoutRecord: Mistake = {
  id: "unchanged-without-record",
  says: "The unchanged result has no record field; it must be { status: \"unchanged\", context, record: null }.",
  breaks: "§7 step 2 (resolve { status: \"unchanged\", context, record: null })",
  criterion: "unchanged-fast-path",
  witness: {
    call: "compactContext(2 users = 28 units, { maxUnits: 40, … }), looking at result.record",
    run: (m) => compact(m, usersInput(2), options(() => "sum")),
    expected: unchanged(2),
  },
};

export const maxUnitsNoUpperBound: Mistake = {
  id: "maxunits-no-upper-bound",
  says: "maxUnits above 1,000,000 is accepted; it must be refused with CONTEXT_INVALID_BUDGET.",
  breaks: "§7 options (maxUnits: safe integer, 1 <= maxUnits <= 1,000,000)",
  criterion: "unchanged-fast-path",
  witness: {
    call: "compactContext(2 users, { maxUnits: 2,000,000, … })",
    run: (m) => compact(m, usersInput(2), options(() => "sum", { maxUnits: 2_000_000 })),
    expected: { error: "CONTEXT_INVALID_BUDGET" },
  },
};

/** The compacted result of 4 users at boundary 2 with the summary "sum" (id s) of 9 units. */
const compactedAt2 = {
  value: {
    status: "compacted",
    summary: { id: "s", content: "sum" },
    kept: ["m2", "m3"],
    records: 1,
    record: { id: "r", summaryId: "s", boundary: 2, compactedMessageIds: ["m0", "m1"], unitsBefore: 56, unitsAfter: 37 },
  },
};

export const summaryExactFitRefused: Mistake = {
  id: "summary-exact-fit-refused",
  says: "A summary of exactly summaryMaxUnits units is refused with CONTEXT_SUMMARY_INSUFFICIENT; it is refused only when 5 + u(summaryId) + u(text) > summaryMaxUnits.",
  breaks: "§7 step 6 (5 + u(summaryId) + u(text) > summaryMaxUnits → CONTEXT_SUMMARY_INSUFFICIENT)",
  criterion: "summary-validation",
  witness: {
    call: "compactContext(4 users, { targetUnits: 40, summaryMaxUnits: 9, summaryId: 's', … }) with the summary 'sum' (9 units)",
    run: (m) => compact(m, usersInput(4), options(() => "sum", { summaryMaxUnits: 9 })),
    expected: compactedAt2,
  },
};

export const blankSummaryCode: Mistake = {
  id: "blank-summary-code",
  says: "A summary that is only whitespace is rejected with CONTEXT_SUMMARY_INVALID; the code is CONTEXT_SUMMARY_INSUFFICIENT (SUMMARY_INVALID is for a value that is not a string).",
  breaks: "§7 step 6 (only whitespace → CONTEXT_SUMMARY_INSUFFICIENT)",
  criterion: "summary-validation",
  witness: {
    call: "compactContext(4 users, …) with a summarizer returning '   '",
    run: (m) => compact(m, usersInput(4), options(() => "   ")),
    expected: { error: "CONTEXT_SUMMARY_INSUFFICIENT" },
  },
};

export const numberCoerced: Mistake = {
  id: "number-coerced",
  says: "A summarizer value that is a number is turned into text; a value that is not a string is refused with CONTEXT_SUMMARY_INVALID.",
  breaks: "§7 step 6 (not a string → CONTEXT_SUMMARY_INVALID)",
  criterion: "summary-validation",
  witness: {
    call: "compactContext(4 users, …) with a summarizer returning 42",
    run: (m) => compact(m, usersInput(4), options(() => 42)),
    expected: { error: "CONTEXT_SUMMARY_INVALID" },
  },
};

export const summaryUnitsWithoutId: Mistake = {
  id: "summary-units-without-id",
  says: "The summary is checked against summaryMaxUnits as 5 + u(text), without u(summaryId); the summary's units are 5 + u(summaryId) + u(text).",
  breaks: "§7 step 6 (5 + u(summaryId) + u(text) > summaryMaxUnits → CONTEXT_SUMMARY_INSUFFICIENT)",
  criterion: "summary-validation",
  witness: {
    call: "compactContext(5 users, { maxUnits: 60, targetUnits: 60, summaryMaxUnits: 10, summaryId: 'summary-1', … }) with the summary 'abc' (17 units)",
    run: (m) => compact(m, usersInput(5), options(() => "abc", { maxUnits: 60, targetUnits: 60, summaryMaxUnits: 10, summaryId: "summary-1" })),
    expected: { error: "CONTEXT_SUMMARY_INSUFFICIENT" },
  },
};
