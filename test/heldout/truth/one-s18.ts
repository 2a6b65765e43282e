// The session-18 implementations (test/heldout/s18-*): 10 folders with one mistake each, all of
// them new to the set, spread over the criteria (reading, units, an option of §6, grouping,
// boundary selection, the fast path's options, the summary's code, async observation,
// cancellation, the record). Written from the contract, src/core and the held-out set's own
// files alone (README: "Session 17, second batch").
import { abortedSignal, call, compact, options, result, users, usersInput, type Summarizer } from "../_witness/fixtures";
import { sync, type Outcome } from "../_witness/observe";
import type { Impl } from "../_kit/impl";
import type { Form, Implementation, Mistake } from "./types";

const boundary = (target: number, summaryMax: number, retain: number) => ({ targetUnits: target, summaryMaxUnits: summaryMax, retainRecentMessages: retain });
const groupsView = (groups: unknown) => (groups as { kind: string; startIndex: number; endIndex: number }[]).map((g) => [g.kind, g.startIndex, g.endIndex]);
const statusOnly = (value: unknown) => (value as { status: string }).status as Outcome;

/** compactContext(4 users of 14) with summaryMaxUnits 10 (boundary 2), looking at `show`. */
const on = (m: Impl, summarizer: Summarizer, extra: Record<string, unknown> = {}, show: (value: unknown) => Outcome = statusOnly) =>
  compact(m, usersInput(4), options(summarizer, { summaryMaxUnits: 10, ...extra }), show);

// --- reading --------------------------------------------------------------------------------

const blankSummaryInputCode: Mistake = {
  id: "blank-summary-input-code",
  says: "An input summary whose content is only whitespace is refused with CONTEXT_INVALID_INPUT, as a bad record; the code for a summary whose content is only whitespace is CONTEXT_SUMMARY_INVALID.",
  breaks: "§3 (Codes: a summary whose content is only whitespace → CONTEXT_SUMMARY_INVALID)",
  criterion: "immutable-snapshots-and-ceilings",
  witness: {
    call: "buildActiveContext({ summary: { id: 's', content: '  ' } })",
    run: (m) => sync(() => m.buildActiveContext({ summary: { id: "s", content: "  " } })),
    expected: { error: "CONTEXT_SUMMARY_INVALID" },
  },
};

// --- units ----------------------------------------------------------------------------------

const resultCallIdNotCounted: Mistake = {
  id: "result-call-id-not-counted",
  says: "A tool-result message is counted 7 + u(id) + u(toolName) + u(content), leaving out u(toolCallId); it costs 7 + u(id) + u(toolCallId) + u(toolName) + u(content).",
  breaks: "§4 (tool-result message: 7 + u(id) + u(toolCallId) + u(toolName) + u(content))",
  criterion: "units",
  witness: {
    call: "estimateContextUnits([assistant a calling c (t, {}), result r of c with content 'ok']) (15 + 12 = 27)",
    run: (m) => sync(() => m.estimateContextUnits({ messages: [call("a", [["c", "t"]]), result("r", "c", "t", "ok")] })),
    expected: { value: 27 },
  },
};

// --- boundary selection and its options -----------------------------------------------------

const optionsNullPrototypeRefused: Mistake = {
  id: "options-null-prototype-refused",
  says: "Options whose prototype is null are refused with CONTEXT_INVALID_INPUT as not a plain object; a plain object has the prototype Object.prototype or null, so such options are read like any other.",
  breaks: "§6 (the options must be a plain object whose three fields are own data properties), §3 (a plain object: prototype Object.prototype or null)",
  criterion: "boundary-selection",
  witness: {
    call: "selectCompactionBoundary(3 users of 14, Object.assign(Object.create(null), { targetUnits: 40, summaryMaxUnits: 3, retainRecentMessages: 1 }))",
    run: (m) => sync(() => m.selectCompactionBoundary({ messages: users(3) }, Object.assign(Object.create(null), boundary(40, 3, 1)))),
    expected: { value: 1 },
  },
};

const reserveAddsSummaryBase: Mistake = {
  id: "reserve-adds-summary-base",
  says: "The boundary reserves summaryMaxUnits + 5 for the new summary (its base added once more), so a cut that fits exactly is passed over; summaryMaxUnits bounds the whole summary, 5 + u(summaryId) + u(text), so fixed = Σ requirements + summaryMaxUnits.",
  breaks: "§6 step 2 (fixed = Σ requirements + summaryMaxUnits) and step 3",
  criterion: "boundary-selection",
  witness: {
    call: "selectCompactionBoundary(3 users of 14, { targetUnits: 40, summaryMaxUnits: 12, retainRecentMessages: 1 }) (12 + 28 = 40 fits at 1)",
    run: (m) => sync(() => m.selectCompactionBoundary({ messages: users(3) }, boundary(40, 12, 1))),
    expected: { value: 1 },
  },
};

// --- grouping -------------------------------------------------------------------------------

const intervalLastCallResult: Mistake = {
  id: "interval-last-call-result",
  says: "An assistant's interval runs through the result of its last tool call (in block order), so when an earlier call's result comes after it, that result is cut off into a group of its own; the interval runs through the last result of any of its calls.",
  breaks: "§5 (each assistant message with at least one tool call has an interval running from that message through the last result of any of its calls)",
  criterion: "grouping",
  witness: {
    call: "groupToolRounds([assistant a calling c1 then c2, result r2 of c2, result r1 of c1])",
    run: (m) => sync(() => m.groupToolRounds([call("a", [["c1", "t"], ["c2", "t"]]), result("r2", "c2", "t"), result("r1", "c1", "t")]), groupsView),
    expected: { value: [["toolRound", 0, 3]] },
  },
};

// --- the fast path (maxUnits) ---------------------------------------------------------------

const maxUnitsEqualTargetRefused: Mistake = {
  id: "maxunits-equal-target-refused",
  says: "maxUnits equal to targetUnits is refused with CONTEXT_INVALID_BUDGET (the student's cross-check is targetUnits < maxUnits); only targetUnits > maxUnits is, and a context within maxUnits is then returned unchanged.",
  breaks: "§7 (maxUnits: targetUnits <= maxUnits) and step 2",
  criterion: "unchanged-fast-path",
  witness: {
    call: "compactContext(2 users (28 units), { maxUnits: 40, targetUnits: 40, summaryMaxUnits: 20, retainRecentMessages: 1, … })",
    run: (m) => compact(m, usersInput(2), options(() => "sum"), statusOnly),
    expected: { value: "unchanged" },
  },
};

// --- summary validation ---------------------------------------------------------------------

const oversizeSummaryCodeInvalid: Mistake = {
  id: "oversize-summary-code-invalid",
  says: "A summary whose units exceed summaryMaxUnits is refused with CONTEXT_SUMMARY_INVALID; the code is CONTEXT_SUMMARY_INSUFFICIENT (CONTEXT_SUMMARY_INVALID is for a value that is not a string).",
  breaks: "§7 step 6 (5 + u(summaryId) + u(text) > summaryMaxUnits → CONTEXT_SUMMARY_INSUFFICIENT)",
  criterion: "summary-validation",
  witness: {
    call: "compactContext(4 users, { summaryMaxUnits: 10, … }) with the summary 'x' × 20 (5 + 1 + 20 > 10)",
    run: (m) => on(m, () => "x".repeat(20)),
    expected: { error: "CONTEXT_SUMMARY_INSUFFICIENT" },
  },
};

// --- async observation ----------------------------------------------------------------------

const rejectionReasonEscapes: Mistake = {
  id: "rejection-reason-escapes",
  says: "A rejection of the summary (a promise that rejects, a thenable that calls its reject) escapes as its reason, so compactContext rejects with the summarizer's own Error; a rejection → CONTEXT_SUMMARIZER_FAILED, and every failure is a ContextCompactionError.",
  breaks: "§7 step 5 (a rejection → CONTEXT_SUMMARIZER_FAILED), §1 (every failure is a ContextCompactionError)",
  criterion: "async-observation",
  witness: {
    call: "compactContext(4 users, { summaryMaxUnits: 10, … }) with a summarizer returning Promise.reject(new Error('down'))",
    run: (m) => on(m, () => Promise.reject(new Error("down"))),
    expected: { error: "CONTEXT_SUMMARIZER_FAILED" },
  },
};

// --- cancellation ---------------------------------------------------------------------------

const abortCheckedAfterBoundary: Mistake = {
  id: "abort-checked-after-boundary",
  says: "An already aborted signal is checked only just before the summarizer is called, after the record id and the boundary, so an aborted call with no boundary is refused with CONTEXT_BOUNDARY_UNAVAILABLE; step 3 checks the signal first: already aborted → CONTEXT_CANCELLED.",
  breaks: "§7 step 3 (if the signal is already aborted → CONTEXT_CANCELLED; then the record id; then the boundary)",
  criterion: "cancellation",
  witness: {
    call: "compactContext(4 users (56 units), { maxUnits: 40, retainRecentMessages: 4, signal: an aborted signal, … }) (no boundary: latest = 0)",
    run: (m) => compact(m, usersInput(4), options(() => "sum", { retainRecentMessages: 4, signal: abortedSignal() }), statusOnly),
    expected: { error: "CONTEXT_CANCELLED" },
  },
};

// --- the record -----------------------------------------------------------------------------

const unitsBeforeFromLastRecord: Mistake = {
  id: "units-before-from-last-record",
  says: "The record's unitsBefore is the last old record's unitsAfter (the units after the last compaction) when there is one; unitsBefore is the units of the old context as it is now.",
  breaks: "§7 step 8 (unitsBefore: the units of the old context)",
  criterion: "atomicity-and-one-record",
  witness: {
    call: "compactContext(4 users (56 units) and an old record with unitsAfter 50, { summaryMaxUnits: 10, … }) → record.unitsBefore",
    run: (m) =>
      compact(
        m,
        { messages: users(4), compactions: [{ id: "old", summaryId: "s0", boundary: 1, compactedMessageIds: ["x"], unitsBefore: 100, unitsAfter: 50 }] },
        options(() => "sum", { summaryMaxUnits: 10 }),
        (value) => (value as { record: { unitsBefore: number } }).record.unitsBefore,
      ),
    expected: { value: 56 },
  },
};

/** Every s18 implementation is a rewrite or wrapper over the reference and the kit, and composable. */
const s18 = (id: string, form: Form, mistakes: readonly Mistake[]): Implementation => ({ id, form, mistakes, importsOutside: true, composable: true });

export const S18: readonly Implementation[] = [
  s18("s18-summary-blank-input-code", "wrapper", [blankSummaryInputCode]),
  s18("s18-units-result-call-id", "rewrite", [resultCallIdNotCounted]),
  s18("s18-options-null-prototype", "rewrite", [optionsNullPrototypeRefused]),
  s18("s18-boundary-reserve-summary-base", "rewrite", [reserveAddsSummaryBase]),
  s18("s18-groups-last-call-result", "rewrite", [intervalLastCallResult]),
  s18("s18-maxunits-equal-target", "rewrite", [maxUnitsEqualTargetRefused]),
  s18("s18-summary-oversize-code", "rewrite", [oversizeSummaryCodeInvalid]),
  s18("s18-rejection-escapes", "rewrite", [rejectionReasonEscapes]),
  s18("s18-abort-checked-last", "rewrite", [abortCheckedAfterBoundary]),
  s18("s18-record-units-before-last", "wrapper", [unitsBeforeFromLastRecord]),
];
