// The sixth blind set, writer A ("Oda"): three several-mistake implementations (a whole-flow
// rewrite, a wrapper, an estimator-and-walk rewrite), written from the contract alone, with their
// planted mistakes as ground truth. Each mistake is a flag of its folder's compose.ts; with every
// flag off each folder answers as src/core on the checker's scenarios.
import { call, compact, result, user, users } from "../_witness/fixtures";
import { sync, view, type Outcome } from "../_witness/observe";
import type { Implementation, Mistake } from "./types";

/** A compacted result as status, kept ids and the record's boundary and units; an error as its code. */
const statusView = (value: unknown): Outcome => {
  const r = value as { status: string; context: { messages: { id: string }[] }; record: { boundary: number; unitsBefore: number; unitsAfter: number } | null };
  return {
    status: r.status,
    kept: view(r.context.messages.map((m) => m.id)),
    boundary: view(r.record?.boundary),
  };
};

// ---------------------------------------------------------------------------------------------
// b6m-oda-flow-spaces-reserve-keptall (rewrite: her own pricing, cut and compactContext)

const whitespaceRunsCountedOnce: Mistake = {
  id: "whitespace-runs-counted-once",
  says:
    "u(s) counts a run of whitespace (spaces, tabs, line breaks, no-break spaces) as one character, as a tokenizer would, so a user message { u, 'one  two' } costs 12; u(s) is the number of code points of the string as it is, every whitespace character included: 4 + 1 + 8 = 13. The same count prices the context everywhere it is used (the estimate, the fast path, the boundary walk, the summary's budget, the record's units).",
  breaks: "§4 (u(s) is the number of Unicode code points of s; a user message costs 4 + u(id) + u(content))",
  criterion: "units",
  witness: {
    call: "estimateContextUnits({ messages: [user { id: 'u', content: 'one  two' }] }) (two spaces)",
    run: (m) => sync(() => m.estimateContextUnits({ messages: [user("u", "one  two")] })),
    expected: { value: 13 },
  },
};

const targetCheckReservesSummaryAgain: Mistake = {
  id: "target-check-reserves-summary-again",
  says:
    "Step 7's target check is the boundary's own fit test (Σ requirements + summaryMaxUnits + what is kept <= targetUnits) with the new summary's units added to what is kept, so room for a summary is reserved on top of the summary itself: 4 users of 14 units, targetUnits 40, summaryMaxUnits 20 and a summary 'sum' (9 units) are refused with CONTEXT_SUMMARY_INSUFFICIENT (20 + 9 + 14 = 43); the check is units(requirements + new summary + suffix) <= targetUnits, here 9 + 14 = 23, and the context is compacted.",
  breaks: "§7 step 7 (units(requirements + new summary + suffix) <= targetUnits, else CONTEXT_SUMMARY_INSUFFICIENT)",
  criterion: "summary-validation",
  witness: {
    call: "compactContext(users m0..m3 of 14 units, { maxUnits: 40, targetUnits: 40, summaryMaxUnits: 20, retainRecentMessages: 1, summaryId: 's', recordId: 'r' }) with the summary 'sum' (boundary 3); status, kept ids, the record's boundary",
    run: (m) =>
      compact(
        m,
        { messages: users(4) },
        { maxUnits: 40, targetUnits: 40, summaryMaxUnits: 20, retainRecentMessages: 1, summaryId: "s", recordId: "r", summarizer: () => "sum" },
        (value) => {
          const r = value as { status: string; record: { boundary: number; unitsAfter: number } };
          return { status: r.status, boundary: r.record.boundary, unitsAfter: r.record.unitsAfter };
        },
      ),
    expected: { value: { status: "compacted", boundary: 3, unitsAfter: 23 } },
  },
};

const newContextKeepsCompactedMessages: Mistake = {
  id: "new-context-keeps-compacted-messages",
  says:
    "The new context is the old one spread with the new summary and the records ({ ...context, summary, compactions }), and its messages are never replaced by the kept suffix, so the compacted messages stay in the context beside the summary that replaces them; the new context is { requirements, summary: { id: summaryId, content: text }, messages: messages.slice(boundary), compactions: [...old, record] }.",
  breaks: "§7 step 8 (the new context { requirements, summary, messages: suffix, compactions: [...old, record] })",
  criterion: "atomicity-and-one-record",
  witness: {
    call: "compactContext(users m0..m3 of 14 units, { maxUnits: 50, targetUnits: 50, summaryMaxUnits: 10, retainRecentMessages: 1, summaryId: 's', recordId: 'r' }) with the summary 'sum' (boundary 2)",
    run: (m) =>
      compact(m, { messages: users(4) }, { maxUnits: 50, targetUnits: 50, summaryMaxUnits: 10, retainRecentMessages: 1, summaryId: "s", recordId: "r", summarizer: () => "sum" }),
    expected: {
      value: {
        status: "compacted",
        summary: { id: "s", content: "sum" },
        kept: ["m2", "m3"],
        records: 1,
        record: { id: "r", summaryId: "s", boundary: 2, compactedMessageIds: ["m0", "m1"], unitsBefore: 56, unitsAfter: 37 },
      },
    },
  },
};

// ---------------------------------------------------------------------------------------------
// b6m-oda-wrapper-label-emptysuffix (wrapper: a heading on the summary, a post-check of the result)

const summaryHeaded: Mistake = {
  id: "summary-headed",
  says:
    "The summarizer's text is given a heading ('Summary: ' in front) before it is checked and stored, so a summary that fits summaryMaxUnits exactly is refused with CONTEXT_SUMMARY_INSUFFICIENT (5 + u('s') + u('Summary: 0123456789abcd') = 29 > 20), and one that fits is stored headed; the summary is the summarizer's text as it is: 5 + u(summaryId) + u(text) <= summaryMaxUnits is checked on it, and it is stored as { id: summaryId, content: text }.",
  breaks: "§7 step 6 (5 + u(summaryId) + u(text) > summaryMaxUnits → CONTEXT_SUMMARY_INSUFFICIENT) and step 8 (summary: { id: summaryId, content: text })",
  criterion: "summary-validation",
  witness: {
    call: "compactContext(users m0..m3 of 14 units, { maxUnits: 40, targetUnits: 40, summaryMaxUnits: 20, retainRecentMessages: 1, summaryId: 's', recordId: 'r' }) with the summary '0123456789abcd' returned at once (5 + 1 + 14 = 20 units)",
    run: (m) =>
      compact(m, { messages: users(4) }, { maxUnits: 40, targetUnits: 40, summaryMaxUnits: 20, retainRecentMessages: 1, summaryId: "s", recordId: "r", summarizer: () => "0123456789abcd" }),
    expected: {
      value: {
        status: "compacted",
        summary: { id: "s", content: "0123456789abcd" },
        kept: ["m3"],
        records: 1,
        record: { id: "r", summaryId: "s", boundary: 3, compactedMessageIds: ["m0", "m1", "m2"], unitsBefore: 56, unitsAfter: 34 },
      },
    },
  },
};

const emptySuffixRefused: Mistake = {
  id: "empty-suffix-refused",
  says:
    "A compaction that keeps no message (retainRecentMessages 0 and the boundary at the end of the transcript) is refused with CONTEXT_INVALID_TRANSCRIPT, as if an empty transcript were no transcript; the empty suffix is a valid transcript (no message, nothing to link), so step 7 passes and the context is compacted to the requirements and the new summary.",
  breaks: "§7 step 7 (the retained suffix messages.slice(boundary) must validate as a transcript; an empty one does) and §6 (retainRecentMessages >= 0: a cut may compact the whole transcript)",
  criterion: "summary-validation",
  witness: {
    call: "compactContext(users m0..m2 of 14 units, { maxUnits: 30, targetUnits: 30, summaryMaxUnits: 20, retainRecentMessages: 0, summaryId: 's', recordId: 'r' }) with the summary 'sum' through a native promise (boundary 3, nothing kept); status, kept ids, the record's boundary",
    run: (m) =>
      compact(
        m,
        { messages: users(3) },
        { maxUnits: 30, targetUnits: 30, summaryMaxUnits: 20, retainRecentMessages: 0, summaryId: "s", recordId: "r", summarizer: () => Promise.resolve("sum") },
        statusView,
      ),
    expected: { value: { status: "compacted", kept: [], boundary: 3 } },
  },
};

// ---------------------------------------------------------------------------------------------
// b6m-oda-estimator-walk-nfd-prefix-running (rewrite: her estimator and walk, also inside compactContext)

const uCountedAfterNfd: Mistake = {
  id: "u-counted-after-nfd",
  says:
    "u(s) counts the code points of s.normalize('NFD'), so a precomposed character is counted decomposed: 'café' (é as U+00E9) counts 5 and a user message { u, 'café' } costs 10; u(s) counts the code points of the string as it is, without normalizing: 'café' is 4 code points and the message costs 9 (in the estimate, the fast path and the walk alike).",
  breaks: "§4 (u(s) is the number of Unicode code points of s)",
  criterion: "units",
  witness: {
    call: "estimateContextUnits({ messages: [user { id: 'u', content: 'caf\\u00e9' }] })",
    run: (m) => sync(() => m.estimateContextUnits({ messages: [user("u", "caf\u00e9")] })),
    expected: { value: 9 },
  },
};

const groupsOfCompactablePrefix: Mistake = {
  id: "groups-of-compactable-prefix",
  says:
    "The walk groups only the messages before latest (groupToolRounds(messages.slice(0, latest))), so where a tool round runs past latest its call is cut off from its result and the grouping fails with CONTEXT_INVALID_TRANSCRIPT, even when an earlier cut fits; the groups are those of the whole transcript, the walk takes the earliest whole-group cut that fits, and a group that ends past latest ends the walk with null.",
  breaks: "§6 the answer, step 3 (walk the groups (§5) oldest first; a group whose endIndex > latest gives null)",
  criterion: "boundary-selection",
  witness: {
    call:
      "selectCompactionBoundary([user m0 of 46 units, assistant a1 calling c1 't', user u2, result r1 of c1], { targetUnits: 60, summaryMaxUnits: 10, retainRecentMessages: 1 }) (latest 3, the round [1, 4) runs past it; the cut 1 fits: 10 + 38 <= 60)",
    run: (m) =>
      sync(() =>
        m.selectCompactionBoundary(
          { messages: [user("m0", "x".repeat(40)), call("a1", [["c1", "t"]]), user("u2"), result("r1", "c1", "t")] },
          { targetUnits: 60, summaryMaxUnits: 10, retainRecentMessages: 1 },
        ),
      ),
    expected: { value: 1 },
  },
};

const walkTotalCountsRemoved: Mistake = {
  id: "walk-total-counts-removed",
  says:
    "The walk's running total starts at 0 and adds the units of each group taken away, so the fit is tested on the compacted part instead of the kept one: 4 users of 14 units with targetUnits 40, summaryMaxUnits 20 and retainRecentMessages 1 get the boundary 1 (20 + 14 <= 40) where the kept messages (42 units) do not fit; after removing a group the test is fixed + units(messages after endIndex) <= targetUnits, and the earliest such cut is 3 (20 + 14).",
  breaks: "§6 the answer, step 3 (fixed + units(messages after endIndex) <= targetUnits)",
  criterion: "boundary-selection",
  witness: {
    call: "selectCompactionBoundary(users m0..m3 of 14 units, { targetUnits: 40, summaryMaxUnits: 20, retainRecentMessages: 1 })",
    run: (m) => sync(() => m.selectCompactionBoundary({ messages: users(4) }, { targetUnits: 40, summaryMaxUnits: 20, retainRecentMessages: 1 })),
    expected: { value: 3 },
  },
};

export const B6_ODA: readonly Implementation[] = [
  {
    id: "b6m-oda-flow-spaces-reserve-keptall",
    form: "rewrite",
    mistakes: [whitespaceRunsCountedOnce, targetCheckReservesSummaryAgain, newContextKeepsCompactedMessages],
    importsOutside: true,
    composable: true,
  },
  {
    id: "b6m-oda-wrapper-label-emptysuffix",
    form: "wrapper",
    mistakes: [summaryHeaded, emptySuffixRefused],
    importsOutside: true,
    composable: true,
  },
  {
    id: "b6m-oda-estimator-walk-nfd-prefix-running",
    form: "rewrite",
    mistakes: [uCountedAfterNfd, groupsOfCompactablePrefix, walkTotalCountsRemoved],
    importsOutside: true,
    composable: true,
  },
];
