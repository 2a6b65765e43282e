// The session-17 implementations (test/heldout/s17-*): 12 folders, 27 mistakes, all of them new
// to the set. Four with one mistake each (grouping, boundary selection, the fast path, the
// record); three with three mistakes in one criterion (cancellation, reading, async observation);
// three with two mistakes in two criteria where one runs before the other on most inputs
// (reading before the record, the options before the summary's check, the grouping before the
// summarizer's call); and two with four mistakes in four criteria, written as a student's rewrite
// of one or two modules. Written from the contract, src/core and the held-out set's own files
// alone (README: "Session 17"); every mistake is independent of the others of its implementation
// (witnesses.test.ts).
import { call, compact, options, result, user, users, usersInput, type Summarizer } from "../_witness/fixtures";
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
const recordOf = (value: unknown) => (value as { record: Record<string, unknown> }).record;
const idsOf = (value: unknown) => (value as { messages: { id: string }[] }).messages.map((x) => x.id);

/** compactContext(4 users of 14) with summaryMaxUnits 10 (boundary 2), looking at `show`. */
const on = (m: Impl, summarizer: Summarizer, extra: Record<string, unknown> = {}, show: (value: unknown) => Outcome = summaryOnly) =>
  compact(m, usersInput(4), options(summarizer, { summaryMaxUnits: 10, ...extra }), show);

// --- grouping -------------------------------------------------------------------------------

const groupMessagesResultsOnly: Mistake = {
  id: "group-messages-results-only",
  says: "A tool round's messages list holds only the assistant and the results of its calls, leaving out a user message that stands between them; a group's messages are all the messages from startIndex to endIndex, the groups tiling the transcript.",
  breaks: "§5 (groups { kind, startIndex, endIndex, messages } that tile the transcript in order)",
  criterion: "grouping",
  witness: {
    call: "groupToolRounds([assistant a calling c, user u, result r of c]) → each group's kind, indices and message ids",
    run: (m) =>
      sync(
        () => m.groupToolRounds([call("a", [["c", "t"]]), user("u"), result("r", "c", "t")]),
        (groups) =>
          (groups as { kind: string; startIndex: number; endIndex: number; messages: { id: string }[] }[]).map((g) => [
            g.kind,
            g.startIndex,
            g.endIndex,
            g.messages.map((x) => x.id).join(","),
          ]),
      ),
    expected: { value: [["toolRound", 0, 3, "a,u,r"]] },
  },
};

const roundNeedsLeadingCall: Mistake = {
  id: "round-needs-leading-call",
  says: "An assistant message opens a tool round only when its first block is a tool call, so an assistant that writes a text block before its call is a message group and its result is cut off into a group of its own; every assistant message with at least one tool call, wherever the call is among its blocks, has an interval through the last result of its calls.",
  breaks: "§5 (each assistant message with at least one tool call has an interval running from that message through the last result of any of its calls)",
  criterion: "grouping",
  witness: {
    call: "groupToolRounds([assistant a with a text block then a call c, result r of c])",
    run: (m) =>
      sync(
        () =>
          m.groupToolRounds([
            { id: "a", role: "assistant", content: [{ type: "text", text: "let me look" }, { type: "toolCall", id: "c", name: "t", arguments: {} }] },
            result("r", "c", "t"),
          ]),
        groupsView,
      ),
    expected: { value: [["toolRound", 0, 2]] },
  },
};

// --- boundary selection and its options -----------------------------------------------------

const requirementsCountedTwice: Mistake = {
  id: "requirements-counted-twice",
  says: "The kept messages are counted together with the requirements (as the units of { requirements, messages: suffix }) beside fixed, which has the requirements already, so they are counted twice and the cut comes too late; a cut fits when Σ requirements + summaryMaxUnits + units(messages after endIndex) <= targetUnits.",
  breaks: "§6 steps 2-3 (fixed = Σ requirements + summaryMaxUnits; fixed + units(messages after endIndex) <= targetUnits)",
  criterion: "boundary-selection",
  witness: {
    call: "selectCompactionBoundary({ requirements: [{ id: 'q', content: 'xxxxx' }] (9), 3 users of 14 }, { targetUnits: 40, summaryMaxUnits: 3, retainRecentMessages: 1 }) (9 + 3 + 28 = 40 fits at 1)",
    run: (m) => sync(() => m.selectCompactionBoundary({ requirements: [{ id: "q", content: "xxxxx" }], messages: users(3) }, boundary(40, 3, 1))),
    expected: { value: 1 },
  },
};

const fitsAlreadyNull: Mistake = {
  id: "fits-already-null",
  says: "The boundary is null when the whole context fits the target already (nothing to compact); the answer is the earliest whole-group cut that fits, and when everything fits that is the end of the first group.",
  breaks: "§6 step 3 (walk the groups oldest first; the first endIndex <= latest whose cut fits is the answer)",
  criterion: "boundary-selection",
  witness: {
    call: "selectCompactionBoundary([user m0, user m1], { targetUnits: 100, summaryMaxUnits: 10, retainRecentMessages: 1 })",
    run: (m) => sync(() => m.selectCompactionBoundary({ messages: users(2) }, boundary(100, 10, 1))),
    expected: { value: 1 },
  },
};

const targetDefaultsToMaxUnits: Mistake = {
  id: "target-defaults-to-maxunits",
  says: "compactContext takes a missing targetUnits to be maxUnits (a default); every field of §6 is required, and a missing one is CONTEXT_INVALID_INPUT.",
  breaks: "§6 (options: a field missing → CONTEXT_INVALID_INPUT), §7 (the options are those of §6, same rules for missing fields)",
  criterion: "boundary-selection",
  witness: {
    call: "compactContext(4 users, { maxUnits: 40, summaryMaxUnits: 10, retainRecentMessages: 1, summaryId, recordId, summarizer }) without targetUnits",
    run: (m) => {
      const opts = options(() => "sum", { summaryMaxUnits: 10 });
      delete opts.targetUnits;
      return compact(m, usersInput(4), opts, statusOnly);
    },
    expected: { error: "CONTEXT_INVALID_INPUT" },
  },
};

// --- the fast path --------------------------------------------------------------------------

const unchangedReturnsRawInput: Mistake = {
  id: "unchanged-returns-raw-input",
  says: "The unchanged result carries the caller's input object itself, so a plain input comes back raw (unfrozen, extras kept); context is the very object passed in only when this module built it, otherwise it is the built context (a frozen deep copy).",
  breaks: "§7 step 1 (build the context, §3) and step 2 (resolve { status: \"unchanged\", context, record: null }; context is the very object passed in when this module built it)",
  criterion: "unchanged-fast-path",
  witness: {
    call: "compactContext(plain input of 2 users (28 units), { maxUnits: 40, … }) → [result.context frozen, result.context === the input]",
    run: (m) => {
      const input = usersInput(2);
      return compact(m, input, options(() => "sum"), (value) => {
        const context = (value as { context: unknown }).context;
        return [Object.isFrozen(context), context === input];
      });
    },
    expected: { value: [true, false] },
  },
};

const emptyTranscriptUnchanged: Mistake = {
  id: "empty-transcript-unchanged",
  says: "A context without messages is returned unchanged whatever its units (nothing to compact); it is unchanged only when units(context) <= maxUnits, otherwise step 3 runs and, with no boundary, rejects with CONTEXT_BOUNDARY_UNAVAILABLE.",
  breaks: "§7 step 2 (unchanged only if units(context) <= maxUnits) and step 3 (no boundary → CONTEXT_BOUNDARY_UNAVAILABLE)",
  criterion: "unchanged-fast-path",
  witness: {
    call: "compactContext({ requirements: [{ id: 'r', content: 50 'x' }] } (54 units, no messages), { maxUnits: 40, … })",
    run: (m) => compact(m, { requirements: [{ id: "r", content: "x".repeat(50) }] }, options(() => "sum"), statusOnly),
    expected: { error: "CONTEXT_BOUNDARY_UNAVAILABLE" },
  },
};

// --- the record and the new context ---------------------------------------------------------

const recordUnitsOfCompactedPart: Mistake = {
  id: "record-units-of-compacted-part",
  says: "The record's unitsBefore is the units of the compacted messages and its unitsAfter the units of the new summary (what was replaced by what); unitsBefore is the units of the old context and unitsAfter those of the new one.",
  breaks: "§7 step 8 (unitsBefore: units of the old context; unitsAfter: units of the new one)",
  criterion: "atomicity-and-one-record",
  witness: {
    call: "compactContext(4 users (56), { summaryMaxUnits: 10, … }) with the summary 'sum' → [record.unitsBefore, record.unitsAfter] (56, 9 + 28)",
    run: (m) => on(m, () => "sum", {}, (value) => [recordOf(value).unitsBefore as number, recordOf(value).unitsAfter as number]),
    expected: { value: [56, 37] },
  },
};

const suffixSkipsFirstKept: Mistake = {
  id: "suffix-skips-first-kept",
  says: "The new context's messages start one after the boundary (messages.slice(boundary + 1)), so the first kept message is lost; the new context keeps the suffix messages.slice(boundary) whole.",
  breaks: "§7 steps 7-8 (the retained suffix messages.slice(boundary); the new context { requirements, summary, messages: suffix, compactions })",
  criterion: "atomicity-and-one-record",
  witness: {
    call: "compactContext(4 users, { summaryMaxUnits: 10, … }) with the summary 'sum' → the ids of the new context's messages",
    run: (m) => on(m, () => "sum", {}, (value) => idsOf((value as { context: unknown }).context)),
    expected: { value: ["m2", "m3"] },
  },
};

const compactedIdsDeduplicated: Mistake = {
  id: "compacted-ids-deduplicated",
  says: "compactedMessageIds are collected in a Set, so a message id that two compacted messages share is listed once; they are the ids of the prefix, in order, one per compacted message (as many as boundary), and message ids need not be unique.",
  breaks: "§7 step 8 (compactedMessageIds: the ids of the prefix, in order), §3 (compactedMessageIds.length === boundary)",
  criterion: "atomicity-and-one-record",
  witness: {
    call: "compactContext([user d, user d, user m2, user m3] (14 each), { summaryMaxUnits: 10, … }) with the summary 'sum' → the record's compactedMessageIds",
    run: (m) =>
      compact(
        m,
        { messages: [user("d", "xxxxxxxxx"), user("d", "xxxxxxxxx"), ...users(4).slice(2)] },
        options(() => "sum", { summaryMaxUnits: 10 }),
        (value) => recordOf(value).compactedMessageIds as Outcome,
      ),
    expected: { value: ["d", "d"] },
  },
};

// --- reading, immutable snapshots and ceilings ----------------------------------------------

const extraFieldRefused: Mistake = {
  id: "extra-field-refused",
  says: "A message with a field its role does not have (here timestamp) is refused with CONTEXT_INVALID_TRANSCRIPT; extra properties of the contract's records are dropped, not refused.",
  breaks: "§3 (buildActiveContext returns a deep copy in which extra properties are dropped)",
  criterion: "immutable-snapshots-and-ceilings",
  witness: {
    call: "buildActiveContext({ messages: [{ id: 'm0', role: 'user', content: 'u', timestamp: 1 }] }) → the ids of its messages",
    run: (m) => sync(() => m.buildActiveContext({ messages: [{ ...user("m0"), timestamp: 1 }] }), idsOf),
    expected: { value: ["m0"] },
  },
};

const loneSurrogateRefused: Mistake = {
  id: "lone-surrogate-refused",
  says: "A string holding a lone surrogate is refused as text that is not well-formed (CONTEXT_INVALID_TRANSCRIPT in a message); any string is valid content, and a lone surrogate counts one code point.",
  breaks: "§2 (user content may be any string), §4 (u(s): a lone surrogate counts 1)",
  criterion: "immutable-snapshots-and-ceilings",
  witness: {
    call: "estimateContextUnits({ messages: [user m0 with content 'a\\ud83d'] }) (4 + 2 + 2)",
    run: (m) => sync(() => m.estimateContextUnits({ messages: [user("m0", "a\ud83d")] })),
    expected: { value: 8 },
  },
};

const recordIdsLengthUnchecked: Mistake = {
  id: "record-ids-length-unchecked",
  says: "A compaction record's compactedMessageIds are never compared with its boundary, so a record with boundary 2 and three ids is accepted; compactedMessageIds.length must equal boundary, else CONTEXT_INVALID_INPUT.",
  breaks: "§3 (CompactionRecord.compactedMessageIds: length === boundary; a bad record → CONTEXT_INVALID_INPUT)",
  criterion: "immutable-snapshots-and-ceilings",
  witness: {
    call: "buildActiveContext({ compactions: [{ id: 'rec', summaryId: 's0', boundary: 2, compactedMessageIds: ['a', 'b', 'c'], unitsBefore: 10, unitsAfter: 5 }] })",
    run: (m) =>
      sync(
        () =>
          m.buildActiveContext({ compactions: [{ id: "rec", summaryId: "s0", boundary: 2, compactedMessageIds: ["a", "b", "c"], unitsBefore: 10, unitsAfter: 5 }] }),
        (v) => (v as { compactions: { boundary: number }[] }).compactions.map((r) => r.boundary),
      ),
    expected: { error: "CONTEXT_INVALID_INPUT" },
  },
};

const idPatternEnforced: Mistake = {
  id: "id-pattern-enforced",
  says: "Message and tool-call ids are held to /^[A-Za-z0-9_.:-]+$/, so an id with a space or a letter such as é is refused with CONTEXT_INVALID_TRANSCRIPT; an id only has to be non-empty (s.trim().length > 0).",
  breaks: "§2 (message ids, tool-call ids, tool names and toolCallId must be non-empty)",
  criterion: "immutable-snapshots-and-ceilings",
  witness: {
    call: "buildActiveContext({ messages: [user 'user 1', user 'é-2'] }) → the ids of its messages",
    run: (m) => sync(() => m.buildActiveContext({ messages: [user("user 1"), user("é-2")] }), idsOf),
    expected: { value: ["user 1", "é-2"] },
  },
};

const derivedRecordLimitUnchecked: Mistake = {
  id: "derived-record-limit-unchecked",
  says: "The new context's compactions are not held to 256, so a context with 256 records is compacted into one with 257; step 8 validates the new context as buildActiveContext would, and a 257th record is CONTEXT_LIMIT_EXCEEDED.",
  breaks: "§7 step 8 (build and validate the new context), §3 (compaction records: at most 256)",
  criterion: "immutable-snapshots-and-ceilings",
  witness: {
    call: "compactContext({ 4 users, 256 compaction records }, { summaryMaxUnits: 10, … }) with the summary 'sum'",
    run: (m) =>
      compact(
        m,
        {
          messages: users(4),
          compactions: Array.from({ length: 256 }, (_, i) => ({ id: `rec${i}`, summaryId: "s0", boundary: 1, compactedMessageIds: ["x"], unitsBefore: 0, unitsAfter: 0 })),
        },
        options(() => "sum", { summaryMaxUnits: 10 }),
        statusOnly,
      ),
    expected: { error: "CONTEXT_LIMIT_EXCEEDED" },
  },
};

// --- units ----------------------------------------------------------------------------------

const argumentsAsJsonText: Mistake = {
  id: "arguments-as-json-text",
  says: "A tool call's arguments are counted by the length of their JSON text (u(JSON.stringify(arguments))); they are counted J(arguments), with J(object) = 2 + Σ over keys (1 + u(key) + J(value)) and J(string) = 1 + u(s), so { k: 'v' } costs 6, not 9.",
  breaks: "§4 (tool-call block = 6 + u(id) + u(name) + J(arguments))",
  criterion: "units",
  witness: {
    call: "estimateContextUnits({ messages: [assistant a calling c of t with { k: 'v' }, its result r with content ''] }) (5 + 6 + 1 + 1 + 6, + 10)",
    run: (m) => sync(() => m.estimateContextUnits({ messages: [call("a", [["c", "t", { k: "v" }]]), result("r", "c", "t", "")] })),
    expected: { value: 29 },
  },
};

const uGraphemeClusters: Mistake = {
  id: "u-grapheme-clusters",
  says: "u(s) is counted in grapheme clusters (what a reader sees as one character), so 'e' followed by a combining accent counts 1; u(s) is the number of Unicode code points, and that is 2.",
  breaks: "§4 (u(s) is the number of Unicode code points of s)",
  criterion: "units",
  witness: {
    call: "estimateContextUnits({ messages: [user u with content 'e\\u0301'] }) (4 + 1 + 2)",
    run: (m) => sync(() => m.estimateContextUnits({ messages: [user("u", "e\u0301")] })),
    expected: { value: 7 },
  },
};

// --- summary validation ---------------------------------------------------------------------

const summaryTruncatedToFit: Mistake = {
  id: "summary-truncated-to-fit",
  says: "A summary too large for summaryMaxUnits is cut (by code points) until it fits, and stored; it is refused: 5 + u(summaryId) + u(text) > summaryMaxUnits is CONTEXT_SUMMARY_INSUFFICIENT, and the summary is stored exactly as returned.",
  breaks: "§7 step 6 (5 + u(summaryId) + u(text) > summaryMaxUnits → CONTEXT_SUMMARY_INSUFFICIENT)",
  criterion: "summary-validation",
  witness: {
    call: "compactContext(4 users, { summaryMaxUnits: 10, … }) with a summarizer returning 'xxxxxxxx' (5 + 1 + 8 = 14 units)",
    run: (m) => on(m, () => "xxxxxxxx"),
    expected: { error: "CONTEXT_SUMMARY_INSUFFICIENT" },
  },
};

const nullishSummaryAsEmpty: Mistake = {
  id: "nullish-summary-as-empty",
  says: "A summary value null or undefined is taken as the empty text (value ?? ''), so it is refused as blank with CONTEXT_SUMMARY_INSUFFICIENT; a value that is not a string, null and undefined included, is CONTEXT_SUMMARY_INVALID.",
  breaks: "§7 step 6 (not a string → CONTEXT_SUMMARY_INVALID)",
  criterion: "summary-validation",
  witness: {
    call: "compactContext(4 users, { summaryMaxUnits: 10, … }) with a summarizer returning null",
    run: (m) => on(m, () => null),
    expected: { error: "CONTEXT_SUMMARY_INVALID" },
  },
};

const summaryLengthLimitInclusive: Mistake = {
  id: "summary-length-limit-inclusive",
  says: "A summary of exactly 65536 code points is refused with CONTEXT_LIMIT_EXCEEDED (the check is >= 65536); only a summary longer than 65536 code points is.",
  breaks: "§7 step 6 (longer than 65536 code points → CONTEXT_LIMIT_EXCEEDED); §3 (code points in one string: at most 65536)",
  criterion: "summary-validation",
  witness: {
    call: "compactContext(4 users of 60,000 'x', { maxUnits: 200000, targetUnits: 200000, summaryMaxUnits: 70000, retainRecentMessages: 1, … }) with a summarizer returning 65,536 'x' (boundary 2)",
    run: (m) =>
      compact(
        m,
        { messages: [0, 1, 2, 3].map((i) => user(`m${i}`, "x".repeat(60000))) },
        options(() => "x".repeat(65536), { maxUnits: 200000, targetUnits: 200000, summaryMaxUnits: 70000 }),
        statusOnly,
      ),
    expected: { value: "compacted" },
  },
};

// --- async observation ----------------------------------------------------------------------

const falsyRejectionIgnored: Mistake = {
  id: "falsy-rejection-ignored",
  says: "A rejection whose reason is falsy (Promise.reject(), reject(null), reject(0)) is not taken as a failure (the student's `if (error)`), so the summary is undefined and refused with CONTEXT_SUMMARY_INVALID; any rejection, whatever its reason, is CONTEXT_SUMMARIZER_FAILED.",
  breaks: "§7 step 5 (native promise: a rejection → CONTEXT_SUMMARIZER_FAILED; thenable: a rejection → CONTEXT_SUMMARIZER_FAILED)",
  criterion: "async-observation",
  witness: {
    call: "compactContext(4 users, { summaryMaxUnits: 10, … }) with a summarizer returning Promise.reject() (no reason)",
    run: (m) => on(m, () => Promise.reject()),
    expected: { error: "CONTEXT_SUMMARIZER_FAILED" },
  },
};

const promiseThenReadFirst: Mistake = {
  id: "promise-then-read-first",
  says: "The value's then is read before a native promise is told apart, so a native promise whose own then is undefined is taken as a plain value (CONTEXT_SUMMARY_INVALID) and one whose then getter throws fails; a native promise is observed with the intrinsic then whatever its own or inherited then says, and its then property is never read.",
  breaks: "§7 step 5 (native promise: observed by applying the intrinsic Promise.prototype.then, whatever the promise's own or inherited then property says)",
  criterion: "async-observation",
  witness: {
    call: "compactContext(4 users, { summaryMaxUnits: 10, … }) with a summarizer returning Promise.resolve('sum') whose own then is undefined",
    run: (m) =>
      on(m, () => {
        const promise = Promise.resolve("sum");
        Object.defineProperty(promise, "then", { value: undefined, configurable: true });
        return promise;
      }),
    expected: { value: { status: "compacted", summary: { id: "s", content: "sum" } } },
  },
};

const thenableMustDeliverAtOnce: Mistake = {
  id: "thenable-must-deliver-at-once",
  says: "A thenable must deliver while its then runs: a then that returns without having called a resolver fails with CONTEXT_SUMMARIZER_FAILED, so a thenable that delivers in a later job is refused; its outcome is waited for (a resolver may be called later, or never, while the signal is watched).",
  breaks: "§7 step 5 (call then once with resolvers that act once; the outcome is taken only after then has returned, in a later job; a rejection or a throw before any resolver call fails)",
  criterion: "async-observation",
  witness: {
    call: "compactContext(4 users, { summaryMaxUnits: 10, … }) with a summarizer returning { then(resolve) { setImmediate(() => resolve('sum')) } }",
    run: (m) =>
      on(m, () => ({
        then(resolve: (value: unknown) => void) {
          setImmediate(() => resolve("sum"));
        },
      })),
    expected: { value: { status: "compacted", summary: { id: "s", content: "sum" } } },
  },
};

const summarizerThrowEscapes: Mistake = {
  id: "summarizer-throw-escapes",
  says: "The summarizer is called without a try, so its synchronous throw escapes as itself (compactContext rejects with the thrown Error); a synchronous throw is CONTEXT_SUMMARIZER_FAILED, and every failure is a ContextCompactionError.",
  breaks: "§7 step 4 (a synchronous throw → CONTEXT_SUMMARIZER_FAILED), §1 (every failure of every export is a ContextCompactionError)",
  criterion: "async-observation",
  witness: {
    call: "compactContext(4 users, { summaryMaxUnits: 10, … }) with a summarizer that throws new Error('boom')",
    run: (m) =>
      on(m, () => {
        throw new Error("boom");
      }),
    expected: { error: "CONTEXT_SUMMARIZER_FAILED" },
  },
};

// --- cancellation ---------------------------------------------------------------------------

const abortedSignalInvalidInput: Mistake = {
  id: "aborted-signal-invalid-input",
  says: "An already aborted signal is refused with CONTEXT_INVALID_INPUT while the options are checked (the student's check is 'a genuine signal that is not aborted'); an aborted signal is a valid option: step 3 rejects with CONTEXT_CANCELLED (and the unchanged path does not consult it).",
  breaks: "§7 (signal: optional genuine AbortSignal), step 3 (the signal already aborted → CONTEXT_CANCELLED)",
  criterion: "cancellation",
  witness: {
    call: "compactContext(4 users, { summaryMaxUnits: 10, signal: an aborted signal, … })",
    run: (m) => {
      const controller = new AbortController();
      controller.abort();
      return on(m, () => "sum", { signal: controller.signal }, statusOnly);
    },
    expected: { error: "CONTEXT_CANCELLED" },
  },
};

const customAbortReasonFailed: Mistake = {
  id: "custom-abort-reason-failed",
  says: "An abort is taken as cancellation only when its reason is named AbortError, so controller.abort(new Error('user stop')) while the summary is pending rejects with CONTEXT_SUMMARIZER_FAILED; any abort while waiting is CONTEXT_CANCELLED, whatever its reason.",
  breaks: "§7 step 5 (an abort while waiting, or observed when the value settles → CONTEXT_CANCELLED)",
  criterion: "cancellation",
  witness: {
    call: "compactContext(4 users, { summaryMaxUnits: 10, signal, … }) with a summarizer returning a promise that never settles, the signal aborted with new Error('user stop') in a later macrotask",
    run: (m) => {
      const controller = new AbortController();
      return on(
        m,
        () => {
          setImmediate(() => controller.abort(new Error("user stop")));
          return new Promise(() => {});
        },
        { signal: controller.signal },
        statusOnly,
      );
    },
    expected: { error: "CONTEXT_CANCELLED" },
  },
};

const signalPassedInRequest: Mistake = {
  id: "signal-passed-in-request",
  says: "The caller's signal is put in the request (request.signal) and the summarizer is called with the request alone, so its second argument is undefined; summarizer(request, signal) gets the caller's signal itself as its second argument, and the request is { requirements, previousSummary, messages, boundary, maxSummaryUnits }.",
  breaks: "§7 step 4 (call summarizer(request, signal) once; the second argument is the caller's signal itself)",
  criterion: "cancellation",
  witness: {
    call: "compactContext(4 users, { summaryMaxUnits: 10, signal, … }) → the outcome, and whether the summarizer's second argument is the caller's signal",
    run: async (m) => {
      const controller = new AbortController();
      let second: Outcome = "not called";
      const outcome = await on(
        m,
        (_request, signal) => {
          second = signal === controller.signal;
          return "sum";
        },
        { signal: controller.signal },
        statusOnly,
      );
      return { outcome, secondIsCallerSignal: second };
    },
    expected: { outcome: { value: "compacted" }, secondIsCallerSignal: true },
  },
};

/** Every s17 implementation is a rewrite or wrapper over the reference and the kit, and composable. */
const s17 = (id: string, form: Form, mistakes: readonly Mistake[]): Implementation => ({ id, form, mistakes, importsOutside: true, composable: true });

export const S17: readonly Implementation[] = [
  // one mistake
  s17("s17-groups-results-only", "rewrite", [groupMessagesResultsOnly]),
  s17("s17-boundary-requirements-twice", "rewrite", [requirementsCountedTwice]),
  s17("s17-unchanged-raw-input", "wrapper", [unchangedReturnsRawInput]),
  s17("s17-record-units-compacted-part", "wrapper", [recordUnitsOfCompactedPart]),
  // three mistakes in one criterion
  s17("s17-cancel-aborted-reason-request", "rewrite", [abortedSignalInvalidInput, customAbortReasonFailed, signalPassedInRequest]),
  s17("s17-reading-extra-surrogate-ids", "wrapper", [extraFieldRefused, loneSurrogateRefused, recordIdsLengthUnchecked]),
  s17("s17-async-falsy-then-late", "rewrite", [falsyRejectionIgnored, promiseThenReadFirst, thenableMustDeliverAtOnce]),
  // two criteria, one mistake running before the other on most inputs
  s17("s17-id-pattern-suffix", "wrapper", [idPatternEnforced, suffixSkipsFirstKept]),
  s17("s17-target-default-truncated", "rewrite", [targetDefaultsToMaxUnits, summaryTruncatedToFit]),
  s17("s17-leading-call-throw-escapes", "rewrite", [roundNeedsLeadingCall, summarizerThrowEscapes]),
  // four mistakes in four criteria
  s17("s17-mixed-four-estimator-flow", "rewrite", [argumentsAsJsonText, emptyTranscriptUnchanged, fitsAlreadyNull, nullishSummaryAsEmpty]),
  s17("s17-mixed-four-units-record", "rewrite", [uGraphemeClusters, derivedRecordLimitUnchecked, compactedIdsDeduplicated, summaryLengthLimitInclusive]),
];
