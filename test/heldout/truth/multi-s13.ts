// The session-13 implementations (test/heldout/s13-*): two or three mistakes each, all of them
// new to the set; six with mistakes in two different criteria, four with two or three mistakes
// in one criterion. Written from the contract, src/core and the held-out set's own files alone
// (README: "Session 13"); every mistake is independent of the others of its implementation
// (witnesses.test.ts).
import { thenableChain } from "./async";
import { abortedSignal, call, compact, compactCounting, options, result, text, user, users, usersInput, type Summarizer } from "../_witness/fixtures";
import { sync } from "../_witness/observe";
import type { Impl } from "../_kit/impl";
import type { Form, Implementation, Mistake } from "./types";

const boundary = (target: number, summaryMax: number, retain: number) => ({ targetUnits: target, summaryMaxUnits: summaryMax, retainRecentMessages: retain });
const groupsView = (groups: unknown) => (groups as { kind: string; startIndex: number; endIndex: number }[]).map((g) => [g.kind, g.startIndex, g.endIndex]);

/** Whether it compacted, and with which summary (not the boundary or the record). */
const summaryOnly = (value: unknown) => {
  const r = value as { status: string; context: { summary: unknown } };
  return { status: r.status, summary: r.context.summary as never };
};
const compactedWith = (content: string) => ({ value: { status: "compacted", summary: { id: "s", content } } });

/**
 * compactContext(4 users of 14) with summaryMaxUnits 10 (boundary 2, well before latest = 3,
 * so that no boundary mistake of the same implementation changes it), looking at `show`.
 */
const on = (m: Impl, summarizer: Summarizer, extra: Record<string, unknown> = {}, show: (value: unknown) => never = summaryOnly as never) =>
  compact(m, usersInput(4), options(summarizer, { summaryMaxUnits: 10, ...extra }), show);

type Record_ = { unitsBefore: number; unitsAfter: number; summaryId: string };
const recordOf = (value: unknown) => (value as { record: Record_ }).record;

// --- async observation ----------------------------------------------------------------------

const deliveredNotAdopted: Mistake = {
  id: "delivered-not-adopted",
  says: "What a thenable delivers is taken as the summary itself, so a thenable that delivers a promise of the text fails with CONTEXT_SUMMARY_INVALID; a fulfilment is adopted one level deeper (observed again by its kind) until a plain value is reached.",
  breaks: "§7 step 5 (a rejection → CONTEXT_SUMMARIZER_FAILED; a fulfilment is adopted one level deeper)",
  criterion: "async-observation",
  witness: {
    call: "compactContext(4 users, { summaryMaxUnits: 10, … }) with a summarizer returning { then(resolve) { resolve(Promise.resolve('sum')) } }",
    run: (m) => on(m, () => ({ then: (resolve: (v: unknown) => void) => resolve(Promise.resolve("sum")) })),
    expected: compactedWith("sum"),
  },
};

const depthOffByOne: Mistake = {
  id: "depth-off-by-one",
  says: "The summarizer's own value is counted as level 1, so a chain of 64 generic thenables already fails with CONTEXT_SUMMARIZER_FAILED; the summarizer's value is level 0, and only a value received above level 64 fails (64 thenables are accepted).",
  breaks: "§7 step 5 (depth: a value received at a level above 64 → CONTEXT_SUMMARIZER_FAILED; a chain of 64 generic thenables is accepted)",
  criterion: "async-observation",
  witness: {
    call: "compactContext(4 users, { summaryMaxUnits: 10, … }) with a summarizer returning a chain of 64 generic thenables delivering 'sum'",
    run: (m) => on(m, () => thenableChain(64, "sum")),
    expected: compactedWith("sum"),
  },
};

// --- units ----------------------------------------------------------------------------------

const contextSummaryNotCounted: Mistake = {
  id: "context-summary-not-counted",
  says: "The units of a context leave out its current summary; they are Σ requirements + the summary (if any) + Σ messages.",
  breaks: "§4 (the units of a context are Σ requirements + the summary (if any) + Σ messages)",
  criterion: "units",
  witness: {
    call: "estimateContextUnits({ summary: { id: 's', content: 'x' }, messages: [user u 'a'] }) (7 + 6)",
    run: (m) => sync(() => m.estimateContextUnits({ summary: { id: "s", content: "x" }, messages: [user("u", "a")] })),
    expected: { value: 13 },
  },
};

const toolResultBase4: Mistake = {
  id: "toolresult-base-4",
  says: "A tool-result message is counted with the base 4 of a user message; it costs 7 + u(id) + u(toolCallId) + u(toolName) + u(content).",
  breaks: "§4 (tool-result message = 7 + u(id) + u(toolCallId) + u(toolName) + u(content))",
  criterion: "units",
  witness: {
    call: "estimateContextUnits({ messages: [assistant a calling c of t with {}, its result r with content ''] }) (15 + 10)",
    run: (m) => sync(() => m.estimateContextUnits({ messages: [call("a", [["c", "t"]]), result("r", "c", "t", "")] })),
    expected: { value: 25 },
  },
};

// --- boundary selection (and the options of §6) ---------------------------------------------

const retainCountsGroups: Mistake = {
  id: "retain-counts-groups",
  says: "retainRecentMessages is counted in groups (the last groups are kept), so a tool round near the end keeps more messages than asked and a cut that fits is missed; it counts messages: latest = messages.length - retainRecentMessages.",
  breaks: "§6 step 1 (latest = messages.length - retainRecentMessages)",
  criterion: "boundary-selection",
  witness: {
    call: "selectCompactionBoundary([3 users of 14, assistant calling c, its result], { targetUnits: 40, summaryMaxUnits: 10, retainRecentMessages: 2 }) (latest = 3; the cut at 3 leaves the round, 27 units)",
    run: (m) => sync(() => m.selectCompactionBoundary({ messages: [...users(3), call("a", [["c", "t"]]), result("r", "c", "t")] }, boundary(40, 10, 2))),
    expected: { value: 3 },
  },
};

const budgetStringCoerced: Mistake = {
  id: "budget-string-coerced",
  says: "Each budget is read with Number(…), so targetUnits: '40' is taken as 40; a budget must be a safe integer (a number), else CONTEXT_INVALID_BUDGET.",
  breaks: "§6 options (each field must be a safe integer in range, else CONTEXT_INVALID_BUDGET)",
  criterion: "boundary-selection",
  witness: {
    call: "selectCompactionBoundary(4 users, { targetUnits: '40', summaryMaxUnits: 20, retainRecentMessages: 1 })",
    run: (m) => sync(() => m.selectCompactionBoundary(usersInput(4), { targetUnits: "40", summaryMaxUnits: 20, retainRecentMessages: 1 })),
    expected: { error: "CONTEXT_INVALID_BUDGET" },
  },
};

const requirementsNotReserved: Mistake = {
  id: "requirements-not-reserved",
  says: "The fixed part of the boundary is summaryMaxUnits alone, without the requirements, so a cut is taken whose compacted context cannot fit; fixed = Σ requirements + summaryMaxUnits (the requirements are always kept).",
  breaks: "§6 step 2 (fixed = Σ requirements + summaryMaxUnits)",
  criterion: "boundary-selection",
  witness: {
    call: "selectCompactionBoundary({ requirements: [{ id: 'r', content: 16 × 'x' }] (20 units), 4 users of 14 }, { targetUnits: 40, summaryMaxUnits: 10, retainRecentMessages: 1 }) (even the cut at 3 needs 44)",
    run: (m) => sync(() => m.selectCompactionBoundary({ requirements: [{ id: "r", content: "x".repeat(16) }], messages: users(4) }, boundary(40, 10, 1))),
    expected: { value: null },
  },
};

const fitCheckedBeforeRemoval: Mistake = {
  id: "fit-checked-before-removal",
  says: "The fit is tested with the group still counted among the kept messages (from its startIndex), so the answer is one group later than it should be; after removing a group, the kept messages are those after its endIndex.",
  breaks: "§6 step 3 (after removing each whole group: if fixed + units(messages after endIndex) <= targetUnits, the answer is endIndex)",
  criterion: "boundary-selection",
  witness: {
    call: "selectCompactionBoundary(4 users of 14, { targetUnits: 38, summaryMaxUnits: 10, retainRecentMessages: 1 }) (the cut at 2 fits exactly)",
    run: (m) => sync(() => m.selectCompactionBoundary(usersInput(4), boundary(38, 10, 1))),
    expected: { value: 2 },
  },
};

// --- grouping -------------------------------------------------------------------------------

const resultsMustFollow: Mistake = {
  id: "results-must-follow",
  says: "A tool round takes only the results that come right after its assistant, so a result after a user message is cut off into its own group (and a boundary can separate it from its call); the interval runs from the assistant through the last result of any of its calls, wherever it is.",
  breaks: "§5 (each assistant with tool calls has an interval through the last result of any of its calls)",
  criterion: "grouping",
  witness: {
    call: "groupToolRounds([assistant a calling c, user u, result of c])",
    run: (m) => sync(() => m.groupToolRounds([call("a", [["c", "t"]]), user("u"), result("r", "c", "t")]), groupsView),
    expected: { value: [["toolRound", 0, 3]] },
  },
};

const roundRunsToNextUser: Mistake = {
  id: "round-runs-to-next-user",
  says: "A tool round runs on until the next user message, taking in the assistant's later text; it ends with the last result of its calls, and every other message is its own group.",
  breaks: "§5 (the interval runs from the assistant through the last result of any of its calls; every other message is its own message group)",
  criterion: "grouping",
  witness: {
    call: "groupToolRounds([assistant a calling c, result of c, assistant x with text, user u])",
    run: (m) => sync(() => m.groupToolRounds([call("a", [["c", "t"]]), result("r", "c", "t"), text("x"), user("u")]), groupsView),
    expected: { value: [["toolRound", 0, 2], ["message", 2, 3], ["message", 3, 4]] },
  },
};

const groupsUnvalidated: Mistake = {
  id: "groups-unvalidated",
  says: "groupToolRounds groups the transcript without validating it, so a result without a call is put in a group of its own; it validates the transcript first (CONTEXT_INVALID_TRANSCRIPT).",
  breaks: "§5 (groupToolRounds validates the transcript, codes as in §3)",
  criterion: "grouping",
  witness: {
    call: "groupToolRounds([result r of a call c that does not exist])",
    run: (m) => sync(() => m.groupToolRounds([result("r", "c", "t")]), groupsView),
    expected: { error: "CONTEXT_INVALID_TRANSCRIPT" },
  },
};

// --- fast path and summary ------------------------------------------------------------------

const fastpathUsesTarget: Mistake = {
  id: "fastpath-uses-target",
  says: "The context is returned unchanged only when it is within targetUnits, so a context between targetUnits and maxUnits is compacted; it is returned unchanged when units(context) <= maxUnits.",
  breaks: "§7 step 2 (if units(context) <= maxUnits, resolve unchanged; the summarizer is not called)",
  criterion: "unchanged-fast-path",
  witness: {
    call: "compactContext(3 users = 42 units, { maxUnits: 50, targetUnits: 40, summaryMaxUnits: 20, … }) and the summarizer's calls",
    run: (m) => compactCounting(m, usersInput(3), { maxUnits: 50 }),
    expected: {
      outcome: { value: { status: "unchanged", summary: null, kept: ["m0", "m1", "m2"], records: 0, record: null } },
      calls: 0,
    },
  },
};

const summaryMaxNotChecked: Mistake = {
  id: "summarymax-not-checked",
  says: "The summary is never compared with summaryMaxUnits, only the compacted context with targetUnits; a summary with 5 + u(summaryId) + u(text) > summaryMaxUnits is CONTEXT_SUMMARY_INSUFFICIENT.",
  breaks: "§7 step 6 (5 + u(summaryId) + u(text) > summaryMaxUnits → CONTEXT_SUMMARY_INSUFFICIENT)",
  criterion: "summary-validation",
  witness: {
    call: "compactContext(4 users, { summaryMaxUnits: 10, targetUnits: 40, … }) with the summary 'summar' (12 units; 12 + 28 kept = 40 would fit the target)",
    run: (m) => on(m, () => "summar"),
    expected: { error: "CONTEXT_SUMMARY_INSUFFICIENT" },
  },
};

// --- cancellation ---------------------------------------------------------------------------

const abortAsFailure: Mistake = {
  id: "abort-as-failure",
  says: "An abort while the summary is pending rejects with CONTEXT_SUMMARIZER_FAILED (every failure of the wait is reported as the summarizer's); an abort while waiting is CONTEXT_CANCELLED.",
  breaks: "§7 step 5 (an abort while waiting, or observed when the value settles → CONTEXT_CANCELLED)",
  criterion: "cancellation",
  witness: {
    call: "compactContext(4 users, { signal, summaryMaxUnits: 10, … }) with a summarizer returning a promise that never settles, the signal aborted in a microtask after the call",
    run: (m) => {
      const controller = new AbortController();
      return on(
        m,
        () => {
          queueMicrotask(() => controller.abort());
          return new Promise(() => undefined);
        },
        { signal: controller.signal },
      );
    },
    expected: { error: "CONTEXT_CANCELLED" },
  },
};

const undefinedSignalRefused: Mistake = {
  id: "undefined-signal-refused",
  says: "A signal present as undefined is refused with CONTEXT_INVALID_INPUT (the check is \"signal\" in options); absent, undefined and null all mean no signal.",
  breaks: "§7 options (signal: optional genuine AbortSignal; absent, undefined and null all mean no signal)",
  criterion: "cancellation",
  witness: {
    call: "compactContext(4 users, { signal: undefined, summaryMaxUnits: 10, … })",
    run: (m) => on(m, () => "sum", { signal: undefined }),
    expected: compactedWith("sum"),
  },
};

const alreadyAbortedIgnored: Mistake = {
  id: "already-aborted-ignored",
  says: "A signal aborted before the call is never noticed (only the abort event is listened for, and it has fired already), so the summarizer is called and the context compacted; step 3 rejects with CONTEXT_CANCELLED before the summarizer is called.",
  breaks: "§7 step 3 (if the signal is already aborted → CONTEXT_CANCELLED)",
  criterion: "cancellation",
  witness: {
    call: "compactContext(4 users, { signal: an aborted signal, … }) and the summarizer's calls",
    run: (m) => compactCounting(m, usersInput(4), { signal: abortedSignal() }),
    expected: { outcome: { error: "CONTEXT_CANCELLED" }, calls: 0 },
  },
};

// --- the record -----------------------------------------------------------------------------

const recordUnitsSwapped: Mistake = {
  id: "record-units-swapped",
  says: "The record's unitsBefore and unitsAfter are swapped; unitsBefore is the units of the old context, unitsAfter those of the new one.",
  breaks: "§7 step 8 (record: unitsBefore = units of the old context, unitsAfter = units of the new one)",
  criterion: "atomicity-and-one-record",
  witness: {
    call: "compactContext(4 users, { summaryMaxUnits: 10, … }) with the summary 'sum' → the record's unitsBefore and unitsAfter",
    run: (m) => on(m, () => "sum", {}, ((value: unknown) => ({ before: recordOf(value).unitsBefore, after: recordOf(value).unitsAfter })) as never),
    expected: { value: { before: 56, after: 37 } },
  },
};

const unitsAfterUsesSummaryMax: Mistake = {
  id: "unitsafter-uses-summarymax",
  says: "The record's unitsAfter counts summaryMaxUnits (the reserve) in place of the new summary's units; it is the units of the new context, with the summary as it is (5 + u(summaryId) + u(text)).",
  breaks: "§7 step 8 (unitsAfter: the units of the new context)",
  criterion: "atomicity-and-one-record",
  witness: {
    call: "compactContext(4 users, { summaryMaxUnits: 10, … }) with the summary 'sum' (9 units) → the record's unitsAfter (9 + 28)",
    run: (m) => on(m, () => "sum", {}, ((value: unknown) => recordOf(value).unitsAfter) as never),
    expected: { value: 37 },
  },
};

const recordSummaryIdPrevious: Mistake = {
  id: "record-summaryid-previous",
  says: "The record's summaryId names the summary that was replaced; it is the new summary's id, options.summaryId.",
  breaks: "§7 step 8 (record: { id: recordId, summaryId, … }, summaryId being the new summary's)",
  criterion: "atomicity-and-one-record",
  witness: {
    call: "compactContext({ summary { old, prev }, 4 users }, { summaryMaxUnits: 10, summaryId: 's', … }) → the record's summaryId",
    run: (m) =>
      compact(m, { summary: { id: "old", content: "prev" }, messages: users(4) }, options(() => "sum", { summaryMaxUnits: 10 }), (value) => recordOf(value).summaryId),
    expected: { value: "s" },
  },
};

const recordNotFrozen: Mistake = {
  id: "record-not-frozen",
  says: "The new record is not frozen (in the result and in the new context's compactions); the result, its context and its record are all frozen.",
  breaks: "§7 step 8 (resolve { status: \"compacted\", context, record }, all frozen)",
  criterion: "atomicity-and-one-record",
  witness: {
    call: "compactContext(4 users, { summaryMaxUnits: 10, … }) → whether result.record is frozen",
    run: (m) => on(m, () => "sum", {}, ((value: unknown) => Object.isFrozen(recordOf(value))) as never),
    expected: { value: true },
  },
};

// --- reading --------------------------------------------------------------------------------

const frozenInputReturned: Mistake = {
  id: "frozen-input-returned",
  says: "A frozen input is taken as a context already built and returned as it is (checked, but not copied); buildActiveContext returns a deep copy of any input it did not build itself.",
  breaks: "§3 (buildActiveContext returns a deep copy, every object and array frozen, extra properties dropped; only an ActiveContext this module built is returned as it is)",
  criterion: "immutable-snapshots-and-ceilings",
  witness: {
    call: "buildActiveContext(input) === input, input being a deep-frozen { messages: [user u] }",
    run: (m) =>
      sync(() => {
        const message = Object.freeze(user("u"));
        const input = Object.freeze({ messages: Object.freeze([message]) });
        return m.buildActiveContext(input) === input;
      }),
    expected: { value: false },
  },
};

/** Every s13 implementation is a rewrite or wrapper over the reference and the kit, and composable. */
const s13 = (id: string, form: Form, mistakes: readonly Mistake[]): Implementation => ({ id, form, mistakes, importsOutside: true, composable: true });

export const S13: readonly Implementation[] = [
  // mistakes in two different criteria
  s13("s13-adopt-once-summary-units", "rewrite", [deliveredNotAdopted, contextSummaryNotCounted]),
  s13("s13-retain-groups-units-swapped", "rewrite", [retainCountsGroups, recordUnitsSwapped]),
  s13("s13-fastpath-target-summarymax", "rewrite", [fastpathUsesTarget, summaryMaxNotChecked]),
  s13("s13-adjacent-round-abort-failure", "rewrite", [resultsMustFollow, abortAsFailure]),
  s13("s13-string-budget-frozen-input", "wrapper", [budgetStringCoerced, frozenInputReturned]),
  s13("s13-depth-toolresult-units", "rewrite", [depthOffByOne, toolResultBase4]),
  // two or three mistakes in one criterion
  s13("s13-boundary-reqs-removal", "rewrite", [requirementsNotReserved, fitCheckedBeforeRemoval]),
  s13("s13-records-three", "wrapper", [unitsAfterUsesSummaryMax, recordSummaryIdPrevious, recordNotFrozen]),
  s13("s13-grouping-user-unvalidated", "rewrite", [roundRunsToNextUser, groupsUnvalidated]),
  s13("s13-cancel-undefined-aborted", "rewrite", [undefinedSignalRefused, alreadyAbortedIgnored]),
];
