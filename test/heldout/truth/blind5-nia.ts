// The fifth blind set, writer C ("Nia"): three multi-mistake implementations written from the
// contract (docs/contract.md, docs/contract-decisions.md) and src/core alone: a rewrite of
// compactContext with Nia's own record writer, a wrapper (her own input helper, a retry of a
// refused summary, an estimate that never throws) and a rewrite of the compaction-record reader. Each mistake is a flag of the
// folder's compose.ts; with every flag off each folder answers as src/core on the checker's
// scenarios and limit cases.
import { compact, compactCounting, options, user, users, usersInput } from "../_witness/fixtures";
import { sync, view, type Outcome } from "../_witness/observe";
import type { Implementation, Mistake } from "./types";

const built = () => "built";

// ---- b5m-nia-flow-lastgroup-unitsafter ------------------------------------------------------

const compactedIdsLastGroupOnly: Mistake = {
  id: "compacted-ids-last-group-only",
  says:
    "The record's compactedMessageIds are collected by walking the removed groups, but the list is replaced at each group instead of extended, so only the last removed group's ids are kept; wherever the cut removes more than one group the record lists fewer ids than its boundary and the new context is refused (CONTEXT_INVALID_INPUT, after the summarizer ran). compactedMessageIds are the ids of the whole prefix, in order.",
  breaks: "§7 step 8 (compactedMessageIds: the ids of the prefix, in order; §3: length === boundary)",
  criterion: "atomicity-and-one-record",
  witness: {
    call: "compactContext({ messages: five users m0..m4 of 14 units (70) }, { maxUnits 40, targetUnits 40, summaryMaxUnits 20, retainRecentMessages 1, summaryId 's', recordId 'r', summarizer → 'sum' }) (cut 4: four groups removed)",
    run: (m) => compact(m, { messages: users(5) }, options(() => "sum")),
    expected: { value: { status: "compacted", summary: { id: "s", content: "sum" }, kept: ["m4"], records: 1, record: { id: "r", summaryId: "s", boundary: 4, compactedMessageIds: ["m0", "m1", "m2", "m3"], unitsBefore: 70, unitsAfter: 23 } } },
  },
};

const unitsAfterKeepsOldSummary: Mistake = {
  id: "units-after-keeps-old-summary",
  says:
    "The record's unitsAfter is derived from unitsBefore by taking off the compacted messages and adding the new summary, but the summary being replaced is not taken off, so after compacting a context that had a summary unitsAfter is too large by that summary's units; unitsAfter is the units of the new context (requirements + new summary + kept messages).",
  breaks: "§7 step 8 (the record: unitsAfter = units of the new context)",
  criterion: "atomicity-and-one-record",
  witness: {
    call: "compactContext({ summary: { id: 'old', content: 'earlier' } (15 units), messages: users m0, m1 (14 each) }, { maxUnits 40, targetUnits 40, summaryMaxUnits 20, retainRecentMessages 1, summaryId 's', recordId 'r', summarizer → 'sum' }) (cut 1: one group removed; new context 9 + 14 = 23)",
    run: (m) => compact(m, { summary: { id: "old", content: "earlier" }, messages: users(2) }, options(() => "sum")),
    expected: { value: { status: "compacted", summary: { id: "s", content: "sum" }, kept: ["m1"], records: 1, record: { id: "r", summaryId: "s", boundary: 1, compactedMessageIds: ["m0"], unitsBefore: 43, unitsAfter: 23 } } },
  },
};

// ---- b5m-nia-wrapper-transcript-retry-estimate -----------------------------------------------

const transcriptAcceptedAsContext: Mistake = {
  id: "transcript-accepted-as-context",
  says:
    "An input that is an array is taken as a bare transcript and read as { messages: array }, in every export (buildActiveContext, estimateContextUnits, selectCompactionBoundary, compactContext); the input of a context must be a plain object (prototype Object.prototype or null), not an array, otherwise CONTEXT_INVALID_INPUT.",
  breaks: "§3 (Records: the input itself is a plain object, not an array; anything else about the input → CONTEXT_INVALID_INPUT)",
  criterion: "immutable-snapshots-and-ceilings",
  witness: {
    call: "buildActiveContext([user m0])",
    run: (m) => sync(() => m.buildActiveContext([user("m0")]), built),
    expected: { error: "CONTEXT_INVALID_INPUT" },
  },
};

const summaryRetriedOnce: Mistake = {
  id: "summary-retried-once",
  says:
    "A summary refused at step 6 or 7 as insufficient (blank, or above summaryMaxUnits or the target) gets a second chance: the compaction is run again and the summarizer called a second time, and a summary that fits the second time is taken; the summarizer is called once, and an insufficient summary rejects with CONTEXT_SUMMARY_INSUFFICIENT.",
  breaks: "§7 step 4 (call summarizer(request, signal) once) and step 6 (an insufficient summary → CONTEXT_SUMMARY_INSUFFICIENT)",
  criterion: "summary-validation",
  witness: {
    call: "compactContext({ messages: five users m0..m4 }, { maxUnits 40, targetUnits 40, summaryMaxUnits 20, retainRecentMessages 1, summaryId 's', recordId 'r', summarizer → a 40-letter text }): the outcome and the summarizer's calls",
    run: (m) => compactCounting(m, usersInput(5), {}, () => "x".repeat(40)),
    expected: { outcome: { error: "CONTEXT_SUMMARY_INSUFFICIENT" }, calls: 1 },
  },
};

const estimateFailureAsZero: Mistake = {
  id: "estimate-failure-as-zero",
  says:
    "estimateContextUnits never throws: an input that cannot be built (a bad message, a getter, a limit crossed) is counted 0 units; every failure of every export is a ContextCompactionError thrown by it, so a bad input is refused with its code (here CONTEXT_INVALID_TRANSCRIPT).",
  breaks: "§1 (every failure of every export is a ContextCompactionError, thrown by the sync exports) and §4 (the units of a context, built as §3 says)",
  criterion: "units",
  witness: {
    call: "estimateContextUnits({ messages: [{ id: 'm0', role: 'user' }] }) (a user message without content)",
    run: (m) => sync(() => m.estimateContextUnits({ messages: [{ id: "m0", role: "user" }] })),
    expected: { error: "CONTEXT_INVALID_TRANSCRIPT" },
  },
};

// ---- b5m-nia-reader-record-boundary --------------------------------------------------------

const record = (boundary: number, ids: string[]) => ({ id: "r1", summaryId: "s0", boundary, compactedMessageIds: ids, unitsBefore: 40, unitsAfter: 20 });

const recordIdsListKept: Mistake = {
  id: "record-ids-list-kept",
  says:
    "The reader checks a record's compactedMessageIds item by item but keeps the caller's own array in the copy instead of the checked list, so the built context shares that array with the caller (not frozen, and later changes of the caller's show through); buildActiveContext returns a deep copy in which every object and array is frozen, and after the call the input is never touched again.",
  breaks: "§3 (a deep copy in which every object and array is frozen; after the call the input is never touched again)",
  criterion: "immutable-snapshots-and-ceilings",
  witness: {
    call: "buildActiveContext({ messages: [user m0], compactions: [{ id: 'r1', summaryId: 's0', boundary: 1, compactedMessageIds: ['old0'], unitsBefore: 40, unitsAfter: 20 }] }): whether the copy's compactedMessageIds is frozen and whether it is the caller's array",
    run: (m) => {
      const input = { messages: [user("m0")], compactions: [record(1, ["old0"])] };
      return sync(
        () => m.buildActiveContext(input),
        (value): Outcome => {
          const list = (value as { compactions: { compactedMessageIds: unknown }[] }).compactions[0].compactedMessageIds;
          return { frozen: Object.isFrozen(list), callers: list === input.compactions[0].compactedMessageIds, ids: view(list) };
        },
      );
    },
    expected: { value: { frozen: true, callers: false, ids: ["old0"] } },
  },
};

const recordBoundaryWithinTranscript: Mistake = {
  id: "record-boundary-within-transcript",
  says:
    "A compaction record whose boundary is larger than the current transcript's length is refused (CONTEXT_INVALID_INPUT), as if the boundary were an index into the messages now held; a record describes a past compaction (its boundary counts the messages compacted then, equal to its compactedMessageIds' length, >= 1) and is not checked against the current messages.",
  breaks: "§3 (CompactionRecord: boundary >= 1, compactedMessageIds.length === boundary; the contract sets no other rule on a record)",
  criterion: "immutable-snapshots-and-ceilings",
  witness: {
    call: "buildActiveContext({ messages: [user m0], compactions: [{ id: 'r1', summaryId: 's0', boundary: 2, compactedMessageIds: ['old0', 'old1'], unitsBefore: 40, unitsAfter: 20 }] })",
    run: (m) => sync(() => m.buildActiveContext({ messages: [user("m0")], compactions: [record(2, ["old0", "old1"])] }), built),
    expected: { value: "built" },
  },
};

export const B5_NIA: readonly Implementation[] = [
  {
    id: "b5m-nia-flow-lastgroup-unitsafter",
    form: "rewrite",
    mistakes: [compactedIdsLastGroupOnly, unitsAfterKeepsOldSummary],
    importsOutside: true,
    composable: true,
  },
  {
    id: "b5m-nia-wrapper-transcript-retry-estimate",
    form: "wrapper",
    mistakes: [transcriptAcceptedAsContext, summaryRetriedOnce, estimateFailureAsZero],
    importsOutside: true,
    composable: true,
  },
  {
    id: "b5m-nia-reader-record-boundary",
    form: "rewrite",
    mistakes: [recordIdsListKept, recordBoundaryWithinTranscript],
    importsOutside: true,
    composable: true,
  },
];
