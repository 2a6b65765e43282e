// The session-21 implementations (test/heldout/s21-*): 12 folders, 27 mistakes, all of them new
// to the set. Six with two or three mistakes in one criterion (units, ceilings and records of
// reading, reading, async observation, cancellation, the options of §6); three with two mistakes
// in two criteria (the record ceiling and the fast path's result; grouping and the summarizer's
// check; maxUnits' bound and the summary's text); one whole-flow rewrite with four mistakes in
// four criteria; and two with one mistake (an unknown block skipped; a promise returned by then
// left unhandled). Written from the contract, src/core and the held-out set's own files alone
// (README: "Session 20: the `s21-` implementations"); every mistake is independent of the others
// of its implementation (witnesses.test.ts).
import { types } from "node:util";
import { call, compact, options, result, user, users, usersInput, type Summarizer } from "../_witness/fixtures";
import { countingUnhandled, sync, view, type Outcome } from "../_witness/observe";
import type { Impl } from "../_kit/impl";
import type { Form, Implementation, Mistake } from "./types";

const boundary = (target: number, summaryMax: number, retain: number) => ({ targetUnits: target, summaryMaxUnits: summaryMax, retainRecentMessages: retain });
const statusOnly = (value: unknown) => (value as { status: string }).status as Outcome;
const summaryOnly = (value: unknown) => {
  const r = value as { status: string; context: { summary: unknown } };
  return { status: r.status, summary: r.context.summary as never } as Outcome;
};
const messageCount = (c: unknown) => (c as { messages: unknown[] }).messages.length;
const groupsView = (groups: unknown) => (groups as { kind: string; startIndex: number; endIndex: number }[]).map((g) => [g.kind, g.startIndex, g.endIndex]);
const errorResult = (id: string, toolCallId: string, toolName: string, content: string) => ({ ...result(id, toolCallId, toolName, content), isError: true });
const compacted = (content: string) => ({ status: "compacted", summary: { id: "s", content } });

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

const textBlocksCountedJoined: Mistake = {
  id: "text-blocks-counted-joined",
  says: "An assistant's text blocks are counted as one text, 2 + u(the texts joined) (as textFromAssistant gives it), so an assistant with the text blocks 'a' and 'b' costs 9; every text block costs 2 + u(text) of its own: 4 + u(id) + Σ blocks = 11.",
  breaks: "§4 (assistant message: 4 + u(id) + Σ blocks; text block: 2 + u(text))",
  criterion: "units",
  witness: {
    call: "estimateContextUnits([assistant a with the text blocks 'a' and 'b']) (4 + 1 + 3 + 3 = 11)",
    run: (m) => sync(() => m.estimateContextUnits({ messages: [{ id: "a", role: "assistant", content: [{ type: "text", text: "a" }, { type: "text", text: "b" }] }] })),
    expected: { value: 11 },
  },
};

const falsyJsonAsNull: Mistake = {
  id: "falsy-json-as-null",
  says: "The JSON count starts with `if (!value) return 1`, so 0 and false inside tool-call arguments are counted 1, like null; J(0) = 1 + String(0).length = 2 and J(false) = 6 (only null is 1).",
  breaks: "§4 (J(null) = 1; J(false) = 6; J(number) = 1 + String(n).length)",
  criterion: "units",
  witness: {
    call: "estimateContextUnits([assistant a calling c (t, { k: 0, f: false }), result r of c with content 'ok']) (27 + 12 = 39)",
    run: (m) => sync(() => m.estimateContextUnits({ messages: [call("a", [["c", "t", { k: 0, f: false }]]), result("r", "c", "t", "ok")] })),
    expected: { value: 39 },
  },
};

const messageContentTrimmed: Mistake = {
  id: "message-content-trimmed",
  says: "A user message's and a tool result's content is counted trimmed (surrounding whitespace taken as no content), so a user message { u, '  a  ' } costs 6; u(content) counts every code point of the content as it is: 4 + 1 + 5 = 10.",
  breaks: "§4 (user message: 4 + u(id) + u(content); u(s) is the number of code points of s)",
  criterion: "units",
  witness: {
    call: "estimateContextUnits([user u with content '  a  ']) (4 + 1 + 5 = 10)",
    run: (m) => sync(() => m.estimateContextUnits({ messages: [user("u", "  a  ")] })),
    expected: { value: 10 },
  },
};

const errorResultContentFree: Mistake = {
  id: "error-result-content-free",
  says: "A tool result with isError: true is counted without u(content) (an error text taken as no context), so a failed result with content 'failed' costs 10; every tool result costs 7 + u(id) + u(toolCallId) + u(toolName) + u(content), failed or not (here 16).",
  breaks: "§4 (tool-result message: 7 + u(id) + u(toolCallId) + u(toolName) + u(content))",
  criterion: "units",
  witness: {
    call: "estimateContextUnits([assistant a calling c (t), result r of c with isError: true and content 'failed']) (15 + 16 = 31)",
    run: (m) => sync(() => m.estimateContextUnits({ messages: [call("a", [["c", "t"]]), errorResult("r", "c", "t", "failed")] })),
    expected: { value: 31 },
  },
};

// --- reading and ceilings (immutable snapshots and ceilings) --------------------------------

const argumentsJsonTextCeiling: Mistake = {
  id: "arguments-json-text-ceiling",
  says: "The 65,536 code-point ceiling of one string is applied to a tool call's arguments as a whole, measured by their JSON text, so arguments holding two strings of 40,000 code points are refused with CONTEXT_LIMIT_EXCEEDED; the ceiling is per string (each key and string value), and the arguments are bounded only by the item count, the depth and the string total.",
  breaks: "§3 (Budgets: code points in one string 65,536; code points in all strings together 1,000,000)",
  criterion: "immutable-snapshots-and-ceilings",
  witness: {
    call: "buildActiveContext({ messages: [assistant a calling c (t, { a: 40,000 'x', b: 40,000 'y' }), result r of c] }) → the number of messages",
    run: (m) => sync(() => m.buildActiveContext({ messages: [call("a", [["c", "t", { a: "x".repeat(40000), b: "y".repeat(40000) }]]), result("r", "c", "t")] }), messageCount),
    expected: { value: 2 },
  },
};

const compactedIdsCountedAsMessages: Mistake = {
  id: "compacted-ids-counted-as-messages",
  says: "The 4,096 messages ceiling counts the whole conversation, the messages plus every record's compactedMessageIds, so 2 messages beside a record of 4,095 compacted ids are refused with CONTEXT_LIMIT_EXCEEDED; the ceiling is on the messages channel alone, and a record's compactedMessageIds have their own ceiling of 4,096.",
  breaks: "§3 (Budgets: messages at most 4096; compactedMessageIds in one record at most 4096)",
  criterion: "immutable-snapshots-and-ceilings",
  witness: {
    call: "buildActiveContext({ messages: 2 users, compactions: [a record with boundary 4,095 and 4,095 ids] }) → the number of messages",
    run: (m) =>
      sync(
        () =>
          m.buildActiveContext({
            messages: users(2),
            compactions: [{ id: "r0", summaryId: "s0", boundary: 4095, compactedMessageIds: Array.from({ length: 4095 }, (_, i) => `c${i}`), unitsBefore: 100, unitsAfter: 10 }],
          }),
        messageCount,
      ),
    expected: { value: 2 },
  },
};

const recordBoundaryZeroAccepted: Mistake = {
  id: "record-boundary-zero-accepted",
  says: "A compaction record with boundary 0 and no compacted ids is accepted (the check is boundary >= 0); a record's boundary is at least 1, since a compaction compacts at least one whole group, else CONTEXT_INVALID_INPUT.",
  breaks: "§3 (CompactionRecord: boundary >= 1, compactedMessageIds.length === boundary; a bad record → CONTEXT_INVALID_INPUT)",
  criterion: "immutable-snapshots-and-ceilings",
  witness: {
    call: "buildActiveContext({ messages: [1 user], compactions: [{ id: 'r0', summaryId: 's0', boundary: 0, compactedMessageIds: [], unitsBefore: 1, unitsAfter: 1 }] })",
    run: (m) =>
      sync(
        () => m.buildActiveContext({ messages: users(1), compactions: [{ id: "r0", summaryId: "s0", boundary: 0, compactedMessageIds: [], unitsBefore: 1, unitsAfter: 1 }] }),
        messageCount,
      ),
    expected: { error: "CONTEXT_INVALID_INPUT" },
  },
};

const inputProxyRefused: Mistake = {
  id: "input-proxy-refused",
  says: "A Proxy in the input (around the input itself, a channel or a message) is refused as not plain data (CONTEXT_INVALID_INPUT, or CONTEXT_INVALID_TRANSCRIPT in the messages); a Proxy is read through its traps exactly as plain data is read, and a Proxy around a plain input is a valid input.",
  breaks: "§3 (Input rules: Proxies are data)",
  criterion: "immutable-snapshots-and-ceilings",
  witness: {
    call: "buildActiveContext(new Proxy({ messages: [1 user] }, {})) → the number of messages",
    run: (m) => sync(() => m.buildActiveContext(new Proxy({ messages: users(1) }, {})), messageCount),
    expected: { value: 1 },
  },
};

const nonEnumerableFieldRefused: Mistake = {
  id: "non-enumerable-field-refused",
  says: "A record's fields are found with Object.keys, so a field that is an own data property but not enumerable is taken as missing and refused (CONTEXT_INVALID_TRANSCRIPT for a message); every field must be an own data property, enumerable or not (only the keys of tool-call arguments must be enumerable).",
  breaks: "§3 (Records: every field is an own data property; Tool-call arguments: every own key is an enumerable data property)",
  criterion: "immutable-snapshots-and-ceilings",
  witness: {
    call: "buildActiveContext({ messages: [user u whose content is a non-enumerable own data property] }) → the number of messages",
    run: (m) => {
      const message = user("u", "a");
      Object.defineProperty(message, "content", { value: "a", enumerable: false });
      return sync(() => m.buildActiveContext({ messages: [message] }), messageCount);
    },
    expected: { value: 1 },
  },
};

const extraFieldsKept: Mistake = {
  id: "extra-fields-kept",
  says: "Each message is copied with a spread, so its extra fields (a timestamp) are kept in the built context; buildActiveContext returns a copy of the contract's fields only, extra properties dropped.",
  breaks: "§3 (buildActiveContext returns a deep copy in which every object and array is frozen and extra properties are dropped)",
  criterion: "immutable-snapshots-and-ceilings",
  witness: {
    call: "buildActiveContext({ messages: [{ id: 'u', role: 'user', content: 'u', at: 5 }] }) → the first message",
    run: (m) => sync(() => m.buildActiveContext({ messages: [{ ...user("u"), at: 5 }] }), (c) => view((c as { messages: unknown[] }).messages[0])),
    expected: { value: { id: "u", role: "user", content: "u" } },
  },
};

const unknownBlockSkipped: Mistake = {
  id: "unknown-block-skipped",
  says: "A content block of a type the reader does not know ({ type: 'image', … }) is skipped and the message kept without it; an assistant's content holds only text and toolCall blocks, and any other block makes the transcript invalid (CONTEXT_INVALID_TRANSCRIPT).",
  breaks: "§2 (AssistantMessage content: readonly (TextBlock | ToolCall)[]), §3 (anything about the value of messages → CONTEXT_INVALID_TRANSCRIPT)",
  criterion: "immutable-snapshots-and-ceilings",
  witness: {
    call: "buildActiveContext({ messages: [assistant a with the blocks { text 'a' } and { type: 'image', url: 'x' }] })",
    run: (m) => sync(() => m.buildActiveContext({ messages: [{ id: "a", role: "assistant", content: [{ type: "text", text: "a" }, { type: "image", url: "x" }] }] }), messageCount),
    expected: { error: "CONTEXT_INVALID_TRANSCRIPT" },
  },
};

const oldestRecordDroppedAtCeiling: Mistake = {
  id: "oldest-record-dropped-at-ceiling",
  says: "With 256 records already, the oldest record is dropped to make room for the new one (the records kept as a window of the last 256); the old records are all kept and the new one appended, so a 257th record is over the ceiling: CONTEXT_LIMIT_EXCEEDED.",
  breaks: "§7 step 8 (compactions: [...old, record], the new context validated as buildActiveContext would), §3 (compaction records at most 256)",
  criterion: "atomicity-and-one-record",
  witness: {
    call: "compactContext({ 4 users, compactions: 256 records }, { recordId: 'new', … })",
    run: (m) =>
      compact(
        m,
        { messages: users(4), compactions: Array.from({ length: 256 }, (_, i) => ({ id: `r${i}`, summaryId: "s0", boundary: 1, compactedMessageIds: ["x"], unitsBefore: 20, unitsAfter: 10 })) },
        options(() => "sum", { recordId: "new" }),
        statusOnly,
      ),
    expected: { error: "CONTEXT_LIMIT_EXCEEDED" },
  },
};

// --- grouping -------------------------------------------------------------------------------

const groupIndicesOneBased: Mistake = {
  id: "group-indices-one-based",
  says: "groupToolRounds gives startIndex and endIndex one-based (positions counted from 1), so a first group of one message is { startIndex: 1, endIndex: 2 }; they are indices into the transcript: the first group starts at 0, and endIndex is exclusive.",
  breaks: "§5 (groups { kind, startIndex, endIndex /* exclusive */, messages } that tile the transcript in order)",
  criterion: "grouping",
  witness: {
    call: "groupToolRounds([user u, user v]) → [kind, startIndex, endIndex] of each group",
    run: (m) => sync(() => m.groupToolRounds([user("u"), user("v")]), groupsView),
    expected: { value: [["message", 0, 1], ["message", 1, 2]] },
  },
};

const roundLengthByCallCount: Mistake = {
  id: "round-length-by-call-count",
  says: "A tool round is taken to be its assistant and the next k messages, k being its number of calls (the results assumed to follow), so with a user message between the calls and their results the round ends too early and the last result falls into a group of its own; the interval runs from the assistant through the last result of any of its calls.",
  breaks: "§5 (an interval runs from the assistant message through the last result of any of its calls), §2 (a result need not be adjacent to its call)",
  criterion: "grouping",
  witness: {
    call: "groupToolRounds([assistant a calling c1 and c2, user u, result r1 of c1, result r2 of c2]) → [kind, startIndex, endIndex] of each group",
    run: (m) => sync(() => m.groupToolRounds([call("a", [["c1", "t"], ["c2", "t"]]), user("u"), result("r1", "c1", "t"), result("r2", "c2", "t")]), groupsView),
    expected: { value: [["toolRound", 0, 4]] },
  },
};

// --- boundary selection (options of §6) -----------------------------------------------------

const unreachableTargetRefused: Mistake = {
  id: "unreachable-target-refused",
  says: "When Σ requirements + summaryMaxUnits is above targetUnits (no cut could ever fit), the options are refused with CONTEXT_INVALID_BUDGET; the options are valid on their own (each field in range, summaryMaxUnits <= targetUnits), and with no cut that fits the answer is null (compactContext: CONTEXT_BOUNDARY_UNAVAILABLE).",
  breaks: "§6 (Options: the ranges and the one cross-check summaryMaxUnits <= targetUnits; The answer: if no group qualifies, null)",
  criterion: "boundary-selection",
  witness: {
    call: "selectCompactionBoundary({ requirements: [{ r, 30 'x' }] (34 units), 4 users }, { targetUnits: 40, summaryMaxUnits: 20, retainRecentMessages: 1 })",
    run: (m) => sync(() => m.selectCompactionBoundary({ requirements: [{ id: "r", content: "x".repeat(30) }], messages: users(4) }, boundary(40, 20, 1))),
    expected: { value: null },
  },
};

const optionsPrototypeAccepted: Mistake = {
  id: "options-prototype-accepted",
  says: "The options are checked with typeof options === 'object' and read by property access, so options that inherit their fields from another object (Object.create(defaults)) are used; the options must be a plain object (prototype Object.prototype or null) whose fields are own data properties, else CONTEXT_INVALID_INPUT.",
  breaks: "§6 (Options: a plain object whose three fields are own data properties; otherwise CONTEXT_INVALID_INPUT)",
  criterion: "boundary-selection",
  witness: {
    call: "selectCompactionBoundary(4 users, Object.create({ targetUnits: 40, summaryMaxUnits: 20, retainRecentMessages: 1 }))",
    run: (m) => sync(() => m.selectCompactionBoundary({ messages: users(4) }, Object.create(boundary(40, 20, 1)))),
    expected: { error: "CONTEXT_INVALID_INPUT" },
  },
};

const retainAboveLengthRefused: Mistake = {
  id: "retain-above-length-refused",
  says: "retainRecentMessages above the number of messages is refused with CONTEXT_INVALID_BUDGET; any retainRecentMessages from 0 to 4096 is valid, and when it leaves nothing to compact (latest <= 0) the answer is null.",
  breaks: "§6 (retainRecentMessages >= 0 and <= 4096; The answer step 1: latest <= 0 → null)",
  criterion: "boundary-selection",
  witness: {
    call: "selectCompactionBoundary(2 users, { targetUnits: 40, summaryMaxUnits: 20, retainRecentMessages: 5 })",
    run: (m) => sync(() => m.selectCompactionBoundary({ messages: users(2) }, boundary(40, 20, 5))),
    expected: { value: null },
  },
};

// --- the fast path --------------------------------------------------------------------------

const fastPathReturnsPlainResult: Mistake = {
  id: "fastpath-returns-plain-result",
  says: "On the fast path compactContext returns the unchanged result itself, not a promise (the student's compactContext is a plain function that only goes async to compact); compactContext is async: it always returns a promise, which resolves the unchanged result.",
  breaks: "§1 (compactContext: async, resolves ContextCompactionResult), §7 step 2 (resolve { status: 'unchanged', context, record: null })",
  criterion: "unchanged-fast-path",
  witness: {
    call: "compactContext(2 users (28 units), { maxUnits: 40, … }) → whether it returned a native promise, and the status",
    run: async (m): Promise<Outcome> => {
      let returned: unknown;
      try {
        returned = m.compactContext(usersInput(2), options(() => "sum"));
      } catch (error) {
        return { threw: sync(() => { throw error; }) };
      }
      const status = await compact(m, usersInput(2), options(() => "sum"), statusOnly);
      return { nativePromise: types.isPromise(returned), status };
    },
    expected: { nativePromise: true, status: { value: "unchanged" } },
  },
};

const maxUnitsCappedAt4096: Mistake = {
  id: "maxunits-capped-at-4096",
  says: "maxUnits above 4,096 is refused with CONTEXT_INVALID_BUDGET (the messages ceiling taken for the units one); maxUnits is a safe integer from 1 to 1,000,000 (and at least targetUnits).",
  breaks: "§7 (maxUnits: safe integer, 1 <= maxUnits <= 1,000,000, targetUnits <= maxUnits)",
  criterion: "unchanged-fast-path",
  witness: {
    call: "compactContext(4 users (56 units), { maxUnits: 5000, … }) → the status",
    run: (m) => compact(m, usersInput(4), options(() => "sum", { maxUnits: 5000 }), statusOnly),
    expected: { value: "unchanged" },
  },
};

// --- summary validation ---------------------------------------------------------------------

const asyncSummarizerRefused: Mistake = {
  id: "async-summarizer-refused",
  says: "options.summarizer is checked with Object.prototype.toString (it must be '[object Function]'), so an async function is refused with CONTEXT_INVALID_INPUT; the summarizer only has to be a function (typeof 'function'), and an async function is one.",
  breaks: "§7 (summarizer: a function, otherwise CONTEXT_INVALID_INPUT)",
  criterion: "summary-validation",
  witness: {
    call: "compactContext(4 users, { summaryMaxUnits: 10, summarizer: async () => 'sum', … })",
    run: (m) => on(m, async () => "sum"),
    expected: { value: compacted("sum") },
  },
};

const summaryLoneSurrogateRefused: Mistake = {
  id: "summary-lone-surrogate-refused",
  says: "A summary holding a lone surrogate is refused as text that is not well-formed (CONTEXT_SUMMARY_INVALID); any string is a valid summary text, and a lone surrogate counts as one code point.",
  breaks: "§7 step 6 (not a string → CONTEXT_SUMMARY_INVALID; the checks of a string summary), §4 (a lone surrogate counts 1)",
  criterion: "summary-validation",
  witness: {
    call: "compactContext(4 users, { summaryMaxUnits: 10, … }) with the summary 'a' + a lone high surrogate (5 + 1 + 2 = 8 units)",
    run: (m) => on(m, () => "a\ud800"),
    expected: { value: compacted("a\ud800") },
  },
};

// --- async observation ----------------------------------------------------------------------

const nullPrototypeThenablePlain: Mistake = {
  id: "null-prototype-thenable-plain",
  says: "then is looked for only on values that are instanceof Object, so a thenable made with Object.create(null) is taken as a plain value (CONTEXT_SUMMARY_INVALID); any object or function is observed by reading its then, whatever its prototype.",
  breaks: "§7 step 5 (any other object or function: read then once; a callable then is called as a method of the object)",
  criterion: "async-observation",
  witness: {
    call: "compactContext(4 users, { summaryMaxUnits: 10, … }) with a summarizer returning a null-prototype object whose own then calls resolve('sum')",
    run: (m) =>
      on(m, () =>
        Object.assign(Object.create(null) as object, {
          then(resolve: (value: unknown) => void) {
            resolve("sum");
          },
        }),
      ),
    expected: { value: compacted("sum") },
  },
};

const promiseLevelNotCounted: Mistake = {
  id: "promise-level-not-counted",
  says: "Only thenables count as levels: what a native promise fulfils with is adopted at the promise's own level, so 64 thenables whose last delivers a native promise of the text are accepted; every value delivered by a promise or a thenable is one level deeper, and the text is then received at level 65: CONTEXT_SUMMARIZER_FAILED.",
  breaks: "§7 step 5 (Depth: each value delivered by a promise or a thenable is one level deeper; a value received at a level above 64 → CONTEXT_SUMMARIZER_FAILED)",
  criterion: "async-observation",
  witness: {
    call: "compactContext(4 users, { summaryMaxUnits: 10, … }) with a chain of 64 generic thenables whose last delivers Promise.resolve('sum')",
    run: (m) => on(m, () => chain(64, Promise.resolve("sum"))),
    expected: { error: "CONTEXT_SUMMARIZER_FAILED" },
  },
};

const thenReturnedPromiseUnhandled: Mistake = {
  id: "then-returned-promise-unhandled",
  says: "A native promise that a custom then returns gets no handlers (only a Proxy or another thenable it returns is looked at), so when it rejects an unhandledRejection reaches the process; what a then returns is observed at once, and a native promise gets handlers, so its late rejection is handled.",
  breaks: "§7 step 5 (What a custom then returns: a native promise gets handlers, so its late rejection is handled; No unhandled rejections)",
  criterion: "async-observation",
  witness: {
    call: "compactContext(4 users, { summaryMaxUnits: 10, … }) with a thenable whose then calls resolve('sum') and returns a rejected native promise → the outcome and the unhandled rejections",
    run: async (m) => {
      const { result: outcome, unhandled } = await countingUnhandled(() =>
        on(m, () => ({
          then(resolve: (value: unknown) => void) {
            resolve("sum");
            return Promise.reject(new Error("late"));
          },
        })),
      );
      return { outcome, unhandled };
    },
    expected: { outcome: { value: compacted("sum") }, unhandled: 0 },
  },
};

// --- cancellation ---------------------------------------------------------------------------

const stringSummarySkipsSignal: Mistake = {
  id: "string-summary-skips-signal",
  says: "The signal is watched only when the summarizer's value is something to wait on (a promise or a thenable): a string returned at once is taken without reading the signal, so an abort made inside the summarizer before it returns 'sum' is missed and the context compacted; the signal is read when the value is received and after the await, whatever the value: CONTEXT_CANCELLED.",
  breaks: "§7 (Cancellation timing: the signal is read when the value settles, after the await, and just before the result is exposed), step 6 (aborted → CONTEXT_CANCELLED)",
  criterion: "cancellation",
  witness: {
    call: "compactContext(4 users, { summaryMaxUnits: 10, signal, … }) with a summarizer that aborts the signal and returns 'sum'",
    run: (m) => {
      const controller = new AbortController();
      return on(
        m,
        () => {
          controller.abort();
          return "sum";
        },
        { signal: controller.signal },
        statusOnly,
      );
    },
    expected: { error: "CONTEXT_CANCELLED" },
  },
};

const abortErrorTakenAsCancel: Mistake = {
  id: "abort-error-taken-as-cancel",
  says: "A summarizer that throws (or whose promise rejects with) an error named AbortError is reported as CONTEXT_CANCELLED; cancellation is the caller's signal being aborted, and a summarizer's throw or rejection, whatever its name, is CONTEXT_SUMMARIZER_FAILED.",
  breaks: "§7 step 4 (a synchronous throw → CONTEXT_SUMMARIZER_FAILED), step 5 (a rejection → CONTEXT_SUMMARIZER_FAILED; an abort while waiting → CONTEXT_CANCELLED)",
  criterion: "cancellation",
  witness: {
    call: "compactContext(4 users, { summaryMaxUnits: 10, no signal, … }) with a summarizer that throws new DOMException('stop', 'AbortError')",
    run: (m) =>
      on(
        m,
        () => {
          throw new DOMException("stop", "AbortError");
        },
        {},
        statusOnly,
      ),
    expected: { error: "CONTEXT_SUMMARIZER_FAILED" },
  },
};

// --- the record -----------------------------------------------------------------------------

const recordIdsTrimmed: Mistake = {
  id: "record-ids-trimmed",
  says: "The ids written into the record and the new summary are trimmed, so recordId 'r ' and summaryId 's ' give the record { id: 'r', summaryId: 's' }; the record's id is options.recordId and its summaryId options.summaryId, exactly as given (and the new summary's id is summaryId).",
  breaks: "§7 step 8 (the record { id: recordId, summaryId, … }; the new summary { id: summaryId, content: text })",
  criterion: "atomicity-and-one-record",
  witness: {
    call: "compactContext(4 users, { recordId: 'r ', summaryId: 's ', … }) → the record's id and summaryId",
    run: (m) =>
      compact(m, usersInput(4), options(() => "sum", { recordId: "r ", summaryId: "s " }), (value) => {
        const record = (value as { record: { id: unknown; summaryId: unknown } }).record;
        return { id: view(record.id), summaryId: view(record.summaryId) };
      }),
    expected: { value: { id: "r ", summaryId: "s " } },
  },
};

/** Every s21 implementation is a rewrite or wrapper over the reference and the kit, and composable. */
const s21 = (id: string, form: Form, mistakes: readonly Mistake[]): Implementation => ({ id, form, mistakes, importsOutside: true, composable: true });

export const S21: readonly Implementation[] = [
  // two or three mistakes in one criterion
  s21("s21-units-joined-falsy-trimmed", "rewrite", [textBlocksCountedJoined, falsyJsonAsNull, messageContentTrimmed]),
  s21("s21-ceilings-argsjson-conversation-boundary0", "rewrite", [argumentsJsonTextCeiling, compactedIdsCountedAsMessages, recordBoundaryZeroAccepted]),
  s21("s21-reading-proxy-nonenum-extras", "rewrite", [inputProxyRefused, nonEnumerableFieldRefused, extraFieldsKept]),
  s21("s21-async-nullproto-promiselevel", "rewrite", [nullPrototypeThenablePlain, promiseLevelNotCounted]),
  s21("s21-cancel-string-aborterror", "rewrite", [stringSummarySkipsSignal, abortErrorTakenAsCancel]),
  s21("s21-boundary-unreachable-prototype", "rewrite", [unreachableTargetRefused, optionsPrototypeAccepted]),
  // two criteria
  s21("s21-records-ceiling-fastpath-plain", "rewrite", [oldestRecordDroppedAtCeiling, fastPathReturnsPlainResult]),
  s21("s21-groups-onebased-async-summarizer", "rewrite", [groupIndicesOneBased, asyncSummarizerRefused]),
  s21("s21-cap4096-surrogate-summary", "rewrite", [maxUnitsCappedAt4096, summaryLoneSurrogateRefused]),
  // a whole-flow rewrite: four mistakes in four criteria
  s21("s21-flow-errorcontent-callcount-retain-trimmed", "rewrite", [errorResultContentFree, roundLengthByCallCount, retainAboveLengthRefused, recordIdsTrimmed]),
  // one mistake
  s21("s21-unknown-block-skipped", "rewrite", [unknownBlockSkipped]),
  s21("s21-then-returned-promise-unhandled", "rewrite", [thenReturnedPromiseUnhandled]),
];
