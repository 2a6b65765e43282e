// The session-19 implementations (test/heldout/s19-*): 12 folders, 28 mistakes, all of them new
// to the set. Six with two or three mistakes in one criterion (units, grouping, options of §6,
// summary validation, async observation, the record); three with two mistakes in two criteria
// where one is checked before the other in §7's order (reading before the boundary, the fast path
// before the awaiting, reading before the record); one whole-flow rewrite with four mistakes in
// four criteria; and two with one mistake each (the options checked after the fast path; step 6's
// length check one past the limit). Written from the contract, src/core and the held-out set's
// own files alone (README: "Session 18: the `s19-` implementations"); every mistake is
// independent of the others of its implementation (witnesses.test.ts).
import { abortedSignal, call, compact, options, result, user, users, usersInput, type Summarizer } from "../_witness/fixtures";
import { sync, type Outcome } from "../_witness/observe";
import type { Impl } from "../_kit/impl";
import type { Form, Implementation, Mistake } from "./types";

const boundary = (target: number, summaryMax: number, retain: number) => ({ targetUnits: target, summaryMaxUnits: summaryMax, retainRecentMessages: retain });
const groupsView = (groups: unknown) => (groups as { kind: string; startIndex: number; endIndex: number }[]).map((g) => [g.kind, g.startIndex, g.endIndex]);
const statusOnly = (value: unknown) => (value as { status: string }).status as Outcome;
const summaryOnly = (value: unknown) => {
  const r = value as { status: string; context: { summary: unknown } };
  return { status: r.status, summary: r.context.summary as never } as Outcome;
};
const recordField = (name: string) => (value: unknown) => (value as { record: Record<string, unknown> }).record[name] as Outcome;

/** compactContext(4 users of 14) with summaryMaxUnits 10 (boundary 2), looking at `show`. */
const on = (m: Impl, summarizer: Summarizer, extra: Record<string, unknown> = {}, show: (value: unknown) => Outcome = summaryOnly) =>
  compact(m, usersInput(4), options(summarizer, { summaryMaxUnits: 10, ...extra }), show);

/** A valid old record (boundary 1), whose id is `id`. */
const oldRecord = (id = "old") => ({ id, summaryId: "s0", boundary: 1, compactedMessageIds: ["x"], unitsBefore: 20, unitsAfter: 10 });

// --- units ----------------------------------------------------------------------------------

const uUtf8Bytes: Mistake = {
  id: "u-utf8-bytes",
  says: "u(s) is counted in UTF-8 bytes, so 'é' counts 2 and an emoji 4; u(s) is the number of Unicode code points, so 'é' counts 1.",
  breaks: "§4 (u(s) is the number of Unicode code points of s)",
  criterion: "units",
  witness: {
    call: "estimateContextUnits({ requirements: [{ id: 'r', content: 'é' }] }) (3 + 1 + 1 = 5)",
    run: (m) => sync(() => m.estimateContextUnits({ requirements: [{ id: "r", content: "é" }] })),
    expected: { value: 5 },
  },
};

const toolCallNameNotCounted: Mistake = {
  id: "toolcall-name-not-counted",
  says: "A tool-call block is counted 6 + u(id) + J(arguments), leaving out the tool's name; it costs 6 + u(id) + u(name) + J(arguments).",
  breaks: "§4 (tool-call block: 6 + u(id) + u(name) + J(arguments))",
  criterion: "units",
  witness: {
    call: "estimateContextUnits([assistant a calling c (t, {}), result r of c with content 'ok']) (15 + 12 = 27)",
    run: (m) => sync(() => m.estimateContextUnits({ messages: [call("a", [["c", "t"]]), result("r", "c", "t", "ok")] })),
    expected: { value: 27 },
  },
};

const userBase3: Mistake = {
  id: "user-base-3",
  says: "A user message is counted with the base 3 of a requirement, 3 + u(id) + u(content); it costs 4 + u(id) + u(content) (the course's focused case: user { u, a } costs 6).",
  breaks: "§4 (user message: 4 + u(id) + u(content))",
  criterion: "units",
  witness: {
    call: "estimateContextUnits({ messages: [user u with content 'a'] }) (4 + 1 + 1 = 6)",
    run: (m) => sync(() => m.estimateContextUnits({ messages: [user("u", "a")] })),
    expected: { value: 6 },
  },
};

const arrayBaseMissing: Mistake = {
  id: "array-base-missing",
  says: "A JSON array in tool-call arguments is counted without its base 2, as Σ (1 + J(item)), so [] costs 0; J(array) = 2 + Σ (1 + J(item)).",
  breaks: "§4 (J(array) = 2 + Σ (1 + J(item)))",
  criterion: "units",
  witness: {
    call: "estimateContextUnits([assistant a calling c (t, { k: [] }), result r of c with content 'ok']) (19 + 12 = 31)",
    run: (m) => sync(() => m.estimateContextUnits({ messages: [call("a", [["c", "t", { k: [] }]]), result("r", "c", "t", "ok")] })),
    expected: { value: 31 },
  },
};

// --- grouping -------------------------------------------------------------------------------

const messageKindByRole: Mistake = {
  id: "message-kind-by-role",
  says: "A group of one message outside tool rounds is given its message's role as its kind ('user', 'assistant', 'toolResult'); its kind is 'message' (the kinds are 'message' and 'toolRound').",
  breaks: "§5 (groups { kind: \"message\" | \"toolRound\", … }; every other message is its own message group)",
  criterion: "grouping",
  witness: {
    call: "groupToolRounds([user u])",
    run: (m) => sync(() => m.groupToolRounds([user("u")]), groupsView),
    expected: { value: [["message", 0, 1]] },
  },
};

const startAfterPreviousEnd: Mistake = {
  id: "start-after-previous-end",
  says: "Every group after the first starts one past the previous group's endIndex (as if endIndex were inclusive), so the groups leave a gap; endIndex is exclusive, and each group starts at the previous group's endIndex, the groups tiling the transcript.",
  breaks: "§5 (groups { startIndex, endIndex /* exclusive */ } that tile the transcript in order)",
  criterion: "grouping",
  witness: {
    call: "groupToolRounds([assistant a calling c1, result r1, assistant b calling c2, result r2])",
    run: (m) =>
      sync(() => m.groupToolRounds([call("a", [["c1", "t"]]), result("r1", "c1", "t"), call("b", [["c2", "t"]]), result("r2", "c2", "t")]), groupsView),
    expected: {
      value: [
        ["toolRound", 0, 2],
        ["toolRound", 2, 4],
      ],
    },
  },
};

// --- options of §6 (boundary selection) -----------------------------------------------------

const targetNoUpperBound: Mistake = {
  id: "target-no-upper-bound",
  says: "targetUnits above 1,000,000 is accepted (only targetUnits >= 1 is checked); targetUnits <= 1,000,000 must hold, else CONTEXT_INVALID_BUDGET.",
  breaks: "§6 (targetUnits >= 1 and targetUnits <= 1,000,000, else CONTEXT_INVALID_BUDGET)",
  criterion: "boundary-selection",
  witness: {
    call: "selectCompactionBoundary(3 users of 14, { targetUnits: 1000001, summaryMaxUnits: 3, retainRecentMessages: 1 })",
    run: (m) => sync(() => m.selectCompactionBoundary({ messages: users(3) }, boundary(1_000_001, 3, 1))),
    expected: { error: "CONTEXT_INVALID_BUDGET" },
  },
};

const summaryMaxAboveTargetAccepted: Mistake = {
  id: "summarymax-above-target-accepted",
  says: "summaryMaxUnits is never compared with targetUnits, so a summaryMaxUnits above targetUnits is accepted (and no cut can fit); summaryMaxUnits <= targetUnits is a cross-check of the options: CONTEXT_INVALID_BUDGET.",
  breaks: "§6 (summaryMaxUnits <= targetUnits; the cross-checks → CONTEXT_INVALID_BUDGET)",
  criterion: "boundary-selection",
  witness: {
    call: "selectCompactionBoundary(3 users of 14, { targetUnits: 40, summaryMaxUnits: 50, retainRecentMessages: 1 })",
    run: (m) => sync(() => m.selectCompactionBoundary({ messages: users(3) }, boundary(40, 50, 1))),
    expected: { error: "CONTEXT_INVALID_BUDGET" },
  },
};

const retainNegativeAccepted: Mistake = {
  id: "retain-negative-accepted",
  says: "A negative retainRecentMessages is accepted (only its upper bound 4096 is checked), so latest lies past the end of the transcript; retainRecentMessages >= 0 must hold, else CONTEXT_INVALID_BUDGET.",
  breaks: "§6 (retainRecentMessages >= 0 and <= 4096, else CONTEXT_INVALID_BUDGET)",
  criterion: "boundary-selection",
  witness: {
    call: "selectCompactionBoundary(3 users of 14, { targetUnits: 40, summaryMaxUnits: 3, retainRecentMessages: -1 })",
    run: (m) => sync(() => m.selectCompactionBoundary({ messages: users(3) }, boundary(40, 3, -1))),
    expected: { error: "CONTEXT_INVALID_BUDGET" },
  },
};

// --- boundary selection ---------------------------------------------------------------------

const summaryReserveMissing: Mistake = {
  id: "summary-reserve-missing",
  says: "The boundary reserves nothing for the new summary: a cut fits when Σ requirements + units(kept) <= targetUnits, so it cuts too late and the summary has no room; fixed = Σ requirements + summaryMaxUnits.",
  breaks: "§6 step 2 (fixed = Σ requirements + summaryMaxUnits) and step 3",
  criterion: "boundary-selection",
  witness: {
    call: "selectCompactionBoundary(3 users of 14, { targetUnits: 30, summaryMaxUnits: 3, retainRecentMessages: 1 }) (3 + 28 > 30 at 1; 3 + 14 fits at 2)",
    run: (m) => sync(() => m.selectCompactionBoundary({ messages: users(3) }, boundary(30, 3, 1))),
    expected: { value: 2 },
  },
};

const noBoundaryResolvesUnchanged: Mistake = {
  id: "no-boundary-resolves-unchanged",
  says: "When there is no boundary, compactContext resolves { status: 'unchanged', context, record: null } (nothing can be compacted); with no boundary it rejects with CONTEXT_BOUNDARY_UNAVAILABLE without calling the summarizer (unchanged is only for a context within maxUnits).",
  breaks: "§7 step 3 (no boundary → CONTEXT_BOUNDARY_UNAVAILABLE), §6 (the course's failure experiment)",
  criterion: "boundary-selection",
  witness: {
    call: "compactContext(4 users (56 units), { maxUnits: 40, retainRecentMessages: 4, … }) (latest = 0: no boundary)",
    run: (m) => compact(m, usersInput(4), options(() => "sum", { retainRecentMessages: 4 }), statusOnly),
    expected: { error: "CONTEXT_BOUNDARY_UNAVAILABLE" },
  },
};

// --- the fast path --------------------------------------------------------------------------

const optionsCheckedAfterFastPath: Mistake = {
  id: "options-checked-after-fastpath",
  says: "The options are checked only once compaction is needed (after the fast path), so an invalid option with a context within maxUnits is answered with the unchanged result; step 1 checks the options before step 2: summaryMaxUnits: 0 is CONTEXT_INVALID_BUDGET whatever the context's size.",
  breaks: "§7 step 1 (build the context and check the options) before step 2; §6 (summaryMaxUnits >= 1)",
  criterion: "unchanged-fast-path",
  witness: {
    call: "compactContext(2 users (28 units), { maxUnits: 40, summaryMaxUnits: 0, … })",
    run: (m) => compact(m, usersInput(2), options(() => "sum", { summaryMaxUnits: 0 }), statusOnly),
    expected: { error: "CONTEXT_INVALID_BUDGET" },
  },
};

const recordIdCheckedBeforeFastPath: Mistake = {
  id: "recordid-checked-before-fastpath",
  says: "The recordId is compared with the old records' ids before the fast path, so a context within maxUnits whose records already use recordId is refused with CONTEXT_INVALID_INPUT; that check is step 3's, after the fast path: a context within maxUnits is returned unchanged.",
  breaks: "§7 step 2 (units(context) <= maxUnits → unchanged) before step 3 (recordId already used → CONTEXT_INVALID_INPUT)",
  criterion: "unchanged-fast-path",
  witness: {
    call: "compactContext({ 2 users (28 units), compactions: [a record with id 'r'] }, { maxUnits: 40, recordId: 'r', … })",
    run: (m) => compact(m, { messages: users(2), compactions: [oldRecord("r")] }, options(() => "sum"), statusOnly),
    expected: { value: "unchanged" },
  },
};

// --- summary validation ---------------------------------------------------------------------

const leadingWhitespaceBlank: Mistake = {
  id: "leading-whitespace-blank",
  says: "The summary counts as only whitespace when its first character is whitespace, so ' sum' is refused with CONTEXT_SUMMARY_INSUFFICIENT; only a text with no non-whitespace character at all (s.trim().length === 0) is.",
  breaks: "§7 step 6 (only whitespace → CONTEXT_SUMMARY_INSUFFICIENT), §2 (non-empty: s.trim().length > 0)",
  criterion: "summary-validation",
  witness: {
    call: "compactContext(4 users, { summaryMaxUnits: 10, … }) with the summary ' sum' (5 + 1 + 4 = 10)",
    run: (m) => on(m, () => " sum"),
    expected: { value: { status: "compacted", summary: { id: "s", content: " sum" } } },
  },
};

const emptySummaryAccepted: Mistake = {
  id: "empty-summary-accepted",
  says: "The empty string is never taken as blank (the student's test is guarded by `text &&`), so a summary '' is stored; '' has no non-whitespace text, so it is CONTEXT_SUMMARY_INSUFFICIENT like any blank summary.",
  breaks: "§7 step 6 (only whitespace → CONTEXT_SUMMARY_INSUFFICIENT), §2 (non-empty: s.trim().length > 0)",
  criterion: "summary-validation",
  witness: {
    call: "compactContext(4 users, { summaryMaxUnits: 10, … }) with the summary ''",
    run: (m) => on(m, () => ""),
    expected: { error: "CONTEXT_SUMMARY_INSUFFICIENT" },
  },
};

const summaryLengthOnePast: Mistake = {
  id: "summary-length-one-past",
  says: "The summary's length check is one past the limit (codePoints(text) > 65537), so a summary of 65537 code points is stored; a summary longer than 65536 code points is CONTEXT_LIMIT_EXCEEDED.",
  breaks: "§7 step 6 (longer than 65536 code points → CONTEXT_LIMIT_EXCEEDED)",
  criterion: "summary-validation",
  witness: {
    call: "compactContext([two users of 40000 'x', two users of 14], { maxUnits: 80000, targetUnits: 80000, summaryMaxUnits: 65600, retainRecentMessages: 1, … }) with a summary of 65537 'x' (boundary 2; 5 + 1 + 65537 <= 65600)",
    run: (m) =>
      compact(
        m,
        { messages: [user("m0", "x".repeat(40000)), user("m1", "x".repeat(40000)), ...users(4).slice(2)] },
        options(() => "x".repeat(65537), { maxUnits: 80000, targetUnits: 80000, summaryMaxUnits: 65600 }),
        statusOnly,
      ),
    expected: { error: "CONTEXT_LIMIT_EXCEEDED" },
  },
};

// --- async observation ----------------------------------------------------------------------

const functionValueCalled: Mistake = {
  id: "function-value-called",
  says: "A function returned by the summarizer is called and what it returns is taken as the summary (a 'lazy' summary); a function is observed like any object: without a callable then it is the value itself, not a string, so CONTEXT_SUMMARY_INVALID.",
  breaks: "§7 step 5 (any other object or function: read then once; a then that is not callable makes the object itself the value) and step 6 (not a string → CONTEXT_SUMMARY_INVALID)",
  criterion: "async-observation",
  witness: {
    call: "compactContext(4 users, { summaryMaxUnits: 10, … }) with a summarizer returning () => 'sum'",
    run: (m) => on(m, () => () => "sum"),
    expected: { error: "CONTEXT_SUMMARY_INVALID" },
  },
};

const throwBeforeResolveIgnored: Mistake = {
  id: "throw-before-resolve-ignored",
  says: "A then that throws before calling a resolver is ignored and the wait goes on, so a thenable that throws and delivers later is stored; a throw before any resolver call is CONTEXT_SUMMARIZER_FAILED (only a throw after one is ignored).",
  breaks: "§7 step 5 (a throw before any resolver call → CONTEXT_SUMMARIZER_FAILED; a throw after one is ignored)",
  criterion: "async-observation",
  witness: {
    call: "compactContext(4 users, { summaryMaxUnits: 10, … }) with a thenable whose then queues resolve('sum') in a microtask and throws",
    run: (m) =>
      on(m, () => ({
        then(resolve: (value: unknown) => void) {
          queueMicrotask(() => resolve("sum"));
          throw new Error("then failed");
        },
      })),
    expected: { error: "CONTEXT_SUMMARIZER_FAILED" },
  },
};

const thenReturnTakenAsValue: Mistake = {
  id: "then-return-taken-as-value",
  says: "When a then returns a primitive before any resolver call, that return value is taken as the delivered summary (as if then were an async function); what a then returns is never the value: the outcome is what the resolvers deliver, and only an object returned is observed (for its rejection or failure).",
  breaks: "§7 step 5 (call then once with resolvers that act once; the outcome is taken after then has returned; what a custom then returns: if it is an object, it is observed)",
  criterion: "async-observation",
  witness: {
    call: "compactContext(4 users, { summaryMaxUnits: 10, … }) with a thenable whose then queues resolve('sum') in a microtask and returns 'ret'",
    run: (m) =>
      on(m, () => ({
        then(resolve: (value: unknown) => void) {
          queueMicrotask(() => resolve("sum"));
          return "ret";
        },
      })),
    expected: { value: { status: "compacted", summary: { id: "s", content: "sum" } } },
  },
};

// --- cancellation ---------------------------------------------------------------------------

const signalDroppedAtDelivery: Mistake = {
  id: "signal-dropped-at-delivery",
  says: "Once a thenable delivers the text, the signal is read that once and then dropped (listener removed, never read again), so an abort made inside then right after resolve(text) is missed and the context compacted; the signal is read again when then returns, when the value settles, after the await and before the result is exposed: CONTEXT_CANCELLED.",
  breaks: "§7 step 5 (cancellation timing: an abort made synchronously right after resolve(text) inside then → CONTEXT_CANCELLED)",
  criterion: "cancellation",
  witness: {
    call: "compactContext(4 users, { summaryMaxUnits: 10, signal, … }) with a thenable whose then calls resolve('sum') and then aborts the signal",
    run: (m) => {
      const controller = new AbortController();
      return on(
        m,
        () => ({
          then(resolve: (value: unknown) => void) {
            resolve("sum");
            controller.abort();
          },
        }),
        { signal: controller.signal },
        statusOnly,
      );
    },
    expected: { error: "CONTEXT_CANCELLED" },
  },
};

const boundaryConsultsSignal: Mistake = {
  id: "boundary-consults-signal",
  says: "selectCompactionBoundary reads options.signal too (the student's options reader is shared with compactContext), so an aborted signal among its options is refused with CONTEXT_CANCELLED; the boundary's options are the three fields of §6, other fields are ignored, and only compactContext consults a signal.",
  breaks: "§6 (the options: targetUnits, summaryMaxUnits, retainRecentMessages), §7 (the signal is an option of compactContext)",
  criterion: "cancellation",
  witness: {
    call: "selectCompactionBoundary(3 users of 14, { targetUnits: 40, summaryMaxUnits: 3, retainRecentMessages: 1, signal: an aborted signal })",
    run: (m) => sync(() => m.selectCompactionBoundary({ messages: users(3) }, { ...boundary(40, 3, 1), signal: abortedSignal() })),
    expected: { value: 1 },
  },
};

// --- reading (immutable snapshots and ceilings) ---------------------------------------------

const toolNameMismatchAccepted: Mistake = {
  id: "tool-name-mismatch-accepted",
  says: "A result's toolName is never compared with its call's name, so a result naming another tool is accepted; every result carries the call's name as its toolName, else CONTEXT_INVALID_TRANSCRIPT.",
  breaks: "§2 (every result … carries the call's name as its toolName), §3 (codes: CONTEXT_INVALID_TRANSCRIPT)",
  criterion: "immutable-snapshots-and-ceilings",
  witness: {
    call: "buildActiveContext({ messages: [assistant a calling c (tool t), result r of c with toolName u] })",
    run: (m) => sync(() => m.buildActiveContext({ messages: [call("a", [["c", "t"]]), result("r", "c", "u")] }), (c) => (c as { messages: unknown[] }).messages.length),
    expected: { error: "CONTEXT_INVALID_TRANSCRIPT" },
  },
};

const messagesCeilingInclusive: Mistake = {
  id: "messages-ceiling-inclusive",
  says: "A transcript of exactly 4096 messages is refused with CONTEXT_LIMIT_EXCEEDED (the check is >= 4096); 4096 messages are allowed, only more fail.",
  breaks: "§3 (Budgets: messages at most 4096)",
  criterion: "immutable-snapshots-and-ceilings",
  witness: {
    call: "buildActiveContext({ messages: 4096 users }) → the number of messages",
    run: (m) => sync(() => m.buildActiveContext({ messages: users(4096) }), (c) => (c as { messages: unknown[] }).messages.length),
    expected: { value: 4096 },
  },
};

const newContextNotRegistered: Mistake = {
  id: "new-context-not-registered",
  says: "The compacted context is a fresh frozen copy the module does not know as its own, so buildActiveContext(result.context) returns another copy; a context this module built (the result of compactContext included) comes back as that very object.",
  breaks: "§3 (given an ActiveContext that this module built, it returns that very object), §7 step 8 (build and validate the new context)",
  criterion: "immutable-snapshots-and-ceilings",
  witness: {
    call: "compactContext(4 users, { summaryMaxUnits: 10, … }), then whether buildActiveContext(result.context) is result.context",
    run: (m) =>
      on(m, () => "sum", {}, (value) => {
        const context = (value as { context: unknown }).context;
        return m.buildActiveContext(context) === context;
      }),
    expected: { value: true },
  },
};

// --- the record -----------------------------------------------------------------------------

const compactedIdsCumulative: Mistake = {
  id: "compacted-ids-cumulative",
  says: "compactedMessageIds list every message compacted so far, the old records' ids first, so they are more than boundary; they are the ids of this compaction's prefix only, in order, as many as boundary.",
  breaks: "§7 step 8 (compactedMessageIds: the ids of the prefix, in order), §3 (compactedMessageIds.length === boundary)",
  criterion: "atomicity-and-one-record",
  witness: {
    call: "compactContext({ 4 users, compactions: [a record of boundary 1 with ids ['x']] }, { summaryMaxUnits: 10, … }) → the record's compactedMessageIds",
    run: (m) => compact(m, { messages: users(4), compactions: [oldRecord()] }, options(() => "sum", { summaryMaxUnits: 10 }), recordField("compactedMessageIds")),
    expected: { value: ["m0", "m1"] },
  },
};

const compactedIdsUnfrozen: Mistake = {
  id: "compacted-ids-unfrozen",
  says: "The new record is frozen but its compactedMessageIds array is not; the new context is built as buildActiveContext would build it, every object and array frozen, the record's ids included.",
  breaks: "§7 step 8 (all frozen; the new context built and validated), §3 (every object and array is frozen)",
  criterion: "atomicity-and-one-record",
  witness: {
    call: "compactContext(4 users, { summaryMaxUnits: 10, … }) → whether result.record.compactedMessageIds is frozen",
    run: (m) => compact(m, usersInput(4), options(() => "sum", { summaryMaxUnits: 10 }), (value) => Object.isFrozen((value as { record: { compactedMessageIds: unknown } }).record.compactedMessageIds)),
    expected: { value: true },
  },
};

const recordPushedIntoInput: Mistake = {
  id: "record-pushed-into-input",
  says: "The new record is also pushed onto the caller's own compactions array, so the plain input passed in gains a record; the record is appended only to the new context's compactions, and the input is never touched after it was read.",
  breaks: "§7 step 8 (compactions: [...old, record] in the new context), On failure, on success (exactly one record is appended), §3 (after the call the input is never touched again)",
  criterion: "atomicity-and-one-record",
  witness: {
    call: "compactContext({ 4 users, compactions: [] } (a plain input), { summaryMaxUnits: 10, … }) → the outcome and the input's compactions length afterwards",
    run: async (m) => {
      const input = { messages: users(4), compactions: [] as unknown[] };
      const outcome = await compact(m, input, options(() => "sum", { summaryMaxUnits: 10 }), statusOnly);
      return { outcome, inputRecords: input.compactions.length };
    },
    expected: { outcome: { value: "compacted" }, inputRecords: 0 },
  },
};

const recordBoundaryCumulative: Mistake = {
  id: "record-boundary-cumulative",
  says: "The record's boundary counts from the start of the whole conversation (the old records' boundaries added to it); it is this compaction's boundary, the number of messages compacted now (equal to compactedMessageIds.length).",
  breaks: "§7 step 8 (the record { id, summaryId, boundary, … }), §3 (compactedMessageIds.length === boundary)",
  criterion: "atomicity-and-one-record",
  witness: {
    call: "compactContext({ 4 users, compactions: [a record of boundary 1] }, { summaryMaxUnits: 10, … }) → the record's boundary",
    run: (m) => compact(m, { messages: users(4), compactions: [oldRecord()] }, options(() => "sum", { summaryMaxUnits: 10 }), recordField("boundary")),
    expected: { value: 2 },
  },
};

/** Every s19 implementation is a rewrite or wrapper over the reference and the kit, and composable. */
const s19 = (id: string, form: Form, mistakes: readonly Mistake[]): Implementation => ({ id, form, mistakes, importsOutside: true, composable: true });

export const S19: readonly Implementation[] = [
  // two or three mistakes in one criterion
  s19("s19-units-utf8-callname-userbase", "rewrite", [uUtf8Bytes, toolCallNameNotCounted, userBase3]),
  s19("s19-groups-kind-start", "rewrite", [messageKindByRole, startAfterPreviousEnd]),
  s19("s19-options-three-bounds", "rewrite", [targetNoUpperBound, summaryMaxAboveTargetAccepted, retainNegativeAccepted]),
  s19("s19-summary-leading-empty", "rewrite", [leadingWhitespaceBlank, emptySummaryAccepted]),
  s19("s19-async-function-throw-return", "rewrite", [functionValueCalled, throwBeforeResolveIgnored, thenReturnTakenAsValue]),
  s19("s19-records-ids-pushed", "rewrite", [compactedIdsCumulative, compactedIdsUnfrozen, recordPushedIntoInput]),
  // two criteria, the first checked before the second in §7's order
  s19("s19-toolname-reserve", "rewrite", [toolNameMismatchAccepted, summaryReserveMissing]),
  s19("s19-recordid-signal-dropped", "rewrite", [recordIdCheckedBeforeFastPath, signalDroppedAtDelivery]),
  s19("s19-ceiling-boundary-cumulative", "rewrite", [messagesCeilingInclusive, recordBoundaryCumulative]),
  // a whole-flow rewrite: four mistakes in four criteria
  s19("s19-mixed-four-flow", "rewrite", [arrayBaseMissing, boundaryConsultsSignal, noBoundaryResolvesUnchanged, newContextNotRegistered]),
  // one mistake
  s19("s19-options-after-fastpath", "wrapper", [optionsCheckedAfterFastPath]),
  s19("s19-summary-length-one-past", "rewrite", [summaryLengthOnePast]),
];
