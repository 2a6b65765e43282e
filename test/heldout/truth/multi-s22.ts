// The session-22 implementations (test/heldout/s22-*): 12 folders, 26 mistakes, all of them new
// to the set. Six with two or three mistakes in one criterion (units, reading, the options of §6,
// async observation, grouping, the result of step 8); two with two mistakes in two criteria
// (summaryId's length and maxUnits' bound; the request's messages and the summarizer's fresh
// signal); one whole-flow rewrite, the student's own units, groups, walk and compactContext, with
// four mistakes in four criteria; and three with one mistake (a wrapper whose boundary answers 0
// for none; a record id compared with the old summaryIds; a tool call without arguments read as
// {}). Written from the contract, src/core and the held-out set's own files alone (README:
// "Session 21: the `s22-` implementations"); every mistake is independent of the others of its
// implementation (witnesses.test.ts).
import { call, compact, options, result, user, users, usersInput, type Summarizer } from "../_witness/fixtures";
import { sync, view, type Outcome } from "../_witness/observe";
import type { Impl } from "../_kit/impl";
import type { Form, Implementation, Mistake } from "./types";

const boundary = (target: number, summaryMax: unknown, retain: number) => ({ targetUnits: target, summaryMaxUnits: summaryMax, retainRecentMessages: retain });
const statusOnly = (value: unknown) => (value as { status: string }).status as Outcome;
const summaryOnly = (value: unknown) => {
  const r = value as { status: string; context: { summary: unknown } };
  return { status: r.status, summary: view(r.context.summary) } as Outcome;
};
const messageCount = (c: unknown) => (c as { messages: unknown[] }).messages.length;
const groupsView = (groups: unknown) => (groups as { kind: string; startIndex: number; endIndex: number }[]).map((g) => [g.kind, g.startIndex, g.endIndex]);
const summary = { id: "s", content: "x" };
const record0 = (extra: Record<string, unknown> = {}) => ({ id: "r0", summaryId: "s0", boundary: 1, compactedMessageIds: ["x"], unitsBefore: 20, unitsAfter: 10, ...extra });

/** compactContext(4 users of 14) with summaryMaxUnits 10 (boundary 2), looking at `show`. */
const on = (m: Impl, summarizer: Summarizer, extra: Record<string, unknown> = {}, show: (value: unknown) => Outcome = summaryOnly) =>
  compact(m, usersInput(4), options(summarizer, { summaryMaxUnits: 10, ...extra }), show);

/** A chain of `n` generic thenables, each delivering the next, the last delivering `last`. */
const chain = (n: number, last: unknown): unknown => {
  let value = last;
  for (let i = 0; i < n; i++) {
    const next = value;
    value = {
      then(resolve: (value: unknown) => void) {
        resolve(next);
      },
    };
  }
  return value;
};

// --- units ----------------------------------------------------------------------------------

const absentSummaryCostsBase: Mistake = {
  id: "absent-summary-costs-base",
  says: "A context without a summary is counted as if it had an empty one, 5 + u('') + u(''), so the course's focused case (requirement { r, AB }, user { u, a }) costs 17; the summary counts only if there is one: Σ requirements + the summary (if any) + Σ messages = 12.",
  breaks: "§4 (the units of a context are Σ requirements + the summary (if any) + Σ messages; the course's focused case costs 12)",
  criterion: "units",
  witness: {
    call: "estimateContextUnits({ requirements: [{ r, AB }], messages: [user u with content 'a'] }) (6 + 6 = 12)",
    run: (m) => sync(() => m.estimateContextUnits({ requirements: [{ id: "r", content: "AB" }], messages: [user("u", "a")] })),
    expected: { value: 12 },
  },
};

const callTextBlocksSkipped: Mistake = {
  id: "call-text-blocks-skipped",
  says: "An assistant message that makes tool calls is counted by its calls alone, its text blocks left out (the text taken as the call's preamble), so an assistant with the text 'look' and a call costs 6 units less; an assistant costs 4 + u(id) + Σ blocks, every text block 2 + u(text), calls or not.",
  breaks: "§4 (assistant message: 4 + u(id) + Σ blocks; text block: 2 + u(text))",
  criterion: "units",
  witness: {
    call: "estimateContextUnits({ summary: { s, x }, messages: [assistant a with the text 'look' and a call c (t), result r of c with content 'ok'] }) (7 + 21 + 12 = 40)",
    run: (m) =>
      sync(() =>
        m.estimateContextUnits({
          summary,
          messages: [{ id: "a", role: "assistant", content: [{ type: "text", text: "look" }, { type: "toolCall", id: "c", name: "t", arguments: {} }] }, result("r", "c", "t")],
        }),
      ),
    expected: { value: 40 },
  },
};

const jsonSeparatorsBetweenItems: Mistake = {
  id: "json-separators-between-items",
  says: "A JSON array or object in tool-call arguments is counted with one separator between items (n − 1, the commas of its JSON text) instead of one per item, so { k: [1, 2] } costs 10; J(array) = 2 + Σ (1 + J(item)) and J(object) = 2 + Σ over keys (1 + u(key) + J(value)): here 12.",
  breaks: "§4 (J(array) = 2 + Σ (1 + J(item)); J(object) = 2 + Σ over keys (1 + u(key) + J(value)))",
  criterion: "units",
  witness: {
    call: "estimateContextUnits({ summary: { s, x }, messages: [assistant a calling c (t, { k: [1, 2] }), result r of c with content 'ok'] }) (7 + 25 + 12 = 44)",
    run: (m) => sync(() => m.estimateContextUnits({ summary, messages: [call("a", [["c", "t", { k: [1, 2] }]]), result("r", "c", "t")] })),
    expected: { value: 44 },
  },
};

const jsonNumberNoBase: Mistake = {
  id: "json-number-no-base",
  says: "A number in tool-call arguments is counted by its text alone, String(n).length, so 12 costs 2; J(number) = 1 + String(n).length (12 costs 3).",
  breaks: "§4 (J(number) = 1 + String(n).length)",
  criterion: "units",
  witness: {
    call: "estimateContextUnits([assistant a calling c (t, { n: 12 }), result r of c with content 'ok']) (20 + 12 = 32)",
    run: (m) => sync(() => m.estimateContextUnits({ messages: [call("a", [["c", "t", { n: 12 }]]), result("r", "c", "t")] })),
    expected: { value: 32 },
  },
};

// --- reading (immutable snapshots and ceilings) ---------------------------------------------

const arrayArgumentsAccepted: Mistake = {
  id: "array-arguments-accepted",
  says: "A tool call's arguments are checked with typeof arguments === 'object', so arguments that are an array ([1, 2]) are accepted; arguments must be a plain object (not an array) with string keys, else CONTEXT_INVALID_TRANSCRIPT.",
  breaks: "§3 (Tool-call arguments: a plain object with string keys only; Records: a plain object, not an array), §2 (ToolCall.arguments: { readonly [k: string]: Json })",
  criterion: "immutable-snapshots-and-ceilings",
  witness: {
    call: "buildActiveContext({ messages: [assistant a calling c (t) with arguments [1, 2], result r of c] })",
    run: (m) =>
      sync(
        () => m.buildActiveContext({ messages: [{ id: "a", role: "assistant", content: [{ type: "toolCall", id: "c", name: "t", arguments: [1, 2] }] }, result("r", "c", "t")] }),
        messageCount,
      ),
    expected: { error: "CONTEXT_INVALID_TRANSCRIPT" },
  },
};

const missingArgumentsAsEmpty: Mistake = {
  id: "missing-arguments-as-empty",
  says: "A tool call without an arguments field is read with a default (arguments ?? {}), so it is accepted as a call with no arguments; arguments is a required field of a tool call, and a missing field makes the transcript invalid (CONTEXT_INVALID_TRANSCRIPT).",
  breaks: "§2 (ToolCall = { type, id, name, arguments }), §3 (Records: every field is an own data property; anything about the value of messages → CONTEXT_INVALID_TRANSCRIPT)",
  criterion: "immutable-snapshots-and-ceilings",
  witness: {
    call: "buildActiveContext({ messages: [assistant a with the block { type: 'toolCall', id: 'c', name: 't' } (no arguments), result r of c] })",
    run: (m) =>
      sync(() => m.buildActiveContext({ messages: [{ id: "a", role: "assistant", content: [{ type: "toolCall", id: "c", name: "t" }] }, result("r", "c", "t")] }), messageCount),
    expected: { error: "CONTEXT_INVALID_TRANSCRIPT" },
  },
};

const compactedIdBlankAccepted: Mistake = {
  id: "compacted-id-blank-accepted",
  says: "The ids in a compaction record's compactedMessageIds are only checked to be strings, so a record listing the empty id '' is accepted; each of them must be non-empty (s.trim().length > 0), else CONTEXT_INVALID_INPUT.",
  breaks: "§3 (CompactionRecord: compactedMessageIds … each non-empty; a bad record → CONTEXT_INVALID_INPUT)",
  criterion: "immutable-snapshots-and-ceilings",
  witness: {
    call: "buildActiveContext({ messages: [1 user], compactions: [{ id: 'r0', summaryId: 's0', boundary: 1, compactedMessageIds: [''], unitsBefore: 20, unitsAfter: 10 }] })",
    run: (m) => sync(() => m.buildActiveContext({ messages: users(1), compactions: [record0({ compactedMessageIds: [""] })] }), messageCount),
    expected: { error: "CONTEXT_INVALID_INPUT" },
  },
};

const recordUnitsZeroRefused: Mistake = {
  id: "record-units-zero-refused",
  says: "A compaction record whose unitsBefore or unitsAfter is 0 is refused with CONTEXT_INVALID_INPUT (the student's check is > 0); a record's units are safe integers >= 0, so 0 is allowed.",
  breaks: "§3 (CompactionRecord: unitsBefore, unitsAfter safe integers >= 0)",
  criterion: "immutable-snapshots-and-ceilings",
  witness: {
    call: "buildActiveContext({ messages: [1 user], compactions: [{ id: 'r0', summaryId: 's0', boundary: 1, compactedMessageIds: ['x'], unitsBefore: 0, unitsAfter: 0 }] }) → the number of messages",
    run: (m) => sync(() => m.buildActiveContext({ messages: users(1), compactions: [record0({ unitsBefore: 0, unitsAfter: 0 })] }), messageCount),
    expected: { value: 1 },
  },
};

// --- boundary selection (options of §6, the walk, the answer) --------------------------------

const optionsNullTypeError: Mistake = {
  id: "options-null-typeerror",
  says: "The options are tested with typeof options === 'object', which null passes, so null options make the first field read throw a raw TypeError; options that are not a plain object are CONTEXT_INVALID_INPUT (every failure is a ContextCompactionError).",
  breaks: "§6 (Options: a plain object … otherwise CONTEXT_INVALID_INPUT), §1 (every failure of every export is a ContextCompactionError)",
  criterion: "boundary-selection",
  witness: {
    call: "selectCompactionBoundary({ messages: 4 users }, null)",
    run: (m) => sync(() => m.selectCompactionBoundary({ messages: users(4) }, null)),
    expected: { error: "CONTEXT_INVALID_INPUT" },
  },
};

const retain4096Refused: Mistake = {
  id: "retain-4096-refused",
  says: "retainRecentMessages of exactly 4096 is refused with CONTEXT_INVALID_BUDGET (the check is < MAX_CONTEXT_MESSAGES); the bound is inclusive, retainRecentMessages <= 4096, and with nothing left to compact the answer is null.",
  breaks: "§6 (retainRecentMessages >= 0 and retainRecentMessages <= 4096; The answer step 1: latest <= 0 → null)",
  criterion: "boundary-selection",
  witness: {
    call: "selectCompactionBoundary(4 users, { targetUnits: 40, summaryMaxUnits: 20, retainRecentMessages: 4096 })",
    run: (m) => sync(() => m.selectCompactionBoundary({ messages: users(4) }, boundary(40, 20, 4096))),
    expected: { value: null },
  },
};

const compactWalkIgnoresRetain: Mistake = {
  id: "compact-walk-ignores-retain",
  says: "compactContext's own walk looks for the earliest whole-group cut that fits without the rule of retainRecentMessages (selectCompactionBoundary keeps it), so it compacts messages that should be retained; the boundary is §6's: a group ending after latest = messages.length − retainRecentMessages ends the walk with null (CONTEXT_BOUNDARY_UNAVAILABLE).",
  breaks: "§7 step 3 (no boundary (§6) → CONTEXT_BOUNDARY_UNAVAILABLE), §6 (The answer step 3: if a group's endIndex > latest, the answer is null)",
  criterion: "boundary-selection",
  witness: {
    call: "compactContext(4 users, { retainRecentMessages: 3, summaryMaxUnits: 10, targetUnits: 40, … }) (latest = 1, the cut after m0 does not fit)",
    run: (m) => on(m, () => "sum", { retainRecentMessages: 3 }, statusOnly),
    expected: { error: "CONTEXT_BOUNDARY_UNAVAILABLE" },
  },
};

const noBoundaryAsZero: Mistake = {
  id: "no-boundary-as-zero",
  says: "selectCompactionBoundary answers 0 when no cut qualifies (the student's function returns a number: boundary ?? 0); with no cut the answer is null, and a boundary is always >= 1.",
  breaks: "§6 (The answer: if latest <= 0, or no group qualifies, the answer is null; it is always >= 1)",
  criterion: "boundary-selection",
  witness: {
    call: "selectCompactionBoundary(2 users, { targetUnits: 40, summaryMaxUnits: 20, retainRecentMessages: 2 })",
    run: (m) => sync(() => m.selectCompactionBoundary({ messages: users(2) }, boundary(40, 20, 2))),
    expected: { value: null },
  },
};

// --- grouping -------------------------------------------------------------------------------

const lastMessageUngrouped: Mistake = {
  id: "last-message-ungrouped",
  says: "groupToolRounds' loop runs while i < transcript.length − 1, so a last message that starts a group of its own gets no group and the groups do not reach the end; the groups tile the whole transcript, the last message included.",
  breaks: "§5 (groups that tile the transcript in order; every other message is its own message group)",
  criterion: "grouping",
  witness: {
    call: "groupToolRounds([user u, user v]) → [kind, startIndex, endIndex] of each group",
    run: (m) => sync(() => m.groupToolRounds([user("u"), user("v")]), groupsView),
    expected: { value: [["message", 0, 1], ["message", 1, 2]] },
  },
};

const messageGroupNotListed: Mistake = {
  id: "message-group-not-listed",
  says: "A message group's messages is the message itself, not a list (only a tool round gets a list); every group's messages is the list of its messages, [message] for a message group.",
  breaks: "§5 (groups { kind, startIndex, endIndex, messages })",
  criterion: "grouping",
  witness: {
    call: "groupToolRounds([user u, assistant a calling c (t), result r of c]) → [kind, startIndex, endIndex, the ids of messages] of each group",
    run: (m) =>
      sync(
        () => m.groupToolRounds([user("u"), call("a", [["c", "t"]]), result("r", "c", "t")]),
        (groups) =>
          (groups as { kind: string; startIndex: number; endIndex: number; messages: unknown }[]).map((g) => [
            g.kind,
            g.startIndex,
            g.endIndex,
            Array.isArray(g.messages) ? g.messages.map((x: { id: string }) => x.id) : "not a list",
          ]),
      ),
    expected: { value: [["message", 0, 1, ["u"]], ["toolRound", 1, 3, ["a", "r"]]] },
  },
};

// --- the fast path --------------------------------------------------------------------------

const maxUnitsMillionRefused: Mistake = {
  id: "maxunits-million-refused",
  says: "maxUnits of exactly 1,000,000 is refused with CONTEXT_INVALID_BUDGET (the check is < MAX_CONTEXT_TOTAL_UNITS); the bound is inclusive, 1 <= maxUnits <= 1,000,000, so a small context comes back unchanged.",
  breaks: "§7 (maxUnits: safe integer, 1 <= maxUnits <= 1,000,000, targetUnits <= maxUnits), step 2",
  criterion: "unchanged-fast-path",
  witness: {
    call: "compactContext(2 users (28 units), { maxUnits: 1000000, … }) → the status",
    run: (m) => compact(m, usersInput(2), options(() => "sum", { maxUnits: 1_000_000 }), statusOnly),
    expected: { value: "unchanged" },
  },
};

// --- summary validation ---------------------------------------------------------------------

const summaryIdLengthUnchecked: Mistake = {
  id: "summaryid-length-unchecked",
  says: "options.summaryId is checked to be a non-empty string but its length is never compared with 65,536 code points, so a longer summaryId is accepted (a small context comes back unchanged); a summaryId longer than 65,536 code points is CONTEXT_LIMIT_EXCEEDED when the options are checked, before the summarizer is called.",
  breaks: "§7 (summaryId: non-empty string of at most 65536 code points; longer → CONTEXT_LIMIT_EXCEEDED), step 1 (check the options)",
  criterion: "summary-validation",
  witness: {
    call: "compactContext(2 users (28 units), { summaryId: 65,537 'x', maxUnits: 40, … }) → the status",
    run: (m) => compact(m, usersInput(2), options(() => "sum", { summaryId: "x".repeat(65_537) }), statusOnly),
    expected: { error: "CONTEXT_LIMIT_EXCEEDED" },
  },
};

const requestMaxUnitsForText: Mistake = {
  id: "request-max-units-for-text",
  says: "request.maxSummaryUnits is given as the units left for the text, summaryMaxUnits − 5 − u(summaryId), so with summaryMaxUnits 10 and summaryId 's' the summarizer is told 4; maxSummaryUnits is summaryMaxUnits itself (the limit the summary's 5 + u(summaryId) + u(text) is held to).",
  breaks: "§7 step 4 (the request { requirements, previousSummary, messages, boundary, maxSummaryUnits }), step 6 (5 + u(summaryId) + u(text) > summaryMaxUnits → CONTEXT_SUMMARY_INSUFFICIENT)",
  criterion: "summary-validation",
  witness: {
    call: "compactContext(4 users, { summaryMaxUnits: 10, summaryId: 's', … }) → the request's maxSummaryUnits",
    run: async (m) => {
      let max: unknown = "not called";
      const status = await on(
        m,
        (request) => {
          max = (request as { maxSummaryUnits: unknown }).maxSummaryUnits;
          return "sum";
        },
        {},
        statusOnly,
      );
      return { status, maxSummaryUnits: view(max) };
    },
    expected: { status: { value: "compacted" }, maxSummaryUnits: 10 },
  },
};

// --- async observation ----------------------------------------------------------------------

const thenCalledWithoutReject: Mistake = {
  id: "then-called-without-reject",
  says: "A thenable's then is called with the fulfilment handler only (value.then(next)), so a thenable that rejects after then returned finds no reject to call and the compaction never settles; then is called with both resolvers, and a rejection is CONTEXT_SUMMARIZER_FAILED.",
  breaks: "§7 step 5 (call then once, as a method of the object, with resolvers that act once; a rejection → CONTEXT_SUMMARIZER_FAILED)",
  criterion: "async-observation",
  witness: {
    call: "compactContext(4 users, { summaryMaxUnits: 10, … }) with a summarizer returning a thenable whose then calls reject(new Error('late')) in a later job",
    run: (m) =>
      on(
        m,
        () => ({
          then(_resolve: unknown, reject: (reason: unknown) => void) {
            Promise.resolve()
              .then(() => reject(new Error("late")))
              .catch(() => undefined);
          },
        }),
        {},
        statusOnly,
      ),
    expected: { error: "CONTEXT_SUMMARIZER_FAILED" },
  },
};

const textAtLevel65Accepted: Mistake = {
  id: "text-at-level-65-accepted",
  says: "The depth limit is checked only before a promise or a thenable is followed, so the text delivered by the 65th thenable of a chain (received at level 65) is taken and 65 thenables are accepted (66 fail); any value received at a level above 64 fails, the text too: 64 thenables are accepted, 65 fail with CONTEXT_SUMMARIZER_FAILED.",
  breaks: "§7 step 5 (Depth: a value received at a level above 64 → CONTEXT_SUMMARIZER_FAILED; a chain of 65 fails)",
  criterion: "async-observation",
  witness: {
    call: "compactContext(4 users, { summaryMaxUnits: 10, … }) with a chain of 65 generic thenables whose last delivers 'sum'",
    run: (m) => on(m, () => chain(65, "sum"), {}, statusOnly),
    expected: { error: "CONTEXT_SUMMARIZER_FAILED" },
  },
};

// --- cancellation ---------------------------------------------------------------------------

const freshSignalAbortedAfter: Mistake = {
  id: "fresh-signal-aborted-after",
  says: "With no signal, the summarizer is given the signal of the student's own AbortController, which is aborted when compactContext is done (a clean-up in finally), so a summarizer that keeps it sees it aborted; with no signal the summarizer's second argument is a fresh AbortSignal that is never aborted (or undefined).",
  breaks: "§7 step 4 (the second argument is the caller's signal itself; with no signal, a fresh AbortSignal that is never aborted, or undefined (§8))",
  criterion: "cancellation",
  witness: {
    call: "compactContext(4 users, { summaryMaxUnits: 10, no signal, … }) → the status, and whether the summarizer's second argument is an AbortSignal aborted once it settled",
    run: async (m) => {
      let signal: unknown = "not called";
      const status = await on(
        m,
        (_request, second) => {
          signal = second;
          return "sum";
        },
        {},
        statusOnly,
      );
      // §8: with no signal the second argument may also be undefined (never aborted either).
      return { status, aborted: signal instanceof AbortSignal && signal.aborted };
    },
    expected: { status: { value: "compacted" }, aborted: false },
  },
};

// --- the record and the result (atomicity and one record) -----------------------------------

const summaryStoredAsText: Mistake = {
  id: "summary-stored-as-text",
  says: "The new context's summary is the summarizer's text itself ('sum'); the new summary is the record { id: summaryId, content: text }.",
  breaks: "§7 step 8 (the new context { requirements, summary: { id: summaryId, content: text }, messages: suffix, compactions }), §3 (Summary = { id, content })",
  criterion: "atomicity-and-one-record",
  witness: {
    call: "compactContext(4 users, { summaryMaxUnits: 10, summaryId: 's', … }) → the status and the new summary",
    run: (m) => on(m, () => "sum"),
    expected: { value: { status: "compacted", summary: { id: "s", content: "sum" } } },
  },
};

const resultRecordOneBack: Mistake = {
  id: "result-record-one-back",
  says: "result.record is read at index old.length − 1 of the new compactions (an off-by-one), so it is the last old record, or undefined when there was none; result.record is the new record, the last element of context.compactions (at index old.length).",
  breaks: "§7 step 8 (resolve { status: 'compacted', context, record }, record being the last element of context.compactions)",
  criterion: "atomicity-and-one-record",
  witness: {
    call: "compactContext({ 4 users, compactions: [record r0] }, { recordId: 'r', summaryMaxUnits: 10, … }) → result.record's id",
    run: (m) =>
      compact(m, { messages: users(4), compactions: [record0()] }, options(() => "sum", { summaryMaxUnits: 10 }), (value) => {
        const record = (value as { record: { id?: unknown } | undefined }).record;
        return view(record === undefined || record === null ? record : record.id);
      }),
    expected: { value: "r" },
  },
};

const unitsBeforeWithoutSummary: Mistake = {
  id: "units-before-without-summary",
  says: "The record's unitsBefore leaves out the current summary (it is counted as requirements + messages, what the compaction shrinks), so a context of 66 units with a summary of 10 gets unitsBefore 56; unitsBefore is the units of the whole old context, its summary included.",
  breaks: "§7 step 8 (unitsBefore: the units of the old context), §4 (the units of a context: Σ requirements + the summary (if any) + Σ messages)",
  criterion: "atomicity-and-one-record",
  witness: {
    call: "compactContext({ summary: { s0, old } (10 units), 4 users (56) }, { summaryMaxUnits: 10, summaryId: 's', … }) → the new record's unitsBefore",
    run: (m) =>
      compact(m, { summary: { id: "s0", content: "old" }, messages: users(4) }, options(() => "sum", { summaryMaxUnits: 10 }), (value) => {
        const compactions = (value as { context: { compactions: { unitsBefore: unknown }[] } }).context.compactions;
        return view(compactions[compactions.length - 1].unitsBefore);
      }),
    expected: { value: 66 },
  },
};

const recordIdComparedWithSummaryIds: Mistake = {
  id: "recordid-compared-with-summaryids",
  says: "Step 3 compares options.recordId with the old records' summaryId instead of their id (the wrong field), so a recordId already used by a record is accepted (the new context holds two records with one id) and one equal to an old summaryId is refused; recordId is compared with the records' ids: already used → CONTEXT_INVALID_INPUT.",
  breaks: "§7 step 3 (if recordId is already used by a record → CONTEXT_INVALID_INPUT), §3 (record ids unique)",
  criterion: "atomicity-and-one-record",
  witness: {
    call: "compactContext({ 4 users, compactions: [{ id: 'r', summaryId: 's0', … }] }, { recordId: 'r', … })",
    run: (m) => compact(m, { messages: users(4), compactions: [record0({ id: "r" })] }, options(() => "sum"), statusOnly),
    expected: { error: "CONTEXT_INVALID_INPUT" },
  },
};

/** Every s22 implementation is composable and imports the reference or the kit. */
const s22 = (id: string, form: Form, mistakes: readonly Mistake[]): Implementation => ({ id, form, mistakes, importsOutside: true, composable: true });

export const S22: readonly Implementation[] = [
  // two or three mistakes in one criterion
  s22("s22-units-nosummary-calltext-commas", "rewrite", [absentSummaryCostsBase, callTextBlocksSkipped, jsonSeparatorsBetweenItems]),
  s22("s22-reading-arrayargs-blankids-zerounits", "rewrite", [arrayArgumentsAccepted, compactedIdBlankAccepted, recordUnitsZeroRefused]),
  s22("s22-options-null-retain4096", "rewrite", [optionsNullTypeError, retain4096Refused]),
  s22("s22-async-noreject-level65", "rewrite", [thenCalledWithoutReject, textAtLevel65Accepted]),
  s22("s22-groups-lastmissing-messagenotlisted", "rewrite", [lastMessageUngrouped, messageGroupNotListed]),
  s22("s22-records-summarytext-recordoneback", "rewrite", [summaryStoredAsText, resultRecordOneBack]),
  // two criteria
  s22("s22-summaryid-unbounded-maxunits-million", "rewrite", [summaryIdLengthUnchecked, maxUnitsMillionRefused]),
  s22("s22-fresh-signal-aborted-after", "rewrite", [freshSignalAbortedAfter]),
  // a whole-flow rewrite: four mistakes in four criteria
  s22("s22-flow-numberbase-noretain-textbudget-beforesummary", "rewrite", [jsonNumberNoBase, compactWalkIgnoresRetain, requestMaxUnitsForText, unitsBeforeWithoutSummary]),
  // one mistake
  s22("s22-no-boundary-as-zero", "wrapper", [noBoundaryAsZero]),
  s22("s22-recordid-against-summaryids", "rewrite", [recordIdComparedWithSummaryIds]),
  s22("s22-missing-arguments-as-empty", "rewrite", [missingArgumentsAsEmpty]),
];
