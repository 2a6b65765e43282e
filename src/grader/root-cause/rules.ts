import type { CriterionId } from "../criteria";

// The contract's rules a root cause can name (docs/contract.md), each in the contract's words,
// with its section and the acceptance criterion it belongs to. A root cause is one departure
// from one of them (./signature): its title says what the submission does and, after a dash,
// the rule it breaks.

export interface Rule {
  readonly section: string;
  readonly says: string;
  readonly criterion: CriterionId;
}

const rule = (section: string, criterion: CriterionId, says: string): Rule => ({ section, says, criterion });

export const RULES = {
  // §4 units: one rule per row of the table, and the sum.
  "units.u": rule("§4", "units", "u(s) is the number of Unicode code points of s: a surrogate pair counts 1, and a lone surrogate counts 1"),
  "units.requirement": rule("§4", "units", "a requirement costs 3 + u(id) + u(content)"),
  "units.summary": rule("§4", "units", "a summary costs 5 + u(id) + u(content)"),
  "units.user": rule("§4", "units", "a user message costs 4 + u(id) + u(content)"),
  "units.assistant": rule("§4", "units", "an assistant message costs 4 + u(id) + Σ blocks"),
  "units.text": rule("§4", "units", "a text block costs 2 + u(text)"),
  "units.toolCall": rule("§4", "units", "a tool-call block costs 6 + u(id) + u(name) + J(arguments)"),
  "units.toolPair": rule("§4", "units", "a tool-call block costs 6 + u(id) + u(name) + J(arguments), and its result 7 + u(id) + u(toolCallId) + u(toolName) + u(content): a call and its result carry the same id and the same tool name"),
  "units.toolResult": rule("§4", "units", "a tool-result message costs 7 + u(id) + u(toolCallId) + u(toolName) + u(content)"),
  "units.J(null)": rule("§4", "units", "J(null) = 1"),
  "units.J(boolean)": rule("§4", "units", "J(boolean) is 5 for true, 6 for false"),
  "units.J(number)": rule("§4", "units", "J(number) = 1 + String(n).length"),
  "units.J(string)": rule("§4", "units", "J(string) = 1 + u(s)"),
  "units.J(array)": rule("§4", "units", "J(array) = 2 + Σ (1 + J(item))"),
  "units.J(object)": rule("§4", "units", "J(object) = 2 + Σ over keys (1 + u(key) + J(value)); key order does not matter"),
  "units.context": rule("§4", "units", "the units of a context are Σ requirements + the summary (if any) + Σ messages; compaction records cost nothing"),
  // §5.
  "groups.rounds": rule("§5", "grouping", "each assistant message with tool calls has an interval running through the last result of any of its calls; intervals that overlap or nest merge into one toolRound, and every other message is its own message group"),
  // §6.
  "boundary.answer": rule("§6", "boundary-selection", "the answer is the earliest whole-group cut that keeps Σ requirements + summaryMaxUnits + the kept messages within targetUnits (the current summary is not counted) and leaves at least retainRecentMessages messages, or null"),
  "options.shape": rule("§6", "boundary-selection", "the options are a plain object whose fields are own data properties; otherwise CONTEXT_INVALID_INPUT"),
  "options.budgets": rule("§6", "boundary-selection", "targetUnits, summaryMaxUnits and retainRecentMessages are safe integers with 1 <= targetUnits <= 1,000,000, 1 <= summaryMaxUnits <= targetUnits and 0 <= retainRecentMessages <= 4096 (else CONTEXT_INVALID_BUDGET; a missing one is CONTEXT_INVALID_INPUT)"),
  "options.maxUnits": rule("§7", "unchanged-fast-path", "maxUnits is a safe integer with 1 <= maxUnits <= 1,000,000 and targetUnits <= maxUnits (else CONTEXT_INVALID_BUDGET)"),
  "options.ids": rule("§7", "atomicity-and-one-record", "summaryId and recordId are non-empty strings of at most 65536 code points (else CONTEXT_INVALID_INPUT; longer → CONTEXT_LIMIT_EXCEEDED), checked before the summarizer is called"),
  "options.summarizer": rule("§7", "async-observation", "the summarizer is a function (else CONTEXT_INVALID_INPUT)"),
  "options.signal": rule("§7", "cancellation", "the signal is absent, undefined, null or a genuine AbortSignal, refused without calling anything on it (else CONTEXT_INVALID_INPUT)"),
  // §2, §3: reading and building.
  "read.input": rule("§3", "immutable-snapshots-and-ceilings", "the input is read as data: no getter, setter or function of the caller runs, a Proxy is read through its traps, an exception of a trap becomes the contract's code, and the input is never changed"),
  "read.options": rule("§6", "boundary-selection", "the options are read as data like the input: a field that is an accessor, or options that are not a plain object, are CONTEXT_INVALID_INPUT, and no getter runs"),
  "read.null": rule("§3, §6", "immutable-snapshots-and-ceilings", "null is no record: null where the input holds a requirement, message, content block or record, or as the options, is refused with the contract's code (never an error of another kind)"),
  "build.transcript": rule("§2, §3", "immutable-snapshots-and-ceilings", "a transcript is valid when every message is well-formed (ids, tool names and toolCallId non-empty; user content, text and tool-result content may be empty) and every call has exactly one later result with its name"),
  "build.arguments": rule("§3", "immutable-snapshots-and-ceilings", "tool-call arguments are a plain object of JSON values only, with string keys, no cycles, and no value deeper than 32"),
  "build.records": rule("§3", "immutable-snapshots-and-ceilings", "requirements, the summary and compaction records follow §3's shapes (non-empty ids, unique ids, a summary with non-whitespace text)"),
  "build.limits": rule("§3", "immutable-snapshots-and-ceilings", "the budgets of §3 are ceilings: at the limit the input builds, past it CONTEXT_LIMIT_EXCEEDED"),
  "build.shape": rule("§3", "immutable-snapshots-and-ceilings", "buildActiveContext returns a frozen deep copy with extra properties dropped, and rejects a broken rule with its code"),
  // §7.
  "step2.fastPath": rule("§7 step 2", "unchanged-fast-path", "if units(context) <= maxUnits, resolve { status: \"unchanged\", context, record: null }: the summarizer is not called, and the signal is not consulted"),
  "step3.cancelled": rule("§7 step 3", "cancellation", "if the signal is already aborted before the call → CONTEXT_CANCELLED"),
  "step3.recordId": rule("§7 step 3", "atomicity-and-one-record", "a recordId already used by a record → CONTEXT_INVALID_INPUT, before the summarizer is called"),
  "step3.boundary": rule("§7 step 3", "boundary-selection", "no boundary (§6) → CONTEXT_BOUNDARY_UNAVAILABLE, without calling the summarizer"),
  "step4.request": rule("§7 step 4", "async-observation", "call summarizer(request, signal) once, with the frozen request { requirements, previousSummary, messages (the exact prefix before the boundary), boundary, maxSummaryUnits } and the caller's signal"),
  "step4.signal": rule("§7 step 4", "cancellation", "the summarizer's second argument is the caller's signal itself (with no signal: undefined or a never-aborted AbortSignal), and the request holds no signal"),
  "step5.depth": rule("§7 step 5", "async-observation", "a value received at a level above 64 → CONTEXT_SUMMARIZER_FAILED: a chain of 64 generic thenables is accepted, and a chain of 65 fails"),
  "step5.nativePromise": rule("§7 step 5", "async-observation", "a native promise is observed by applying the intrinsic Promise.prototype.then (retried once with a temporary own constructor, then restored); only a locked promise is CONTEXT_ASYNC_VALUE_UNOBSERVABLE; a rejection → CONTEXT_SUMMARIZER_FAILED"),
  "step5.proxy": rule("§7 step 5", "async-observation", "a Proxy whose target is a native promise → CONTEXT_ASYNC_VALUE_UNOBSERVABLE, and only that"),
  "step5.thenable": rule("§7 step 5", "async-observation", "any other object: read then once (a throwing read → CONTEXT_SUMMARIZER_FAILED), call it once with resolvers that act once, and take the outcome after then has returned; a throw before any resolver call → CONTEXT_SUMMARIZER_FAILED"),
  "step5.functionThenable": rule("§7 step 5", "async-observation", "a thenable is any object or function with a callable then: a function with a then is adopted like any other thenable"),
  "step5.resolvers": rule("§7 step 5", "async-observation", "then is called with resolvers that act once: the first call wins, and a throw after it is ignored"),
  "step5.reachedTwice": rule("§7 step 5", "async-observation", "the same thenable reached twice is called once (a cycle → CONTEXT_SUMMARIZER_FAILED)"),
  "step5.thenReturns": rule("§7 step 5", "async-observation", "what a custom then returns is never the value; if it is an object, it is observed at once: a native promise gets handlers, a generic thenable has its then called now, a Proxy or a locked promise → CONTEXT_ASYNC_VALUE_UNOBSERVABLE"),
  "step5.forged": rule("§7 step 5", "async-observation", "a value rejected with something that looks like a ContextCompactionError still yields CONTEXT_SUMMARIZER_FAILED: a caller cannot forge a code"),
  "step5.rejection": rule("§7 step 4, 5", "async-observation", "a synchronous throw of the summarizer, or a rejection of its value → CONTEXT_SUMMARIZER_FAILED"),
  "step5.unhandled": rule("§7 step 5", "async-observation", "every rejection the module observes is handled: no unhandledRejection ever reaches the process, also after the operation has settled"),
  "step5.settles": rule("§7 step 5", "async-observation", "the returned value is awaited to a string (through promises and thenables) or to the failure its kind gives"),
  "step5.abort": rule("§7 step 5", "cancellation", "the value is awaited while watching the signal: an abort while waiting, or observed when the value settles, → CONTEXT_CANCELLED, even when the value never settles"),
  "cancel.error": rule("§7 steps 3, 5, 6, 8", "cancellation", "a cancellation rejects with a ContextCompactionError whose code is CONTEXT_CANCELLED, never with the signal's reason or another error"),
  "step6.notString": rule("§7 step 6", "summary-validation", "a settled value that is not a string → CONTEXT_SUMMARY_INVALID (an object is not text)"),
  "step6.tooLong": rule("§7 step 6", "summary-validation", "a summary longer than 65536 code points → CONTEXT_LIMIT_EXCEEDED"),
  "step6.blank": rule("§7 step 6", "summary-validation", "a summary that is only whitespace → CONTEXT_SUMMARY_INSUFFICIENT"),
  "step6.size": rule("§7 step 6, 7", "summary-validation", "5 + u(summaryId) + u(text) > summaryMaxUnits, or a new context above targetUnits → CONTEXT_SUMMARY_INSUFFICIENT"),
  "step6.text": rule("§7 steps 6, 8", "summary-validation", "the text delivered is checked as it is and stored as it is: the new summary's content is exactly that text (nothing trimmed, cut or put in front)"),
  "step8.result": rule("§7 step 8", "atomicity-and-one-record", "resolve { status: \"compacted\", context, record }: the new context is { requirements, summary: { id: summaryId, content: text }, messages: the suffix, compactions: [...old, record] } and the record is { id: recordId, summaryId, boundary, compactedMessageIds, unitsBefore, unitsAfter }"),
  "step8.validated": rule("§7 step 8", "atomicity-and-one-record", "the new context is built and validated like any input (its limits included)"),
  "atomicity.unchanged": rule("§7", "atomicity-and-one-record", "on every failure the rejection is a ContextCompactionError, the input is unchanged (deep-equal, still frozen) and no record exists anywhere; on success exactly one record is appended"),
  "calls.alone": rule("§6, §7", "atomicity-and-one-record", "each call is answered from its own arguments as they are at that call: nothing an earlier call met (options, a signal, a summary, a failure) changes a later call's answer"),
  "errors.class": rule("§1", "immutable-snapshots-and-ceilings", "every failure is a ContextCompactionError (frozen, with the rule's code), thrown by the sync exports and a rejection of compactContext"),
  "errors.rejects": rule("§1, §7", "immutable-snapshots-and-ceilings", "compactContext is async: it returns a promise, and each of its failures is a rejection of that promise, never a synchronous throw"),
  "frozen.results": rule("§1, §3, §5, §7", "immutable-snapshots-and-ceilings", "everything returned (a built context, groups, a result, its context and record), the summarizer's request and every error are frozen all the way down, and a built context stays so"),
  "identity.built": rule("§3", "immutable-snapshots-and-ceilings", "given an ActiveContext this module built, buildActiveContext returns that very object"),
  "identity.fastPath": rule("§7 step 2", "unchanged-fast-path", "the fast path's context is the very object passed in when this module built it"),
  "identity.record": rule("§7 step 8", "atomicity-and-one-record", "result.record is the last element of the new context's compactions"),
  "exports": rule("§1", "immutable-snapshots-and-ceilings", "the module exports every name of §1, each of its kind"),
} as const satisfies Readonly<Record<string, Rule>>;

export type RuleId = keyof typeof RULES;

export function ruleOf(id: RuleId): Rule {
  return RULES[id];
}
