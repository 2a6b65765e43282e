// The eighth blind set, writer B ("Vic"): three several-mistake implementations (a rewrite of the
// compaction flow with his own walk; a wrapper around compactContext; a rewrite of the pricer and the
// cut), written from the contract alone, with their planted mistakes as ground truth. Each mistake is
// a flag of its folder's compose.ts; with every flag off each folder answers as src/core on the
// checker's scenarios.
import { call, compact, options, result, user, users, usersInput } from "../_witness/fixtures";
import { sync, type Outcome } from "../_witness/observe";
import type { Implementation, Mistake } from "./types";

/** A compacted result as these witnesses compare it: status, kept ids, the record's boundary and ids. */
const cutView = (value: unknown): Outcome => {
  const r = value as { status: string; context: { messages: { id: string }[] }; record: { boundary: number; compactedMessageIds: string[] } | null };
  return {
    status: r.status,
    kept: r.context.messages.map((x) => x.id),
    boundary: r.record === null ? null : r.record.boundary,
    compacted: r.record === null ? null : [...r.record.compactedMessageIds],
  };
};

// ---------------------------------------------------------------------------------------------
// b8m-vic-rewrite1 (rewrite: his own compactContext flow and boundary walk, over src/core)

const cutRewalkedWithSummaryUnits: Mistake = {
  id: "cut-rewalked-with-summary-units",
  says:
    "Once the summary has come back and passed its checks, the cut is looked for again with the summary's own units (5 + u(summaryId) + u(text)) in place of summaryMaxUnits, and the context is cut there: a small summary moves the cut earlier, so the new context keeps messages that the summarizer was given to summarize, and the record's boundary and compactedMessageIds no longer match request.messages. The boundary is found once, before the call, with summaryMaxUnits reserved (§6: fixed = Σ requirements + summaryMaxUnits); the request's prefix, the retained suffix messages.slice(boundary) and the record all use that one boundary.",
  breaks: "§6 (fixed = Σ requirements + summaryMaxUnits) and §7 steps 4, 7 and 8 (one boundary: the request's prefix, the retained suffix messages.slice(boundary), the record's boundary)",
  criterion: "boundary-selection",
  witness: {
    call:
      "compactContext(users m0..m5 of 14 units, { maxUnits: 50, targetUnits: 50, summaryMaxUnits: 30, retainRecentMessages: 1, summaryId: 's', recordId: 'r' }) with the summary 'sum' (9 units): the cut is 5 (30 + 14 <= 50), though with 9 reserved the cut 4 would fit",
    run: (m) => compact(m, { messages: users(6) }, options(() => "sum", { maxUnits: 50, targetUnits: 50, summaryMaxUnits: 30 }), cutView),
    expected: { value: { status: "compacted", kept: ["m5"], boundary: 5, compacted: ["m0", "m1", "m2", "m3", "m4"] } },
  },
};

const boundaryReadsCompactOptions: Mistake = {
  id: "boundary-reads-compact-options",
  says:
    "selectCompactionBoundary reads its options with the same reader as compactContext, so it also demands maxUnits, summaryId, recordId and a summarizer, and refuses the three options of §6 alone ({ targetUnits, summaryMaxUnits, retainRecentMessages }) with CONTEXT_INVALID_INPUT; selectCompactionBoundary's options are those three fields only (§6), and with them valid it answers the cut.",
  breaks: "§6 (selectCompactionBoundary(context, { targetUnits, summaryMaxUnits, retainRecentMessages }); options: a plain object whose three fields are own data properties)",
  criterion: "boundary-selection",
  witness: {
    call: "selectCompactionBoundary(users m0..m3 of 14 units, { targetUnits: 40, summaryMaxUnits: 20, retainRecentMessages: 1 })",
    run: (m) => sync(() => m.selectCompactionBoundary(usersInput(4), { targetUnits: 40, summaryMaxUnits: 20, retainRecentMessages: 1 })),
    expected: { value: 3 },
  },
};

// ---------------------------------------------------------------------------------------------
// b8m-vic-wrapper2 (wrapper: his layer around src/core's compactContext)

const noCutAsInvalidBudget: Mistake = {
  id: "no-cut-as-invalid-budget",
  says:
    "When no whole-group cut qualifies, compactContext rejects with CONTEXT_INVALID_BUDGET ('the budgets cannot be met'), not CONTEXT_BOUNDARY_UNAVAILABLE; the options are valid, and a missing boundary (§6's answer null: nothing fits, or nothing may be cut past retainRecentMessages) is CONTEXT_BOUNDARY_UNAVAILABLE, CONTEXT_INVALID_BUDGET being kept for an option out of its range or a failed cross-check.",
  breaks: "§7 step 3 (if there is no boundary (§6) → CONTEXT_BOUNDARY_UNAVAILABLE); §6 and §7 (CONTEXT_INVALID_BUDGET only for a bad option)",
  criterion: "boundary-selection",
  witness: {
    call: "compactContext(users m0..m3 of 14 units, { maxUnits: 40, targetUnits: 40, summaryMaxUnits: 20, retainRecentMessages: 4, summaryId: 's', recordId: 'r' }) (56 units, nothing may be cut)",
    run: (m) => compact(m, usersInput(4), options(() => "sum", { retainRecentMessages: 4 })),
    expected: { error: "CONTEXT_BOUNDARY_UNAVAILABLE" },
  },
};

const keptMustOpenWithUser: Mistake = {
  id: "kept-must-open-with-user",
  says:
    "The retained suffix is held to a rule of the student's own, that a transcript opens with a user message, so a compaction whose kept messages start with an assistant's message (the cut after a user turn) is refused with CONTEXT_INVALID_TRANSCRIPT after the summarizer ran; step 7 only asks that messages.slice(boundary) validate as a transcript (§2: well-formed messages, unique call ids, each call answered once by a later result with its name), and any whole-group cut gives one, whatever role comes first.",
  breaks: "§7 step 7 (the retained suffix must validate as a transcript); §2 (a valid transcript: no rule on the role of its first message)",
  criterion: "summary-validation",
  witness: {
    call:
      "compactContext([user m0, user m1 (14 units each), assistant a2 with the text 'xxxxxxxx' (16), user m3 (14)], { maxUnits: 50, targetUnits: 50, summaryMaxUnits: 20, retainRecentMessages: 2, summaryId: 's', recordId: 'r' }) (the cut is 2; the kept messages open with a2)",
    run: (m) =>
      compact(
        m,
        { messages: [user("m0", "xxxxxxxx"), user("m1", "xxxxxxxx"), { id: "a2", role: "assistant", content: [{ type: "text", text: "xxxxxxxx" }] }, user("m3", "xxxxxxxx")] },
        options(() => "sum", { maxUnits: 50, targetUnits: 50, retainRecentMessages: 2 }),
        cutView,
      ),
    expected: { value: { status: "compacted", kept: ["a2", "m3"], boundary: 2, compacted: ["m0", "m1"] } },
  },
};

const compactedIdsSorted: Mistake = {
  id: "compacted-ids-sorted",
  says:
    "The record's compactedMessageIds are sorted (put in a 'canonical' order for stable output) before the record is stored, so with the compacted messages 'zed', 'alpha', 'm2' the record lists 'alpha', 'm2', 'zed'; they are the ids of the compacted prefix in transcript order, compactedMessageIds[i] being the id of messages[i].",
  breaks: "§7 step 8 (compactedMessageIds: the ids of the prefix, in order)",
  criterion: "atomicity-and-one-record",
  witness: {
    call: "compactContext([user 'zed' (15), user 'alpha' (17), user m2, user m3 (14 each)], { maxUnits: 40, targetUnits: 40, summaryMaxUnits: 20, retainRecentMessages: 1, summaryId: 's', recordId: 'r' }) (the cut is 3)",
    run: (m) =>
      compact(
        m,
        { messages: [user("zed", "xxxxxxxx"), user("alpha", "xxxxxxxx"), user("m2", "xxxxxxxx"), user("m3", "xxxxxxxx")] },
        options(() => "sum"),
        cutView,
      ),
    expected: { value: { status: "compacted", kept: ["m3"], boundary: 3, compacted: ["zed", "alpha", "m2"] } },
  },
};

// ---------------------------------------------------------------------------------------------
// b8m-vic-rewrite3 (rewrite: his own pricer and cut, over src/core's reader and flow)

const listsPricedAsJsonArrays: Mistake = {
  id: "lists-priced-as-json-arrays",
  says:
    "Every list of the context is priced the way §4 prices a JSON array, 2 + Σ (1 + item): the requirements, the messages and an assistant's content blocks each cost 2 more, plus 1 per item, so the course's focused case (requirement { r, AB }, user { u, a }) costs 18 instead of 12; J(array) is for arrays inside tool-call arguments only, and the units of a context are Σ requirements + the summary + Σ messages, an assistant costing 4 + u(id) + Σ blocks. The same pricer serves the estimate, the fast path and the boundary walk (which then reserves and counts too much and cuts later, or finds no cut).",
  breaks: "§4 (the units of a context are Σ requirements + the summary (if any) + Σ messages; assistant message = 4 + u(id) + Σ blocks; the focused case costs 12)",
  criterion: "units",
  witness: {
    call: "estimateContextUnits({ requirements: [{ id: 'r', content: 'AB' }], messages: [user { id: 'u', content: 'a' }] }) (the course's focused case)",
    run: (m) => sync(() => m.estimateContextUnits({ requirements: [{ id: "r", content: "AB" }], messages: [user("u", "a")] })),
    expected: { value: 12 },
  },
};

const toolOutputPricedAsJson: Mistake = {
  id: "tool-output-priced-as-json",
  says:
    "A tool result whose content is JSON text is priced as the JSON value it holds, J(JSON.parse(content)), like a tool call's arguments, so the output '{\"path\":\"a.txt\",\"size\":1}' (25 code points) costs 20 and '42' costs 3; a tool result's content is a string whatever it holds, and costs u(content): 7 + u(id) + u(toolCallId) + u(toolName) + u(content). The same pricer serves the estimate, the fast path and the boundary walk.",
  breaks: "§4 (tool-result message = 7 + u(id) + u(toolCallId) + u(toolName) + u(content))",
  criterion: "units",
  witness: {
    call:
      "estimateContextUnits of [assistant 'a' calling c (tool t), its result 'r' with the content '{\"path\":\"a.txt\",\"size\":1}'] minus that of the same transcript whose result holds 25 'x' instead (the same length: the difference is 0)",
    run: (m) =>
      sync(() => {
        const json = '{"path":"a.txt","size":1}';
        const plain = "x".repeat(json.length);
        return (
          m.estimateContextUnits({ messages: [call("a", [["c", "t"]]), result("r", "c", "t", json)] }) -
          m.estimateContextUnits({ messages: [call("a", [["c", "t"]]), result("r", "c", "t", plain)] })
        );
      }),
    expected: { value: 0 },
  },
};

export const B8_VIC: readonly Implementation[] = [
  {
    id: "b8m-vic-rewrite1",
    form: "rewrite",
    mistakes: [cutRewalkedWithSummaryUnits, boundaryReadsCompactOptions],
    importsOutside: true,
    composable: true,
  },
  {
    id: "b8m-vic-wrapper2",
    form: "wrapper",
    mistakes: [noCutAsInvalidBudget, keptMustOpenWithUser, compactedIdsSorted],
    importsOutside: true,
    composable: true,
  },
  {
    id: "b8m-vic-rewrite3",
    form: "rewrite",
    mistakes: [listsPricedAsJsonArrays, toolOutputPricedAsJson],
    importsOutside: true,
    composable: true,
  },
];
