// The sixth blind set, writer C ("Quy"): three multi-mistake implementations written from the
// contract (docs/contract.md, docs/contract-decisions.md) and src/core alone: a rewrite of the
// reading of the caller's input (Quy's own snapshot reader in front of the core's checks), a
// wrapper (three conveniences over the exports: a text summary, results remembered by recordId,
// the summary's room taken out of the target) and a rewrite of compactContext with Quy's own
// record writer. Each mistake is a flag of the folder's compose.ts; with every flag off each
// folder answers as src/core on the checker's scenarios and limit cases.
import { compact, options, toolTranscript, user, users, usersInput } from "../_witness/fixtures";
import { sync } from "../_witness/observe";
import type { Implementation, Mistake } from "./types";

const built = () => "built";

// ---- b6m-quy-reader-holes-constructor ------------------------------------------------------

const holesSkipped: Mistake = {
  id: "holes-skipped",
  says:
    "The reader lists an array's items by its own indices (the property names that are indices), so a hole is never met: the array is copied without it, the items after it moved up, and the input is accepted, in every array it reads (the channels, an assistant's content, a record's compactedMessageIds, the arrays of tool-call arguments); every array must be a real array with an own data item at every index from 0 to length − 1, and a hole is refused with its channel's code (here CONTEXT_INVALID_TRANSCRIPT).",
  breaks: "§3 input rules (Arrays: an own data item at every index, no holes; each broken rule throws)",
  criterion: "immutable-snapshots-and-ceilings",
  witness: {
    call: "buildActiveContext({ messages: [user m0, <hole>, user m1] }) (a sparse array: index 1 missing, length 3)",
    run: (m) => sync(() => m.buildActiveContext({ messages: [user("m0"), , user("m1")] }), built),
    expected: { error: "CONTEXT_INVALID_TRANSCRIPT" },
  },
};

const plainByConstructor: Mistake = {
  id: "plain-by-constructor",
  says:
    "The reader tells a record (a plain object) by its constructor being Object, read as a property through the prototype chain, so an object whose prototype is another plain object (Object.create({ note: 1 }) with the message's fields) is taken as a plain record and copied, and the input is accepted; a record is plain when its prototype is Object.prototype or null, anything else is refused with its channel's code (here CONTEXT_INVALID_TRANSCRIPT), and its prototype is read without calling anything of the caller's.",
  breaks: "§3 input rules (Records: every record is a plain object, prototype Object.prototype or null; nothing of the caller's runs)",
  criterion: "immutable-snapshots-and-ceilings",
  witness: {
    call: "buildActiveContext({ messages: [Object.assign(Object.create({ note: 1 }), user m0)] }) (a user message whose prototype is a plain object, not Object.prototype)",
    run: (m) => sync(() => m.buildActiveContext({ messages: [Object.assign(Object.create({ note: 1 }), user("m0"))] }), built),
    expected: { error: "CONTEXT_INVALID_TRANSCRIPT" },
  },
};

// ---- b6m-quy-wrapper-textsummary-cache-reserve --------------------------------------------

const summaryTextAccepted: Mistake = {
  id: "summary-text-accepted",
  says:
    "A summary given as plain text (summary: 'earlier talk') is accepted and made into the record { id: 'summary', content: text }, by a helper every export that takes a context goes through (buildActiveContext, estimateContextUnits, selectCompactionBoundary, compactContext); the summary is a plain object { id, content } or null (or missing), and anything else is refused with CONTEXT_INVALID_INPUT.",
  breaks: "§3 (ActiveContext: summary is Summary | null; a record is a plain object; anything else about the input → CONTEXT_INVALID_INPUT)",
  criterion: "immutable-snapshots-and-ceilings",
  witness: {
    call: "buildActiveContext({ summary: 'earlier talk', messages: [user m0] })",
    run: (m) => sync(() => m.buildActiveContext({ summary: "earlier talk", messages: [user("m0")] }), built),
    expected: { error: "CONTEXT_INVALID_INPUT" },
  },
};

/** A long user message (106 units) followed by a short one (14 units). */
const longThenShort = (prefix: string, letter: string) => ({ messages: [user(`${prefix}0`, letter.repeat(100)), user(`${prefix}1`, letter.repeat(8))] });
/** Options under which both contexts of longThenShort are cut after their first message. */
const cutAfterFirst = () => options(() => "sum", { maxUnits: 60, targetUnits: 60, summaryMaxUnits: 20, retainRecentMessages: 1 });

const resultCachedByRecordId: Mistake = {
  id: "result-cached-by-recordid",
  says:
    "Each compaction is remembered by its recordId, and a later call with the same recordId is given the remembered result (the other context compacted, its record) without compacting the context passed in; recordId is the id of the one record appended to this context, and each call compacts the context it is given (a recordId already used by one of ITS records is refused with CONTEXT_INVALID_INPUT, any other is free).",
  breaks: "§7 steps 3 and 8 (the record appended to the context passed in; on success exactly one record is appended; recordId refused only when used by a record of the context)",
  criterion: "atomicity-and-one-record",
  witness: {
    call: "compactContext of { messages: a0 (100 x's), a1 } with recordId 'r', then compactContext of { messages: b0 (100 y's), b1 } with recordId 'r' too ({ maxUnits 60, targetUnits 60, summaryMaxUnits 20, retainRecentMessages 1, summaryId 's', summarizer → 'sum' }): the second call's result",
    run: async (m) => {
      await compact(m, longThenShort("a", "x"), cutAfterFirst());
      return compact(m, longThenShort("b", "y"), cutAfterFirst());
    },
    expected: {
      value: { status: "compacted", summary: { id: "s", content: "sum" }, kept: ["b1"], records: 1, record: { id: "r", summaryId: "s", boundary: 1, compactedMessageIds: ["b0"], unitsBefore: 120, unitsAfter: 23 } },
    },
  },
};

const summaryReservedTwice: Mistake = {
  id: "summary-reserved-twice",
  says:
    "summaryMaxUnits is taken out of targetUnits before the cut is looked for ('the target must also hold the summary'), by a helper selectCompactionBoundary and compactContext both use, so the summary's room is reserved twice (fixed = Σ requirements + summaryMaxUnits against targetUnits − summaryMaxUnits) and the walk cuts too late or finds no cut (and options whose targetUnits is below twice summaryMaxUnits fail the cross-check summaryMaxUnits <= targetUnits, CONTEXT_INVALID_BUDGET); the boundary fits Σ requirements + summaryMaxUnits + units(kept) <= targetUnits, the summary reserved once.",
  breaks: "§6 the answer, steps 2-3 (fixed = Σ requirements + summaryMaxUnits; a cut fits when fixed + units(messages after endIndex) <= targetUnits)",
  criterion: "boundary-selection",
  witness: {
    call: "selectCompactionBoundary({ messages: five users m0..m4 of 14 units }, { targetUnits 40, summaryMaxUnits 20, retainRecentMessages 1 }) (the cut after m3 fits: 20 + 14 <= 40)",
    run: (m) => sync(() => m.selectCompactionBoundary(usersInput(5), { targetUnits: 40, summaryMaxUnits: 20, retainRecentMessages: 1 })),
    expected: { value: 4 },
  },
};

// ---- b6m-quy-flow-record-units-groups -----------------------------------------------------

const recordUnitsUtf16: Mistake = {
  id: "record-units-utf16",
  says:
    "The record writer's own size helper measures every string by its length in UTF-16 code units, so the record's unitsBefore and unitsAfter count an astral character (an emoji) 2 wherever one stands in the old or the new context; units count Unicode code points (a surrogate pair counts 1), so unitsBefore is the units of the old context and unitsAfter those of the new one as §4 counts them (here unitsBefore 40, not 60).",
  breaks: "§7 step 8 (the record: unitsBefore = units of the old context, unitsAfter = units of the new one) with §4 (u(s) counts code points)",
  criterion: "atomicity-and-one-record",
  witness: {
    call: "compactContext({ messages: [user m0 of 20 emoji (26 units), user m1 (14 units)] }, { maxUnits 30, targetUnits 30, summaryMaxUnits 10, retainRecentMessages 1, summaryId 's', recordId 'r', summarizer → 'sum' }) (cut 1)",
    run: (m) => compact(m, { messages: [user("m0", "😀".repeat(20)), users(2)[1]] }, options(() => "sum", { maxUnits: 30, targetUnits: 30, summaryMaxUnits: 10 })),
    expected: {
      value: { status: "compacted", summary: { id: "s", content: "sum" }, kept: ["m1"], records: 1, record: { id: "r", summaryId: "s", boundary: 1, compactedMessageIds: ["m0"], unitsBefore: 40, unitsAfter: 23 } },
    },
  },
};

/** The course's failure experiment: the cut after the tool round (4) fits exactly. */
const experimentOptions = () => options(() => "sum", { maxUnits: 49, targetUnits: 49, summaryMaxUnits: 20, retainRecentMessages: 1 });

const recordBoundaryInGroups: Mistake = {
  id: "record-boundary-in-groups",
  says:
    "The record's boundary is written as the number of groups the cut took away, so wherever a tool round is compacted it is smaller than the number of messages compacted, the record does not match its compactedMessageIds, and the new context is refused (CONTEXT_INVALID_INPUT, after the summarizer ran); the record's boundary is the cut itself, the number of messages compacted (compactedMessageIds.length === boundary), here 4.",
  breaks: "§7 step 8 (the record { id, summaryId, boundary, compactedMessageIds, … }; §3: compactedMessageIds.length === boundary)",
  criterion: "atomicity-and-one-record",
  witness: {
    call: "compactContext(the course's failure experiment: old user, an assistant with two calls, their two results, recent user (29 units), { maxUnits 49, targetUnits 49, summaryMaxUnits 20, retainRecentMessages 1, summaryId 's', recordId 'r', summarizer → 'sum' }) (cut 4: two groups removed)",
    run: (m) => compact(m, { messages: toolTranscript() }, experimentOptions()),
    expected: {
      value: {
        status: "compacted",
        summary: { id: "s", content: "sum" },
        kept: ["recent-user"],
        records: 1,
        record: { id: "r", summaryId: "s", boundary: 4, compactedMessageIds: ["old-user", "tool-round", "result-a", "result-b"], unitsBefore: 194, unitsAfter: 38 },
      },
    },
  },
};

export const B6_QUY: readonly Implementation[] = [
  {
    id: "b6m-quy-reader-holes-constructor",
    form: "rewrite",
    mistakes: [holesSkipped, plainByConstructor],
    importsOutside: true,
    composable: true,
  },
  {
    id: "b6m-quy-wrapper-textsummary-cache-reserve",
    form: "wrapper",
    mistakes: [summaryTextAccepted, resultCachedByRecordId, summaryReservedTwice],
    importsOutside: true,
    composable: true,
  },
  {
    id: "b6m-quy-flow-record-units-groups",
    form: "rewrite",
    mistakes: [recordUnitsUtf16, recordBoundaryInGroups],
    importsOutside: true,
    composable: true,
  },
];

