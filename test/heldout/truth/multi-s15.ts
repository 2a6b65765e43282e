// The session-15 implementations (test/heldout/s15-*): two to four mistakes each, all of them
// new to the set; three with two or three units mistakes (different rows of §4), two with a
// units mistake beside a record or a boundary mistake, one with two reading mistakes and an
// options mistake, one with two grouping mistakes, one with two async-observation mistakes and
// a cancellation mistake, one with two summary-validation mistakes and a record mistake, and one
// with four mistakes in four criteria. Written from the contract, src/core and the held-out
// set's own files alone (README: "Session 15"); every mistake is independent of the others of
// its implementation (witnesses.test.ts).
import { call, compact, options, result, text, user, users, usersInput, type Summarizer } from "../_witness/fixtures";
import { sync } from "../_witness/observe";
import type { Impl } from "../_kit/impl";
import type { Form, Implementation, Mistake } from "./types";

const boundary = (target: number, summaryMax: number, retain: number) => ({ targetUnits: target, summaryMaxUnits: summaryMax, retainRecentMessages: retain });
const groupsView = (groups: unknown) => (groups as { kind: string; startIndex: number; endIndex: number }[]).map((g) => [g.kind, g.startIndex, g.endIndex]);

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** An assistant calling c (tool t) with `args`, and its result r with content ''. */
const round = (args: { [key: string]: Json }, isError = false) => [call("a", [["c", "t", args]]), { ...result("r", "c", "t", ""), isError }];
const unitsOf = (m: Impl, messages: unknown[]) => m.estimateContextUnits({ messages });
/** J(value) − J(null), as the difference of two contexts' units (so that a key's weight cancels out). */
const jsonOver = (m: Impl, value: Json) => sync(() => unitsOf(m, round({ a: value })) - unitsOf(m, round({ a: null })));

/** Whether it compacted, and with which summary. */
const summaryOnly = (value: unknown) => {
  const r = value as { status: string; context: { summary: unknown } };
  return { status: r.status, summary: r.context.summary as never };
};
const compactedWith = (content: string) => ({ value: { status: "compacted", summary: { id: "s", content } } });

/** compactContext(4 users of 14) with summaryMaxUnits 10 (boundary 2), looking at `show`. */
const on = (m: Impl, summarizer: Summarizer, extra: Record<string, unknown> = {}, show: (value: unknown) => never = summaryOnly as never) =>
  compact(m, usersInput(4), options(summarizer, { summaryMaxUnits: 10, ...extra }), show);

const oldRecord = () => ({ id: "old", summaryId: "s0", boundary: 1, compactedMessageIds: ["x"], unitsBefore: 1, unitsAfter: 1 });

// --- units ----------------------------------------------------------------------------------

const keyCountedAsJsonText: Mistake = {
  id: "key-counted-as-json-text",
  says: "A key of a JSON object in tool-call arguments is counted by its JSON text, quotes included (u(JSON.stringify(key))); it counts u(key): J(object) = 2 + Σ over keys (1 + u(key) + J(value)).",
  breaks: "§4 (J(object) = 2 + Σ over keys (1 + u(key) + J(value)))",
  criterion: "units",
  witness: {
    call: "estimateContextUnits({ messages: [assistant a calling c of t with { ab: null }, its result r with content ''] }) (19 + 10)",
    run: (m) => sync(() => unitsOf(m, round({ ab: null }))),
    expected: { value: 29 },
  },
};

const arrayIndicesAsKeys: Mistake = {
  id: "array-indices-as-keys",
  says: "A JSON array is counted like an object whose keys are its indices (each item costs 1 + u(String(i)) + J(item)); J(array) = 2 + Σ (1 + J(item)), with no index counted.",
  breaks: "§4 (J(array) = 2 + Σ (1 + J(item)))",
  criterion: "units",
  witness: {
    call: "estimateContextUnits of an assistant whose call has the arguments { a: [null, null] } minus that of { a: null } (J([null, null]) − J(null) = 6 − 1)",
    run: (m) => jsonOver(m, [null, null]),
    expected: { value: 5 },
  },
};

const numberWrittenOut: Mistake = {
  id: "number-written-out",
  says: "A number in tool-call arguments is counted written out in full (toLocaleString without grouping), so 1e21 counts 22 digits; J(number) = 1 + String(n).length, and String(1e21) is '1e+21'.",
  breaks: "§4 (J(number) = 1 + String(n).length)",
  criterion: "units",
  witness: {
    call: "estimateContextUnits of an assistant whose call has the arguments { a: 1e21 } minus that of { a: null } (J(1e21) − J(null) = 6 − 1)",
    run: (m) => jsonOver(m, 1e21),
    expected: { value: 5 },
  },
};

const requirementBase4: Mistake = {
  id: "requirement-base-4",
  says: "A requirement is counted with the base 4 of a message; it costs 3 + u(id) + u(content).",
  breaks: "§4 (requirement = 3 + u(id) + u(content))",
  criterion: "units",
  witness: {
    call: "estimateContextUnits({ requirements: [{ id: 'r', content: 'AB' }] }) (3 + 1 + 2)",
    run: (m) => sync(() => m.estimateContextUnits({ requirements: [{ id: "r", content: "AB" }] })),
    expected: { value: 6 },
  },
};

const toolcallBase2: Mistake = {
  id: "toolcall-base-2",
  says: "A tool-call block is counted with the base 2 of a text block; it costs 6 + u(id) + u(name) + J(arguments).",
  breaks: "§4 (tool-call block = 6 + u(id) + u(name) + J(arguments))",
  criterion: "units",
  witness: {
    call: "estimateContextUnits({ messages: [assistant a calling c of t with {}, its result r with content ''] }) (15 + 10)",
    run: (m) => sync(() => unitsOf(m, round({}))),
    expected: { value: 25 },
  },
};

const summaryIdNotCounted: Mistake = {
  id: "summary-id-not-counted",
  says: "The units of a context count its current summary as 5 + u(content), leaving out the summary's id; a summary costs 5 + u(id) + u(content).",
  breaks: "§4 (summary = 5 + u(id) + u(content))",
  criterion: "units",
  witness: {
    call: "estimateContextUnits({ summary: { id: 'sid', content: 'x' } }) (5 + 3 + 1)",
    run: (m) => sync(() => m.estimateContextUnits({ summary: { id: "sid", content: "x" } })),
    expected: { value: 9 },
  },
};

const isErrorCounted: Mistake = {
  id: "iserror-counted",
  says: "A tool-result message also counts its isError flag as a JSON boolean (5 or 6); it costs 7 + u(id) + u(toolCallId) + u(toolName) + u(content), isError costs nothing.",
  breaks: "§4 (tool-result message = 7 + u(id) + u(toolCallId) + u(toolName) + u(content))",
  criterion: "units",
  witness: {
    call: "estimateContextUnits({ messages: [assistant a calling c of t with {}, its result r with content '' and isError true] }) (15 + 10)",
    run: (m) => sync(() => unitsOf(m, round({}, true))),
    expected: { value: 25 },
  },
};

const assistantBaseMissing: Mistake = {
  id: "assistant-base-missing",
  says: "An assistant message is counted u(id) + Σ blocks, without its own base; it costs 4 + u(id) + Σ blocks.",
  breaks: "§4 (assistant message = 4 + u(id) + Σ blocks)",
  criterion: "units",
  witness: {
    call: "estimateContextUnits({ messages: [assistant a with the text 'hi'] }) (4 + 1 + 2 + 2)",
    run: (m) => sync(() => m.estimateContextUnits({ messages: [text("a", "hi")] })),
    expected: { value: 9 },
  },
};

const loneSurrogateZero: Mistake = {
  id: "lone-surrogate-zero",
  says: "u(s) counts only well-formed characters, so a lone surrogate counts 0; u(s) is the number of code points, and a lone surrogate counts 1.",
  breaks: "§4 (u(s): a surrogate pair counts 1, and a lone surrogate counts 1)",
  criterion: "units",
  witness: {
    call: "estimateContextUnits({ messages: [user u with the content '\\ud800'] }) (4 + 1 + 1)",
    run: (m) => sync(() => m.estimateContextUnits({ messages: [user("u", "\ud800")] })),
    expected: { value: 6 },
  },
};

// --- boundary selection (and the options of §6) ---------------------------------------------

const cutsByMessage: Mistake = {
  id: "cuts-by-message",
  says: "The boundary walks the transcript message by message, so it can cut inside a tool round (between a call and its result); it walks whole groups (§5), and the answer is never inside a group.",
  breaks: "§6 step 3 (walk the groups oldest first; the answer is the earliest whole-group cut that fits)",
  criterion: "boundary-selection",
  witness: {
    call: "selectCompactionBoundary([user m0 of 14, assistant a calling c (15), its result (12), user m3 of 14], { targetUnits: 36, summaryMaxUnits: 10, retainRecentMessages: 1 }) (the cut at 2 would fit, inside the round)",
    run: (m) => sync(() => m.selectCompactionBoundary({ messages: [users(1)[0], call("a", [["c", "t"]]), result("r", "c", "t"), user("m3", "xxxxxxxx")] }, boundary(36, 10, 1))),
    expected: { value: 3 },
  },
};

const walkStopsAtFirstMisfit: Mistake = {
  id: "walk-stops-at-first-misfit",
  says: "The walk gives up (null) at the first cut that does not fit, instead of going on to the later groups; it walks on until a cut fits or a group ends after latest.",
  breaks: "§6 step 3 (walk the groups oldest first; after removing each whole group, the cut is the answer if it fits; step 4: null only if no group qualifies)",
  criterion: "boundary-selection",
  witness: {
    call: "selectCompactionBoundary(4 users of 14, { targetUnits: 38, summaryMaxUnits: 10, retainRecentMessages: 1 }) (the cut at 1 needs 52, the cut at 2 fits)",
    run: (m) => sync(() => m.selectCompactionBoundary(usersInput(4), boundary(38, 10, 1))),
    expected: { value: 2 },
  },
};

const retainOptionalDefaultZero: Mistake = {
  id: "retain-optional-default-zero",
  says: "retainRecentMessages is read as optional, a missing (or undefined) field meaning 0; all three fields of the options are required: a missing field is CONTEXT_INVALID_INPUT, undefined is CONTEXT_INVALID_BUDGET.",
  breaks: "§6 options (the three fields are own data properties, else CONTEXT_INVALID_INPUT; each a safe integer in range, else CONTEXT_INVALID_BUDGET)",
  criterion: "boundary-selection",
  witness: {
    call: "selectCompactionBoundary(4 users, { targetUnits: 40, summaryMaxUnits: 10 }) (retainRecentMessages missing)",
    run: (m) => sync(() => m.selectCompactionBoundary(usersInput(4), { targetUnits: 40, summaryMaxUnits: 10 })),
    expected: { error: "CONTEXT_INVALID_INPUT" },
  },
};

// --- grouping -------------------------------------------------------------------------------

const resultsToNearestAssistant: Mistake = {
  id: "results-to-nearest-assistant",
  says: "Each tool result is given to the nearest assistant with tool calls before it, not to the call whose id it names, so an earlier assistant's round ends before its results; a result belongs to the interval of the assistant that made its call (toolCallId).",
  breaks: "§5 (each assistant with tool calls has an interval through the last result of any of its calls; overlapping intervals merge)",
  criterion: "grouping",
  witness: {
    call: "groupToolRounds([assistant a calling c, assistant b calling d, result of c, result of d])",
    run: (m) => sync(() => m.groupToolRounds([call("a", [["c", "t"]]), call("b", [["d", "t"]]), result("rc", "c", "t"), result("rd", "d", "t")]), groupsView),
    expected: { value: [["toolRound", 0, 4]] },
  },
};

const plainMessagesMerged: Mistake = {
  id: "plain-messages-merged",
  says: "Consecutive messages outside tool rounds are put together in one message group; every message that is not in a tool round is its own message group.",
  breaks: "§5 (every other message is its own message group)",
  criterion: "grouping",
  witness: {
    call: "groupToolRounds([user u0, user u1])",
    run: (m) => sync(() => m.groupToolRounds([user("u0"), user("u1")]), groupsView),
    expected: { value: [["message", 0, 1], ["message", 1, 2]] },
  },
};

// --- reading --------------------------------------------------------------------------------

const isErrorCoerced: Mistake = {
  id: "iserror-coerced",
  says: "A tool result's isError is coerced with Boolean(…), so null, 0 or 'x' is accepted (as false or true); in a transcript isError must be a boolean, else CONTEXT_INVALID_TRANSCRIPT.",
  breaks: "§2, §3 (ToolResultMessage.isError: boolean; a message that is not well-formed → CONTEXT_INVALID_TRANSCRIPT)",
  criterion: "immutable-snapshots-and-ceilings",
  witness: {
    call: "buildActiveContext({ messages: [assistant a calling c, its result with isError: null] })",
    run: (m) => sync(() => m.buildActiveContext({ messages: [call("a", [["c", "t"]]), { ...result("r", "c", "t"), isError: null }] }), (v) => (v as { messages: { isError?: unknown }[] }).messages[1].isError as never),
    expected: { error: "CONTEXT_INVALID_TRANSCRIPT" },
  },
};

const recordUnitsUnchecked: Mistake = {
  id: "record-units-unchecked",
  says: "A compaction record's unitsBefore and unitsAfter are copied without being checked, so -1, 1.5 or a string is accepted; they must be safe integers >= 0, else CONTEXT_INVALID_INPUT.",
  breaks: "§3 (CompactionRecord: unitsBefore, unitsAfter safe integers >= 0; a bad record → CONTEXT_INVALID_INPUT)",
  criterion: "immutable-snapshots-and-ceilings",
  witness: {
    call: "buildActiveContext({ compactions: [{ id: 'old', summaryId: 's0', boundary: 1, compactedMessageIds: ['x'], unitsBefore: -1, unitsAfter: 1 }] })",
    run: (m) => sync(() => m.buildActiveContext({ compactions: [{ ...oldRecord(), unitsBefore: -1 }] }), (v) => (v as { compactions: { unitsBefore: number }[] }).compactions[0].unitsBefore as never),
    expected: { error: "CONTEXT_INVALID_INPUT" },
  },
};

const summaryNullRefused: Mistake = {
  id: "summary-null-refused",
  says: "summary: null is refused with CONTEXT_INVALID_INPUT (the reader checks summary !== undefined and then wants a record); null is no summary, as for a missing channel.",
  breaks: "§3 (buildActiveContext takes { summary? }; a missing channel means null; summary: Summary | null)",
  criterion: "immutable-snapshots-and-ceilings",
  witness: {
    call: "buildActiveContext({ summary: null, messages: [user u] }) → its summary",
    run: (m) => sync(() => m.buildActiveContext({ summary: null, messages: [user("u")] }), (v) => (v as { summary: unknown }).summary as never),
    expected: { value: null },
  },
};

// --- the fast path --------------------------------------------------------------------------

const fastpathContextCopy: Mistake = {
  id: "fastpath-context-copy",
  says: "The unchanged result carries a fresh copy of the context, so a context this module built does not come back as the very object passed in; on the fast path, context is the very object passed in when this module built it.",
  breaks: "§7 step 2 (resolve { status: \"unchanged\", context, record: null }; context is the very object passed in when this module built it)",
  criterion: "unchanged-fast-path",
  witness: {
    call: "compactContext(built, { maxUnits: 40, … }) with built = buildActiveContext(2 users) (28 units) → result.context === built",
    run: async (m) => {
      let built: unknown;
      try {
        built = m.buildActiveContext(usersInput(2));
      } catch {
        return "build failed";
      }
      return compact(m, built, options(() => "sum"), (value) => (value as { status: string; context: unknown }).context === built);
    },
    expected: { value: true },
  },
};

// --- async observation ----------------------------------------------------------------------

const thenNotCallableFails: Mistake = {
  id: "then-not-callable-fails",
  says: "An object whose then is present but not callable is taken as a broken thenable and fails with CONTEXT_SUMMARIZER_FAILED; a then that is not callable makes the object itself the value, hence CONTEXT_SUMMARY_INVALID at step 6.",
  breaks: "§7 step 5 (any other object: a then that is not callable makes the object itself the value, hence CONTEXT_SUMMARY_INVALID at step 6)",
  criterion: "async-observation",
  witness: {
    call: "compactContext(4 users, { summaryMaxUnits: 10, … }) with a summarizer returning { then: 5 }",
    run: (m) => on(m, () => ({ then: 5 })),
    expected: { error: "CONTEXT_SUMMARY_INVALID" },
  },
};

const thenReadErrorUnobservable: Mistake = {
  id: "then-read-error-unobservable",
  says: "A value whose then getter throws is refused as unobservable (CONTEXT_ASYNC_VALUE_UNOBSERVABLE); then is read once, and a throwing read is CONTEXT_SUMMARIZER_FAILED.",
  breaks: "§7 step 5 (any other object or function: read then once; a throwing read → CONTEXT_SUMMARIZER_FAILED)",
  criterion: "async-observation",
  witness: {
    call: "compactContext(4 users, { summaryMaxUnits: 10, … }) with a summarizer returning { get then() { throw new Error() } }",
    run: (m) =>
      on(m, () => ({
        get then(): unknown {
          throw new Error("then getter");
        },
      })),
    expected: { error: "CONTEXT_SUMMARIZER_FAILED" },
  },
};

const outcomeInsideResolver: Mistake = {
  id: "outcome-inside-resolver",
  says: "A thenable's resolver goes on with the delivered value at once, inside the resolver call, so the compaction is done before then has returned and what then returns is never looked at; the outcome is taken only after then has returned, in a later job, and what then returns is observed first (a Proxy around a promise → CONTEXT_ASYNC_VALUE_UNOBSERVABLE).",
  breaks: "§7 step 5 (the outcome is taken only after then has returned, in a later job, never inside the resolver call; what a custom then returns is observed at once)",
  criterion: "async-observation",
  witness: {
    call: "compactContext(3 users, { summaryMaxUnits: 10, … }) with a summarizer returning { then(resolve) { resolve('sum'); return new Proxy(Promise.resolve(1), {}) } }",
    run: (m) =>
      compact(
        m,
        usersInput(3),
        options(() => ({ then: (resolve: (v: unknown) => void) => (resolve("sum"), new Proxy(Promise.resolve(1), {})) }), { summaryMaxUnits: 10 }),
        summaryOnly as never,
      ),
    expected: { error: "CONTEXT_ASYNC_VALUE_UNOBSERVABLE" },
  },
};

// --- cancellation ---------------------------------------------------------------------------

const abortEventOnly: Mistake = {
  id: "abort-event-only",
  says: "After the start the signal is known only through its abort event (relayed to an AbortController of the implementation's own), so an abort whose event an earlier listener of the caller's stopped is never seen; the signal itself is read when the value is received, when it settles, after the await and before the result is exposed.",
  breaks: "§7 step 5 (cancellation timing: the signal is read when then returns, when the value settles, after the await, and just before the result is exposed)",
  criterion: "cancellation",
  witness: {
    call: "compactContext(4 users, { signal, summaryMaxUnits: 10, … }), the caller's own abort listener calling stopImmediatePropagation, with a summarizer that aborts and returns 'sum'",
    run: (m) => {
      const controller = new AbortController();
      controller.signal.addEventListener("abort", (event) => event.stopImmediatePropagation());
      return on(m, () => (controller.abort(), "sum"), { signal: controller.signal });
    },
    expected: { error: "CONTEXT_CANCELLED" },
  },
};

// --- summary validation ---------------------------------------------------------------------

const messageContentTaken: Mistake = {
  id: "message-content-taken",
  says: "A summarizer value shaped like a message ({ role, content }) has its content taken as the summary text; a value that is not a string is CONTEXT_SUMMARY_INVALID, an object that looks like a message included.",
  breaks: "§7 step 6 (not a string → CONTEXT_SUMMARY_INVALID; an object that looks like a message or a tool call is not text)",
  criterion: "summary-validation",
  witness: {
    call: "compactContext(4 users, { summaryMaxUnits: 10, … }) with a summarizer returning { role: 'assistant', content: 'sum' }",
    run: (m) => on(m, () => ({ role: "assistant", content: "sum" })),
    expected: { error: "CONTEXT_SUMMARY_INVALID" },
  },
};

const blankSpacesOnly: Mistake = {
  id: "blank-spaces-only",
  says: "The summary counts as only whitespace only when it is made of spaces, so a summary of newlines and tabs is stored; only whitespace means s.trim().length === 0 (any whitespace), CONTEXT_SUMMARY_INSUFFICIENT.",
  breaks: "§2 (non-empty: s.trim().length > 0), §7 step 6 (only whitespace → CONTEXT_SUMMARY_INSUFFICIENT)",
  criterion: "summary-validation",
  witness: {
    call: "compactContext(4 users, { summaryMaxUnits: 10, … }) with a summarizer returning '\\n\\t'",
    run: (m) => on(m, () => "\n\t"),
    expected: { error: "CONTEXT_SUMMARY_INSUFFICIENT" },
  },
};

// --- the record -----------------------------------------------------------------------------

const compactedIdsOneShort: Mistake = {
  id: "compacted-ids-one-short",
  says: "The record's compactedMessageIds leave out the last compacted message (boundary − 1 ids); they are the ids of the whole prefix, in order, as many as boundary.",
  breaks: "§7 step 8 (compactedMessageIds: the ids of the prefix, in order; length === boundary)",
  criterion: "atomicity-and-one-record",
  witness: {
    call: "compactContext(4 users, { summaryMaxUnits: 10, … }) with the summary 'sum' → the record's compactedMessageIds",
    run: (m) => on(m, () => "sum", {}, ((value: unknown) => (value as { record: { compactedMessageIds: string[] } }).record.compactedMessageIds) as never),
    expected: { value: ["m0", "m1"] },
  },
};

const recordPrepended: Mistake = {
  id: "record-prepended",
  says: "The new record is put first in the new context's compactions; it is appended after the old records ([...old, record]), so that result.record is the last element of context.compactions.",
  breaks: "§7 step 8 (compactions: [...old, record]; record being the last element of context.compactions)",
  criterion: "atomicity-and-one-record",
  witness: {
    call: "compactContext({ compactions: [record old], 4 users }, { summaryMaxUnits: 10, recordId: 'r', … }) → the ids of the new context's compactions",
    run: (m) =>
      compact(m, { compactions: [oldRecord()], messages: users(4) }, options(() => "sum", { summaryMaxUnits: 10 }), (value) =>
        (value as { context: { compactions: { id: string }[] } }).context.compactions.map((r) => r.id),
      ),
    expected: { value: ["old", "r"] },
  },
};

/** Every s15 implementation is a rewrite or wrapper over the reference and the kit, and composable. */
const s15 = (id: string, form: Form, mistakes: readonly Mistake[]): Implementation => ({ id, form, mistakes, importsOutside: true, composable: true });

export const S15: readonly Implementation[] = [
  // two or three units mistakes, in the student's own estimator
  s15("s15-units-json-text", "rewrite", [keyCountedAsJsonText, arrayIndicesAsKeys, numberWrittenOut]),
  s15("s15-units-requirement-toolcall", "rewrite", [requirementBase4, toolcallBase2]),
  s15("s15-units-summary-iserror", "rewrite", [summaryIdNotCounted, isErrorCounted]),
  // a units mistake beside a record or a boundary mistake
  s15("s15-assistant-base-record-ids", "rewrite", [assistantBaseMissing, compactedIdsOneShort]),
  s15("s15-surrogate-cut-by-message", "rewrite", [loneSurrogateZero, cutsByMessage]),
  // two reading mistakes and an options mistake
  s15("s15-reading-iserror-units-retain", "wrapper", [isErrorCoerced, recordUnitsUnchecked, retainOptionalDefaultZero]),
  // two grouping mistakes
  s15("s15-grouping-nearest-merged", "rewrite", [resultsToNearestAssistant, plainMessagesMerged]),
  // two async-observation mistakes and a cancellation mistake
  s15("s15-async-then-relay", "rewrite", [thenNotCallableFails, thenReadErrorUnobservable, abortEventOnly]),
  // two summary-validation mistakes and a record mistake
  s15("s15-summary-message-blank-prepended", "rewrite", [messageContentTaken, blankSpacesOnly, recordPrepended]),
  // four mistakes in four criteria
  s15("s15-mixed-four", "rewrite", [walkStopsAtFirstMisfit, outcomeInsideResolver, fastpathContextCopy, summaryNullRefused]),
];
