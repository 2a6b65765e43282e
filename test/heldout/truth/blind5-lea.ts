// The fifth blind set, writer A ("Lea"): three multi-mistake implementations, their planted
// mistakes as ground truth. b5m-lea-estimator-linebreaks-nullentries is Lea's own estimator and
// boundary walk (a rewrite, used by the fast path and the boundary of the core's compactContext),
// b5m-lea-wrapper-budgetcall-recordtwice-deadsignal her layer over the reference compactContext
// (a wrapper), b5m-lea-flow-lastcut-keptrequest her own compactContext and walk (a rewrite of the
// whole flow). Each mistake is a flag of its folder's compose.ts; with every flag off each folder
// answers as src/core on the checker's scenarios and limit cases.
import { abortedSignal, call, compact, compactCounting, options, result, user, users, usersInput } from "../_witness/fixtures";
import { sync, type Outcome } from "../_witness/observe";
import type { Implementation, Mistake } from "./types";

// --- b5m-lea-estimator-linebreaks-nullentries (units, units) ---

const uDotSkipsLineBreaks: Mistake = {
  id: "u-dot-skips-line-breaks",
  says:
    "u(s) is counted as the matches of /./gu, and '.' matches no line terminator, so every \\n, \\r, U+2028 and U+2029 costs nothing (in message contents, texts, ids, arguments: wherever the estimator counts, hence in the fast path and the boundary walk too); u(s) is the number of code points of s, a line break included.",
  breaks: "§4 (u(s) is the number of Unicode code points of s)",
  criterion: "units",
  witness: {
    call: "estimateContextUnits({ messages: [user 'u' with content 'a\\nb'] }) (4 + 1 + 3)",
    run: (m) => sync(() => m.estimateContextUnits({ messages: [user("u", "a\nb")] })),
    expected: { value: 8 },
  },
};

const nullEntriesSkipped: Mistake = {
  id: "null-entries-skipped",
  says:
    "An entry of a JSON object in tool-call arguments whose value is null is taken as absent and skipped, key and all, so { k: null } costs as much as {}; every key of a JSON object costs 1 + u(key) + J(value), and J(null) = 1.",
  breaks: "§4 (J(object) = 2 + Σ over keys (1 + u(key) + J(value)); J(null) = 1)",
  criterion: "units",
  witness: {
    call: "estimateContextUnits of assistant 'a' calling t (id 'c') with { k: null } and its result 'r' (content 'ok')",
    run: (m) => sync(() => m.estimateContextUnits({ messages: [call("a", [["c", "t", { k: null }]]), result("r", "c", "t")] })),
    expected: { value: 30 },
  },
};

// --- b5m-lea-wrapper-budgetcall-recordtwice-deadsignal (summary validation, atomicity, cancellation) ---

const summaryBudgetCheckedInSummarizer: Mistake = {
  id: "summary-budget-checked-in-summarizer",
  says:
    "The summary's budget (5 + u(summaryId) + u(text) <= summaryMaxUnits) is checked inside a wrapper around the caller's summarizer, which throws when the text is too large, so the refusal reaches compactContext as the summarizer throwing: CONTEXT_SUMMARIZER_FAILED; a summary over summaryMaxUnits is checked after the value settles (step 6) and refused with CONTEXT_SUMMARY_INSUFFICIENT.",
  breaks: "§7 step 6 (5 + u(summaryId) + u(text) > summaryMaxUnits → CONTEXT_SUMMARY_INSUFFICIENT)",
  criterion: "summary-validation",
  witness: {
    call: "compactContext(4 users of 14 units, { maxUnits: 40, targetUnits: 40, summaryMaxUnits: 20, retainRecentMessages: 1, summaryId: 's' }) with a summarizer returning 30 'x' (5 + 1 + 30 > 20)",
    run: (m) => compact(m, usersInput(4), options(() => "x".repeat(30))),
    expected: { error: "CONTEXT_SUMMARY_INSUFFICIENT" },
  },
};

const recordAppendedTwice: Mistake = {
  id: "record-appended-twice",
  says:
    "The result's record is appended to result.context.compactions, which already ends with it (compactContext put it there), so every compaction leaves two records with one id and the returned context is no longer one the module built; on success exactly one record is appended, and result.record is the last element of context.compactions.",
  breaks: "§7 step 8, On success (exactly one record is appended: compactions is [...old, record])",
  criterion: "atomicity-and-one-record",
  witness: {
    call: "compactContext(4 users of 14 units, the witness options) with a summarizer returning 'sum': how many records the new context holds",
    run: async (m): Promise<Outcome> => {
      const outcome = await compact(m, usersInput(4), options(() => "sum"));
      const value = (outcome as { value?: { records?: Outcome } }).value;
      return value === undefined ? outcome : { records: value.records ?? null };
    },
    expected: { records: 1 },
  },
};

const abortedSignalDropped: Mistake = {
  id: "aborted-signal-dropped",
  says:
    "A signal that is already aborted is taken as left over from an earlier operation and dropped from the options before compaction, so the summarizer is called and the context compacted; a signal already aborted when compaction is needed rejects with CONTEXT_CANCELLED (step 3) before the summarizer is called.",
  breaks: "§7 step 3 (if the signal is already aborted → CONTEXT_CANCELLED, before the summarizer is called)",
  criterion: "cancellation",
  witness: {
    call: "compactContext(4 users of 14 units, the witness options and an already aborted signal): outcome and summarizer calls",
    run: (m) => compactCounting(m, usersInput(4), { signal: abortedSignal() }),
    expected: { outcome: { error: "CONTEXT_CANCELLED" }, calls: 0 },
  },
};

// --- b5m-lea-flow-lastcut-keptrequest (boundary selection, boundary selection) ---

const oldRecord = () => ({
  id: "old",
  summaryId: "s0",
  boundary: 3,
  compactedMessageIds: ["x", "y", "z"],
  unitsBefore: 100,
  unitsAfter: 60,
});

const walkStartsAfterLastRecord: Mistake = {
  id: "walk-starts-after-last-record",
  says:
    "The last compaction record's boundary is taken as an index of the current messages ('the messages before it are compacted already'), so the walk tries no cut at or before it and answers a later one (or none); a record's boundary counts messages of the context it compacted, which are gone: the walk starts at the first group of the current messages.",
  breaks: "§6 step 3 (walk the groups oldest first; the answer is the earliest whole-group cut that fits)",
  criterion: "boundary-selection",
  witness: {
    call: "selectCompactionBoundary({ summary s0, messages: 4 users of 14 units, compactions: [a record with boundary 3] }, { targetUnits: 48, summaryMaxUnits: 20, retainRecentMessages: 0 })",
    run: (m) =>
      sync(() =>
        m.selectCompactionBoundary(
          { summary: { id: "s0", content: "earlier" }, messages: users(4), compactions: [oldRecord()] },
          { targetUnits: 48, summaryMaxUnits: 20, retainRecentMessages: 0 },
        ),
      ),
    expected: { value: 2 },
  },
};

const requestGetsKeptMessages: Mistake = {
  id: "request-gets-kept-messages",
  says:
    "The summarizer is handed the messages that stay (messages.slice(boundary)) as request.messages, not the ones it must summarize; request.messages is the exact prefix before the boundary, the messages the record lists as compacted.",
  breaks: "§7 step 4 (request.messages: the exact prefix before the boundary)",
  criterion: "boundary-selection",
  witness: {
    call: "compactContext(4 users of 14 units, the witness options) with a summarizer returning the ids of request.messages joined by ','",
    run: async (m): Promise<Outcome> => {
      const outcome = await compact(m, usersInput(4), options((request) => (request as { messages: { id: string }[] }).messages.map((x) => x.id).join(",")));
      const value = (outcome as { value?: { summary?: Outcome } }).value;
      return value === undefined ? outcome : { summary: value.summary ?? null };
    },
    expected: { summary: { id: "s", content: "m0,m1,m2" } },
  },
};

export const B5_LEA: readonly Implementation[] = [
  {
    id: "b5m-lea-estimator-linebreaks-nullentries",
    form: "rewrite",
    mistakes: [uDotSkipsLineBreaks, nullEntriesSkipped],
    importsOutside: true,
    composable: true,
  },
  {
    id: "b5m-lea-wrapper-budgetcall-recordtwice-deadsignal",
    form: "wrapper",
    mistakes: [summaryBudgetCheckedInSummarizer, recordAppendedTwice, abortedSignalDropped],
    importsOutside: true,
    composable: true,
  },
  {
    id: "b5m-lea-flow-lastcut-keptrequest",
    form: "rewrite",
    mistakes: [walkStartsAfterLastRecord, requestGetsKeptMessages],
    importsOutside: true,
    composable: true,
  },
];
