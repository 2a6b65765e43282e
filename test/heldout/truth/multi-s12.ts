// The session-12 implementations (test/heldout/s12-*): two to four mistakes each, most of them
// new to the set, eight and more with two or three mistakes in one criterion. Written from the
// contract, src/core and the held-out set's own files alone (README: "Session 12"); every
// mistake is independent of the others of its implementation (witnesses.test.ts).
import * as A from "./async";
import * as C from "./cancellation";
import * as F from "./fastpath-summary";
import * as T from "./atomicity";
import { call, compact, options, result, text, user, users, usersInput, type Summarizer } from "../_witness/fixtures";
import { sync } from "../_witness/observe";
import type { Impl } from "../_kit/impl";
import type { Form, Implementation, Mistake } from "./types";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const built = () => "built";
const boundary = (target: number, summaryMax: number, retain: number) => ({ targetUnits: target, summaryMaxUnits: summaryMax, retainRecentMessages: retain });
/** An assistant with one call `c` of t with these arguments, and its empty result. */
const oneCall = (args: { [key: string]: Json }, callId = "c") => ({ messages: [call("a", [[callId, "t", args]]), result("r", callId, "t", "")] });
const groupsView = (groups: unknown) => (groups as { kind: string; startIndex: number; endIndex: number }[]).map((g) => [g.kind, g.startIndex, g.endIndex]);
const groupIds = (groups: unknown) => (groups as { messages: { id: string }[] }[]).map((g) => g.messages.map((m) => m.id));

/**
 * compactContext(4 users of 14) with summaryMaxUnits 10 (boundary 2, well before latest = 3,
 * so that no boundary mistake of the same implementation changes it), looking at the summary.
 */
const on = (m: Impl, summarizer: Summarizer, extra: Record<string, unknown> = {}) => compact(m, usersInput(4), options(summarizer, { summaryMaxUnits: 10, ...extra }), A.summaryOnly);

// --- units ----------------------------------------------------------------------------------

const utf16Units: Mistake = {
  id: "u-utf16-code-units",
  says: "u(s) is taken as s.length, which counts UTF-16 code units, so an emoji counts 2; u(s) is the number of code points (the focused case with '😀' costs 12).",
  breaks: "§4 (u(s) is the number of Unicode code points: a surrogate pair counts 1)",
  criterion: "units",
  witness: {
    call: "estimateContextUnits({ requirements: [{ id: 'r', content: 'AB' }], messages: [user u '😀'] })",
    run: (m) => sync(() => m.estimateContextUnits({ requirements: [{ id: "r", content: "AB" }], messages: [user("u", "😀")] })),
    expected: { value: 12 },
  },
};

const textBlockBaseMissing: Mistake = {
  id: "text-block-base-missing",
  says: "A text block is counted as u(text) alone; it costs 2 + u(text).",
  breaks: "§4 (text block = 2 + u(text))",
  criterion: "units",
  witness: {
    call: "estimateContextUnits({ messages: [assistant a with the text block 'a'] }) (4 + 1 + 2 + 1)",
    run: (m) => sync(() => m.estimateContextUnits({ messages: [text("a", "a")] })),
    expected: { value: 8 },
  },
};

const arraySeparatorMissing: Mistake = {
  id: "array-item-separator-missing",
  says: "J(array) adds up J(item) without the 1 of each item; it is 2 + Σ (1 + J(item)).",
  breaks: "§4 (J(array) = 2 + Σ (1 + J(item)))",
  criterion: "units",
  witness: {
    call: "estimateContextUnits of a call of t with arguments { a: [1] } and its result, minus the same with { a: [] } (J([1]) - J([]) = 3)",
    run: (m) => sync(() => m.estimateContextUnits(oneCall({ a: [1] })) - m.estimateContextUnits(oneCall({ a: [] }))),
    expected: { value: 3 },
  },
};

const jsonStringNoQuote: Mistake = {
  id: "json-string-no-quote",
  says: "A string inside tool-call arguments is counted u(s); J(string) is 1 + u(s).",
  breaks: "§4 (J(string) = 1 + u(s))",
  criterion: "units",
  witness: {
    call: "estimateContextUnits of a call of t with arguments { s: 'ab' } and its result, minus the same with { s: null } (J('ab') - J(null) = 2)",
    run: (m) => sync(() => m.estimateContextUnits(oneCall({ s: "ab" })) - m.estimateContextUnits(oneCall({ s: null }))),
    expected: { value: 2 },
  },
};

const toolCallIdNotCounted: Mistake = {
  id: "tool-call-id-not-counted",
  says: "A tool-call block is counted without u(id) of the call; it is 6 + u(id) + u(name) + J(arguments).",
  breaks: "§4 (tool-call block = 6 + u(id) + u(name) + J(arguments))",
  criterion: "units",
  witness: {
    call: "estimateContextUnits of a call 'call-1' of t and its result, minus the same with the call id 'c' (5 more code points in the call and in the result's toolCallId: 10)",
    run: (m) => sync(() => m.estimateContextUnits(oneCall({}, "call-1")) - m.estimateContextUnits(oneCall({}, "c"))),
    expected: { value: 10 },
  },
};

// --- reading --------------------------------------------------------------------------------

const nullPrototypeRefused: Mistake = {
  id: "null-prototype-refused",
  says: "A record whose prototype is null is refused as not plain; a plain object has the prototype Object.prototype or null.",
  breaks: "§3 input rules (every record is a plain object: prototype Object.prototype or null)",
  criterion: "immutable-snapshots-and-ceilings",
  witness: {
    call: "buildActiveContext(Object.assign(Object.create(null), { messages: [user u] }))",
    run: (m) => sync(() => m.buildActiveContext(Object.assign(Object.create(null) as object, { messages: [user("u")] })), built),
    expected: { value: "built" },
  },
};

const nonAdjacentResultRefused: Mistake = {
  id: "non-adjacent-result-refused",
  says: "A tool result separated from its call by another message is refused; a result need not be adjacent to its call, it only has to come later and name the call.",
  breaks: "§2 transcript (a result need not be adjacent to its call)",
  criterion: "immutable-snapshots-and-ceilings",
  witness: {
    call: "buildActiveContext({ messages: [assistant calling c, user, result of c] })",
    run: (m) => sync(() => m.buildActiveContext({ messages: [call("a", [["c", "t"]]), user("u"), result("r", "c", "t")] }), built),
    expected: { value: "built" },
  },
};

const whitespaceIdAccepted: Mistake = {
  id: "whitespace-id-accepted",
  says: "A message id is checked with id.length > 0, so an id of only whitespace is accepted; ids must be non-empty, s.trim().length > 0 (CONTEXT_INVALID_TRANSCRIPT).",
  breaks: "§2 (message ids must be non-empty: s.trim().length > 0)",
  criterion: "immutable-snapshots-and-ceilings",
  witness: {
    call: "buildActiveContext({ messages: [{ id: '  ', role: 'user', content: 'u' }] })",
    run: (m) => sync(() => m.buildActiveContext({ messages: [user("  ")] }), built),
    expected: { error: "CONTEXT_INVALID_TRANSCRIPT" },
  },
};

const duplicateRequirementIdAccepted: Mistake = {
  id: "duplicate-requirement-id-accepted",
  says: "Requirement ids are never compared, so two requirements with the same id are accepted; requirement ids are unique (CONTEXT_INVALID_INPUT).",
  breaks: "§3 (Requirement ids unique; a duplicate requirement id → CONTEXT_INVALID_INPUT)",
  criterion: "immutable-snapshots-and-ceilings",
  witness: {
    call: "buildActiveContext({ requirements: [{ id: 'r', content: 'a' }, { id: 'r', content: 'b' }] })",
    run: (m) => sync(() => m.buildActiveContext({ requirements: [{ id: "r", content: "a" }, { id: "r", content: "b" }] }), built),
    expected: { error: "CONTEXT_INVALID_INPUT" },
  },
};

// --- options --------------------------------------------------------------------------------

const retainZeroRefused: Mistake = {
  id: "retain-zero-refused",
  says: "retainRecentMessages: 0 is refused with CONTEXT_INVALID_BUDGET; 0 is allowed (retainRecentMessages >= 0).",
  breaks: "§6 options (retainRecentMessages >= 0 and <= 4096)",
  criterion: "boundary-selection",
  witness: {
    call: "selectCompactionBoundary(4 users, { targetUnits: 40, summaryMaxUnits: 20, retainRecentMessages: 0 })",
    run: (m) => sync(() => m.selectCompactionBoundary(usersInput(4), boundary(40, 20, 0))),
    expected: { value: 3 },
  },
};

const summaryMaxZeroAccepted: Mistake = {
  id: "summarymax-zero-accepted",
  says: "summaryMaxUnits: 0 is accepted; it must be at least 1, else CONTEXT_INVALID_BUDGET.",
  breaks: "§6 options (summaryMaxUnits >= 1)",
  criterion: "boundary-selection",
  witness: {
    call: "selectCompactionBoundary(4 users, { targetUnits: 40, summaryMaxUnits: 0, retainRecentMessages: 1 })",
    run: (m) => sync(() => m.selectCompactionBoundary(usersInput(4), boundary(40, 0, 1))),
    expected: { error: "CONTEXT_INVALID_BUDGET" },
  },
};

const targetFractionFloored: Mistake = {
  id: "target-fraction-floored",
  says: "A fractional targetUnits is rounded down and used; each budget must be a safe integer, else CONTEXT_INVALID_BUDGET.",
  breaks: "§6 options (each field must be a safe integer)",
  criterion: "boundary-selection",
  witness: {
    call: "selectCompactionBoundary(4 users, { targetUnits: 40.5, summaryMaxUnits: 20, retainRecentMessages: 1 })",
    run: (m) => sync(() => m.selectCompactionBoundary(usersInput(4), boundary(40.5, 20, 1))),
    expected: { error: "CONTEXT_INVALID_BUDGET" },
  },
};

const maxUnitsBelowTargetAccepted: Mistake = {
  id: "maxunits-below-target-accepted",
  says: "maxUnits is not compared with targetUnits, so a maxUnits below targetUnits is accepted; targetUnits <= maxUnits must hold, else CONTEXT_INVALID_BUDGET.",
  breaks: "§7 options (maxUnits: targetUnits <= maxUnits)",
  criterion: "unchanged-fast-path",
  witness: {
    call: "compactContext(2 users = 28 units, { maxUnits: 30, targetUnits: 40, summaryMaxUnits: 20, … })",
    run: (m) => compact(m, usersInput(2), options(() => "sum", { maxUnits: 30 })),
    expected: { error: "CONTEXT_INVALID_BUDGET" },
  },
};

const summarizerCheckedByCalling: Mistake = {
  id: "summarizer-checked-by-calling",
  says: "options.summarizer is never checked, only called, so a summarizer that is not a function fails as CONTEXT_SUMMARIZER_FAILED (or is not noticed when nothing is compacted); it must be a function, else CONTEXT_INVALID_INPUT while the options are checked.",
  breaks: "§7 options (summarizer: a function, otherwise CONTEXT_INVALID_INPUT); step 1",
  criterion: "summary-validation",
  witness: {
    call: "compactContext(4 users, { …, summarizer: 'summarize' })",
    run: (m) => compact(m, usersInput(4), options("summarize" as unknown as Summarizer)),
    expected: { error: "CONTEXT_INVALID_INPUT" },
  },
};

// --- boundary and grouping ------------------------------------------------------------------

const latestOffByOne: Mistake = {
  id: "latest-off-by-one",
  says: "A group that ends exactly at latest is refused, so one message more than retainRecentMessages is always kept; a cut is refused only when the group's endIndex > latest.",
  breaks: "§6 (if its endIndex > latest, the answer is null)",
  criterion: "boundary-selection",
  witness: {
    call: "selectCompactionBoundary(5 users of 14, { targetUnits: 48, summaryMaxUnits: 20, retainRecentMessages: 2 }) (latest = 3, the cut at 3 fits exactly)",
    run: (m) => sync(() => m.selectCompactionBoundary(usersInput(5), boundary(48, 20, 2))),
    expected: { value: 3 },
  },
};

const latestCutChosen: Mistake = {
  id: "latest-cut-chosen",
  says: "The latest cut that fits is chosen (compacting as much as allowed); the answer is the earliest whole-group cut that fits.",
  breaks: "§6 (walk the groups oldest first; the first endIndex that fits is the answer)",
  criterion: "boundary-selection",
  witness: {
    call: "selectCompactionBoundary(4 users of 14, { targetUnits: 40, summaryMaxUnits: 1, retainRecentMessages: 0 }) (cuts 2, 3 and 4 fit)",
    run: (m) => sync(() => m.selectCompactionBoundary(usersInput(4), boundary(40, 1, 0))),
    expected: { value: 2 },
  },
};

const overlapNotMerged: Mistake = {
  id: "overlap-not-merged",
  says: "A toolRound ends at the last result of the assistant that opened it, even when a later assistant inside it has a result further on; intervals that overlap merge into one group running to the furthest end.",
  breaks: "§5 (intervals that overlap (or nest) merge into one toolRound)",
  criterion: "grouping",
  witness: {
    call: "groupToolRounds([assistant calls c1, assistant calls c2, result c1, result c2]) → the ids of each group",
    run: (m) => sync(() => m.groupToolRounds([call("a0", [["c1", "t"]]), call("a1", [["c2", "t"]]), result("r2", "c1", "t"), result("r3", "c2", "t")]), groupIds),
    expected: { value: [["a0", "a1", "r2", "r3"]] },
  },
};

const endIndexInclusive: Mistake = {
  id: "end-index-inclusive",
  says: "A group's endIndex is given as the index of its last message; endIndex is exclusive (a one-message group at 0 has endIndex 1).",
  breaks: "§5 (groups { kind, startIndex, endIndex /* exclusive */, messages })",
  criterion: "grouping",
  witness: {
    call: "groupToolRounds([user u0, user u1])",
    run: (m) => sync(() => m.groupToolRounds([user("u0"), user("u1")]), groupsView),
    expected: { value: [["message", 0, 1], ["message", 1, 2]] },
  },
};

// --- cancellation ---------------------------------------------------------------------------

const freshSignalPassed: Mistake = {
  id: "summarizer-gets-fresh-signal",
  says: "The summarizer gets a signal of the implementation's own instead of the caller's; its second argument is the caller's signal itself.",
  breaks: "§7 step 4 (the second argument is the caller's signal itself)",
  criterion: "cancellation",
  witness: {
    call: "compactContext(4 users, { signal, summaryMaxUnits: 10, … }) with a summarizer that looks at whether its second argument is the signal",
    run: async (m) => {
      const controller = new AbortController();
      let same: boolean | null = null;
      await on(
        m,
        (_request, second) => {
          same = second === controller.signal;
          return "sum";
        },
        { signal: controller.signal },
      );
      return { same };
    },
    expected: { same: true },
  },
};

const cancelResolvesUnchanged: Mistake = {
  id: "cancel-resolves-unchanged",
  says: "A cancelled compaction resolves with the context unchanged; it must reject with CONTEXT_CANCELLED.",
  breaks: "§7 step 3 (signal already aborted → CONTEXT_CANCELLED; a failing step rejects)",
  criterion: "cancellation",
  witness: {
    call: "compactContext(4 users, { signal: an aborted signal, … })",
    run: (m) => {
      const controller = new AbortController();
      controller.abort();
      return on(m, () => "sum", { signal: controller.signal });
    },
    expected: { error: "CONTEXT_CANCELLED" },
  },
};

// --- async observation ----------------------------------------------------------------------

const thenReadTwice: Mistake = {
  id: "then-read-twice",
  says: "The summary value's then is read once to test it and once more to call it; then is read exactly once.",
  breaks: "§7 step 5 (any other object or function: read then once)",
  criterion: "async-observation",
  witness: {
    call: "compactContext(4 users, { summaryMaxUnits: 10, … }) with a summarizer returning an object whose then getter (counting its reads) gives a then delivering 'sum'",
    run: async (m) => {
      let reads = 0;
      const thenable = {
        get then() {
          reads++;
          return (resolve: (v: unknown) => void) => resolve("sum");
        },
      };
      const outcome = await on(m, () => thenable);
      return { outcome, reads };
    },
    expected: { outcome: A.compactedWith("sum"), reads: 1 },
  },
};

const functionThenableIgnored: Mistake = {
  id: "function-thenable-ignored",
  says: "A then is looked for only on objects, so a function with a callable then is taken as the value itself (CONTEXT_SUMMARY_INVALID); a function is observed like any other object: its then is called and its settlement adopted.",
  breaks: "§7 step 5 (any other object or function: read then once; call it)",
  criterion: "async-observation",
  witness: {
    call: "compactContext(4 users, { summaryMaxUnits: 10, … }) with a summarizer returning a function whose then delivers 'sum'",
    run: (m) => on(m, () => Object.assign(() => "function", { then: (resolve: (v: unknown) => void) => resolve("sum") })),
    expected: A.compactedWith("sum"),
  },
};

// --- the record and the summary -------------------------------------------------------------

const previousRecord = { id: "r0", summaryId: "s0", boundary: 1, compactedMessageIds: ["x"], unitsBefore: 1, unitsAfter: 1 };

const oldRecordsDropped: Mistake = {
  id: "old-records-dropped",
  says: "The new context's compactions hold only the new record; the old records are kept and the new one appended ([...old, record]).",
  breaks: "§7 step 8 (compactions: [...old, record]); on success exactly one record is appended",
  criterion: "atomicity-and-one-record",
  witness: {
    call: "compactContext({ 4 users, one record r0 }, { summaryMaxUnits: 10, recordId: 'r', … }) → the ids of result.context.compactions",
    run: (m) =>
      compact(m, { messages: users(4), compactions: [previousRecord] }, options(() => "sum", { summaryMaxUnits: 10 }), (value) => ({
        records: (value as { context: { compactions: { id: string }[] } }).context.compactions.map((r) => r.id),
      })),
    expected: { value: { records: ["r0", "r"] } },
  },
};

const summaryAppendedToPrevious: Mistake = {
  id: "summary-appended-to-previous",
  says: "The new summary's content is the previous summary's content followed by the new text; the new summary is { id: summaryId, content: text }, the text as the summarizer gave it (the previous summary was in the request).",
  breaks: "§7 step 8 (the new context's summary: { id: summaryId, content: text })",
  criterion: "atomicity-and-one-record",
  witness: {
    call: "compactContext({ summary { old, prev }, 4 users }, { summaryMaxUnits: 10, … }) with the summary 'sum' → result.context.summary",
    run: (m) => compact(m, { summary: { id: "old", content: "prev" }, messages: users(4) }, options(() => "sum", { summaryMaxUnits: 10 }), A.summaryOnly),
    expected: A.compactedWith("sum"),
  },
};

const summaryTrimmedStored: Mistake = {
  id: "summary-trimmed-stored",
  says: "The summary is stored trimmed; the new summary's content is the text exactly as the summarizer returned it.",
  breaks: "§7 step 8 (summary: { id: summaryId, content: text })",
  criterion: "summary-validation",
  witness: {
    call: "compactContext(4 users, { summaryMaxUnits: 12, … }) with the summary ' sum ' (11 units)",
    run: (m) => on(m, () => " sum ", { summaryMaxUnits: 12 }),
    expected: A.compactedWith(" sum "),
  },
};

const boxedStringAccepted: Mistake = {
  id: "boxed-string-accepted",
  says: "A String object (new String('sum')) is accepted as the summary text; a value that is not a primitive string is CONTEXT_SUMMARY_INVALID.",
  breaks: "§7 step 6 (not a string → CONTEXT_SUMMARY_INVALID)",
  criterion: "summary-validation",
  witness: {
    call: "compactContext(4 users, { summaryMaxUnits: 10, … }) with a summarizer returning new String('sum')",
    run: (m) => on(m, () => new String("sum")),
    expected: { error: "CONTEXT_SUMMARY_INVALID" },
  },
};

/** Every s12 implementation is a rewrite or wrapper over the reference and the kit, and composable. */
const s12 = (id: string, form: Form, mistakes: readonly Mistake[]): Implementation => ({ id, form, mistakes, importsOutside: true, composable: true });

export const S12: readonly Implementation[] = [
  // two or three mistakes in one criterion
  s12("s12-units-emoji-textblock", "rewrite", [utf16Units, textBlockBaseMissing]),
  s12("s12-units-json-shapes", "rewrite", [arraySeparatorMissing, jsonStringNoQuote, toolCallIdNotCounted]),
  s12("s12-reading-nullproto-adjacent", "wrapper", [nullPrototypeRefused, nonAdjacentResultRefused]),
  s12("s12-reading-blank-id-duplicate-requirement", "wrapper", [whitespaceIdAccepted, duplicateRequirementIdAccepted]),
  s12("s12-options-retain-summarymax-fraction", "rewrite", [retainZeroRefused, summaryMaxZeroAccepted, targetFractionFloored]),
  s12("s12-options-maxunits-summarizer", "rewrite", [maxUnitsBelowTargetAccepted, F.maxUnitsNoUpperBound, summarizerCheckedByCalling]),
  s12("s12-boundary-latest-cut", "rewrite", [latestOffByOne, latestCutChosen]),
  s12("s12-grouping-overlap-inclusive", "rewrite", [overlapNotMerged, endIndexInclusive]),
  s12("s12-cancel-fresh-unchanged-duck", "wrapper", [freshSignalPassed, cancelResolvesUnchanged, C.duckTypedSignal]),
  s12("s12-async-then-twice-function-forged", "wrapper", [thenReadTwice, functionThenableIgnored, A.forgedErrorCode]),
  s12("s12-records-dropped-appended", "wrapper", [oldRecordsDropped, summaryAppendedToPrevious, T.unitsBeforeMessagesOnly]),
  s12("s12-summary-trimmed-boxed-signal", "wrapper", [summaryTrimmedStored, boxedStringAccepted, freshSignalPassed]),
  // mistakes in different criteria
  s12("s12-mixed-four", "wrapper", [nullPrototypeRefused, latestOffByOne, thenReadTwice, oldRecordsDropped]),
];

