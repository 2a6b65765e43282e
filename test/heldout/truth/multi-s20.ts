// The session-20 implementations (test/heldout/s20-*): 12 folders, 28 mistakes, all of them new
// to the set. Seven with two or three mistakes in one criterion (units, reading, async
// observation, cancellation, the boundary walk, the record, the fast path); three with two
// mistakes in two criteria (grouping and summary validation; a ceiling of reading before the
// request's messages; the request's previous summary before the record); one whole-flow rewrite
// with four mistakes in four criteria; and one with one mistake (a summary equal to the previous
// one refused). Written from the contract, src/core and the held-out set's own files alone
// (README: "Session 19: the `s20-` implementations"); every mistake is independent of the others
// of its implementation (witnesses.test.ts).
import { abortedSignal, call, compact, options, result, user, users, usersInput, type Summarizer } from "../_witness/fixtures";
import { sync, view, type Outcome } from "../_witness/observe";
import type { Impl } from "../_kit/impl";
import type { Form, Implementation, Mistake } from "./types";

const boundary = (target: number, summaryMax: number, retain: number) => ({ targetUnits: target, summaryMaxUnits: summaryMax, retainRecentMessages: retain });
const statusOnly = (value: unknown) => (value as { status: string }).status as Outcome;
const summaryOnly = (value: unknown) => {
  const r = value as { status: string; context: { summary: unknown } };
  return { status: r.status, summary: r.context.summary as never } as Outcome;
};
const recordField = (name: string) => (value: unknown) => view((value as { record: Record<string, unknown> }).record[name]);
const messageCount = (c: unknown) => (c as { messages: unknown[] }).messages.length;

/** compactContext(4 users of 14) with summaryMaxUnits 10 (boundary 2), looking at `show`. */
const on = (m: Impl, summarizer: Summarizer, extra: Record<string, unknown> = {}, show: (value: unknown) => Outcome = summaryOnly) =>
  compact(m, usersInput(4), options(summarizer, { summaryMaxUnits: 10, ...extra }), show);

/** A valid old record (boundary 1, unitsAfter 10), whose id is `id`. */
const oldRecord = (id = "old") => ({ id, summaryId: "s0", boundary: 1, compactedMessageIds: ["x"], unitsBefore: 20, unitsAfter: 10 });

/** 4 users of 14 after a summary { s0, content } (boundary 2 with summaryMaxUnits 10). */
const withSummary = (content: string) => ({ summary: { id: "s0", content }, messages: users(4) });

// --- units ----------------------------------------------------------------------------------

const assistantBasePerBlock: Mistake = {
  id: "assistant-base-per-block",
  says: "An assistant message's base 4 + u(id) is counted once per content block (each block taken as a message), so an assistant with two text blocks costs 16; the message's base is counted once: 4 + u(id) + Σ blocks.",
  breaks: "§4 (assistant message: 4 + u(id) + Σ blocks; text block: 2 + u(text))",
  criterion: "units",
  witness: {
    call: "estimateContextUnits([assistant a with the text blocks 'a' and 'b']) (4 + 1 + 3 + 3 = 11)",
    run: (m) => sync(() => m.estimateContextUnits({ messages: [{ id: "a", role: "assistant", content: [{ type: "text", text: "a" }, { type: "text", text: "b" }] }] })),
    expected: { value: 11 },
  },
};

const nestedKeySeparatorMissing: Mistake = {
  id: "nested-key-separator-missing",
  says: "A JSON object nested inside tool-call arguments is counted 2 + Σ (u(key) + J(value)), without the 1 of each key (the arguments object itself is counted right); every J(object), nested or not, is 2 + Σ over keys (1 + u(key) + J(value)), so { j: 'v' } costs 6.",
  breaks: "§4 (J(object) = 2 + Σ over keys (1 + u(key) + J(value)))",
  criterion: "units",
  witness: {
    call: "estimateContextUnits([assistant a calling c (t, { k: { j: 'v' } }), result r of c with content 'ok']) (23 + 12 = 35)",
    run: (m) => sync(() => m.estimateContextUnits({ messages: [call("a", [["c", "t", { k: { j: "v" } }]]), result("r", "c", "t", "ok")] })),
    expected: { value: 35 },
  },
};

const numberFractionNotCounted: Mistake = {
  id: "number-fraction-not-counted",
  says: "A number in tool-call arguments is counted by its integer part, 1 + String(Math.trunc(n)).length, so 12.5 costs 3; J(number) is 1 + String(n).length, the fraction included (12.5 costs 5).",
  breaks: "§4 (J(number) = 1 + String(n).length)",
  criterion: "units",
  witness: {
    call: "estimateContextUnits([assistant a calling c (t, { k: 12.5 }), result r of c with content 'ok']) (22 + 12 = 34)",
    run: (m) => sync(() => m.estimateContextUnits({ messages: [call("a", [["c", "t", { k: 12.5 }]]), result("r", "c", "t", "ok")] })),
    expected: { value: 34 },
  },
};

const requirementContentNotCounted: Mistake = {
  id: "requirement-content-not-counted",
  says: "A requirement is counted 3 + u(id), leaving out its content; it costs 3 + u(id) + u(content) (the course's focused case: requirement { r, AB } costs 6 and the context 12).",
  breaks: "§4 (requirement: 3 + u(id) + u(content))",
  criterion: "units",
  witness: {
    call: "estimateContextUnits({ requirements: [{ id: 'r', content: 'AB' }], messages: [user u with content 'a'] }) (6 + 6 = 12)",
    run: (m) => sync(() => m.estimateContextUnits({ requirements: [{ id: "r", content: "AB" }], messages: [user("u", "a")] })),
    expected: { value: 12 },
  },
};

// --- reading (immutable snapshots and ceilings) ---------------------------------------------

const nullArgumentRefused: Mistake = {
  id: "null-argument-refused",
  says: "A null inside tool-call arguments is refused with CONTEXT_INVALID_TRANSCRIPT as a missing value (the check is value == null); null is a JSON value, allowed in arguments (only undefined, NaN, functions and class instances fail).",
  breaks: "§2 (Json = null | boolean | number | string | …), §3 (Tool-call arguments: values are JSON only)",
  criterion: "immutable-snapshots-and-ceilings",
  witness: {
    call: "buildActiveContext({ messages: [assistant a calling c (t, { k: null }), result r of c] }) → the number of messages",
    run: (m) => sync(() => m.buildActiveContext({ messages: [call("a", [["c", "t", { k: null }]]), result("r", "c", "t")] }), messageCount),
    expected: { value: 2 },
  },
};

const resultsOutOfCallOrderRefused: Mistake = {
  id: "results-out-of-call-order-refused",
  says: "The results of one assistant's calls must come in the order of its calls, so a transcript where the second call's result comes first is refused with CONTEXT_INVALID_TRANSCRIPT; each result only has to come after its call, in any order.",
  breaks: "§2 (every result names an existing call, comes at a later index than that call; a result need not be adjacent to its call)",
  criterion: "immutable-snapshots-and-ceilings",
  witness: {
    call: "buildActiveContext({ messages: [assistant a calling c1 and c2, result r2 of c2, result r1 of c1] }) → the number of messages",
    run: (m) => sync(() => m.buildActiveContext({ messages: [call("a", [["c1", "t"], ["c2", "t"]]), result("r2", "c2", "t"), result("r1", "c1", "t")] }), messageCount),
    expected: { value: 3 },
  },
};

const summaryWithoutRecordRefused: Mistake = {
  id: "summary-without-record-refused",
  says: "An input summary that no compaction record names (by its summaryId) is refused with CONTEXT_INVALID_INPUT; a summary is a record { id, content } of its own, valid with or without compaction records.",
  breaks: "§3 (Summary = { id, content }: id non-empty, content has non-whitespace text; the channels are independent)",
  criterion: "immutable-snapshots-and-ceilings",
  witness: {
    call: "buildActiveContext({ summary: { id: 's0', content: 'old' }, messages: [1 user] }) → the summary",
    run: (m) => sync(() => m.buildActiveContext({ summary: { id: "s0", content: "old" }, messages: users(1) }), (c) => view((c as { summary: unknown }).summary)),
    expected: { value: { id: "s0", content: "old" } },
  },
};

const tagsCountedInStringTotal: Mistake = {
  id: "tags-counted-in-string-total",
  says: "The 1,000,000 code-point total of all strings also counts the role and type tags ('assistant', 'text', …), so a context whose strings total 999,894 code points is refused with CONTEXT_LIMIT_EXCEEDED; the total counts the strings the contract bounds, not the fixed role/type tags.",
  breaks: "§3 (Budgets: all strings together; it does not count the fixed role/type tags, nor record keys)",
  criterion: "immutable-snapshots-and-ceilings",
  witness: {
    call: "buildActiveContext({ messages: 16 assistants a0..a15 with one text of 62,491 'x' }) (strings 999,894, units 999,990; with the tags 1,000,102) → the number of messages",
    run: (m) =>
      sync(
        () => m.buildActiveContext({ messages: Array.from({ length: 16 }, (_, i) => ({ id: `a${i}`, role: "assistant", content: [{ type: "text", text: "x".repeat(62491) }] })) }),
        messageCount,
      ),
    expected: { value: 16 },
  },
};

const previousSummaryAsText: Mistake = {
  id: "previous-summary-as-text",
  says: "The request's previousSummary is the previous summary's content (a string); it is the context's current summary itself, { id, content } (or null).",
  breaks: "§7 step 4 (the frozen request { requirements, previousSummary, messages, boundary, maxSummaryUnits }, previousSummary being the context's current summary or null)",
  criterion: "immutable-snapshots-and-ceilings",
  witness: {
    call: "compactContext({ summary: { s0, 'old' }, 4 users }, { summaryMaxUnits: 10, … }) → request.previousSummary as the summarizer saw it",
    run: async (m) => {
      let seen: Outcome = "<not called>";
      await compact(m, withSummary("old"), options((request) => ((seen = view((request as { previousSummary: unknown }).previousSummary)), "sum"), { summaryMaxUnits: 10 }), statusOnly);
      return seen;
    },
    expected: { id: "s0", content: "old" },
  },
};

// --- grouping -------------------------------------------------------------------------------

const groupsInvalidCodeInput: Mistake = {
  id: "groups-invalid-code-input",
  says: "groupToolRounds refuses an invalid transcript with CONTEXT_INVALID_INPUT (its input is wrong); it validates the transcript with the codes of §3, and anything wrong about a transcript is CONTEXT_INVALID_TRANSCRIPT.",
  breaks: "§5 (groupToolRounds validates the transcript, codes as in §3), §3 (Codes: anything about the value of messages → CONTEXT_INVALID_TRANSCRIPT)",
  criterion: "grouping",
  witness: {
    call: "groupToolRounds([result r of a call c that does not exist])",
    run: (m) => sync(() => m.groupToolRounds([result("r", "c", "t")])),
    expected: { error: "CONTEXT_INVALID_TRANSCRIPT" },
  },
};

const groupMessagesOneExtra: Mistake = {
  id: "group-messages-one-extra",
  says: "A group's messages are the transcript's slice(startIndex, endIndex + 1), so every group but the last also holds the next group's first message; endIndex is exclusive, and a group's messages are those from startIndex to endIndex - 1.",
  breaks: "§5 (groups { kind, startIndex, endIndex /* exclusive */, messages } that tile the transcript in order)",
  criterion: "grouping",
  witness: {
    call: "groupToolRounds([user u, user v]) → the ids of each group's messages",
    run: (m) => sync(() => m.groupToolRounds([user("u"), user("v")]), (groups) => (groups as { messages: { id: string }[] }[]).map((g) => g.messages.map((x) => x.id))),
    expected: { value: [["u"], ["v"]] },
  },
};

// --- boundary selection ---------------------------------------------------------------------

const boundaryGroupCount: Mistake = {
  id: "boundary-group-count",
  says: "The boundary is the number of whole groups removed, so after a tool round of two messages the answer is 1, a cut inside the round; it is the endIndex of the last group removed, a message index (here 2).",
  breaks: "§6 step 3 (the answer is endIndex), §5 (a cut between two groups never separates a call from its result)",
  criterion: "boundary-selection",
  witness: {
    call: "selectCompactionBoundary([assistant a calling c, result r, 2 users of 14], { targetUnits: 31, summaryMaxUnits: 3, retainRecentMessages: 1 }) (3 + 28 fits after the round)",
    run: (m) => sync(() => m.selectCompactionBoundary({ messages: [call("a", [["c", "t"]]), result("r", "c", "t"), ...users(2)] }, boundary(31, 3, 1))),
    expected: { value: 2 },
  },
};

const keptFromAfterEnd: Mistake = {
  id: "kept-from-after-end",
  says: "The kept messages are counted from endIndex + 1, leaving out the first kept message, so a cut is taken too early (its context does not fit); the kept messages are those from endIndex on: fixed + units(messages after the cut) <= targetUnits.",
  breaks: "§6 step 3 (fixed + units(messages after endIndex) <= targetUnits, the messages from endIndex on)",
  criterion: "boundary-selection",
  witness: {
    call: "selectCompactionBoundary(3 users of 14, { targetUnits: 30, summaryMaxUnits: 3, retainRecentMessages: 1 }) (3 + 28 > 30 at 1; 3 + 14 fits at 2)",
    run: (m) => sync(() => m.selectCompactionBoundary({ messages: users(3) }, boundary(30, 3, 1))),
    expected: { value: 2 },
  },
};

const firstCutSkipped: Mistake = {
  id: "first-cut-skipped",
  says: "The walk starts at the second group, so the cut after the first group is never tried and a later cut is given; the walk starts with the oldest group, and the earliest whole-group cut that fits is the answer (here 1).",
  breaks: "§6 step 3 (walk the groups oldest first; the earliest whole-group cut that fits)",
  criterion: "boundary-selection",
  witness: {
    call: "selectCompactionBoundary(3 users of 14, { targetUnits: 45, summaryMaxUnits: 3, retainRecentMessages: 1 }) (3 + 28 fits at 1)",
    run: (m) => sync(() => m.selectCompactionBoundary({ messages: users(3) }, boundary(45, 3, 1))),
    expected: { value: 1 },
  },
};

const requestAllMessages: Mistake = {
  id: "request-all-messages",
  says: "The summarizer is given the whole transcript as request.messages (so that it sees the context), not the prefix that is compacted; request.messages is the exact prefix before the boundary.",
  breaks: "§7 step 4 (messages: the exact prefix before the boundary)",
  criterion: "boundary-selection",
  witness: {
    call: "compactContext(4 users, { summaryMaxUnits: 10, … }) (boundary 2) → the ids of request.messages as the summarizer saw them",
    run: async (m) => {
      let seen: Outcome = "<not called>";
      await on(m, (request) => ((seen = (request as { messages: { id: string }[] }).messages.map((x) => x.id)), "sum"), {}, statusOnly);
      return seen;
    },
    expected: ["m0", "m1"],
  },
};

// --- the fast path --------------------------------------------------------------------------

const fastPathTrustsRecordUnits: Mistake = {
  id: "fastpath-trusts-record-units",
  says: "With old records, the fast path takes the context's units from the last record's unitsAfter (a cached size), so a context of 56 units whose last record says 10 is returned unchanged with maxUnits 40; the fast path compares units(context), counted as §4 says, with maxUnits.",
  breaks: "§7 step 2 (units(context) <= maxUnits → unchanged), §4 (the units of a context; compaction records cost nothing)",
  criterion: "unchanged-fast-path",
  witness: {
    call: "compactContext({ 4 users (56 units), compactions: [a record with unitsAfter 10] }, { maxUnits: 40, summaryMaxUnits: 10, … }) → the status",
    run: (m) => compact(m, { messages: users(4), compactions: [oldRecord()] }, options(() => "sum", { summaryMaxUnits: 10 }), statusOnly),
    expected: { value: "compacted" },
  },
};

const unchangedRecordLast: Mistake = {
  id: "unchanged-record-last",
  says: "The unchanged result carries the context's last compaction record as its record; on the fast path nothing is compacted and record is null: { status: 'unchanged', context, record: null }.",
  breaks: "§7 step 2 (resolve { status: \"unchanged\", context, record: null })",
  criterion: "unchanged-fast-path",
  witness: {
    call: "compactContext({ 2 users (28 units), compactions: [a record] }, { maxUnits: 40, … }) → result.record",
    run: (m) => compact(m, { messages: users(2), compactions: [oldRecord()] }, options(() => "sum"), (value) => view((value as { record: unknown }).record)),
    expected: { value: null },
  },
};

// --- summary validation ---------------------------------------------------------------------

const arraySummaryJoined: Mistake = {
  id: "array-summary-joined",
  says: "A summarizer value that is an array of strings is joined into one text (bullet points, one a line) and stored; a value that is not a string is CONTEXT_SUMMARY_INVALID.",
  breaks: "§7 step 6 (not a string → CONTEXT_SUMMARY_INVALID)",
  criterion: "summary-validation",
  witness: {
    call: "compactContext(4 users, { summaryMaxUnits: 10, … }) with the summary ['s', 'um']",
    run: (m) => on(m, () => ["s", "um"]),
    expected: { error: "CONTEXT_SUMMARY_INVALID" },
  },
};

const summaryEqualPreviousRefused: Mistake = {
  id: "summary-equal-previous-refused",
  says: "A summary whose text equals the previous summary's content is refused with CONTEXT_SUMMARY_INSUFFICIENT (it adds nothing); step 6 refuses only a value that is not a string, too long, only whitespace or above summaryMaxUnits, and the same text is a valid summary.",
  breaks: "§7 step 6 (the summary's checks), step 8 (the new summary { id: summaryId, content: text })",
  criterion: "summary-validation",
  witness: {
    call: "compactContext({ summary: { s0, 'sum' }, 4 users }, { summaryMaxUnits: 10, … }) with the summary 'sum'",
    run: (m) => compact(m, withSummary("sum"), options(() => "sum", { summaryMaxUnits: 10 }), summaryOnly),
    expected: { value: { status: "compacted", summary: { id: "s", content: "sum" } } },
  },
};

// --- async observation ----------------------------------------------------------------------

class LaterSummary {
  then(resolve: (value: unknown) => void) {
    resolve("sum");
  }
}

const inheritedThenIgnored: Mistake = {
  id: "inherited-then-ignored",
  says: "then is looked for as an own property only, so an instance of a class with a then method is taken as a plain value (CONTEXT_SUMMARY_INVALID); then is read as any property is (an inherited then counts), and a callable then is called.",
  breaks: "§7 step 5 (any other object or function: read then once; a callable then is called as a method of the object)",
  criterion: "async-observation",
  witness: {
    call: "compactContext(4 users, { summaryMaxUnits: 10, … }) with a summarizer returning an instance of a class whose then method calls resolve('sum')",
    run: (m) => on(m, () => new LaterSummary()),
    expected: { value: { status: "compacted", summary: { id: "s", content: "sum" } } },
  },
};

const thenReturnedRejectionFails: Mistake = {
  id: "then-returned-rejection-fails",
  says: "A native promise that a custom then returns is awaited as well, so its rejection fails the summary with CONTEXT_SUMMARIZER_FAILED even though then delivered the text; such a promise only gets handlers (its rejection is handled), and the outcome is what the resolvers delivered.",
  breaks: "§7 step 5 (what a custom then returns: a native promise gets handlers, so its late rejection is handled; the outcome is taken from the resolvers)",
  criterion: "async-observation",
  witness: {
    call: "compactContext(4 users, { summaryMaxUnits: 10, … }) with a thenable whose then calls resolve('sum') and returns a rejected native promise",
    run: (m) =>
      on(m, () => ({
        then(resolve: (value: unknown) => void) {
          resolve("sum");
          return Promise.reject(new Error("late"));
        },
      })),
    expected: { value: { status: "compacted", summary: { id: "s", content: "sum" } } },
  },
};

const undefinedDeliveryPending: Mistake = {
  id: "undefined-delivery-pending",
  says: "A thenable's resolve(undefined) is taken as 'nothing delivered yet' and the wait goes on, so the call hangs; undefined is a delivered value like any other, a primitive that is not a string: CONTEXT_SUMMARY_INVALID.",
  breaks: "§7 step 5 (a fulfilment is adopted one level deeper; a primitive is the result) and step 6 (not a string → CONTEXT_SUMMARY_INVALID)",
  criterion: "async-observation",
  witness: {
    call: "compactContext(4 users, { summaryMaxUnits: 10, … }) with a thenable whose then calls resolve(undefined)",
    run: (m) =>
      on(m, () => ({
        then(resolve: (value: unknown) => void) {
          resolve(undefined);
        },
      })),
    expected: { error: "CONTEXT_SUMMARY_INVALID" },
  },
};

const rejectionSummaryInvalid: Mistake = {
  id: "rejection-summary-invalid",
  says: "A rejected summary (a native promise that rejects, a thenable that calls reject) is reported as CONTEXT_SUMMARY_INVALID (no valid summary came back); a rejection is the summarizer's failure: CONTEXT_SUMMARIZER_FAILED.",
  breaks: "§7 step 5 (native promise: a rejection → CONTEXT_SUMMARIZER_FAILED; a thenable's rejection → CONTEXT_SUMMARIZER_FAILED)",
  criterion: "async-observation",
  witness: {
    call: "compactContext(4 users, { summaryMaxUnits: 10, … }) with a summarizer returning a native promise rejected with an Error",
    run: (m) => on(m, () => Promise.reject(new Error("down"))),
    expected: { error: "CONTEXT_SUMMARIZER_FAILED" },
  },
};

// --- cancellation ---------------------------------------------------------------------------

const falsySignalAsNone: Mistake = {
  id: "falsy-signal-as-none",
  says: "A falsy signal (false, 0, '') is taken as no signal (the check is if (!signal)); only absent, undefined and null mean no signal, and anything else that is not a genuine AbortSignal is CONTEXT_INVALID_INPUT.",
  breaks: "§7 (signal: optional genuine AbortSignal; absent, undefined and null all mean no signal; otherwise CONTEXT_INVALID_INPUT)",
  criterion: "cancellation",
  witness: {
    call: "compactContext(4 users, { summaryMaxUnits: 10, signal: false, … })",
    run: (m) => on(m, () => "sum", { signal: false }, statusOnly),
    expected: { error: "CONTEXT_INVALID_INPUT" },
  },
};

const abortedThrownSynchronously: Mistake = {
  id: "aborted-thrown-synchronously",
  says: "compactContext throws CONTEXT_CANCELLED synchronously when the signal is already aborted, before it returns a promise; compactContext is async: every failure, an already aborted signal included, is a rejection of its promise.",
  breaks: "§1 (compactContext: async, resolves ContextCompactionResult; every failure … a rejection of compactContext), §7 step 3 (already aborted → CONTEXT_CANCELLED)",
  criterion: "cancellation",
  witness: {
    call: "compactContext(4 users, { summaryMaxUnits: 10, signal: an aborted signal, … }) → a rejection, or a synchronous throw",
    run: (m) => on(m, () => "sum", { signal: abortedSignal() }, statusOnly),
    expected: { error: "CONTEXT_CANCELLED" },
  },
};

// --- the record -----------------------------------------------------------------------------

const compactedIdsReversed: Mistake = {
  id: "compacted-ids-reversed",
  says: "compactedMessageIds are listed newest first (the prefix walked back from the boundary); they are the ids of the prefix in order, oldest first.",
  breaks: "§7 step 8 (compactedMessageIds: the ids of the prefix, in order)",
  criterion: "atomicity-and-one-record",
  witness: {
    call: "compactContext(4 users, { summaryMaxUnits: 10, … }) (boundary 2) → the record's compactedMessageIds",
    run: (m) => on(m, () => "sum", {}, recordField("compactedMessageIds")),
    expected: { value: ["m0", "m1"] },
  },
};

const unitsAfterWithoutRequirements: Mistake = {
  id: "units-after-without-requirements",
  says: "The record's unitsAfter leaves out the requirements (a fixed overhead); it is the units of the new context: requirements, the new summary and the kept messages.",
  breaks: "§7 step 8 (unitsAfter: units of the new one), §4 (the units of a context are Σ requirements + the summary + Σ messages)",
  criterion: "atomicity-and-one-record",
  witness: {
    call: "compactContext({ requirements: [{ r, AB }], 4 users }, { summaryMaxUnits: 10, … }) (boundary 3) → the record's unitsAfter (6 + 9 + 14 = 29)",
    run: (m) => compact(m, { requirements: [{ id: "r", content: "AB" }], messages: users(4) }, options(() => "sum", { summaryMaxUnits: 10 }), recordField("unitsAfter")),
    expected: { value: 29 },
  },
};

const compactedIdsIncludeSummaryId: Mistake = {
  id: "compacted-ids-include-summary-id",
  says: "The previous summary's id is listed first in compactedMessageIds (it is compacted too); they are the ids of the prefix's messages only, as many as boundary.",
  breaks: "§7 step 8 (compactedMessageIds: the ids of the prefix, in order), §3 (compactedMessageIds.length === boundary)",
  criterion: "atomicity-and-one-record",
  witness: {
    call: "compactContext({ summary: { s0, 'old' }, 4 users }, { summaryMaxUnits: 10, … }) (boundary 2) → the record's compactedMessageIds",
    run: (m) => compact(m, withSummary("old"), options(() => "sum", { summaryMaxUnits: 10 }), recordField("compactedMessageIds")),
    expected: { value: ["m0", "m1"] },
  },
};

/** Every s20 implementation is a rewrite or wrapper over the reference and the kit, and composable. */
const s20 = (id: string, form: Form, mistakes: readonly Mistake[]): Implementation => ({ id, form, mistakes, importsOutside: true, composable: true });

export const S20: readonly Implementation[] = [
  // two or three mistakes in one criterion
  s20("s20-units-blockbase-nestedkey-fraction", "rewrite", [assistantBasePerBlock, nestedKeySeparatorMissing, numberFractionNotCounted]),
  s20("s20-reading-null-order-summary", "rewrite", [nullArgumentRefused, resultsOutOfCallOrderRefused, summaryWithoutRecordRefused]),
  s20("s20-async-inherited-returned-undefined", "rewrite", [inheritedThenIgnored, thenReturnedRejectionFails, undefinedDeliveryPending]),
  s20("s20-cancel-falsy-sync-throw", "rewrite", [falsySignalAsNone, abortedThrownSynchronously]),
  s20("s20-boundary-groups-kept", "rewrite", [boundaryGroupCount, keptFromAfterEnd]),
  s20("s20-records-reversed-noreq", "rewrite", [compactedIdsReversed, unitsAfterWithoutRequirements]),
  s20("s20-fastpath-record-cached", "rewrite", [fastPathTrustsRecordUnits, unchangedRecordLast]),
  // two criteria
  s20("s20-groups-code-array-summary", "rewrite", [groupsInvalidCodeInput, arraySummaryJoined]),
  s20("s20-tags-request-all", "rewrite", [tagsCountedInStringTotal, requestAllMessages]),
  s20("s20-prevsummary-text-ids", "rewrite", [previousSummaryAsText, compactedIdsIncludeSummaryId]),
  // a whole-flow rewrite: four mistakes in four criteria
  s20("s20-mixed-four-flow", "rewrite", [requirementContentNotCounted, groupMessagesOneExtra, firstCutSkipped, rejectionSummaryInvalid]),
  // one mistake
  s20("s20-summary-equal-previous", "wrapper", [summaryEqualPreviousRefused]),
];
