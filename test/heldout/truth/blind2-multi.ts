// The second blind set's several-mistake implementations (test/heldout/b2m-*): 10 folders, 27
// mistakes. Five with two or three mistakes in one criterion (units, reading, grouping, async
// observation, the new context's freezing); three with two mistakes in two criteria (the fast
// path and cancellation; the boundary and summary validation; the options of §7 and summary
// validation); two whole-flow rewrites (the student's units, boundary and compaction flow) with
// four mistakes in four criteria. Written from the contract, src/core and the held-out set's own
// files alone (README: "Session 19: the `b2m-` implementations"); every mistake is independent of
// the others of its implementation (witnesses.test.ts).
import { call, compact, options, result, text, user, users, usersInput, type Summarizer } from "../_witness/fixtures";
import { countingUnhandled, sync, view, type Outcome } from "../_witness/observe";
import type { Impl } from "../_kit/impl";
import type { Form, Implementation, Mistake } from "./types";

const boundary = (target: number, summaryMax: number, retain: number) => ({ targetUnits: target, summaryMaxUnits: summaryMax, retainRecentMessages: retain });
const statusOnly = (value: unknown) => (value as { status: string }).status as Outcome;
const summaryOnly = (value: unknown) => {
  const r = value as { status: string; context: { summary: unknown } };
  return { status: r.status, summary: r.context.summary as never } as Outcome;
};
const messageCount = (c: unknown) => (c as { messages: unknown[] }).messages.length;
const groupsView = (groups: unknown) => (groups as { kind: string; startIndex: number; endIndex: number }[]).map((g) => [g.kind, g.startIndex, g.endIndex]);
const errorResult = (id: string, toolCallId: string, toolName: string) => ({ ...result(id, toolCallId, toolName), isError: true });

/** compactContext(4 users of 14) with summaryMaxUnits 10 (boundary 2), looking at `show`. */
const on = (m: Impl, summarizer: Summarizer, extra: Record<string, unknown> = {}, show: (value: unknown) => Outcome = summaryOnly) =>
  compact(m, usersInput(4), options(summarizer, { summaryMaxUnits: 10, ...extra }), show);

const compacted = (content: string): Outcome => ({ value: { status: "compacted", summary: { id: "s", content } } });

// --- units ----------------------------------------------------------------------------------

const toolResultContentNotCounted: Mistake = {
  id: "toolresult-content-not-counted",
  says: "A tool-result message is counted 7 + u(id) + u(toolCallId) + u(toolName), leaving out its content; it costs 7 + u(id) + u(toolCallId) + u(toolName) + u(content), so a result with content 'ok' costs 12.",
  breaks: "§4 (tool-result message: 7 + u(id) + u(toolCallId) + u(toolName) + u(content))",
  criterion: "units",
  witness: {
    call: "estimateContextUnits([assistant a calling c (t, {}), result r of c with content 'ok']) (15 + 12 = 27)",
    run: (m) => sync(() => m.estimateContextUnits({ messages: [call("a", [["c", "t"]]), result("r", "c", "t", "ok")] })),
    expected: { value: 27 },
  },
};

const emptyTextBlockFree: Mistake = {
  id: "empty-text-block-free",
  says: "A text block whose text is empty is skipped and costs nothing; every text block costs 2 + u(text), so an empty one costs 2.",
  breaks: "§4 (text block: 2 + u(text)), §2 (text may be an empty string)",
  criterion: "units",
  witness: {
    call: "estimateContextUnits([assistant a with one text block '']) (4 + 1 + 2 = 7)",
    run: (m) => sync(() => m.estimateContextUnits({ messages: [text("a", "")] })),
    expected: { value: 7 },
  },
};

const emptyContainersAsNull: Mistake = {
  id: "empty-containers-as-null",
  says: "An empty array or object inside tool-call arguments is counted 1, like null ('nothing there'); J([]) = 2 and J({}) = 2, the base of a container with no items.",
  breaks: "§4 (J(array) = 2 + Σ (1 + J(item)); J(object) = 2 + Σ over keys (1 + u(key) + J(value)))",
  criterion: "units",
  witness: {
    call: "estimateContextUnits([assistant a calling c (t, { k: [] }), result r of c with content '']) (19 + 10 = 29)",
    run: (m) => sync(() => m.estimateContextUnits({ messages: [call("a", [["c", "t", { k: [] }]]), result("r", "c", "t", "")] })),
    expected: { value: 29 },
  },
};

const jsonBooleanNoBase: Mistake = {
  id: "json-boolean-no-base",
  says: "A boolean in tool-call arguments is counted by its text alone, String(b).length (true 4, false 5); J(true) is 5 and J(false) is 6.",
  breaks: "§4 (J(boolean): 5 for true, 6 for false)",
  criterion: "units",
  witness: {
    call: "estimateContextUnits([assistant a calling c (t, { k: true }), result r of c with content 'ok']) (22 + 12 = 34)",
    run: (m) => sync(() => m.estimateContextUnits({ messages: [call("a", [["c", "t", { k: true }]]), result("r", "c", "t", "ok")] })),
    expected: { value: 34 },
  },
};

const userIdNotCounted: Mistake = {
  id: "user-id-not-counted",
  says: "A user message is counted 4 + u(content), leaving out its id; it costs 4 + u(id) + u(content) (the course's focused case: user { u, a } costs 6).",
  breaks: "§4 (user message: 4 + u(id) + u(content))",
  criterion: "units",
  witness: {
    call: "estimateContextUnits([user u with content 'a']) (4 + 1 + 1 = 6)",
    run: (m) => sync(() => m.estimateContextUnits({ messages: [user("u", "a")] })),
    expected: { value: 6 },
  },
};

// --- reading (immutable snapshots and ceilings) ---------------------------------------------

const emptyArgumentsRefused: Mistake = {
  id: "empty-arguments-refused",
  says: "A tool call whose arguments object has no keys ({}) is refused with CONTEXT_INVALID_TRANSCRIPT as a call without arguments; arguments is a plain object of JSON values, and the empty object is one.",
  breaks: "§2 (ToolCall.arguments: { readonly [k: string]: Json }), §3 (Tool-call arguments: a plain object with string keys only)",
  criterion: "immutable-snapshots-and-ceilings",
  witness: {
    call: "buildActiveContext({ messages: [assistant a calling c (t, {}), result r of c] }) → the number of messages",
    run: (m) => sync(() => m.buildActiveContext({ messages: [call("a", [["c", "t", {}]]), result("r", "c", "t")] }), messageCount),
    expected: { value: 2 },
  },
};

const isErrorMissingAsFalse: Mistake = {
  id: "iserror-missing-as-false",
  says: "A tool result without isError is read as isError: false (the default of the toolResultMessage helper taken for the transcript); in a transcript every tool-result message carries isError, a boolean, and one without it is CONTEXT_INVALID_TRANSCRIPT.",
  breaks: "§2 (ToolResultMessage = { id, role, toolCallId, toolName, content, isError: boolean }; isError is optional only in the helper's call), §3 (Codes: shape → CONTEXT_INVALID_TRANSCRIPT)",
  criterion: "immutable-snapshots-and-ceilings",
  witness: {
    call: "buildActiveContext({ messages: [assistant a calling c (t, { p: 'a' }), result r of c without isError] })",
    run: (m) =>
      sync(
        () => m.buildActiveContext({ messages: [call("a", [["c", "t", { p: "a" }]]), { id: "r", role: "toolResult", toolCallId: "c", toolName: "t", content: "ok" }] }),
        messageCount,
      ),
    expected: { error: "CONTEXT_INVALID_TRANSCRIPT" },
  },
};

const requirementsCeilingInclusive: Mistake = {
  id: "requirements-ceiling-inclusive",
  says: "Exactly 128 requirements are refused with CONTEXT_LIMIT_EXCEEDED (the check is >= 128); at most 128 requirements are allowed, only a 129th fails.",
  breaks: "§3 (Budgets: requirements at most 128), §1 (MAX_CONTEXT_REQUIREMENTS = 128)",
  criterion: "immutable-snapshots-and-ceilings",
  witness: {
    call: "buildActiveContext({ requirements: 128 requirements r0..r127 with content 'x' }) → the number of requirements",
    run: (m) =>
      sync(
        () => m.buildActiveContext({ requirements: Array.from({ length: 128 }, (_, i) => ({ id: `r${i}`, content: "x" })) }),
        (c) => (c as { requirements: unknown[] }).requirements.length,
      ),
    expected: { value: 128 },
  },
};

// --- grouping -------------------------------------------------------------------------------

const errorResultEndsRound: Mistake = {
  id: "error-result-ends-round",
  says: "A tool result with isError: true ends its assistant's tool round there, so the results of the other calls after it fall out as message groups; an assistant's interval runs through the last result of any of its calls, failed or not.",
  breaks: "§5 (each assistant message with at least one tool call has an interval running from that message through the last result of any of its calls)",
  criterion: "grouping",
  witness: {
    call: "groupToolRounds([assistant a calling c1 and c2, result r1 of c1 with isError true, result r2 of c2]) → [kind, startIndex, endIndex] of each group",
    run: (m) => sync(() => m.groupToolRounds([call("a", [["c1", "t"], ["c2", "t"]]), errorResult("r1", "c1", "t"), result("r2", "c2", "t")]), groupsView),
    expected: { value: [["toolRound", 0, 3]] },
  },
};

const emptyTranscriptOneGroup: Mistake = {
  id: "empty-transcript-one-group",
  says: "An empty transcript gives one empty message group { kind: 'message', startIndex: 0, endIndex: 0, messages: [] }; the groups tile the transcript, so an empty transcript has no groups: [].",
  breaks: "§5 (a frozen list of groups that tile the transcript in order; every other message is its own message group)",
  criterion: "grouping",
  witness: {
    call: "groupToolRounds([]) → [kind, startIndex, endIndex] of each group",
    run: (m) => sync(() => m.groupToolRounds([]), groupsView),
    expected: { value: [] },
  },
};

// --- boundary selection ---------------------------------------------------------------------

const retainZeroAsOne: Mistake = {
  id: "retain-zero-as-one",
  says: "retainRecentMessages: 0 is taken as 1 ('keep at least the last message'), so a cut that compacts the whole transcript is never found; with 0, latest = messages.length and the cut after the last group may be the answer.",
  breaks: "§6 (retainRecentMessages >= 0; latest = messages.length - retainRecentMessages)",
  criterion: "boundary-selection",
  witness: {
    call: "selectCompactionBoundary(2 users of 14, { targetUnits: 3, summaryMaxUnits: 3, retainRecentMessages: 0 }) (3 + 0 fits at 2)",
    run: (m) => sync(() => m.selectCompactionBoundary({ messages: users(2) }, boundary(3, 3, 0))),
    expected: { value: 2 },
  },
};

const latestOnePast: Mistake = {
  id: "latest-one-past",
  says: "latest is messages.length - retainRecentMessages + 1, so a cut that keeps one message fewer than retainRecentMessages is taken; latest = messages.length - retainRecentMessages, and a group ending after it means null.",
  breaks: "§6 step 1 and 3 (latest = messages.length - retainRecentMessages; endIndex > latest → null; at least retainRecentMessages messages are left)",
  criterion: "boundary-selection",
  witness: {
    call: "selectCompactionBoundary(2 users of 14, { targetUnits: 3, summaryMaxUnits: 3, retainRecentMessages: 1 }) (only the cut at 2 fits, past latest 1)",
    run: (m) => sync(() => m.selectCompactionBoundary({ messages: users(2) }, boundary(3, 3, 1))),
    expected: { value: null },
  },
};

const boundaryLastCompactedIndex: Mistake = {
  id: "boundary-last-compacted-index",
  says: "selectCompactionBoundary answers the index of the last compacted message (endIndex - 1), so a cut after the first message is answered 0; the answer is the endIndex of the last group removed, the number of messages compacted, always >= 1.",
  breaks: "§6 step 3 (the answer is endIndex; always >= 1)",
  criterion: "boundary-selection",
  witness: {
    call: "selectCompactionBoundary(3 users of 14, { targetUnits: 45, summaryMaxUnits: 3, retainRecentMessages: 1 }) (3 + 28 fits at 1)",
    run: (m) => sync(() => m.selectCompactionBoundary({ messages: users(3) }, boundary(45, 3, 1))),
    expected: { value: 1 },
  },
};

// --- the fast path --------------------------------------------------------------------------

const fastPathCountsSummaryReserve: Mistake = {
  id: "fastpath-counts-summary-reserve",
  says: "The fast path adds summaryMaxUnits to the context's units (room for a summary), so a context of 28 units with maxUnits 40 and summaryMaxUnits 20 is compacted; the context is returned unchanged when units(context) <= maxUnits.",
  breaks: "§7 step 2 (if units(context) <= maxUnits, resolve { status: 'unchanged', context, record: null }; the summarizer is not called)",
  criterion: "unchanged-fast-path",
  witness: {
    call: "compactContext(2 users (28 units), { maxUnits: 40, summaryMaxUnits: 20, … }) → the status",
    run: (m) => compact(m, usersInput(2), options(() => "sum"), statusOnly),
    expected: { value: "unchanged" },
  },
};

const maxUnitsDefaultsToTarget: Mistake = {
  id: "maxunits-defaults-to-target",
  says: "A missing maxUnits is taken to be targetUnits (a default); maxUnits is a required field of compactContext's options, and a missing field is CONTEXT_INVALID_INPUT.",
  breaks: "§7 (the options are those of §6, same rules for missing fields, plus maxUnits), §6 (a field missing → CONTEXT_INVALID_INPUT)",
  criterion: "unchanged-fast-path",
  witness: {
    call: "compactContext(4 users, { targetUnits: 40, summaryMaxUnits: 10, … } without maxUnits) → the status",
    run: (m) => {
      const opts = options(() => "sum", { summaryMaxUnits: 10 });
      delete opts.maxUnits;
      return compact(m, usersInput(4), opts, statusOnly);
    },
    expected: { error: "CONTEXT_INVALID_INPUT" },
  },
};

// --- summary validation ---------------------------------------------------------------------

const nbspSummaryNotBlank: Mistake = {
  id: "nbsp-summary-not-blank",
  says: "The blank test knows only spaces, tabs and line breaks (/^[ \\t\\r\\n]*$/), so a summary of no-break spaces is stored; a text is only whitespace when s.trim().length === 0, no-break spaces included → CONTEXT_SUMMARY_INSUFFICIENT.",
  breaks: "§2 (non-empty: s.trim().length > 0), §7 step 6 (only whitespace → CONTEXT_SUMMARY_INSUFFICIENT)",
  criterion: "summary-validation",
  witness: {
    call: "compactContext(4 users, { summaryMaxUnits: 10, … }) with the summary '\\u00a0\\u00a0' (two no-break spaces)",
    run: (m) => on(m, () => "\u00a0\u00a0"),
    expected: { error: "CONTEXT_SUMMARY_INSUFFICIENT" },
  },
};

const summarySizeUtf16: Mistake = {
  id: "summary-size-utf16",
  says: "The summary is compared with summaryMaxUnits as 5 + u(summaryId) + text.length, counting UTF-16 code units, so a summary of two emoji is refused with summaryMaxUnits 8; u(text) counts code points (an emoji is 1): 5 + 1 + 2 = 8 fits.",
  breaks: "§7 step 6 (5 + u(summaryId) + u(text) > summaryMaxUnits → CONTEXT_SUMMARY_INSUFFICIENT), §4 (u(s): code points)",
  criterion: "summary-validation",
  witness: {
    call: "compactContext(4 users, { summaryMaxUnits: 8, … }) with the summary '😀😀' (boundary 2)",
    run: (m) => compact(m, usersInput(4), options(() => "😀😀", { summaryMaxUnits: 8 }), summaryOnly),
    expected: compacted("😀😀"),
  },
};

const longSummaryInsufficient: Mistake = {
  id: "long-summary-insufficient",
  says: "A summary longer than 65,536 code points is refused with CONTEXT_SUMMARY_INSUFFICIENT (too big); the code for a summary longer than 65,536 code points is CONTEXT_LIMIT_EXCEEDED.",
  breaks: "§7 step 6 (longer than 65536 code points → CONTEXT_LIMIT_EXCEEDED)",
  criterion: "summary-validation",
  witness: {
    call: "compactContext(4 users, { summaryMaxUnits: 10, … }) with a summary of 65,537 'x'",
    run: (m) => on(m, () => "x".repeat(65537), {}, statusOnly),
    expected: { error: "CONTEXT_LIMIT_EXCEEDED" },
  },
};

const summaryIdReuseRefused: Mistake = {
  id: "summaryid-reuse-refused",
  says: "options.summaryId equal to the current summary's id is refused with CONTEXT_INVALID_INPUT (ids must be new); summaryId only has to be a non-empty string of at most 65,536 code points, and the new summary replaces the current one.",
  breaks: "§7 (summaryId: non-empty string of at most 65536 code points), step 8 (the new summary { id: summaryId, content: text } replaces the current one)",
  criterion: "summary-validation",
  witness: {
    call: "compactContext({ summary: { s, 'old' }, 4 users }, { summaryId: 's', summaryMaxUnits: 10, … }) → the status",
    run: (m) => compact(m, { summary: { id: "s", content: "old" }, messages: users(4) }, options(() => "sum", { summaryMaxUnits: 10 }), statusOnly),
    expected: { value: "compacted" },
  },
};

// --- async observation ----------------------------------------------------------------------

const thenReadThrowAsPlain: Mistake = {
  id: "then-read-throw-as-plain",
  says: "A then getter that throws is taken as 'no then' (the read is in a try whose catch leaves then undefined), so the object is the value and fails as CONTEXT_SUMMARY_INVALID; a throwing read of then is CONTEXT_SUMMARIZER_FAILED.",
  breaks: "§7 step 5 (any other object or function: read then once; a throwing read → CONTEXT_SUMMARIZER_FAILED)",
  criterion: "async-observation",
  witness: {
    call: "compactContext(4 users, { summaryMaxUnits: 10, … }) with a summarizer returning an object whose then getter throws",
    run: (m) =>
      on(m, () => ({
        get then(): unknown {
          throw new Error("no then");
        },
      })),
    expected: { error: "CONTEXT_SUMMARIZER_FAILED" },
  },
};

const lateDeliveryUnhandled: Mistake = {
  id: "late-delivery-unhandled",
  says: "A value delivered through a thenable's resolve after the first delivery is dropped as it is, so a rejected promise delivered late is never handled and an unhandledRejection reaches the process; the resolvers act once, and a promise they receive later still gets handlers.",
  breaks: "§7 step 5 (No unhandled rejections: every rejection the module observes is handled, also after the operation has settled; resolvers that act once)",
  criterion: "async-observation",
  witness: {
    call: "compactContext(4 users, { summaryMaxUnits: 10, … }) with a thenable whose then calls resolve('sum') and, a microtask later, resolve(a rejected native promise) → the outcome and the unhandled rejections",
    run: async (m) => {
      const { result: outcome, unhandled } = await countingUnhandled(() =>
        on(m, () => ({
          then(resolve: (value: unknown) => void) {
            resolve("sum");
            queueMicrotask(() => resolve(Promise.reject(new Error("late"))));
          },
        })),
      );
      return { outcome, unhandled };
    },
    expected: { outcome: compacted("sum"), unhandled: 0 },
  },
};

const lastResolveWins: Mistake = {
  id: "last-resolve-wins",
  says: "Each resolve call inside then overwrites the delivered value, so a then that calls resolve('sum') and then resolve('other') stores 'other'; the resolvers act once: the first call wins.",
  breaks: "§7 step 5 (call then once with resolvers that act once; a fulfilment is adopted one level deeper)",
  criterion: "async-observation",
  witness: {
    call: "compactContext(4 users, { summaryMaxUnits: 10, … }) with a thenable whose then calls resolve('sum') then resolve('other')",
    run: (m) =>
      on(m, () => ({
        then(resolve: (value: unknown) => void) {
          resolve("sum");
          resolve("other");
        },
      })),
    expected: compacted("sum"),
  },
};

// --- cancellation ---------------------------------------------------------------------------

const timeoutAbortAsFailure: Mistake = {
  id: "timeout-abort-as-failure",
  says: "An abort whose reason is a TimeoutError (as AbortSignal.timeout gives) while the summary is pending is reported as CONTEXT_SUMMARIZER_FAILED (the summarizer timed out); an abort while waiting is CONTEXT_CANCELLED whatever its reason.",
  breaks: "§7 step 5 (an abort while waiting, or observed when the value settles → CONTEXT_CANCELLED)",
  criterion: "cancellation",
  witness: {
    call: "compactContext(4 users, { summaryMaxUnits: 10, signal, … }) with a summarizer returning a promise that never settles, the signal aborted a microtask later with a DOMException named TimeoutError",
    run: (m) => {
      const controller = new AbortController();
      return on(
        m,
        () => {
          queueMicrotask(() => controller.abort(new DOMException("too slow", "TimeoutError")));
          return new Promise(() => undefined);
        },
        { signal: controller.signal },
        statusOnly,
      );
    },
    expected: { error: "CONTEXT_CANCELLED" },
  },
};

// --- the record and the new context ---------------------------------------------------------

const newSummaryUnfrozen: Mistake = {
  id: "new-summary-unfrozen",
  says: "The new context's summary { id: summaryId, content: text } is not frozen; the new context is built as buildActiveContext builds one, every object and array in it frozen.",
  breaks: "§7 step 8 (build and validate the new context; resolve { status, context, record }, all frozen), §3 (every object and array is frozen)",
  criterion: "atomicity-and-one-record",
  witness: {
    call: "compactContext(4 users, { summaryMaxUnits: 10, … }) → whether result.context.summary is frozen",
    run: (m) => on(m, () => "sum", {}, (value) => Object.isFrozen((value as { context: { summary: object } }).context.summary)),
    expected: { value: true },
  },
};

const compactionsArrayUnfrozen: Mistake = {
  id: "compactions-array-unfrozen",
  says: "The new context's compactions array ([...old, record]) is not frozen, so a caller can push onto it; the new context is built as buildActiveContext builds one, every array frozen.",
  breaks: "§7 step 8 (compactions: [...old, record]; the result all frozen), §3 (every object and array is frozen)",
  criterion: "atomicity-and-one-record",
  witness: {
    call: "compactContext(4 users, { summaryMaxUnits: 10, … }) → whether result.context.compactions is frozen",
    run: (m) => on(m, () => "sum", {}, (value) => Object.isFrozen((value as { context: { compactions: object } }).context.compactions)),
    expected: { value: true },
  },
};

const recordHasSummaryText: Mistake = {
  id: "record-has-summary-text",
  says: "The record also carries the summary's text (summaryText); a compaction record is { id, summaryId, boundary, compactedMessageIds, unitsBefore, unitsAfter } and nothing else, as buildActiveContext would keep it (extra properties dropped).",
  breaks: "§7 step 8 (the record { id, summaryId, boundary, compactedMessageIds, unitsBefore, unitsAfter }), §3 (CompactionRecord; extra properties are dropped)",
  criterion: "atomicity-and-one-record",
  witness: {
    call: "compactContext(4 users, { summaryMaxUnits: 10, … }) → the keys of result.record",
    run: (m) => on(m, () => "sum", {}, (value) => view(Object.keys((value as { record: object }).record))),
    expected: { value: ["id", "summaryId", "boundary", "compactedMessageIds", "unitsBefore", "unitsAfter"] },
  },
};

const failedCompactionReservesRecordId: Mistake = {
  id: "failed-compaction-reserves-recordid",
  says: "A recordId is reserved when the summarizer is called and stays reserved when the compaction fails, so retrying the same context with the same recordId is refused with CONTEXT_INVALID_INPUT; on failure nothing is changed and no record exists, so the id is free.",
  breaks: "§7 (On failure: the input context is unchanged and no record exists anywhere; steps: a failing step rejects and nothing is changed), step 3 (recordId already used by a record → CONTEXT_INVALID_INPUT)",
  criterion: "atomicity-and-one-record",
  witness: {
    call: "compactContext(input of 4 users, { summaryMaxUnits: 10, … }) with the summary '   ' (fails), then again on the same input with the summary 'sum' → the second status",
    run: async (m) => {
      const input = usersInput(4);
      await compact(m, input, options(() => "   ", { summaryMaxUnits: 10 }), statusOnly);
      return compact(m, input, options(() => "sum", { summaryMaxUnits: 10 }), statusOnly);
    },
    expected: { value: "compacted" },
  },
};

/** Every b2m implementation is a rewrite over the reference and the kit, and composable. */
const b2m = (id: string, form: Form, mistakes: readonly Mistake[]): Implementation => ({ id, form, mistakes, importsOutside: true, composable: true });

export const B2_MULTI: readonly Implementation[] = [
  // two or three mistakes in one criterion
  b2m("b2m-units-result-emptytext-emptycontainers", "rewrite", [toolResultContentNotCounted, emptyTextBlockFree, emptyContainersAsNull]),
  b2m("b2m-reading-emptyargs-iserror-requirements", "rewrite", [emptyArgumentsRefused, isErrorMissingAsFalse, requirementsCeilingInclusive]),
  b2m("b2m-groups-error-empty", "rewrite", [errorResultEndsRound, emptyTranscriptOneGroup]),
  b2m("b2m-async-thenread-late-last", "rewrite", [thenReadThrowAsPlain, lateDeliveryUnhandled, lastResolveWins]),
  b2m("b2m-records-summary-compactions-unfrozen", "rewrite", [newSummaryUnfrozen, compactionsArrayUnfrozen]),
  // two criteria
  b2m("b2m-fastpath-reserve-timeout", "rewrite", [fastPathCountsSummaryReserve, timeoutAbortAsFailure]),
  b2m("b2m-summary-nbsp-retain-one", "rewrite", [retainZeroAsOne, nbspSummaryNotBlank]),
  b2m("b2m-maxunits-default-summary-utf16", "rewrite", [maxUnitsDefaultsToTarget, summarySizeUtf16]),
  // whole-flow rewrites: four mistakes in four criteria
  b2m("b2m-flow-boolean-index-long-recordid", "rewrite", [jsonBooleanNoBase, boundaryLastCompactedIndex, longSummaryInsufficient, failedCompactionReservesRecordId]),
  b2m("b2m-flow-userid-latest-summaryid-text", "rewrite", [userIdNotCounted, latestOnePast, summaryIdReuseRefused, recordHasSummaryText]),
];
