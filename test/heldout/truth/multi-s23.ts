// The session-23 implementations (test/heldout/s23-*): 12 folders, 27 mistakes, all of them new
// to the set. Eight with two or three mistakes, seven of them in one criterion (async
// observation, cancellation, the record and the result, reading, the options of §6, units, the
// boundary walk) and one in two (a maxUnits check and the summary's type check); two whole-flow
// rewrites with four mistakes in four criteria each; two with one mistake (a temporary
// constructor left on a native promise; the new context left unfrozen).
// Written from the contract, src/core and the held-out set's own files alone (README: "Session
// 22: the `s23-` implementations"); every mistake is independent of the others of its
// implementation (witnesses.test.ts).
import { call, compact, options, result, user, users, usersInput, type Summarizer } from "../_witness/fixtures";
import { sync, view, type Outcome } from "../_witness/observe";
import type { Impl } from "../_kit/impl";
import type { Form, Implementation, Mistake } from "./types";

const boundary = (target: number, summaryMax: number, retain: number) => ({ targetUnits: target, summaryMaxUnits: summaryMax, retainRecentMessages: retain });
const statusOnly = (value: unknown) => (value as { status: string }).status as Outcome;
const lastRecord = (value: unknown) => {
  const compactions = (value as { context: { compactions: Record<string, unknown>[] } }).context.compactions;
  return compactions[compactions.length - 1];
};

/** compactContext(4 users of 14) with summaryMaxUnits 10 (boundary 2, the summary 's' + 'sum' costs 9), looking at `show`. */
const on = (m: Impl, summarizer: Summarizer, extra: Record<string, unknown> = {}, show: (value: unknown) => Outcome = statusOnly) =>
  compact(m, usersInput(4), options(summarizer, { summaryMaxUnits: 10, ...extra }), show);

/** A native promise of 'sum' whose own configurable constructor getter throws (the intrinsic then throws once on it). */
const promiseWithThrowingConstructor = (): Promise<string> => {
  const promise = Promise.resolve("sum");
  Object.defineProperty(promise, "constructor", {
    get() {
      throw new Error("no constructor");
    },
    configurable: true,
  });
  return promise;
};

// --- async observation ----------------------------------------------------------------------

const retryNeedsExtensible: Mistake = {
  id: "retry-needs-extensible",
  says: "The constructor retry of a native promise is made only when the promise is extensible (Object.isExtensible), so a non-extensible promise whose own configurable constructor getter throws is refused with CONTEXT_ASYNC_VALUE_UNOBSERVABLE; the retry is made when the promise has an own configurable constructor (extensible or not), or no own constructor and is extensible, and here it observes the text.",
  breaks: "§7 step 5 (Native promise: if the application throws, and the promise has an own configurable constructor, or has no own constructor and is still extensible, the core retries once with a temporary own data constructor)",
  criterion: "async-observation",
  witness: {
    call: "compactContext(4 users, { summaryMaxUnits: 10, … }) with a summarizer returning Promise.resolve('sum') with an own configurable constructor getter that throws, made non-extensible (Object.preventExtensions)",
    run: (m) =>
      on(m, () => {
        const promise = promiseWithThrowingConstructor();
        Object.preventExtensions(promise);
        return promise;
      }),
    expected: { value: "compacted" },
  },
};

const thenableReachedAgainFails: Mistake = {
  id: "thenable-reached-again-fails",
  says: "A thenable reached a second time is taken as a cycle and fails with CONTEXT_SUMMARIZER_FAILED, so a then that returns the inner thenable it also delivers fails; the same thenable reached twice is called once and its settlement reused, and only a thenable that waits on itself (a cycle) fails: here the text is delivered.",
  breaks: "§7 step 5 (What a custom then returns: a generic thenable has its then called now, exactly once, and its settlement is reused if it is later delivered through the resolver; the same thenable reached twice is called once (a cycle → CONTEXT_SUMMARIZER_FAILED))",
  criterion: "async-observation",
  witness: {
    call: "compactContext(4 users, { summaryMaxUnits: 10, … }) with a summarizer returning a thenable whose then calls resolve(inner) and returns inner, inner's then calling resolve('sum')",
    run: (m) =>
      on(m, () => {
        const inner = {
          then(resolve: (value: unknown) => void) {
            resolve("sum");
          },
        };
        return {
          then(resolve: (value: unknown) => void) {
            resolve(inner);
            return inner;
          },
        };
      }),
    expected: { value: "compacted" },
  },
};

const constructorLeftAfterRetry: Mistake = {
  id: "constructor-left-after-retry",
  says: "After the constructor retry of a native promise, the temporary own constructor (the intrinsic Promise) is left on the promise, so the caller's own constructor getter is replaced by a data property; the promise is restored as it was after the retry (its own accessor put back, or the temporary property deleted).",
  breaks: "§7 step 5 (Native promise: … retries once with a temporary own data constructor equal to the intrinsic Promise, then restores the promise as it was)",
  criterion: "async-observation",
  witness: {
    call: "compactContext(4 users, { summaryMaxUnits: 10, … }) with a summarizer returning Promise.resolve('sum') with an own configurable constructor getter that throws → the status, and the kind of the promise's own constructor afterwards",
    run: async (m) => {
      let promise: Promise<string> | null = null;
      const status = await on(m, () => (promise = promiseWithThrowingConstructor()));
      const own = promise === null ? undefined : Object.getOwnPropertyDescriptor(promise, "constructor");
      return { status, constructor: own === undefined ? "none" : own.get !== undefined ? "getter" : "data" };
    },
    expected: { status: { value: "compacted" }, constructor: "getter" },
  },
};

// --- cancellation ---------------------------------------------------------------------------

const abortedReadByProperty: Mistake = {
  id: "aborted-read-by-property",
  says: "The signal's state is read as signal.aborted, an ordinary property read, so an aborted signal with an own aborted property false (a shadow, or a getter of the caller's) is taken as not aborted and the context compacted; the signal is genuine by the intrinsic aborted getter, and its state is read the same way: an aborted signal → CONTEXT_CANCELLED before the summarizer is called.",
  breaks: "§7 step 3 (if the signal is already aborted → CONTEXT_CANCELLED), §7 (Genuine signal: the intrinsic AbortSignal.prototype.aborted getter, captured at load)",
  criterion: "cancellation",
  witness: {
    call: "compactContext(4 users, { summaryMaxUnits: 10, signal }) with an aborted AbortController signal given an own data property aborted: false",
    run: (m) => {
      const controller = new AbortController();
      controller.abort();
      Object.defineProperty(controller.signal, "aborted", { value: false });
      return on(m, () => "sum", { signal: controller.signal });
    },
    expected: { error: "CONTEXT_CANCELLED" },
  },
};

const signalPassedAsOptionsBag: Mistake = {
  id: "signal-passed-as-options-bag",
  says: "The summarizer is called as summarizer(request, { signal }), the signal wrapped in an options bag the way fetch takes it, so its second argument is not an AbortSignal; the second argument is the caller's signal itself (with no signal, a fresh never-aborted AbortSignal, or undefined).",
  breaks: "§7 step 4 (call summarizer(request, signal) once; the second argument is the caller's signal itself)",
  criterion: "cancellation",
  witness: {
    call: "compactContext(4 users, { summaryMaxUnits: 10, signal }) → the status, and whether the summarizer's second argument is the caller's signal",
    run: async (m) => {
      const controller = new AbortController();
      let second: unknown = "not called";
      const status = await on(
        m,
        (_request, signal) => {
          second = signal;
          return "sum";
        },
        { signal: controller.signal },
      );
      return { status, same: second === controller.signal };
    },
    expected: { status: { value: "compacted" }, same: true },
  },
};

// --- the record and the result (atomicity and one record) -----------------------------------

const recordSummaryIdFromRecordId: Mistake = {
  id: "record-summaryid-from-recordid",
  says: "The record's summaryId is the record's own id (options.recordId), so the record names a summary that does not exist; summaryId is the new summary's id, options.summaryId.",
  breaks: "§7 step 8 (the record { id: recordId, summaryId, boundary, compactedMessageIds, unitsBefore, unitsAfter })",
  criterion: "atomicity-and-one-record",
  witness: {
    call: "compactContext(4 users, { summaryMaxUnits: 10, summaryId: 's', recordId: 'r', … }) → the new record's summaryId",
    run: (m) => on(m, () => "sum", {}, (value) => view(lastRecord(value).summaryId)),
    expected: { value: "s" },
  },
};

const compactedResultUnfrozen: Mistake = {
  id: "compacted-result-unfrozen",
  says: "The compacted result { status, context, record } is a fresh object literal that is not frozen (its context and record are), so a caller can change its status or record; the result is resolved frozen, like everything in it.",
  breaks: "§7 step 8 (resolve { status: 'compacted', context, record }, all frozen)",
  criterion: "atomicity-and-one-record",
  witness: {
    call: "compactContext(4 users, { summaryMaxUnits: 10, … }) → whether the result object is frozen",
    run: (m) => on(m, () => "sum", {}, (value) => Object.isFrozen(value)),
    expected: { value: true },
  },
};

const unitsAfterSummaryWithoutBase: Mistake = {
  id: "units-after-summary-without-base",
  says: "The record's unitsAfter counts the new summary as u(summaryId) + u(text), without its base 5, so it is 5 below the units of the new context; unitsAfter is the units of the new context, the summary costing 5 + u(summaryId) + u(text) (here 9 + 28 = 37).",
  breaks: "§7 step 8 (unitsAfter: the units of the new one), §4 (summary: 5 + u(id) + u(content))",
  criterion: "atomicity-and-one-record",
  witness: {
    call: "compactContext(4 users, { summaryMaxUnits: 10, summaryId: 's', … }) with 'sum' → the new record's unitsAfter (the summary 9, the two kept users 28)",
    run: (m) => on(m, () => "sum", {}, (value) => view(lastRecord(value).unitsAfter)),
    expected: { value: 37 },
  },
};

const newContextUnfrozen: Mistake = {
  id: "new-context-unfrozen",
  says: "The new context is a fresh object literal { requirements, summary, messages, compactions } that is not frozen (its channels are), so a caller can replace its summary or messages; the new context is built as buildActiveContext builds one, frozen.",
  breaks: "§7 step 8 (build and validate the new context …, resolve { status: 'compacted', context, record }, all frozen), §3 (every object and array frozen)",
  criterion: "atomicity-and-one-record",
  witness: {
    call: "compactContext(4 users, { summaryMaxUnits: 10, … }) → whether result.context is frozen",
    run: (m) => on(m, () => "sum", {}, (value) => Object.isFrozen((value as { context: unknown }).context)),
    expected: { value: true },
  },
};

// --- reading (immutable snapshots and ceilings) ---------------------------------------------

const setterOnlyReadAsUndefined: Mistake = {
  id: "setter-only-read-as-undefined",
  says: "The reader tells an accessor by its getter alone (descriptor.get !== undefined), so a field with a setter and no getter is read as a data property holding undefined: an input whose summary is setter-only is taken as having no summary; every field must be an own data property, and an accessor, a setter without a getter included, is refused (CONTEXT_INVALID_INPUT) without being called.",
  breaks: "§3 (Records: every field is an own data property; an accessor is rejected without being called; No accessor of the input (getter or setter) is ever called)",
  criterion: "immutable-snapshots-and-ceilings",
  witness: {
    call: "buildActiveContext({ messages: [1 user], summary: a setter without a getter })",
    run: (m) => {
      const input: Record<string, unknown> = { messages: users(1) };
      Object.defineProperty(input, "summary", { set() {}, enumerable: true, configurable: true });
      return sync(() => m.buildActiveContext(input), (c) => (c as { messages: unknown[] }).messages.length);
    },
    expected: { error: "CONTEXT_INVALID_INPUT" },
  },
};

const string65536Refused: Mistake = {
  id: "string-65536-refused",
  says: "A string of exactly 65,536 code points is refused with CONTEXT_LIMIT_EXCEEDED (the student's check is >= 65536); one string may have up to 65,536 code points, only a longer one fails.",
  breaks: "§3 (Budgets: code points in one string, at most 65536)",
  criterion: "immutable-snapshots-and-ceilings",
  witness: {
    call: "buildActiveContext({ messages: [user u whose content is 65,536 'x'] }) → the number of messages",
    run: (m) => sync(() => m.buildActiveContext({ messages: [user("u", "x".repeat(65536))] }), (c) => (c as { messages: unknown[] }).messages.length),
    expected: { value: 1 },
  },
};

// --- options of §6 (boundary selection) -----------------------------------------------------

const targetMillionRefused: Mistake = {
  id: "target-million-refused",
  says: "targetUnits of exactly 1,000,000 is refused with CONTEXT_INVALID_BUDGET (the check is < MAX_CONTEXT_TOTAL_UNITS); the bound is inclusive, 1 <= targetUnits <= 1,000,000.",
  breaks: "§6 (Options: targetUnits >= 1 and targetUnits <= 1,000,000)",
  criterion: "boundary-selection",
  witness: {
    call: "selectCompactionBoundary(4 users, { targetUnits: 1000000, summaryMaxUnits: 10, retainRecentMessages: 1 }) (everything fits: the first group's end, 1)",
    run: (m) => sync(() => m.selectCompactionBoundary(usersInput(4), boundary(1_000_000, 10, 1))),
    expected: { value: 1 },
  },
};

const optionsArrayAccepted: Mistake = {
  id: "options-array-accepted",
  says: "The options are tested with typeof options === 'object' && options !== null, which an array passes, so an array carrying targetUnits, summaryMaxUnits and retainRecentMessages as own properties is read like options; the options must be a plain object (not an array), else CONTEXT_INVALID_INPUT.",
  breaks: "§6 (Options: the options must be a plain object …; otherwise CONTEXT_INVALID_INPUT), §7 (an options value that is not a plain object is CONTEXT_INVALID_INPUT)",
  criterion: "boundary-selection",
  witness: {
    call: "selectCompactionBoundary(4 users, Object.assign([], { targetUnits: 40, summaryMaxUnits: 10, retainRecentMessages: 1 }))",
    run: (m) => sync(() => m.selectCompactionBoundary(usersInput(4), Object.assign([], boundary(40, 10, 1)))),
    expected: { error: "CONTEXT_INVALID_INPUT" },
  },
};

// --- units ----------------------------------------------------------------------------------

const resultIdNotCounted: Mistake = {
  id: "result-id-not-counted",
  says: "A tool-result message is counted 7 + u(toolCallId) + u(toolName) + u(content), leaving out u(id) of the message itself, so a result 'res' costs 3 less; it costs 7 + u(id) + u(toolCallId) + u(toolName) + u(content).",
  breaks: "§4 (tool-result message: 7 + u(id) + u(toolCallId) + u(toolName) + u(content))",
  criterion: "units",
  witness: {
    call: "estimateContextUnits({ messages: [assistant a calling c (t, {}), result 'res' of c with content 'ok'] }) (15 + 14 = 29)",
    run: (m) => sync(() => m.estimateContextUnits({ messages: [call("a", [["c", "t"]]), result("res", "c", "t")] })),
    expected: { value: 29 },
  },
};

const jsonStringEscapesCounted: Mistake = {
  id: "json-string-escapes-counted",
  says: "A string in tool-call arguments is counted by its JSON text less one quote, JSON.stringify(s).length − 1, so its escapes and UTF-16 code units count: 'say \"hi\"' costs 11; J(string) = 1 + u(s), the code points of the string itself (here 9).",
  breaks: "§4 (J(string) = 1 + u(s); u(s) is the number of code points)",
  criterion: "units",
  witness: {
    call: "estimateContextUnits({ messages: [assistant a calling c (t, { q: 'say \"hi\"' }), result r of c] }) − estimateContextUnits(the same with { q: '' }) (J('say \"hi\"') − J('') = 9 − 1 = 8)",
    run: (m) => {
      const units = (q: string) => m.estimateContextUnits({ messages: [call("a", [["c", "t", { q }]]), result("r", "c", "t")] });
      return sync(() => units('say "hi"') - units(""));
    },
    expected: { value: 8 },
  },
};

// --- maxUnits (fast path) and the summary's type (summary validation) -----------------------

const maxUnitsFractionAccepted: Mistake = {
  id: "maxunits-fraction-accepted",
  says: "maxUnits is checked to be a number from 1 to 1,000,000 and at least targetUnits, but not an integer, so maxUnits: 40.5 is accepted (a small context comes back unchanged); maxUnits must be a safe integer, else CONTEXT_INVALID_BUDGET.",
  breaks: "§7 (maxUnits: safe integer, 1 <= maxUnits <= 1,000,000, targetUnits <= maxUnits; otherwise CONTEXT_INVALID_BUDGET), step 1",
  criterion: "unchanged-fast-path",
  witness: {
    call: "compactContext(1 user, { maxUnits: 40.5, targetUnits: 40, … })",
    run: (m) => compact(m, usersInput(1), options(() => "sum", { maxUnits: 40.5 }), statusOnly),
    expected: { error: "CONTEXT_INVALID_BUDGET" },
  },
};

const summaryTrimmedBeforeTypeCheck: Mistake = {
  id: "summary-trimmed-before-type-check",
  says: "The summary value is trimmed for the blank test before its type is checked (value.trim() first), so a summarizer returning a number makes compactContext reject with a raw TypeError; a value that is not a string is CONTEXT_SUMMARY_INVALID, checked before the whitespace test, and every failure is a ContextCompactionError.",
  breaks: "§7 step 6 (not a string → CONTEXT_SUMMARY_INVALID; only whitespace → CONTEXT_SUMMARY_INSUFFICIENT), §1 (every failure is a ContextCompactionError)",
  criterion: "summary-validation",
  witness: {
    call: "compactContext(4 users, { summaryMaxUnits: 10, … }) with a summarizer returning 42",
    run: (m) => on(m, () => 42),
    expected: { error: "CONTEXT_SUMMARY_INVALID" },
  },
};

// --- the boundary walk (boundary selection) -------------------------------------------------

const retainedMessagesNotCounted: Mistake = {
  id: "retained-messages-not-counted",
  says: "The walk counts only the messages between the cut and latest, the retainRecentMessages last ones being taken as kept anyway, so a cut is taken too early (its context does not fit); a cut fits when fixed + units(every message after the cut, the retained ones included) <= targetUnits.",
  breaks: "§6 (The answer step 3: if fixed + units(messages after endIndex) <= targetUnits, the answer is endIndex)",
  criterion: "boundary-selection",
  witness: {
    call: "selectCompactionBoundary(4 users of 14, { targetUnits: 40, summaryMaxUnits: 10, retainRecentMessages: 1 }) (a cut at 1 keeps 42 units: 2)",
    run: (m) => sync(() => m.selectCompactionBoundary(usersInput(4), boundary(40, 10, 1))),
    expected: { value: 2 },
  },
};

const noBoundaryThrown: Mistake = {
  id: "no-boundary-thrown",
  says: "selectCompactionBoundary throws CONTEXT_BOUNDARY_UNAVAILABLE where no cut qualifies (the student's shared boundary function throws compactContext's error); selectCompactionBoundary answers null then, and only compactContext rejects with CONTEXT_BOUNDARY_UNAVAILABLE.",
  breaks: "§6 (The answer: if latest <= 0 the answer is null; if no group qualifies, the answer is null), §7 step 3",
  criterion: "boundary-selection",
  witness: {
    call: "selectCompactionBoundary(2 users, { targetUnits: 40, summaryMaxUnits: 10, retainRecentMessages: 2 }) (latest = 0)",
    run: (m) => sync(() => m.selectCompactionBoundary(usersInput(2), boundary(40, 10, 2))),
    expected: { value: null },
  },
};

// --- the whole-flow student (four criteria) -------------------------------------------------

const userContentAsJsonString: Mistake = {
  id: "user-content-as-json-string",
  says: "A user message's content is counted as a JSON string, 1 + u(content), so a user message costs 5 + u(id) + u(content) and the course's focused case (requirement { r, AB }, user { u, a }) costs 13; a user message costs 4 + u(id) + u(content), and the focused case 12.",
  breaks: "§4 (user message: 4 + u(id) + u(content); the course's focused case costs 12)",
  criterion: "units",
  witness: {
    call: "estimateContextUnits({ requirements: [{ r, AB }], messages: [user u with content 'a'] }) (6 + 6 = 12)",
    run: (m) => sync(() => m.estimateContextUnits({ requirements: [{ id: "r", content: "AB" }], messages: [user("u", "a")] })),
    expected: { value: 12 },
  },
};

const resultContentBlankRefused: Mistake = {
  id: "result-content-blank-refused",
  says: "The reader also requires a tool result's content to be non-empty (content.trim().length > 0), so a tool result with the empty content '' (a tool that printed nothing) is refused with CONTEXT_INVALID_TRANSCRIPT; tool-result content may be an empty string (only ids, tool names and toolCallId must be non-empty).",
  breaks: "§2 (User content, text and tool-result content may be empty strings)",
  criterion: "immutable-snapshots-and-ceilings",
  witness: {
    call: "buildActiveContext({ messages: [assistant a calling c (t), result r of c with content ''] }) → the number of messages",
    run: (m) => sync(() => m.buildActiveContext({ messages: [call("a", [["c", "t"]]), result("r", "c", "t", "")] }), (c) => (c as { messages: unknown[] }).messages.length),
    expected: { value: 2 },
  },
};

const compactedIdsShifted: Mistake = {
  id: "compacted-ids-shifted",
  says: "The record's compactedMessageIds are collected by a loop from 1 to boundary inclusive, so they are shifted by one: the first compacted message is left out and the first kept one listed (and with everything compacted the loop reads past the end and throws a raw TypeError); they are the ids of the prefix, messages 0 to boundary − 1, in order.",
  breaks: "§7 step 8 (compactedMessageIds: the ids of the prefix, in order), §3 (compactedMessageIds: length === boundary)",
  criterion: "atomicity-and-one-record",
  witness: {
    call: "compactContext(4 users m0..m3, { summaryMaxUnits: 10, … }) (boundary 2) → the new record's compactedMessageIds",
    run: (m) => on(m, () => "sum", {}, (value) => view(lastRecord(value).compactedMessageIds)),
    expected: { value: ["m0", "m1"] },
  },
};

const noSignalPassedAsNull: Mistake = {
  id: "no-signal-passed-as-null",
  says: "With no signal the summarizer is called as summarizer(request, options.signal ?? null), so its second argument is null; with no signal it is a fresh AbortSignal that is never aborted (or undefined), never null.",
  breaks: "§7 step 4 (with no signal, the core passes a fresh AbortSignal that is never aborted (a grader also accepts undefined)), §8 (summarizer's second argument with no signal)",
  criterion: "cancellation",
  witness: {
    call: "compactContext(4 users, { summaryMaxUnits: 10, no signal, … }) → the status, and whether the summarizer's second argument is undefined or a never-aborted AbortSignal",
    run: async (m) => {
      let second: unknown = "not called";
      const status = await on(m, (_request, signal) => {
        second = signal;
        return "sum";
      });
      return { status, allowed: second === undefined || (second instanceof AbortSignal && !second.aborted) };
    },
    expected: { status: { value: "compacted" }, allowed: true },
  },
};

// --- the second whole-flow student (four criteria) ------------------------------------------

const summaryBase3: Mistake = {
  id: "summary-base-3",
  says: "A summary is counted with the base 3 of a requirement, 3 + u(id) + u(content) (the row copied from the requirement's), so a context with the summary { s, x } and the user { u, a } costs 11; a summary costs 5 + u(id) + u(content), here 7, and the context 13.",
  breaks: "§4 (summary: 5 + u(id) + u(content))",
  criterion: "units",
  witness: {
    call: "estimateContextUnits({ summary: { s, x }, messages: [user u with content 'a'] }) (7 + 6 = 13)",
    run: (m) => sync(() => m.estimateContextUnits({ summary: { id: "s", content: "x" }, messages: [user("u", "a")] })),
    expected: { value: 13 },
  },
};

const requirementMessageIdClashRefused: Mistake = {
  id: "requirement-message-id-clash-refused",
  says: "The reader also refuses a requirement whose id is the id of a message (the student's rule 'ids are unique in a context'), with CONTEXT_INVALID_INPUT; requirement ids must be unique among the requirements only, and a message may carry the same id.",
  breaks: "§3 (Requirement: both non-empty, ids unique; the input rules list what is refused)",
  criterion: "immutable-snapshots-and-ceilings",
  witness: {
    call: "buildActiveContext({ requirements: [{ id: 'm0', content: 'keep' }], messages: [user m0] }) → the number of requirements",
    run: (m) => sync(() => m.buildActiveContext({ requirements: [{ id: "m0", content: "keep" }], messages: users(1) }), (c) => (c as { requirements: unknown[] }).requirements.length),
    expected: { value: 1 },
  },
};

const nullishSummaryFailed: Mistake = {
  id: "nullish-summary-failed",
  says: "A summary value null or undefined is taken as 'the summarizer returned nothing' and failed with CONTEXT_SUMMARIZER_FAILED; the summarizer did return, with a value that is not a string: CONTEXT_SUMMARY_INVALID.",
  breaks: "§7 step 6 (not a string → CONTEXT_SUMMARY_INVALID), step 5 (Primitive: a primitive is the result; a non-string fails at step 6)",
  criterion: "summary-validation",
  witness: {
    call: "compactContext(4 users, { summaryMaxUnits: 10, … }) with a summarizer returning undefined",
    run: (m) => on(m, () => undefined),
    expected: { error: "CONTEXT_SUMMARY_INVALID" },
  },
};

const reserveWithoutSummaryBase: Mistake = {
  id: "reserve-without-summary-base",
  says: "The boundary reserves summaryMaxUnits − 5 for the new summary (the text's share, the summary's base 5 taken out), so a cut is taken too early (its context does not fit); summaryMaxUnits bounds the whole summary, 5 + u(summaryId) + u(text), and fixed = Σ requirements + summaryMaxUnits.",
  breaks: "§6 (The answer step 2: fixed = Σ requirements + summaryMaxUnits)",
  criterion: "boundary-selection",
  witness: {
    call: "selectCompactionBoundary(4 users of 14, { targetUnits: 47, summaryMaxUnits: 10, retainRecentMessages: 1 }) (a cut at 1 needs 10 + 42 = 52: 2)",
    run: (m) => sync(() => m.selectCompactionBoundary(usersInput(4), boundary(47, 10, 1))),
    expected: { value: 2 },
  },
};

/** Every s23 implementation is composable and imports the reference or the kit. */
const s23 = (id: string, form: Form, mistakes: readonly Mistake[]): Implementation => ({ id, form, mistakes, importsOutside: true, composable: true });

export const S23: readonly Implementation[] = [
  // two or three mistakes in one criterion
  s23("s23-async-retryextensible-reachedagain", "rewrite", [retryNeedsExtensible, thenableReachedAgainFails]),
  s23("s23-cancel-abortedprop-signalbag", "rewrite", [abortedReadByProperty, signalPassedAsOptionsBag]),
  s23("s23-records-summaryid-unfrozen-afterbase", "rewrite", [recordSummaryIdFromRecordId, compactedResultUnfrozen, unitsAfterSummaryWithoutBase]),
  s23("s23-reading-setteronly-string65536", "rewrite", [setterOnlyReadAsUndefined, string65536Refused]),
  s23("s23-options-targetmillion-array", "rewrite", [targetMillionRefused, optionsArrayAccepted]),
  s23("s23-units-resultid-stringescapes", "rewrite", [resultIdNotCounted, jsonStringEscapesCounted]),
  s23("s23-boundary-retaineduncounted-nullthrown", "rewrite", [retainedMessagesNotCounted, noBoundaryThrown]),
  // two criteria
  s23("s23-maxunits-fraction-summary-trimfirst", "rewrite", [maxUnitsFractionAccepted, summaryTrimmedBeforeTypeCheck]),
  // two whole-flow rewrites: four mistakes in four criteria each
  s23("s23-flow-userquote-resultblank-idsshifted-nullsignal", "rewrite", [userContentAsJsonString, resultContentBlankRefused, compactedIdsShifted, noSignalPassedAsNull]),
  s23("s23-flow-summarybase3-idclash-nullishfailed-reservebase", "rewrite", [summaryBase3, requirementMessageIdClashRefused, nullishSummaryFailed, reserveWithoutSummaryBase]),
  // one mistake
  s23("s23-constructor-left-after-retry", "rewrite", [constructorLeftAfterRetry]),
  s23("s23-new-context-unfrozen", "wrapper", [newContextUnfrozen]),
];
