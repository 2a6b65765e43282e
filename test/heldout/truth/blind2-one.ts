// The first part of the second blind set (test/heldout/b2-*): 12 folders with one mistake each,
// all 12 new to the set (every id and `says` of the manifest was printed and compared first),
// spread over the criteria: reading and a ceiling, grouping, units (two), boundary selection
// (two), the fast path, summary validation, async observation, cancellation and the record.
// Written from the contract, src/core and the held-out set's own files alone (README: "Session
// 19: the `b2-` implementations (second blind set), one mistake each").
import { call, compact, options, result, toolTranscript, user, users, usersInput, type Summarizer } from "../_witness/fixtures";
import { sync, view, type Outcome } from "../_witness/observe";
import type { Impl } from "../_kit/impl";
import type { Form, Implementation, Mistake } from "./types";

const boundary = (target: number, summaryMax: number, retain: number) => ({ targetUnits: target, summaryMaxUnits: summaryMax, retainRecentMessages: retain });
const groupsView = (groups: unknown) => (groups as { kind: string; startIndex: number; endIndex: number }[]).map((g) => [g.kind, g.startIndex, g.endIndex]);
const statusOnly = (value: unknown) => (value as { status: string }).status as Outcome;
const summaryOnly = (value: unknown) => {
  const r = value as { status: string; context: { summary: unknown } };
  return { status: r.status, summary: view(r.context.summary) } as Outcome;
};
const statusAndRecords = (value: unknown) => {
  const r = value as { status: string; context: { compactions: { id: string }[] } };
  return { status: r.status, recordIds: r.context.compactions.map((c) => c.id) } as Outcome;
};

/** compactContext(4 users of 14) with summaryMaxUnits 10 (boundary 2), looking at `show`. */
const on = (m: Impl, summarizer: Summarizer, extra: Record<string, unknown> = {}, show: (value: unknown) => Outcome = summaryOnly) =>
  compact(m, usersInput(4), options(summarizer, { summaryMaxUnits: 10, ...extra }), show);

/** A valid old record (boundary 1), whose id is `id`. */
const oldRecord = (id = "old", unitsBefore = 20, unitsAfter = 10) => ({ id, summaryId: "s0", boundary: 1, compactedMessageIds: ["x"], unitsBefore, unitsAfter });

/** `n` pairs: an assistant a{i} calling c{i} (read, {}) and its result r{i} with content 'ok'. */
const callPairs = (n: number): object[] => Array.from({ length: n }, (_, i) => [call(`a${i}`, [[`c${i}`, "read"]]), result(`r${i}`, `c${i}`, "read", "ok")]).flat();

/** A resolved native promise whose own (configurable) constructor getter throws. */
function promiseWithThrowingConstructor(value: string): Promise<string> {
  const promise = Promise.resolve(value);
  Object.defineProperty(promise, "constructor", {
    configurable: true,
    get() {
      throw new Error("constructor lookup");
    },
  });
  return promise;
}

// --- reading and ceilings -------------------------------------------------------------------

const recordUnitsGrownRefused: Mistake = {
  id: "record-units-grown-refused",
  says: "A compaction record whose unitsAfter is above its unitsBefore is refused with CONTEXT_INVALID_INPUT (a compaction cannot make the context grow); a record's unitsBefore and unitsAfter are any safe integers >= 0, with no rule between them, so such a record is read like any other.",
  breaks: "§3 (CompactionRecord: unitsBefore, unitsAfter safe integers >= 0; only the listed rules refuse a record)",
  criterion: "immutable-snapshots-and-ceilings",
  witness: {
    call: "estimateContextUnits({ messages: [user m0 of 14], compactions: [{ id: 'old', summaryId: 's0', boundary: 1, compactedMessageIds: ['x'], unitsBefore: 10, unitsAfter: 20 }] }) (14: records cost nothing)",
    run: (m) => sync(() => m.estimateContextUnits({ messages: users(1), compactions: [oldRecord("old", 10, 20)] })),
    expected: { value: 14 },
  },
};

const recordKeysCountedAsItems: Mistake = {
  id: "record-keys-counted-as-items",
  says: "The keys of the contract's own records (the input, each message, each content block, each requirement and compaction record) are counted as collection items, so a valid context of 1,100 tool calls and their results (3,300 items) is refused with CONTEXT_LIMIT_EXCEEDED; collection items are every array's length plus the key count of every JSON object inside tool-call arguments, and the keys of the contract's own records are not items.",
  breaks: "§3 (Budgets: collection items in total at most 16384; the keys of the contract's own records are not items)",
  criterion: "immutable-snapshots-and-ceilings",
  witness: {
    call: "estimateContextUnits({ messages: 1,100 pairs of an assistant a{i} calling c{i} (read, {}) and its result r{i} 'ok' }) (3,300 items; 14,304 with the records' keys)",
    run: (m) => sync(() => m.estimateContextUnits({ messages: callPairs(1100) })),
    expected: { value: 49460 },
  },
};

// --- grouping -------------------------------------------------------------------------------

const resultsMatchedByToolName: Mistake = {
  id: "results-matched-by-tool-name",
  says: "A tool result is matched to the latest assistant that called a tool of the same name (its toolName), not to the call its toolCallId names, so when two assistants call the same tool the earlier one's round ends at its own message and a cut can separate its call from its result; each result belongs to the call its toolCallId names, and the interval of an assistant runs through the last result of any of its calls.",
  breaks: "§5 (each assistant message with at least one tool call has an interval running from that message through the last result of any of its calls; a cut between two groups never separates a call from its result), §2 (a result names its call by toolCallId)",
  criterion: "grouping",
  witness: {
    call: "groupToolRounds([a0 calling c1 (t), user u1, a2 calling c2 (t), result r3 of c2, result r4 of c1]) (one round [0, 5))",
    run: (m) =>
      sync(
        () => m.groupToolRounds([call("a0", [["c1", "t"]]), user("u1"), call("a2", [["c2", "t"]]), result("r3", "c2", "t"), result("r4", "c1", "t")]),
        (groups) => groupsView(groups) as Outcome,
      ),
    expected: { value: [["toolRound", 0, 5]] },
  },
};

// --- units ----------------------------------------------------------------------------------

const emptyArgumentsFree: Mistake = {
  id: "empty-arguments-free",
  says: "A tool call whose arguments object has no key is counted 6 + u(id) + u(name), its arguments left out; the arguments are always counted, and J({}) = 2, so the call costs 6 + u(id) + u(name) + 2.",
  breaks: "§4 (tool-call block: 6 + u(id) + u(name) + J(arguments); J(object) = 2 + Σ over keys)",
  criterion: "units",
  witness: {
    call: "estimateContextUnits([assistant a calling c (t, {}), result r of c with content 'ok']) (15 + 12 = 27)",
    run: (m) => sync(() => m.estimateContextUnits({ messages: [call("a", [["c", "t"]]), result("r", "c", "t", "ok")] })),
    expected: { value: 27 },
  },
};

const recordsCountedInUnits: Mistake = {
  id: "records-counted-in-units",
  says: "estimateContextUnits also counts each compaction record, by its strings (u(id) + u(summaryId) + the u of each compacted id), so a context with one record costs more than its messages; compaction records cost nothing: the units of a context are Σ requirements + the summary + Σ messages.",
  breaks: "§4 (compaction records cost nothing; the units of a context are Σ requirements + the summary (if any) + Σ messages)",
  criterion: "units",
  witness: {
    call: "estimateContextUnits({ messages: [user m0 of 14], compactions: [{ id: 'old', summaryId: 's0', boundary: 1, compactedMessageIds: ['x'], … }] }) (14)",
    run: (m) => sync(() => m.estimateContextUnits({ messages: users(1), compactions: [oldRecord()] })),
    expected: { value: 14 },
  },
};

// --- boundary selection ---------------------------------------------------------------------

const cutAfterRoundSkipped: Mistake = {
  id: "cut-after-round-skipped",
  says: "The walk never tries the cut right after a tool round (only cuts after a message group are tried), so in the course's failure experiment the answer is null instead of 4; every whole-group cut is tried oldest first, the one after a tool round included, and the earliest that fits is the answer.",
  breaks: "§6 step 3 (walk the groups oldest first; after removing each whole group, if fixed + units(messages after endIndex) <= targetUnits the answer is endIndex)",
  criterion: "boundary-selection",
  witness: {
    call: "selectCompactionBoundary(the course's failure experiment: old user, assistant with two calls, their results, recent user (29), { targetUnits: 39, summaryMaxUnits: 10, retainRecentMessages: 1 }) (4)",
    run: (m) => sync(() => m.selectCompactionBoundary({ messages: toolTranscript() }, boundary(39, 10, 1))),
    expected: { value: 4 },
  },
};

const boundaryOptionsExtraKeyRefused: Mistake = {
  id: "boundary-options-extra-key-refused",
  says: "selectCompactionBoundary refuses options that have a field besides targetUnits, summaryMaxUnits and retainRecentMessages (compactContext's options, with maxUnits, say) with CONTEXT_INVALID_INPUT; the options must be a plain object whose three fields are own data properties, and other fields are not read.",
  breaks: "§6 (Options: a plain object whose three fields are own data properties; otherwise CONTEXT_INVALID_INPUT only for not a plain object, a field missing, an accessor)",
  criterion: "boundary-selection",
  witness: {
    call: "selectCompactionBoundary(3 users of 14, { targetUnits: 40, summaryMaxUnits: 3, retainRecentMessages: 1, maxUnits: 40 }) (1)",
    run: (m) => sync(() => m.selectCompactionBoundary({ messages: users(3) }, { ...boundary(40, 3, 1), maxUnits: 40 })),
    expected: { value: 1 },
  },
};

// --- the fast path --------------------------------------------------------------------------

const fastPathReservesSummary: Mistake = {
  id: "fastpath-reserves-summary",
  says: "The context is returned unchanged only when units(context) + summaryMaxUnits <= maxUnits (room kept for a summary), so a context within maxUnits is compacted and the summarizer called; step 2 returns it unchanged when units(context) <= maxUnits.",
  breaks: "§7 step 2 (if units(context) <= maxUnits, resolve { status: 'unchanged', context, record: null }; the summarizer is not called)",
  criterion: "unchanged-fast-path",
  witness: {
    call: "compactContext(2 users of 14 (28), { maxUnits: 40, targetUnits: 40, summaryMaxUnits: 20, retainRecentMessages: 1, … }) → status",
    run: (m) => compact(m, usersInput(2), options(() => "sum"), statusOnly),
    expected: { value: "unchanged" },
  },
};

// --- summary validation ---------------------------------------------------------------------

const summaryNotShorterRefused: Mistake = {
  id: "summary-not-shorter-refused",
  says: "A summary whose units (5 + u(summaryId) + u(text)) are not below those of the messages it compacts is refused with CONTEXT_SUMMARY_INSUFFICIENT (it does not shorten anything); step 6 refuses only a value that is not a string, too long, only whitespace or above summaryMaxUnits, and step 7 a context above targetUnits.",
  breaks: "§7 steps 6 and 7 (the summary's checks: a string, at most 65536 code points, not only whitespace, 5 + u(summaryId) + u(text) <= summaryMaxUnits; the new context within targetUnits)",
  criterion: "summary-validation",
  witness: {
    call: "compactContext({ summary: { s0, 30 code points }, 2 users of 14 }, { summaryMaxUnits: 26, … }) with a summarizer returning 'the first user!' (boundary 1: m0 of 14 compacted; summary 21 <= 26; 21 + 14 <= 40)",
    run: (m) => compact(m, { summary: { id: "s0", content: "x".repeat(30) }, messages: users(2) }, options(() => "the first user!", { summaryMaxUnits: 26 }), summaryOnly),
    expected: { value: { status: "compacted", summary: { id: "s", content: "the first user!" } } },
  },
};

// --- async observation ----------------------------------------------------------------------

const constructorRetryMissing: Mistake = {
  id: "constructor-retry-missing",
  says: "A native promise is observed by applying the intrinsic then once, without the retry, so a promise whose own configurable constructor getter throws is refused with CONTEXT_ASYNC_VALUE_UNOBSERVABLE; when the application throws and the promise's own constructor is configurable, it is retried once with a temporary own constructor equal to the intrinsic Promise (then restored), and only a promise that still cannot be observed is locked.",
  breaks: "§7 step 5 (Native promise: if that application throws, and the promise has an own configurable constructor, … the core retries once with a temporary own data constructor; a promise that still cannot be observed is locked)",
  criterion: "async-observation",
  witness: {
    call: "compactContext(4 users, { summaryMaxUnits: 10, … }) with a summarizer returning Promise.resolve('sum') whose own configurable constructor getter throws",
    run: (m) => on(m, () => promiseWithThrowingConstructor("sum")),
    expected: { value: { status: "compacted", summary: { id: "s", content: "sum" } } },
  },
};

// --- cancellation ---------------------------------------------------------------------------

const signalInstanceofAccepted: Mistake = {
  id: "signal-instanceof-accepted",
  says: "options.signal is checked with instanceof AbortSignal, so Object.create(AbortSignal.prototype), which is not a signal, is accepted (a small context comes back unchanged; past the fast path reading its aborted throws a TypeError); a signal is genuine only when the intrinsic AbortSignal.prototype.aborted getter accepts it, and anything else is refused with CONTEXT_INVALID_INPUT at step 1.",
  breaks: "§7 (signal: optional genuine AbortSignal, otherwise CONTEXT_INVALID_INPUT; Genuine signal: the intrinsic aborted getter, captured at load, accepts it; order of checks: the options before the fast path)",
  criterion: "cancellation",
  witness: {
    call: "compactContext(2 users of 14, { maxUnits: 40, …, signal: Object.create(AbortSignal.prototype) })",
    run: (m) => compact(m, usersInput(2), options(() => "sum", { signal: Object.create(AbortSignal.prototype) }), statusOnly),
    expected: { error: "CONTEXT_INVALID_INPUT" },
  },
};

// --- the record -----------------------------------------------------------------------------

const recordIdCheckedAgainstLastOnly: Mistake = {
  id: "recordid-checked-against-last-only",
  says: "recordId is compared with the last old record's id only, so a recordId used by an earlier record is accepted and the new context holds two records with one id; step 3 refuses a recordId already used by any record with CONTEXT_INVALID_INPUT, before the summarizer is called (record ids are unique).",
  breaks: "§7 step 3 (if recordId is already used by a record → CONTEXT_INVALID_INPUT), §3 (record ids unique)",
  criterion: "atomicity-and-one-record",
  witness: {
    call: "compactContext({ 4 users, compactions: [record r, record q] }, { recordId: 'r', summaryMaxUnits: 10, … })",
    run: (m) => compact(m, { messages: users(4), compactions: [oldRecord("r"), oldRecord("q")] }, options(() => "sum", { summaryMaxUnits: 10 }), statusAndRecords),
    expected: { error: "CONTEXT_INVALID_INPUT" },
  },
};

/** Every b2- implementation of this part is a rewrite or wrapper over the reference and the kit, and composable. */
const b2 = (id: string, form: Form, mistake: Mistake): Implementation => ({ id, form, mistakes: [mistake], importsOutside: true, composable: true });

export const B2_ONE: readonly Implementation[] = [
  b2("b2-reading-record-units-grown", "wrapper", recordUnitsGrownRefused),
  b2("b2-ceiling-record-keys-items", "rewrite", recordKeysCountedAsItems),
  b2("b2-groups-matched-by-name", "rewrite", resultsMatchedByToolName),
  b2("b2-units-empty-arguments", "rewrite", emptyArgumentsFree),
  b2("b2-units-records-counted", "wrapper", recordsCountedInUnits),
  b2("b2-boundary-round-cut-skipped", "rewrite", cutAfterRoundSkipped),
  b2("b2-boundary-options-extra-key", "wrapper", boundaryOptionsExtraKeyRefused),
  b2("b2-fastpath-reserves-summary", "rewrite", fastPathReservesSummary),
  b2("b2-summary-not-shorter", "wrapper", summaryNotShorterRefused),
  b2("b2-async-no-constructor-retry", "rewrite", constructorRetryMissing),
  b2("b2-signal-instanceof", "wrapper", signalInstanceofAccepted),
  b2("b2-recordid-last-only", "rewrite", recordIdCheckedAgainstLastOnly),
];
