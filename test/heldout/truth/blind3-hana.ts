// The third blind set, writer C: `b3-student-hana`, a whole student implementation written from
// scratch (her own reader, estimator, grouping, boundary walk, options reader, summary follower,
// result and record), with five planted mistakes, each switchable (her compose.ts); and
// `b3m-hana-walk-replyround-reserves`, her own rewrite of one flow (grouping, boundary walk and
// compactContext) over src/core, with three. Written from
// the contract, src/core (for behaviour) and the held-out set's own files alone (README: "Blind
// set 3, writer C: `b3-student-hana`"); the grader was not run on her.
import { call, compact, options, result, user, usersInput } from "../_witness/fixtures";
import { sync, view, type Outcome } from "../_witness/observe";
import type { Implementation, Mistake } from "./types";

const statusOnly = (value: unknown) => (value as { status: string }).status as Outcome;
const recordField = (key: string) => (value: unknown) => view((value as { record: Record<string, unknown> }).record[key]);

/** An assistant calling t, its result, and a recent user message (15 + 12 + 14 = 41 units). */
const roundThenUser = () => ({ messages: [call("a", [["c", "t"]]), result("r", "c", "t"), user("u2", "xxxxxxxx")] });

const compactedIdsPerGroup: Mistake = {
  id: "compacted-ids-per-group",
  says: "The record's compactedMessageIds hold one id for each group taken away (the group's first message), so a compacted tool round leaves its results' ids out; they are the ids of every message of the prefix before the boundary, in order, as many as the boundary.",
  breaks: "§7 step 8 (compactedMessageIds: the ids of the prefix, in order); §3 (compactedMessageIds.length === boundary)",
  criterion: "atomicity-and-one-record",
  witness: {
    call: "compactContext of [assistant a calling t, its result r, user u2] (41 units), retainRecentMessages 1, target 40, summaryMaxUnits 20, summarizer 'sum': record.compactedMessageIds",
    run: (m) => compact(m, roundThenUser(), options(() => "sum"), recordField("compactedMessageIds")),
    expected: { value: ["a", "r"] },
  },
};

const recordBoundaryCountsKept: Mistake = {
  id: "record-boundary-counts-kept",
  says: "The record's boundary is the number of messages kept after the cut; it is the cut itself, the number of messages compacted (the length of the prefix the summarizer received).",
  breaks: "§7 step 8 (the record's boundary is the boundary of step 3)",
  criterion: "atomicity-and-one-record",
  witness: {
    call: "compactContext of four users of 14 units, retainRecentMessages 1, target 40, summaryMaxUnits 20, summarizer 'sum' (the cut is 3): record.boundary",
    run: (m) => compact(m, usersInput(4), options(() => "sum"), recordField("boundary")),
    expected: { value: 3 },
  },
};

const highSurrogateSwallowsNext: Mistake = {
  id: "high-surrogate-swallows-next",
  says: "u(s) takes a high surrogate and whatever code unit follows it as one code point; only a high surrogate followed by a low surrogate is one code point, and a lone surrogate counts 1 on its own, so '\\uD800a' is 2 code points.",
  breaks: "§4 (u(s): a surrogate pair counts 1, a lone surrogate counts 1)",
  criterion: "units",
  witness: {
    call: "estimateContextUnits({ messages: [{ id: 'u', role: 'user', content: '\\uD800a' }] })",
    run: (m) => sync(() => m.estimateContextUnits({ messages: [user("u", "\uD800a")] })),
    expected: { value: 7 },
  },
};

const missingOptionAsBudget: Mistake = {
  id: "missing-option-as-budget",
  says: "A budget option that is missing is refused as a bad budget (CONTEXT_INVALID_BUDGET); a missing field of the options is CONTEXT_INVALID_INPUT, and only a present value that is not a safe integer in range is CONTEXT_INVALID_BUDGET.",
  breaks: "§6 options, order of checks step 2 (missing or an accessor: CONTEXT_INVALID_INPUT); §7 (the same rules for maxUnits)",
  criterion: "boundary-selection",
  witness: {
    call: "selectCompactionBoundary({ messages: two users }, { summaryMaxUnits: 5, retainRecentMessages: 0 }) (targetUnits missing)",
    run: (m) => sync(() => m.selectCompactionBoundary(usersInput(2), { summaryMaxUnits: 5, retainRecentMessages: 0 })),
    expected: { error: "CONTEXT_INVALID_INPUT" },
  },
};

const promiseRecognizedByInstanceof: Mistake = {
  id: "promise-recognized-by-instanceof",
  says: "A native promise is recognized by `instanceof Promise`, so a native promise whose prototype was replaced is taken for a plain object (its then is not found) and refused as no text; a native promise is one by its internal slot (util.types.isPromise), and it is observed with the intrinsic then whatever its prototype says.",
  breaks: "§7 step 5 (native promise: observed by applying the intrinsic Promise.prototype.then, whatever its own or inherited then property says)",
  criterion: "async-observation",
  witness: {
    call: "compactContext of four users, summarizer returning Object.setPrototypeOf(Promise.resolve('sum'), null): status",
    run: (m) => compact(m, usersInput(4), options(() => Object.setPrototypeOf(Promise.resolve("sum"), null)), statusOnly),
    expected: { value: "compacted" },
  },
};

const boundary = (target: number, summaryMax: number, retain: number) => ({ targetUnits: target, summaryMaxUnits: summaryMax, retainRecentMessages: retain });
const groupsView = (groups: unknown) => (groups as { kind: string; startIndex: number; endIndex: number }[]).map((g) => [g.kind, g.startIndex, g.endIndex]);

const replyClosesRound: Mistake = {
  id: "reply-closes-round",
  says: "A user message (or an assistant's plain reply) that stands between a tool call and its result ends the tool round, so the results after it become groups of their own; a round runs from the assistant through the last result of any of its calls, whatever stands in between.",
  breaks: "§5 (a tool round's interval runs from the assistant message through the last result of any of its calls); §2 (a result need not be adjacent to its call)",
  criterion: "grouping",
  witness: {
    call: "groupToolRounds([assistant a calling t, user u, result r of that call])",
    run: (m) => sync(() => m.groupToolRounds([call("a", [["c", "t"]]), user("u"), result("r", "c", "t")]), groupsView),
    expected: { value: [["toolRound", 0, 3]] },
  },
};

const requirementsWithoutBase: Mistake = {
  id: "requirements-without-base",
  says: "The boundary walk counts each requirement as u(id) + u(content) in `fixed`, leaving out its base of 3, so it cuts too early; `fixed` is Σ requirements (3 + u(id) + u(content) each) + summaryMaxUnits.",
  breaks: "§6 the answer, step 2 (fixed = Σ requirements + summaryMaxUnits, requirements in units of §4)",
  criterion: "boundary-selection",
  witness: {
    call: "selectCompactionBoundary({ requirements: [{ id: 'q', content: 'c' }], messages: three users of 14 units }, { targetUnits: 42, summaryMaxUnits: 10, retainRecentMessages: 0 })",
    run: (m) => sync(() => m.selectCompactionBoundary({ requirements: [{ id: "q", content: "c" }], messages: usersInput(3).messages }, boundary(42, 10, 0))),
    expected: { value: 2 },
  },
};

const reserveKeepsLargerSummary: Mistake = {
  id: "reserve-keeps-larger-summary",
  says: "The boundary walk reserves the larger of summaryMaxUnits and the current summary's units, so a long current summary makes it cut later (or find no cut); the current summary is not counted at all: it will be replaced, and only summaryMaxUnits is reserved for the new one.",
  breaks: "§6 the answer, step 2 (fixed = Σ requirements + summaryMaxUnits; the current summary is not counted)",
  criterion: "boundary-selection",
  witness: {
    call: "selectCompactionBoundary({ summary: { id: 's0', content: 30 characters }, messages: three users of 14 units }, { targetUnits: 40, summaryMaxUnits: 10, retainRecentMessages: 0 })",
    run: (m) =>
      sync(() => m.selectCompactionBoundary({ summary: { id: "s0", content: "012345678901234567890123456789" }, messages: usersInput(3).messages }, boundary(40, 10, 0))),
    expected: { value: 1 },
  },
};

export const B3_HANA: readonly Implementation[] = [
  {
    id: "b3-student-hana",
    form: "student",
    mistakes: [compactedIdsPerGroup, recordBoundaryCountsKept, highSurrogateSwallowsNext, missingOptionAsBudget, promiseRecognizedByInstanceof],
    importsOutside: false,
    composable: true,
  },
  {
    id: "b3m-hana-walk-replyround-reserves",
    form: "rewrite",
    mistakes: [replyClosesRound, requirementsWithoutBase, reserveKeepsLargerSummary],
    importsOutside: true,
    composable: true,
  },
];
