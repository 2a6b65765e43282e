// The fourth blind set, writer A ("Ivy"): three multi-mistake implementations written from the
// contract (test/heldout/b4m-ivy-*/), with their planted mistakes as ground truth. Each mistake is
// a flag of its folder's compose.ts; with every flag off each folder answers as src/core on the
// checker's scenarios.
import { call, compact, options, result, text, toolTranscript, user, users, usersInput } from "../_witness/fixtures";
import { sync, view, type Outcome } from "../_witness/observe";
import type { Implementation, Mistake } from "./types";

/** A compacted result as these witnesses compare it: status, the kept ids, the new summary and the record. */
const compacted = (value: unknown): Outcome => {
  const r = value as {
    status: string;
    context: { summary: unknown; messages: { id: string }[]; compactions: unknown[] };
    record: unknown;
  };
  return { status: r.status, summary: view(r.context.summary), kept: r.context.messages.map((m) => m.id), records: r.context.compactions.length, record: view(r.record) };
};

// b4m-ivy-flow-summary-budget-keeps-previous (rewrite: Ivy's own compactContext)

const summaryBudgetCountsRequirements: Mistake = {
  id: "summary-budget-counts-requirements",
  says:
    "The new summary is held to summaryMaxUnits together with the requirements (Σ requirements + 5 + u(summaryId) + u(text) > summaryMaxUnits is refused), so with a requirement of 6 units a summary of exactly 20 units and summaryMaxUnits 20 is refused with CONTEXT_SUMMARY_INSUFFICIENT; summaryMaxUnits bounds the summary alone, 5 + u(summaryId) + u(text) (the requirements are counted against targetUnits, beside it).",
  breaks: "§7 step 6 (5 + u(summaryId) + u(text) > summaryMaxUnits → CONTEXT_SUMMARY_INSUFFICIENT; nothing else is counted there)",
  criterion: "summary-validation",
  witness: {
    call:
      "compactContext({ requirements: [{ r, AB }], 4 users of 14 units }, { maxUnits: 40, targetUnits: 40, summaryMaxUnits: 20, retainRecentMessages: 1, summaryId: 's' }) with a summary of 14 'x' (5 + 1 + 14 = 20 units)",
    run: (m) =>
      compact(m, { requirements: [{ id: "r", content: "AB" }], messages: users(4) }, options(() => "x".repeat(14)), compacted),
    expected: {
      value: {
        status: "compacted",
        summary: { id: "s", content: "xxxxxxxxxxxxxx" },
        kept: ["m3"],
        records: 1,
        record: { id: "r", summaryId: "s", boundary: 3, compactedMessageIds: ["m0", "m1", "m2"], unitsBefore: 62, unitsAfter: 40 },
      },
    },
  },
};

const emptySummaryKeepsPrevious: Mistake = {
  id: "empty-summary-keeps-previous",
  says:
    "A summarizer that gives no summary (null, undefined, or a text that is only whitespace) is taken to have nothing new to say, and the context's current summary is kept as the new summary's text, so compacting a context that has a summary with a summarizer returning '' succeeds; a value that is not a string is CONTEXT_SUMMARY_INVALID and a text that is only whitespace CONTEXT_SUMMARY_INSUFFICIENT, whatever summary the context had.",
  breaks: "§7 step 6 (not a string → CONTEXT_SUMMARY_INVALID; only whitespace → CONTEXT_SUMMARY_INSUFFICIENT)",
  criterion: "summary-validation",
  witness: {
    call:
      "compactContext({ summary: { old, 'earlier talk' }, 4 users of 14 units }, { maxUnits: 40, targetUnits: 40, summaryMaxUnits: 20, retainRecentMessages: 1 }) with a summarizer returning ''",
    run: (m) => compact(m, { summary: { id: "old", content: "earlier talk" }, messages: users(4) }, options(() => ""), compacted),
    expected: { error: "CONTEXT_SUMMARY_INSUFFICIENT" },
  },
};

// b4m-ivy-estimator-walk-resultids (rewrite: Ivy's own pricing, cut and compactContext)

const invisibleCharactersFree: Mistake = {
  id: "invisible-characters-free",
  says:
    "u(s) leaves out the characters that take no room on screen (zero-width space U+200B, the joiners U+200C and U+200D, the word joiner U+2060, the byte-order mark U+FEFF), so a user message { u, 'hello\\u200bworld' } costs 15; u(s) is the number of Unicode code points, every one of them counted (4 + 1 + 11 = 16).",
  breaks: "§4 (u(s) is the number of Unicode code points of s)",
  criterion: "units",
  witness: {
    call: "estimateContextUnits({ messages: [user { u, 'hello\\u200bworld' }] })",
    run: (m) => sync(() => m.estimateContextUnits({ messages: [user("u", "hello\u200bworld")] })),
    expected: { value: 16 },
  },
};

const groupPricedByFirstMessage: Mistake = {
  id: "group-priced-by-first-message",
  says:
    "The walk takes a removed group off the kept units at the price of its first message only, so after a tool round is removed its results are still counted as kept and the cut right after the round is found not to fit (in the course's failure experiment the answer is null); after removing each whole group, the kept units are those of every message after its endIndex.",
  breaks: "§6 The answer, step 3 (after removing each whole group: fixed + units(messages after endIndex) <= targetUnits → endIndex)",
  criterion: "boundary-selection",
  witness: {
    call:
      "selectCompactionBoundary(the course's failure experiment: old user, an assistant calling read twice, both results, recent user; { targetUnits: units of message 4 + 20, summaryMaxUnits: 20, retainRecentMessages: 1 })",
    run: (m) => {
      const messages = toolTranscript();
      // recent-user: 4 + u('recent-user') + u('Now summarize.') = 4 + 11 + 14 = 29
      return sync(() => m.selectCompactionBoundary({ messages }, { targetUnits: 29 + 20, summaryMaxUnits: 20, retainRecentMessages: 1 }));
    },
    expected: { value: 4 },
  },
};

const resultListedByCallId: Mistake = {
  id: "result-listed-by-call-id",
  says:
    "A compacted tool result is listed in the record's compactedMessageIds by the toolCallId it answers instead of its own id, so compacting an assistant a1 calling c1 and its result r1 records ['a1', 'c1']; compactedMessageIds are the ids of the prefix's messages, in order (['a1', 'r1']).",
  breaks: "§7 step 8 (compactedMessageIds: the ids of the prefix, in order)",
  criterion: "atomicity-and-one-record",
  witness: {
    call:
      "compactContext([assistant a1 calling read { path: 'notes.txt' } as c1, its result r1, users m2, m3], { maxUnits: 56, targetUnits: 56, summaryMaxUnits: 10, retainRecentMessages: 1, summaryId: 's', recordId: 'r' }) with the summary 'sum' (the cut after the round fits: 10 + 28 <= 56)",
    run: (m) =>
      compact(
        m,
        { messages: [call("a1", [["c1", "read", { path: "notes.txt" }]]), result("r1", "c1", "read", "ok"), user("m2", "xxxxxxxx"), user("m3", "xxxxxxxx")] },
        options(() => "sum", { maxUnits: 56, targetUnits: 56, summaryMaxUnits: 10 }),
        compacted,
      ),
    expected: {
      value: {
        status: "compacted",
        summary: { id: "s", content: "sum" },
        kept: ["m2", "m3"],
        records: 1,
        record: { id: "r", summaryId: "s", boundary: 2, compactedMessageIds: ["a1", "r1"], unitsBefore: 80, unitsAfter: 37 },
      },
    },
  },
};

// b4m-ivy-wrapper-retain-turns (wrapper: Ivy's layer over selectCompactionBoundary and compactContext)

const retainDroppedWhenNoCut: Mistake = {
  id: "retain-dropped-when-no-cut",
  says:
    "When no cut leaves retainRecentMessages messages, the boundary is looked for again with retainRecentMessages 0 (keeping the recent messages taken as a wish), so compactContext compacts 4 users with retainRecentMessages 4 instead of refusing; a cut that leaves fewer than retainRecentMessages messages is never taken: with none left the answer is null and compactContext rejects with CONTEXT_BOUNDARY_UNAVAILABLE without calling the summarizer.",
  breaks: "§6 The answer, steps 1 and 3 (latest = messages.length - retainRecentMessages; a group ending past latest → null); §7 step 3 (no boundary → CONTEXT_BOUNDARY_UNAVAILABLE)",
  criterion: "boundary-selection",
  witness: {
    call: "compactContext(4 users of 14 units, { maxUnits: 40, targetUnits: 40, summaryMaxUnits: 20, retainRecentMessages: 4 }) with the summary 'sum'",
    run: (m) => compact(m, usersInput(4), options(() => "sum", { retainRecentMessages: 4 }), compacted),
    expected: { error: "CONTEXT_BOUNDARY_UNAVAILABLE" },
  },
};

const cutMovedToUserTurn: Mistake = {
  id: "cut-moved-to-user-turn",
  says:
    "selectCompactionBoundary moves the earliest cut that fits on to the next group that opens with a user message (so that the kept conversation starts with the user's turn), as far as latest allows, so [user m0, assistant a1, user m2, user m3] with a cut after m0 that fits is answered 2; the answer is the earliest whole-group cut that fits (1), whatever message comes after it.",
  breaks: "§6 The answer, step 3 (the first group whose removal fits gives the answer: its endIndex)",
  criterion: "boundary-selection",
  witness: {
    call:
      "selectCompactionBoundary([user m0 (14 units), assistant a1 with one text block (16), user m2 (14), user m3 (14)], { targetUnits: 54, summaryMaxUnits: 10, retainRecentMessages: 1 })",
    run: (m) =>
      sync(() =>
        m.selectCompactionBoundary(
          { messages: [user("m0", "xxxxxxxx"), text("a1", "xxxxxxxx"), user("m2", "xxxxxxxx"), user("m3", "xxxxxxxx")] },
          { targetUnits: 54, summaryMaxUnits: 10, retainRecentMessages: 1 },
        ),
      ),
    expected: { value: 1 },
  },
};

export const B4_IVY: readonly Implementation[] = [
  {
    id: "b4m-ivy-flow-summary-budget-keeps-previous",
    form: "rewrite",
    mistakes: [summaryBudgetCountsRequirements, emptySummaryKeepsPrevious],
    importsOutside: true,
    composable: true,
  },
  {
    id: "b4m-ivy-estimator-walk-resultids",
    form: "rewrite",
    mistakes: [invisibleCharactersFree, groupPricedByFirstMessage, resultListedByCallId],
    importsOutside: true,
    composable: true,
  },
  {
    id: "b4m-ivy-wrapper-retain-turns",
    form: "wrapper",
    mistakes: [retainDroppedWhenNoCut, cutMovedToUserTurn],
    importsOutside: true,
    composable: true,
  },
];
