// The session-24 implementations (test/heldout/s24-*): 10 folders, 25 mistakes, all of them new
// to the set. Seven with two or three mistakes in one layer of the student's code, six of them
// in one criterion (async observation, grouping, cancellation, the record writer, reading, the
// boundary walk) and one in two (compactContext's options reader: summaryMaxUnits' cross-check
// and maxUnits' type); two with two mistakes in two criteria (an options wrapper and the signal's
// watching; the fast path and the summary's blank test); one whole-flow rewrite with four
// mistakes in four criteria.
// Written from the contract, src/core and the held-out set's own files alone (README: "Session
// 24: the `s24-` implementations"); every mistake is independent of the others of its
// implementation (witnesses.test.ts).
import { ContextCompactionError } from "../../../src/core/index";
import { call, compact, options, result, text, user, users, usersInput, type Summarizer } from "../_witness/fixtures";
import { settle, sync, view, type Outcome } from "../_witness/observe";
import type { Impl } from "../_kit/impl";
import type { Form, Implementation, Mistake } from "./types";

const boundary = (target: number, summaryMax: number, retain: number) => ({ targetUnits: target, summaryMaxUnits: summaryMax, retainRecentMessages: retain });
const statusOnly = (value: unknown) => (value as { status: string }).status as Outcome;
const lastRecord = (value: unknown) => {
  const compactions = (value as { context: { compactions: Record<string, unknown>[] } }).context.compactions;
  return compactions[compactions.length - 1];
};
const groupsView = (value: unknown) =>
  (value as readonly { kind: string; startIndex: number; endIndex: number; messages: readonly unknown[] }[]).map((g) => ({
    kind: g.kind,
    startIndex: g.startIndex,
    endIndex: g.endIndex,
    size: Array.isArray(g.messages) ? g.messages.length : -1,
  }));

/** compactContext(4 users of 14) with summaryMaxUnits 10 (boundary 2, the summary 's' + 'sum' costs 9), looking at `show`. */
const on = (m: Impl, summarizer: Summarizer, extra: Record<string, unknown> = {}, show: (value: unknown) => Outcome = statusOnly) =>
  compact(m, usersInput(4), options(summarizer, { summaryMaxUnits: 10, ...extra }), show);

/** A chain of `n` generic thenables, each delivering the next, the last delivering `last`. */
const chain = (n: number, last: unknown): unknown => {
  let value = last;
  for (let i = 0; i < n; i++) {
    const inner = value;
    value = {
      then(resolve: (value: unknown) => void) {
        resolve(inner);
      },
    };
  }
  return value;
};

// --- async observation ----------------------------------------------------------------------

const asyncDepthLimit32: Mistake = {
  id: "async-depth-limit-32",
  says: "The depth limit of the summary value is taken from MAX_CONTEXT_DEPTH (32, the nesting limit of tool-call arguments) instead of MAX_CONTEXT_ASYNC_DEPTH (64), so a chain of 40 generic thenables fails with CONTEXT_SUMMARIZER_FAILED; only a value received at a level above 64 fails (64 thenables are accepted, 65 fail).",
  breaks: "§7 step 5 (Depth: a value received at a level above 64 → CONTEXT_SUMMARIZER_FAILED; a chain of 64 generic thenables whose last delivers the text is accepted), §1 (MAX_CONTEXT_ASYNC_DEPTH = 64)",
  criterion: "async-observation",
  witness: {
    call: "compactContext(4 users, { summaryMaxUnits: 10, … }) with a summarizer returning a chain of 40 generic thenables, the last delivering 'sum'",
    run: (m) => on(m, () => chain(40, "sum")),
    expected: { value: "compacted" },
  },
};

const thenReturnAdoptedAsDelivery: Mistake = {
  id: "then-return-adopted-as-delivery",
  says: "A thenable that a custom then returns is chained to that then's own resolvers (returned.then(resolve, reject)), so what it delivers becomes the outer thenable's value although the outer then never called a resolver; what a then returns is only observed (called once, its settlement kept for a later delivery through the resolver), and the outcome is what the then's resolvers deliver: here nothing, so the summary stays pending.",
  breaks: "§7 step 5 (What a custom then returns: a generic thenable has its then called now, exactly once, and its settlement is reused if it is later delivered through the resolver; Any other object: the outcome is taken from the resolvers)",
  criterion: "async-observation",
  witness: {
    call: "compactContext(4 users, { summaryMaxUnits: 10, … }) with a summarizer returning a thenable whose then calls no resolver and returns a thenable that resolves 'sum' (the outcome after a few macrotasks)",
    run: (m) =>
      on(m, () => ({
        then() {
          return {
            then(resolve: (value: unknown) => void) {
              resolve("sum");
            },
          };
        },
      })),
    expected: "pending",
  },
};

// --- compactContext's options reader --------------------------------------------------------

const summaryMaxCheckedAgainstMaxUnits: Mistake = {
  id: "summarymax-checked-against-maxunits",
  says: "compactContext's cross-check compares summaryMaxUnits with maxUnits (the largest budget) instead of targetUnits, so summaryMaxUnits 45 with targetUnits 40 and maxUnits 50 is accepted (a small context comes back unchanged); summaryMaxUnits <= targetUnits is the cross-check of §6, else CONTEXT_INVALID_BUDGET.",
  breaks: "§6 (Options: summaryMaxUnits >= 1 and summaryMaxUnits <= targetUnits; the cross-checks → CONTEXT_INVALID_BUDGET), §7 (the options are those of §6, same rules), step 1",
  criterion: "boundary-selection",
  witness: {
    call: "compactContext(1 user, { maxUnits: 50, targetUnits: 40, summaryMaxUnits: 45, … })",
    run: (m) => compact(m, usersInput(1), options(() => "sum", { maxUnits: 50, summaryMaxUnits: 45 }), statusOnly),
    expected: { error: "CONTEXT_INVALID_BUDGET" },
  },
};

const maxUnitsStringCoerced: Mistake = {
  id: "maxunits-string-coerced",
  says: "maxUnits is read with Number(…), so maxUnits: '40' is taken as 40 (a small context comes back unchanged); maxUnits must be a safe integer (a number), else CONTEXT_INVALID_BUDGET.",
  breaks: "§7 (maxUnits: safe integer, 1 <= maxUnits <= 1,000,000, targetUnits <= maxUnits; otherwise CONTEXT_INVALID_BUDGET), step 1",
  criterion: "unchanged-fast-path",
  witness: {
    call: "compactContext(1 user, { maxUnits: '40', targetUnits: 40, … })",
    run: (m) => compact(m, usersInput(1), options(() => "sum", { maxUnits: "40" }), statusOnly),
    expected: { error: "CONTEXT_INVALID_BUDGET" },
  },
};

// --- grouping -------------------------------------------------------------------------------

const mergedRoundStartOverwritten: Mistake = {
  id: "merged-round-start-overwritten",
  says: "When a later assistant's interval carries a tool round further (overlapping intervals), the round's startIndex is moved to that assistant, so the first assistant falls out of every group and the groups no longer tile the transcript; overlapping intervals merge into one toolRound from the first assistant's index through the furthest result.",
  breaks: "§5 (groups that tile the transcript in order; intervals that overlap (or nest) merge into one toolRound)",
  criterion: "grouping",
  witness: {
    call: "groupToolRounds([assistant a1 calling c1, assistant a2 calling c2, result of c1, result of c2]) → each group's kind, startIndex, endIndex and number of messages",
    run: (m) =>
      sync(() => m.groupToolRounds([call("a1", [["c1", "t"]]), call("a2", [["c2", "t"]]), result("r1", "c1", "t"), result("r2", "c2", "t")]), groupsView),
    expected: { value: [{ kind: "toolRound", startIndex: 0, endIndex: 4, size: 4 }] },
  },
};

const missingResultAcceptedByGroups: Mistake = {
  id: "missing-result-accepted-by-groups",
  says: "groupToolRounds' own validation checks that every result names an earlier call but not that every call has a result, so a transcript whose last assistant calls a tool that never answers is grouped (the assistant a message group); every tool call has exactly one result, and groupToolRounds refuses such a transcript with CONTEXT_INVALID_TRANSCRIPT.",
  breaks: "§5 (groupToolRounds validates the transcript, codes as in §3), §2 (a transcript is valid when every tool call has exactly one result)",
  criterion: "grouping",
  witness: {
    call: "groupToolRounds([user u, assistant a calling c (no result)])",
    run: (m) => sync(() => m.groupToolRounds([user("u"), call("a", [["c", "t"]])]), groupsView),
    expected: { error: "CONTEXT_INVALID_TRANSCRIPT" },
  },
};

const emptyTranscriptRefused: Mistake = {
  id: "empty-transcript-refused",
  says: "groupToolRounds refuses an empty transcript ('nothing to group') with CONTEXT_INVALID_TRANSCRIPT; an empty transcript is valid (no message breaks a rule), and its groups, which tile it, are the empty list [].",
  breaks: "§5 (groupToolRounds validates the transcript and returns a frozen list of groups that tile the transcript in order), §2 (a transcript is an array of messages; the empty array is one)",
  criterion: "grouping",
  witness: {
    call: "groupToolRounds([])",
    run: (m) => sync(() => m.groupToolRounds([]), groupsView),
    expected: { value: [] },
  },
};

// --- cancellation ---------------------------------------------------------------------------

const abortReasonCodePassedOn: Mistake = {
  id: "abort-reason-code-passed-on",
  says: "On cancellation, a signal whose reason is a ContextCompactionError has that error passed on as it is ('already ours'), so an abort with such a reason rejects with the reason's code (here CONTEXT_SUMMARIZER_FAILED); an aborted signal is CONTEXT_CANCELLED whatever its reason, and a caller cannot choose the code.",
  breaks: "§7 step 3 (if the signal is already aborted → CONTEXT_CANCELLED), step 5 (an abort while waiting → CONTEXT_CANCELLED)",
  criterion: "cancellation",
  witness: {
    call: "compactContext(4 users, { summaryMaxUnits: 10, signal }) with the signal aborted before the call with the reason new ContextCompactionError('CONTEXT_SUMMARIZER_FAILED', …)",
    run: (m) => {
      const controller = new AbortController();
      controller.abort(new ContextCompactionError("CONTEXT_SUMMARIZER_FAILED", "the caller's deadline passed"));
      return on(m, () => "sum", { signal: controller.signal });
    },
    expected: { error: "CONTEXT_CANCELLED" },
  },
};

const controllerAcceptedAsSignal: Mistake = {
  id: "controller-accepted-as-signal",
  says: "An AbortController given as options.signal is accepted and its signal used (controller.signal), so compactContext runs as with a signal; options.signal must be a genuine AbortSignal (absent, undefined or null: no signal), and anything else, an AbortController included, is CONTEXT_INVALID_INPUT.",
  breaks: "§7 (signal: optional genuine AbortSignal, otherwise CONTEXT_INVALID_INPUT; Genuine signal: the intrinsic AbortSignal.prototype.aborted getter accepts it; any other object is refused)",
  criterion: "cancellation",
  witness: {
    call: "compactContext(4 users, { summaryMaxUnits: 10, signal: new AbortController() })",
    run: (m) => on(m, () => "sum", { signal: new AbortController() }),
    expected: { error: "CONTEXT_INVALID_INPUT" },
  },
};

// --- the record writer (atomicity and one record) -------------------------------------------

/** Requirement { r, AB } (6), assistant a calling c (t, {}) (15), its result 'res' (14), users m2 and m3 (14 each): 63 units. */
const recordInput = () => ({
  requirements: [{ id: "r", content: "AB" }],
  messages: [call("a", [["c", "t"]]), result("res", "c", "t"), user("m2", "xxxxxxxx"), user("m3", "xxxxxxxx")],
});
/** compactContext(recordInput, { maxUnits 40, targetUnits 40, summaryMaxUnits 10, retain 1 }): boundary 3, the new context 6 + 9 + 14 = 29. */
const onRecord = (m: Impl, show: (value: unknown) => Outcome) => compact(m, recordInput(), options(() => "sum", { summaryMaxUnits: 10, recordId: "rec" }), show);

const unitsBeforeWithoutRequirements: Mistake = {
  id: "units-before-without-requirements",
  says: "The record's unitsBefore leaves out the requirements (only what a compaction can shrink, the summary and the messages, is counted), so a context of 63 units with a requirement of 6 gets unitsBefore 57; unitsBefore is the units of the whole old context, requirements included.",
  breaks: "§7 step 8 (unitsBefore: units of the old context), §4 (the units of a context are Σ requirements + the summary (if any) + Σ messages)",
  criterion: "atomicity-and-one-record",
  witness: {
    call: "compactContext({ requirements: [{ r, AB }], messages: [assistant a calling c, result res, users m2, m3] }, { maxUnits: 40, targetUnits: 40, summaryMaxUnits: 10, … }) → the new record's unitsBefore",
    run: (m) => onRecord(m, (value) => view(lastRecord(value).unitsBefore)),
    expected: { value: 63 },
  },
};

const unitsAfterIsTarget: Mistake = {
  id: "units-after-is-target",
  says: "The record's unitsAfter is the target the compaction aimed at (options.targetUnits, here 40), not what it reached; unitsAfter is the units of the new context: requirements, the new summary and the kept messages (here 6 + 9 + 14 = 29).",
  breaks: "§7 step 8 (unitsAfter: units of the new one)",
  criterion: "atomicity-and-one-record",
  witness: {
    call: "compactContext({ requirements: [{ r, AB }], messages: [assistant a calling c, result res, users m2, m3] }, { maxUnits: 40, targetUnits: 40, summaryMaxUnits: 10, … }) → the new record's unitsAfter",
    run: (m) => onRecord(m, (value) => view(lastRecord(value).unitsAfter)),
    expected: { value: 29 },
  },
};

const compactedIdsIncludeCallIds: Mistake = {
  id: "compacted-ids-include-call-ids",
  says: "The record's compactedMessageIds also list the ids of the tool calls inside the compacted assistant messages (each after its message's id), so they are more than boundary; they are the ids of the compacted messages only, in order, as many as boundary.",
  breaks: "§7 step 8 (compactedMessageIds: the ids of the prefix, in order), §3 (compactedMessageIds: length === boundary)",
  criterion: "atomicity-and-one-record",
  witness: {
    call: "compactContext({ requirements: [{ r, AB }], messages: [assistant a calling c, result res, users m2, m3] }, { maxUnits: 40, targetUnits: 40, summaryMaxUnits: 10, … }) (boundary 3) → the new record's compactedMessageIds",
    run: (m) => onRecord(m, (value) => view(lastRecord(value).compactedMessageIds)),
    expected: { value: ["a", "res", "m2"] },
  },
};

// --- reading (immutable snapshots and ceilings) ---------------------------------------------

const argumentsGetterCalled: Mistake = {
  id: "arguments-getter-called",
  says: "The reader copies a tool call's arguments with JSON.parse(JSON.stringify(arguments)) before checking them, so a getter inside the arguments is called and its value accepted as data; every key of the arguments must be an enumerable own data property, and an accessor is refused (CONTEXT_INVALID_TRANSCRIPT) without being called.",
  breaks: "§3 (Nothing of the caller's runs: no accessor of the input is ever called; Tool-call arguments: every own key is an enumerable data property)",
  criterion: "immutable-snapshots-and-ceilings",
  witness: {
    call: "buildActiveContext({ messages: [assistant a calling c (t) whose arguments' path is a getter returning 'a.txt', result r of c] }) → the outcome, and how many times the getter was called",
    run: (m) => {
      let calls = 0;
      const args = {
        get path() {
          calls++;
          return "a.txt";
        },
      };
      const input = { messages: [{ id: "a", role: "assistant", content: [{ type: "toolCall", id: "c", name: "t", arguments: args }] }, result("r", "c", "t")] };
      const outcome = sync(() => m.buildActiveContext(input), (c) => (c as { messages: unknown[] }).messages.length);
      return { outcome, calls };
    },
    expected: { outcome: { error: "CONTEXT_INVALID_TRANSCRIPT" }, calls: 0 },
  },
};

const stringTotalUtf16: Mistake = {
  id: "string-total-utf16",
  says: "The 1,000,000 total of all strings is counted in UTF-16 code units (s.length), so 10 user messages of 60,000 emoji each (600,020 code points in all) are refused with CONTEXT_LIMIT_EXCEEDED; the total counts code points, and this context is within every budget.",
  breaks: "§3 (Budgets: code points in all strings together, at most 1,000,000), §4 (u(s) is the number of code points)",
  criterion: "immutable-snapshots-and-ceilings",
  witness: {
    call: "buildActiveContext({ messages: 10 users m0..m9 whose content is 60,000 '😀' each }) → the number of messages",
    run: (m) => {
      const content = "😀".repeat(60_000);
      return sync(() => m.buildActiveContext({ messages: Array.from({ length: 10 }, (_, i) => user(`m${i}`, content)) }), (c) => (c as { messages: unknown[] }).messages.length);
    },
    expected: { value: 10 },
  },
};

const recordIdsCeilingUnchecked: Mistake = {
  id: "record-ids-ceiling-unchecked",
  says: "The ceiling of 4096 compactedMessageIds in one record is never applied (only the 16,384 collection items in total are counted), so a record with boundary 5000 and 5000 ids is read; a record may list at most 4096 compactedMessageIds, and more is CONTEXT_LIMIT_EXCEEDED.",
  breaks: "§3 (Budgets: compactedMessageIds in one record, at most 4096; a budget exceeded → CONTEXT_LIMIT_EXCEEDED)",
  criterion: "immutable-snapshots-and-ceilings",
  witness: {
    call: "buildActiveContext({ messages: [user m0], compactions: [{ id: 'rec', summaryId: 's', boundary: 5000, compactedMessageIds: 'old0' … 'old4999', unitsBefore: 10, unitsAfter: 5 }] }) → the number of records",
    run: (m) => {
      const ids = Array.from({ length: 5000 }, (_, i) => `old${i}`);
      const input = { messages: users(1), compactions: [{ id: "rec", summaryId: "s", boundary: 5000, compactedMessageIds: ids, unitsBefore: 10, unitsAfter: 5 }] };
      return sync(() => m.buildActiveContext(input), (c) => (c as { compactions: unknown[] }).compactions.length);
    },
    expected: { error: "CONTEXT_LIMIT_EXCEEDED" },
  },
};

// --- the boundary walk (boundary selection) -------------------------------------------------

const walkCountsAssistantTextOnly: Mistake = {
  id: "walk-counts-assistant-text-only",
  says: "The walk counts a kept assistant message by its text blocks only, 4 + u(id) + Σ text blocks, its tool calls left out, so a cut is taken too early (its context does not fit); the kept messages are counted as §4 counts them, tool-call blocks (6 + u(id) + u(name) + J(arguments)) included.",
  breaks: "§6 (The answer step 3: fixed + units(messages after endIndex) <= targetUnits), §4 (assistant message: 4 + u(id) + Σ blocks; tool-call block: 6 + u(id) + u(name) + J(arguments))",
  criterion: "boundary-selection",
  witness: {
    call: "selectCompactionBoundary({ messages: [users m0, m1 of 14, assistant a calling c (t, { path: 'a.txt' }) (26), its result r (12), user m4 of 14] }, { targetUnits: 45, summaryMaxUnits: 10, retainRecentMessages: 1 }) (a cut at 2 keeps 52: the answer is 4)",
    run: (m) =>
      sync(() =>
        m.selectCompactionBoundary(
          { messages: [user("m0", "xxxxxxxx"), user("m1", "xxxxxxxx"), call("a", [["c", "t", { path: "a.txt" }]]), result("r", "c", "t"), user("m4", "xxxxxxxx")] },
          boundary(45, 10, 1),
        ),
      ),
    expected: { value: 4 },
  },
};

const noFitAnswersLatest: Mistake = {
  id: "no-fit-answers-latest",
  says: "When no cut fits, the walk answers the latest whole-group cut it may make (compacting as much as allowed), so 4 users of 14 with targetUnits 20 and summaryMaxUnits 10 get the boundary 3; when no group qualifies the answer is null (and compactContext rejects with CONTEXT_BOUNDARY_UNAVAILABLE without calling the summarizer).",
  breaks: "§6 (The answer step 4: if no group qualifies, the answer is null), §7 step 3",
  criterion: "boundary-selection",
  witness: {
    call: "selectCompactionBoundary(4 users of 14, { targetUnits: 20, summaryMaxUnits: 10, retainRecentMessages: 1 }) (the latest cut, 3, needs 24)",
    run: (m) => sync(() => m.selectCompactionBoundary(usersInput(4), boundary(20, 10, 1))),
    expected: { value: null },
  },
};

// --- an options wrapper (the record id) and the signal's watching ---------------------------

const missingRecordIdGenerated: Mistake = {
  id: "missing-recordid-generated",
  says: "compactContext spreads the options into a copy with a generated recordId ('record-<n>', n the number of records after this one) when none is given, so a call without recordId compacts; recordId is a required option, a non-empty string, and a missing one is CONTEXT_INVALID_INPUT before anything else happens.",
  breaks: "§7 (recordId: non-empty string of at most 65536 code points, otherwise CONTEXT_INVALID_INPUT), step 1",
  criterion: "atomicity-and-one-record",
  witness: {
    call: "compactContext(4 users, { summaryMaxUnits: 10, … } without recordId)",
    run: (m) => {
      const opts = options(() => "sum", { summaryMaxUnits: 10 });
      delete opts.recordId;
      return compact(m, usersInput(4), opts, statusOnly);
    },
    expected: { error: "CONTEXT_INVALID_INPUT" },
  },
};

const thenableWaitUnwatched: Mistake = {
  id: "thenable-wait-unwatched",
  says: "The signal is raced only against a native promise: a thenable returned by the summarizer (an object with a then method that is not a native promise) is awaited without the signal being listened to or read, so an abort made while it is pending (or inside the summarizer) is ignored and, with a thenable that never delivers, the call hangs; the signal is watched and read whatever the value awaited, and an abort while waiting is CONTEXT_CANCELLED.",
  breaks: "§7 step 5 (Await the returned value while watching the signal; an abort while waiting → CONTEXT_CANCELLED; the abort listener stays attached until the result is exposed)",
  criterion: "cancellation",
  witness: {
    call: "compactContext(4 users, { summaryMaxUnits: 10, signal }) with a summarizer returning a thenable whose then never calls a resolver, the signal aborted in the next microtask",
    run: async (m) => {
      const controller = new AbortController();
      let promise: unknown;
      try {
        promise = m.compactContext(usersInput(4), options(() => ({ then() {} }), { summaryMaxUnits: 10, signal: controller.signal }));
      } catch (error) {
        promise = Promise.reject(error);
      }
      await Promise.resolve();
      controller.abort();
      return settle(promise, statusOnly);
    },
    expected: { error: "CONTEXT_CANCELLED" },
  },
};

// --- the fast path and the summary's blank test ---------------------------------------------

const fastpathWithoutSummary: Mistake = {
  id: "fastpath-without-summary",
  says: "The fast path leaves the current summary out of the context's units (it will be replaced anyway), so a context of 50 units whose summary costs 36 is returned unchanged with maxUnits 40; step 2 compares units(context), the summary included, with maxUnits (here the context goes on to step 3, which finds no boundary).",
  breaks: "§7 step 2 (if units(context) <= maxUnits, resolve unchanged), §4 (the units of a context are Σ requirements + the summary (if any) + Σ messages)",
  criterion: "unchanged-fast-path",
  witness: {
    call: "compactContext({ summary: { s, 30 'x' } (36), messages: [user m0 of 14] }, { maxUnits: 40, targetUnits: 40, retainRecentMessages: 1, … })",
    run: (m) => compact(m, { summary: { id: "s", content: "x".repeat(30) }, messages: users(1) }, options(() => "sum"), statusOnly),
    expected: { error: "CONTEXT_BOUNDARY_UNAVAILABLE" },
  },
};

const summaryNeedsWordCharacter: Mistake = {
  id: "summary-needs-word-character",
  says: "The summary's blank test is 'no word character' (!/\\w/.test(text)), so a summary without an ASCII letter, digit or underscore, such as '要約', is refused as blank with CONTEXT_SUMMARY_INSUFFICIENT; a text is only whitespace when s.trim().length === 0, and any other text is a summary.",
  breaks: "§7 step 6 (only whitespace → CONTEXT_SUMMARY_INSUFFICIENT), §2 (a string is non-empty when s.trim().length > 0)",
  criterion: "summary-validation",
  witness: {
    call: "compactContext(4 users, { summaryMaxUnits: 10, … }) with a summarizer returning '要約'",
    run: (m) => on(m, () => "要約"),
    expected: { value: "compacted" },
  },
};

// --- the whole-flow student (four criteria) -------------------------------------------------

const toolcallBasePerMessage: Mistake = {
  id: "toolcall-base-per-message",
  says: "The base 6 of a tool-call block is counted once per assistant message that makes calls, not once per call, so an assistant with two calls costs 6 less (49 instead of 55 with its results); every tool-call block costs 6 + u(id) + u(name) + J(arguments).",
  breaks: "§4 (tool-call block: 6 + u(id) + u(name) + J(arguments); assistant message: 4 + u(id) + Σ blocks)",
  criterion: "units",
  witness: {
    call: "estimateContextUnits({ messages: [assistant a calling c1 and c2 (t, {}), results r1, r2] }) (27 + 14 + 14 = 55)",
    run: (m) =>
      sync(() =>
        m.estimateContextUnits({
          messages: [
            call("a", [
              ["c1", "t"],
              ["c2", "t"],
            ]),
            result("r1", "c1", "t"),
            result("r2", "c2", "t"),
          ],
        }),
      ),
    expected: { value: 55 },
  },
};

const callIdClashesWithMessageId: Mistake = {
  id: "call-id-clashes-with-message-id",
  says: "The reader's duplicate check of tool-call ids uses one set of ids that also holds the message ids, so a tool call whose id is the id of an earlier message is refused with CONTEXT_INVALID_TRANSCRIPT; tool-call ids must be unique among the tool calls only, and a message may carry the same id.",
  breaks: "§2 (a transcript is valid when every tool-call id is unique, …; the listed rules are all there is)",
  criterion: "immutable-snapshots-and-ceilings",
  witness: {
    call: "buildActiveContext({ messages: [user c, assistant a calling c (t), result r of c] }) → the number of messages",
    run: (m) => sync(() => m.buildActiveContext({ messages: [user("c"), call("a", [["c", "t"]]), result("r", "c", "t")] }), (c) => (c as { messages: unknown[] }).messages.length),
    expected: { value: 3 },
  },
};

const roundTakesFollowingReply: Mistake = {
  id: "round-takes-following-reply",
  says: "A tool round also takes the assistant message right after its last result when that message makes no call (the assistant's answer, 'one turn'), in groupToolRounds and in the walk; the round runs from the assistant through the last result of its calls, and the reply is a message group of its own.",
  breaks: "§5 (each assistant message with at least one tool call has an interval running from that message through the last result of any of its calls; every other message is its own message group)",
  criterion: "grouping",
  witness: {
    call: "groupToolRounds([assistant a calling c, result r of c, assistant b with the text 'done']) → each group's kind, startIndex, endIndex and number of messages",
    run: (m) => sync(() => m.groupToolRounds([call("a", [["c", "t"]]), result("r", "c", "t"), text("b", "done")]), groupsView),
    expected: {
      value: [
        { kind: "toolRound", startIndex: 0, endIndex: 2, size: 2 },
        { kind: "message", startIndex: 2, endIndex: 3, size: 1 },
      ],
    },
  },
};

const newSummaryIdFromRecordId: Mistake = {
  id: "new-summary-id-from-recordid",
  says: "The new summary is stored with options.recordId as its id ({ id: recordId, content: text }; the record's summaryId stays summaryId), so the new context's summary is not the one its record names; the new summary is { id: summaryId, content: text }.",
  breaks: "§7 step 8 (build the new context { requirements, summary: { id: summaryId, content: text }, messages: suffix, compactions })",
  criterion: "atomicity-and-one-record",
  witness: {
    call: "compactContext(4 users, { summaryMaxUnits: 10, summaryId: 's', recordId: 'r', … }) → the new context's summary",
    run: (m) => on(m, () => "sum", {}, (value) => view((value as { context: { summary: unknown } }).context.summary)),
    expected: { value: { id: "s", content: "sum" } },
  },
};

/** Every s24 implementation is composable and imports the reference or the kit. */
const s24 = (id: string, form: Form, mistakes: readonly Mistake[]): Implementation => ({ id, form, mistakes, importsOutside: true, composable: true });

export const S24: readonly Implementation[] = [
  // two or three mistakes in one layer of the student's code
  s24("s24-async-jsondepth-returnadopted", "rewrite", [asyncDepthLimit32, thenReturnAdoptedAsDelivery]),
  s24("s24-options-summarymax-maxunits-string", "rewrite", [summaryMaxCheckedAgainstMaxUnits, maxUnitsStringCoerced]),
  s24("s24-groups-startoverwritten-missingresult-emptyrefused", "rewrite", [mergedRoundStartOverwritten, missingResultAcceptedByGroups, emptyTranscriptRefused]),
  s24("s24-cancel-reasoncode-controller", "wrapper", [abortReasonCodePassedOn, controllerAcceptedAsSignal]),
  s24("s24-records-beforenoreq-aftertarget-callids", "rewrite", [unitsBeforeWithoutRequirements, unitsAfterIsTarget, compactedIdsIncludeCallIds]),
  s24("s24-reading-argsgetter-totalutf16-recordids", "rewrite", [argumentsGetterCalled, stringTotalUtf16, recordIdsCeilingUnchecked]),
  s24("s24-boundary-textonly-nofitlatest", "rewrite", [walkCountsAssistantTextOnly, noFitAnswersLatest]),
  // two criteria
  s24("s24-spread-recordid-thenable-unwatched", "rewrite", [missingRecordIdGenerated, thenableWaitUnwatched]),
  s24("s24-fastpath-nosummary-summary-wordchar", "rewrite", [fastpathWithoutSummary, summaryNeedsWordCharacter]),
  // a whole-flow rewrite: four mistakes in four criteria
  s24("s24-flow-callbase-idclash-replyround-summaryrecordid", "rewrite", [toolcallBasePerMessage, callIdClashesWithMessageId, roundTakesFollowingReply, newSummaryIdFromRecordId]),
];
