// The session-16 implementations (test/heldout/s16-*): two to four mistakes each, all of them
// new to the set; four with two or three mistakes in one criterion (units, grouping, summary
// validation, the record), four with two mistakes in two criteria where one runs before the
// other on most inputs (reading before the boundary, units beside an unhandled rejection, the
// fast path beside the record, the signal's check before the summary's), and two with four
// mistakes in four criteria, written as a student's rewrite of one or two modules. Written from
// the contract, src/core and the held-out set's own files alone (README: "Session 16"); every
// mistake is independent of the others of its implementation (witnesses.test.ts).
import { call, compact, options, result, text, user, users, usersInput, type Summarizer } from "../_witness/fixtures";
import { countingUnhandled, sync } from "../_witness/observe";
import type { Impl } from "../_kit/impl";
import type { Form, Implementation, Mistake } from "./types";

const boundary = (target: number, summaryMax: number, retain: number) => ({ targetUnits: target, summaryMaxUnits: summaryMax, retainRecentMessages: retain });
const groupsView = (groups: unknown) => (groups as { kind: string; startIndex: number; endIndex: number }[]).map((g) => [g.kind, g.startIndex, g.endIndex]);

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** An assistant calling c (tool t) with `args`, and its result r with content ''. */
const round = (args: { [key: string]: Json }) => [call("a", [["c", "t", args]]), result("r", "c", "t", "")];
const unitsOf = (m: Impl, messages: unknown[]) => m.estimateContextUnits({ messages });
/** J(value) − J(null), as the difference of two contexts' units. */
const jsonOver = (m: Impl, value: Json) => sync(() => unitsOf(m, round({ a: value })) - unitsOf(m, round({ a: null })));

const summaryOnly = (value: unknown) => {
  const r = value as { status: string; context: { summary: unknown } };
  return { status: r.status, summary: r.context.summary as never };
};
type Shown = (value: unknown) => never;

/** compactContext(4 users of 14) with summaryMaxUnits 10 (boundary 2), looking at `show`. */
const on = (m: Impl, summarizer: Summarizer, extra: Record<string, unknown> = {}, show: Shown = summaryOnly as never) =>
  compact(m, usersInput(4), options(summarizer, { summaryMaxUnits: 10, ...extra }), show);
const recordOf = (value: unknown) => (value as { record: Record<string, unknown> }).record;

/** A resolved native promise whose own non-configurable constructor getter throws: locked. */
function lockedPromise(): Promise<string> {
  const promise = Promise.resolve("sum");
  Object.defineProperty(promise, "constructor", {
    get() {
      throw new Error("constructor lookup");
    },
    configurable: false,
  });
  return promise;
}

// --- units ----------------------------------------------------------------------------------

const requirementIdNotCounted: Mistake = {
  id: "requirement-id-not-counted",
  says: "A requirement is counted 3 + u(content), leaving out its id; it costs 3 + u(id) + u(content).",
  breaks: "§4 (requirement = 3 + u(id) + u(content))",
  criterion: "units",
  witness: {
    call: "estimateContextUnits({ requirements: [{ id: 'req', content: 'AB' }] }) (3 + 3 + 2)",
    run: (m) => sync(() => m.estimateContextUnits({ requirements: [{ id: "req", content: "AB" }] })),
    expected: { value: 8 },
  },
};

const jsonStringBothQuotes: Mistake = {
  id: "json-string-both-quotes",
  says: "A string inside tool-call arguments is counted with both its quotes, 2 + u(s); J(string) is 1 + u(s).",
  breaks: "§4 (J(string) = 1 + u(s))",
  criterion: "units",
  witness: {
    call: "estimateContextUnits of an assistant whose call has the arguments { a: 'ab' } minus that of { a: null } (J('ab') − J(null) = 3 − 1)",
    run: (m) => jsonOver(m, "ab"),
    expected: { value: 2 },
  },
};

const assistantIdNotCounted: Mistake = {
  id: "assistant-id-not-counted",
  says: "An assistant message is counted 4 + Σ blocks, leaving out u(id) of the message; it costs 4 + u(id) + Σ blocks.",
  breaks: "§4 (assistant message = 4 + u(id) + Σ blocks)",
  criterion: "units",
  witness: {
    call: "estimateContextUnits({ messages: [assistant 'asst' with the text 'hi'] }) (4 + 4 + 2 + 2)",
    run: (m) => sync(() => m.estimateContextUnits({ messages: [text("asst", "hi")] })),
    expected: { value: 12 },
  },
};

const jsonObjectBaseMissing: Mistake = {
  id: "json-object-base-missing",
  says: "A JSON object in tool-call arguments (the arguments object itself included) is counted without its base 2, as Σ over keys (1 + u(key) + J(value)); J(object) = 2 + Σ over keys (1 + u(key) + J(value)), so {} costs 2.",
  breaks: "§4 (J(object) = 2 + Σ over keys (1 + u(key) + J(value)))",
  criterion: "units",
  witness: {
    call: "estimateContextUnits({ messages: [assistant a calling c of t with {}, its result r with content ''] }) (15 + 10)",
    run: (m) => sync(() => unitsOf(m, round({}))),
    expected: { value: 25 },
  },
};

const resultContentAsJsonString: Mistake = {
  id: "result-content-as-json-string",
  says: "A tool result's content is counted as a JSON string, 1 + u(content); it is counted u(content): a tool-result message costs 7 + u(id) + u(toolCallId) + u(toolName) + u(content).",
  breaks: "§4 (tool-result message = 7 + u(id) + u(toolCallId) + u(toolName) + u(content))",
  criterion: "units",
  witness: {
    call: "estimateContextUnits({ messages: [assistant a calling c of t with {}, its result r with content ''] }) (15 + 10)",
    run: (m) => sync(() => unitsOf(m, round({}))),
    expected: { value: 25 },
  },
};

// --- grouping -------------------------------------------------------------------------------

const roundTakesPrecedingUser: Mistake = {
  id: "round-takes-preceding-user",
  says: "The user message right before an assistant with tool calls is put in that assistant's tool round (a 'turn' is grouped); a tool round runs from the assistant message through the last result of its calls, and the user message before it is its own message group.",
  breaks: "§5 (each assistant message with at least one tool call has an interval running from that message; every other message is its own message group)",
  criterion: "grouping",
  witness: {
    call: "groupToolRounds([user u, assistant a calling c, result of c])",
    run: (m) => sync(() => m.groupToolRounds([user("u"), call("a", [["c", "t"]]), result("r", "c", "t")]), groupsView),
    expected: { value: [["message", 0, 1], ["toolRound", 1, 3]] },
  },
};

const groupsNotFrozen: Mistake = {
  id: "groups-not-frozen",
  says: "groupToolRounds returns a list of groups that are not frozen; it returns a frozen list of frozen groups.",
  breaks: "§5 (groupToolRounds returns a frozen list of frozen groups)",
  criterion: "grouping",
  witness: {
    call: "groupToolRounds([user u]) → whether the list and its group are frozen",
    run: (m) => sync(() => m.groupToolRounds([user("u")]), (g) => [Object.isFrozen(g), Object.isFrozen((g as unknown[])[0])]),
    expected: { value: [true, true] },
  },
};

// --- summary validation ---------------------------------------------------------------------

const blankCheckEmptyOnly: Mistake = {
  id: "blank-check-empty-only",
  says: "The summary is refused as blank only when it is the empty string (text.length === 0), so a summary of spaces is stored; only whitespace (s.trim().length === 0) is CONTEXT_SUMMARY_INSUFFICIENT.",
  breaks: "§2 (non-empty: s.trim().length > 0), §7 step 6 (only whitespace → CONTEXT_SUMMARY_INSUFFICIENT)",
  criterion: "summary-validation",
  witness: {
    call: "compactContext(4 users, { summaryMaxUnits: 10, … }) with a summarizer returning '   '",
    run: (m) => on(m, () => "   "),
    expected: { error: "CONTEXT_SUMMARY_INSUFFICIENT" },
  },
};

const summaryLengthUnlimited: Mistake = {
  id: "summary-length-unlimited",
  says: "The summary's length is never compared with 65536 code points, so a longer summary that fits summaryMaxUnits is stored; a summary longer than 65536 code points is CONTEXT_LIMIT_EXCEEDED.",
  breaks: "§7 step 6 (longer than 65536 code points → CONTEXT_LIMIT_EXCEEDED); §3 (code points in one string: at most 65536)",
  criterion: "summary-validation",
  witness: {
    call: "compactContext(4 users of 60,000 'x', { maxUnits: 200000, targetUnits: 200000, summaryMaxUnits: 70000, retainRecentMessages: 1, … }) with a summarizer returning 65,537 'x' (boundary 2)",
    run: (m) =>
      compact(
        m,
        { messages: [0, 1, 2, 3].map((i) => user(`m${i}`, "x".repeat(60000))) },
        options(() => "x".repeat(65537), { maxUnits: 200000, targetUnits: 200000, summaryMaxUnits: 70000 }),
        (value) => (value as { status: string }).status as never,
      ),
    expected: { error: "CONTEXT_LIMIT_EXCEEDED" },
  },
};

const summaryBaseNotCounted: Mistake = {
  id: "summary-base-not-counted",
  says: "The summary is compared with summaryMaxUnits as u(summaryId) + u(text), leaving out its base 5; the summary's units are 5 + u(summaryId) + u(text), and above summaryMaxUnits it is CONTEXT_SUMMARY_INSUFFICIENT.",
  breaks: "§7 step 6 (5 + u(summaryId) + u(text) > summaryMaxUnits → CONTEXT_SUMMARY_INSUFFICIENT)",
  criterion: "summary-validation",
  witness: {
    call: "compactContext(4 users, { summaryMaxUnits: 10, … }) with a summarizer returning 'xxxxxx' (5 + 1 + 6 = 12 units)",
    run: (m) => on(m, () => "xxxxxx"),
    expected: { error: "CONTEXT_SUMMARY_INSUFFICIENT" },
  },
};

const nonStringSummaryCode: Mistake = {
  id: "non-string-summary-code",
  says: "A summary value that is not a string is refused with CONTEXT_SUMMARY_INSUFFICIENT; the code for a value that is not a string is CONTEXT_SUMMARY_INVALID (INSUFFICIENT is for whitespace and size).",
  breaks: "§7 step 6 (not a string → CONTEXT_SUMMARY_INVALID)",
  criterion: "summary-validation",
  witness: {
    call: "compactContext(4 users, { summaryMaxUnits: 10, … }) with a summarizer returning 42",
    run: (m) => on(m, () => 42),
    expected: { error: "CONTEXT_SUMMARY_INVALID" },
  },
};

// --- the record and the new context -----------------------------------------------------------

const compactedIdsOfKept: Mistake = {
  id: "compacted-ids-of-kept",
  says: "The record's compactedMessageIds are the ids of the messages kept; they are the ids of the compacted prefix (the messages before the boundary), in order.",
  breaks: "§7 step 8 (compactedMessageIds: the ids of the prefix, in order)",
  criterion: "atomicity-and-one-record",
  witness: {
    call: "compactContext(4 users, { summaryMaxUnits: 10, … }) with the summary 'sum' → the record's compactedMessageIds",
    run: (m) => on(m, () => "sum", {}, ((value: unknown) => recordOf(value).compactedMessageIds) as Shown),
    expected: { value: ["m0", "m1"] },
  },
};

const recordIdFromSummaryId: Mistake = {
  id: "record-id-from-summary-id",
  says: "The record's id is the new summary's id (options.summaryId); it is options.recordId.",
  breaks: "§7 step 8 (the record is { id: recordId, summaryId, … })",
  criterion: "atomicity-and-one-record",
  witness: {
    call: "compactContext(4 users, { summaryMaxUnits: 10, summaryId: 's', recordId: 'r', … }) with the summary 'sum' → the record's id",
    run: (m) => on(m, () => "sum", {}, ((value: unknown) => recordOf(value).id) as Shown),
    expected: { value: "r" },
  },
};

const recordCopyInResult: Mistake = {
  id: "record-copy-in-result",
  says: "result.record is a copy of the new record, not the record stored in the new context; record is the last element of context.compactions itself.",
  breaks: "§7 step 8 (resolve { status: \"compacted\", context, record }, record being the last element of context.compactions)",
  criterion: "atomicity-and-one-record",
  witness: {
    call: "compactContext(4 users, { summaryMaxUnits: 10, … }) with the summary 'sum' → result.record === the last of result.context.compactions",
    run: (m) =>
      on(m, () => "sum", {}, ((value: unknown) => {
        const r = value as { record: unknown; context: { compactions: unknown[] } };
        return r.record === r.context.compactions[r.context.compactions.length - 1];
      }) as Shown),
    expected: { value: true },
  },
};

const recordBoundaryMinusOne: Mistake = {
  id: "record-boundary-minus-one",
  says: "The record's boundary is the index of the last compacted message (boundary − 1); it is the boundary itself, the number of compacted messages (>= 1, equal to compactedMessageIds.length).",
  breaks: "§3 (CompactionRecord.boundary >= 1, compactedMessageIds.length === boundary), §7 step 8 (the record's boundary)",
  criterion: "atomicity-and-one-record",
  witness: {
    call: "compactContext(4 users, { summaryMaxUnits: 10, … }) with the summary 'sum' → the record's boundary",
    run: (m) => on(m, () => "sum", {}, ((value: unknown) => recordOf(value).boundary) as Shown),
    expected: { value: 2 },
  },
};

const requirementsDroppedAfterCompaction: Mistake = {
  id: "requirements-dropped-after-compaction",
  says: "The new context drops the requirements (as if the summary covered them); the new context keeps the requirements: { requirements, summary, messages: suffix, compactions }.",
  breaks: "§7 step 8 (the new context { requirements, summary: { id: summaryId, content: text }, messages: suffix, compactions: [...old, record] })",
  criterion: "atomicity-and-one-record",
  witness: {
    call: "compactContext({ requirements: [{ id: 'q', content: 'k' }], 4 users }, { summaryMaxUnits: 10, … }) with the summary 'sum' → the new context's requirements",
    run: (m) =>
      compact(m, { requirements: [{ id: "q", content: "k" }], messages: users(4) }, options(() => "sum", { summaryMaxUnits: 10 }), (value) =>
        (value as { context: { requirements: never } }).context.requirements,
      ),
    expected: { value: [{ id: "q", content: "k" }] },
  },
};

// --- reading --------------------------------------------------------------------------------

const duplicateMessageIdRefused: Mistake = {
  id: "duplicate-message-id-refused",
  says: "Two messages with the same id are refused with CONTEXT_INVALID_TRANSCRIPT; message ids must be non-empty, but only tool-call ids must be unique.",
  breaks: "§2 (a transcript is valid when every entry is well-formed, every tool-call id is unique, …: message ids need not be unique)",
  criterion: "immutable-snapshots-and-ceilings",
  witness: {
    call: "buildActiveContext({ messages: [user m, user m] }) → the ids of its messages",
    run: (m) => sync(() => m.buildActiveContext({ messages: [user("m"), user("m")] }), (v) => (v as { messages: { id: string }[] }).messages.map((x) => x.id)),
    expected: { value: ["m", "m"] },
  },
};

const emptyAssistantContentRefused: Mistake = {
  id: "empty-assistant-content-refused",
  says: "An assistant message without content blocks (content: []) is refused with CONTEXT_INVALID_TRANSCRIPT; its content is an array of blocks, and the empty array is a valid one.",
  breaks: "§2 (AssistantMessage.content: readonly (TextBlock | ToolCall)[])",
  criterion: "immutable-snapshots-and-ceilings",
  witness: {
    call: "buildActiveContext({ messages: [assistant a with content []] }) → the ids of its messages",
    run: (m) => sync(() => m.buildActiveContext({ messages: [{ id: "a", role: "assistant", content: [] }] }), (v) => (v as { messages: { id: string }[] }).messages.map((x) => x.id)),
    expected: { value: ["a"] },
  },
};

// --- boundary selection ---------------------------------------------------------------------

const emptyCutTried: Mistake = {
  id: "empty-cut-tried",
  says: "The walk tries the cut at 0 (nothing compacted) first, so a context that fits already gets the boundary 0; only a cut after removing a whole group counts, and the answer is always >= 1.",
  breaks: "§6 step 3 (after removing each whole group, test the cut; the answer is never inside a group, always >= 1)",
  criterion: "boundary-selection",
  witness: {
    call: "selectCompactionBoundary([user m0, user m1], { targetUnits: 100, summaryMaxUnits: 10, retainRecentMessages: 1 })",
    run: (m) => sync(() => m.selectCompactionBoundary({ messages: [user("m0"), user("m1")] }, boundary(100, 10, 1))),
    expected: { value: 1 },
  },
};

const fitAgainstMaxUnits: Mistake = {
  id: "fit-against-maxunits",
  says: "compactContext fits the cut against maxUnits instead of targetUnits, so it cuts too early and the compacted context exceeds targetUnits; the boundary is the earliest whole-group cut with fixed + units(kept) <= targetUnits.",
  breaks: "§6 step 3 (fixed + units(messages after endIndex) <= targetUnits), §7 step 3 (the boundary of §6)",
  criterion: "boundary-selection",
  witness: {
    call: "compactContext(4 users, { maxUnits: 55, targetUnits: 40, summaryMaxUnits: 7, retainRecentMessages: 1, … }) with the summary 'x' → the record's boundary (the cut at 1 needs 49)",
    run: (m) => compact(m, usersInput(4), options(() => "x", { maxUnits: 55, summaryMaxUnits: 7 }), (value) => recordOf(value).boundary as never),
    expected: { value: 2 },
  },
};

// --- the fast path --------------------------------------------------------------------------

const unchangedResultUnfrozen: Mistake = {
  id: "unchanged-result-unfrozen",
  says: "The unchanged result object is not frozen; the fast path resolves { status: \"unchanged\", context, record: null }, frozen.",
  breaks: "§7 step 2 (resolve { status: \"unchanged\", context, record: null }, frozen)",
  criterion: "unchanged-fast-path",
  witness: {
    call: "compactContext(2 users (28 units), { maxUnits: 40, … }) → whether the result is frozen",
    run: (m) => compact(m, usersInput(2), options(() => "sum"), (value) => Object.isFrozen(value)),
    expected: { value: true },
  },
};

const fastpathCountsMessagesOnly: Mistake = {
  id: "fastpath-counts-messages-only",
  says: "The fast path compares the messages' units alone with maxUnits, leaving out the requirements and the summary; the context is unchanged only when units(context) — requirements, summary and messages — is <= maxUnits.",
  breaks: "§7 step 2 (if units(context) <= maxUnits, resolve unchanged); §4 (the units of a context are Σ requirements + the summary + Σ messages)",
  criterion: "unchanged-fast-path",
  witness: {
    call: "compactContext({ requirements: [{ id: 'r', content: 20 'x' }] (24), 2 users (28) }, { maxUnits: 40, targetUnits: 40, summaryMaxUnits: 20, … }) (52 units, no cut fits)",
    run: (m) =>
      compact(m, { requirements: [{ id: "r", content: "x".repeat(20) }], messages: users(2) }, options(() => "sum"), (value) => (value as { status: string }).status as never),
    expected: { error: "CONTEXT_BOUNDARY_UNAVAILABLE" },
  },
};

const fastpathAfterBoundaryCheck: Mistake = {
  id: "fastpath-after-boundary-check",
  says: "The boundary is looked for before the fast path, so a small context with no boundary is refused with CONTEXT_BOUNDARY_UNAVAILABLE; a context within maxUnits is returned unchanged first (step 2), and the boundary is looked for only at step 3.",
  breaks: "§7 steps 2 and 3 (they run in this order: the unchanged result before the boundary)",
  criterion: "unchanged-fast-path",
  witness: {
    call: "compactContext(1 user (14 units), { maxUnits: 40, retainRecentMessages: 1, … }) → the status",
    run: (m) => compact(m, usersInput(1), options(() => "sum"), (value) => (value as { status: string }).status as never),
    expected: { value: "unchanged" },
  },
};

// --- async observation ----------------------------------------------------------------------

const summarizerRejectionUnhandled: Mistake = {
  id: "summarizer-rejection-unhandled",
  says: "The summarizer's promise is also followed with a then that has no rejection handler (to log the summary), so a rejected summary leaves an unhandled rejection; every rejection the module observes must be handled, also by every promise it derives.",
  breaks: "§7 step 5 (no unhandled rejections: every rejection the module observes is handled)",
  criterion: "async-observation",
  witness: {
    call: "compactContext(4 users, { summaryMaxUnits: 10, … }) with a summarizer returning Promise.reject(new Error('down')), counting unhandledRejection events",
    run: async (m) => {
      const { result, unhandled } = await countingUnhandled(() => on(m, () => Promise.reject(new Error("down"))));
      return { outcome: result, unhandled };
    },
    expected: { outcome: { error: "CONTEXT_SUMMARIZER_FAILED" }, unhandled: 0 },
  },
};

const lockedPromiseFailed: Mistake = {
  id: "locked-promise-failed",
  says: "A native promise that cannot be observed (its constructor lookup throws and cannot be retried: locked) is failed with CONTEXT_SUMMARIZER_FAILED; a locked promise is CONTEXT_ASYNC_VALUE_UNOBSERVABLE.",
  breaks: "§7 step 5 (a native promise that still cannot be observed this way is locked → CONTEXT_ASYNC_VALUE_UNOBSERVABLE)",
  criterion: "async-observation",
  witness: {
    call: "compactContext(4 users, { summaryMaxUnits: 10, … }) with a summarizer returning Promise.resolve('sum') whose own non-configurable constructor getter throws",
    run: (m) => on(m, () => lockedPromise()),
    expected: { error: "CONTEXT_ASYNC_VALUE_UNOBSERVABLE" },
  },
};

// --- cancellation ---------------------------------------------------------------------------

const signalCheckedAfterFastpath: Mistake = {
  id: "signal-checked-after-fastpath",
  says: "options.signal is checked only once compaction is needed (after the fast path), so a signal that is not an AbortSignal is accepted with a small context; the options are checked at step 1, before the fast path: a signal that is not a genuine AbortSignal is CONTEXT_INVALID_INPUT.",
  breaks: "§7 (signal: optional genuine AbortSignal, else CONTEXT_INVALID_INPUT; step 1: build the context and check the options)",
  criterion: "cancellation",
  witness: {
    call: "compactContext(2 users (28 units), { maxUnits: 40, signal: { aborted: false }, … })",
    run: (m) => compact(m, usersInput(2), options(() => "sum", { signal: { aborted: false } }), (value) => (value as { status: string }).status as never),
    expected: { error: "CONTEXT_INVALID_INPUT" },
  },
};

/** Every s16 implementation is a rewrite or wrapper over the reference and the kit, and composable. */
const s16 = (id: string, form: Form, mistakes: readonly Mistake[]): Implementation => ({ id, form, mistakes, importsOutside: true, composable: true });

export const S16: readonly Implementation[] = [
  // two or three mistakes in one criterion
  s16("s16-units-reqid-quotes-assistantid", "rewrite", [requirementIdNotCounted, jsonStringBothQuotes, assistantIdNotCounted]),
  s16("s16-grouping-user-unfrozen", "rewrite", [roundTakesPrecedingUser, groupsNotFrozen]),
  s16("s16-summary-blank-length", "rewrite", [blankCheckEmptyOnly, summaryLengthUnlimited]),
  s16("s16-records-kept-id-copy", "wrapper", [compactedIdsOfKept, recordIdFromSummaryId, recordCopyInResult]),
  // two criteria, one mistake running before the other on most inputs
  s16("s16-dup-ids-empty-cut", "rewrite", [duplicateMessageIdRefused, emptyCutTried]),
  s16("s16-object-base-unhandled", "rewrite", [jsonObjectBaseMissing, summarizerRejectionUnhandled]),
  s16("s16-unfrozen-unchanged-boundary-index", "wrapper", [unchangedResultUnfrozen, recordBoundaryMinusOne]),
  s16("s16-signal-late-summary-base", "rewrite", [signalCheckedAfterFastpath, summaryBaseNotCounted]),
  // four mistakes in four criteria
  s16("s16-mixed-four-units-flow", "rewrite", [resultContentAsJsonString, fastpathCountsMessagesOnly, fitAgainstMaxUnits, requirementsDroppedAfterCompaction]),
  s16("s16-mixed-four-reader-await", "rewrite", [emptyAssistantContentRefused, fastpathAfterBoundaryCheck, lockedPromiseFailed, nonStringSummaryCode]),
];
