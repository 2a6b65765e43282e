// The hostile async summarizer scripts of issue 4 (contract §7 steps 4-6), beside the basic
// ones of ./summarizer. First what the value comes to when nothing aborts, then how each
// abort point (src/scenario/scenario.ts) changes it.
import type { Json } from "../scenario/data";
import type { AbortPoint, SummarizerScript } from "../scenario/scenario";
import { CODE, LIMIT } from "./limits";
import type { Settled } from "./shapes";

/**
 * How a failure arises, which decides whether an abort "at settlement" may beat it:
 * - "inCall": inside a call the subject makes (a then or a getter that throws, a cycle, one
 *   level too many, a synchronous throw): the abort fires within the same call, the contract
 *   orders neither first, so both codes are allowed.
 * - "onReturn": decidable as soon as the value is returned (a proxied or locked promise);
 *   the abort comes later, but a subject may look a turn later: both codes are allowed.
 * - "rejection": a native promise rejects a microtask after the abort; the abort was
 *   observable while waiting and at settlement, so only CONTEXT_CANCELLED.
 */
type Race = "inCall" | "onReturn" | "rejection";
/** `codes`: every code the contract allows for the failure (usually one). */
type Plain = { kind: "value"; value: Json; orFails?: { codes: string[]; race: Race } } | { kind: "fails"; codes: string[]; race: Race };

const text = (script: SummarizerScript): Extract<Plain, { kind: "value" }> => ({ kind: "value", value: field(script, "text") });
const failing = (code: string, race: Race, ...alsoAllowed: string[]): Plain => ({ kind: "fails", codes: [code, ...alsoAllowed], race });
/**
 * A Proxy without a callable then: the value itself, not a string (step 6), or refused as a
 * Proxy without running its traps (§7 step 5, §8).
 */
const THENLESS_PROXY: Plain = { kind: "value", value: {}, orFails: { codes: [CODE.asyncValueUnobservable], race: "onReturn" } };

function field(script: SummarizerScript, name: string): Json {
  return (script as { [k: string]: Json })[name] ?? null;
}

/** How many then calls deep a thenReturnsLocked script's unobservable value is returned (1 when not given). */
export function returnOrder(script: SummarizerScript): number {
  const order = field(script, "order");
  return typeof order === "number" ? order : 1;
}

/** Levels of adoption the contract counts for a nested-promise script (§7 step 5). */
export function nestedPromiseLevels(script: SummarizerScript): number {
  // An engine-resolved native promise arrives flattened and counts once.
  return field(script, "shape") === "thenableInPromise" ? 1 : (field(script, "thenables") as number) + 1;
}

/** The settled value or failure without any abort; null for a kind not modelled here. */
function plainOutcome(script: SummarizerScript): Plain | null {
  switch (script.kind) {
    case "nestedPromise":
      return nestedPromiseLevels(script) > LIMIT.asyncDepth ? failing(CODE.summarizerFailed, "inCall") : text(script);
    case "thenGetterThrows":
      return failing(CODE.summarizerFailed, "inCall");
    case "thenGetterDelivers":
      // then is read once (an accessor), called once, and delivers the text.
      return text(script);
    case "thenThrows":
      // After a resolver was called, a throw is ignored: the resolution wins.
      return field(script, "when") === "afterResolving" ? text(script) : failing(CODE.summarizerFailed, "inCall");
    case "thenReturnsRejecting":
      // What a custom then returns is not the value; its rejection is only to be handled.
      return text(script);
    case "thenableTwice":
      // Reached twice but no cycle (delivered twice, or delivered and returned): the text.
      return field(script, "shape") === "deliveredTwice" || field(script, "shape") === "deliveredAndReturned" ? text(script) : failing(CODE.summarizerFailed, "inCall");
    case "proxyPromise":
      // A Proxy with forwarding traps around a native promise: CONTEXT_ASYNC_VALUE_UNOBSERVABLE
      // and only that (§7 step 5, fixed by the course); its traps may or may not run.
      return failing(CODE.asyncValueUnobservable, "onReturn");
    case "lockedPromise":
      // A constructor/species lookup that completes but runs caller code: observed (the text),
      // or refused where the caller controls the lookup (§8).
      return { ...text(script), orFails: { codes: [CODE.asyncValueUnobservable], race: "onReturn" } };
    case "promiseLookupThrows":
      // The lookup throws: retried once through a temporary own constructor when that can be
      // undone (then observed like any native promise), else locked (§7 step 5).
      if (field(script, "undoable") !== true) return failing(CODE.asyncValueUnobservable, "onReturn");
      return field(script, "settles") === "rejects" ? failing(CODE.summarizerFailed, "rejection") : text(script);
    case "lateThenable":
      // Delivered in a later job: the text; a throw before any resolver call fails, and the later fulfilment is ignored.
      // A string the then returns before delivering is not the value (only an object returned is observed).
      return field(script, "shape") === "throwsThenResolves" ? failing(CODE.summarizerFailed, "inCall") : text(script);
    case "undefinedDelivered":
      // resolve(undefined) is a fulfilment like any other: undefined, a primitive, is the value
      // (not a string: CONTEXT_SUMMARY_INVALID at step 6); what the then does after is ignored.
      return { kind: "value", value: { $cc: "undefined" } };
    case "thenReturnsLocked":
      // What a custom then returns is observed at once: a locked promise (or a Proxy around a
      // native promise) there is refused (§7 step 5). Returned by a then that was itself
      // reached only as a return value (order 2 or deeper), it may also be watched detached
      // and the text delivered (§8).
      if (returnOrder(script) >= 2) return { ...text(script), orFails: { codes: [CODE.asyncValueUnobservable], race: "onReturn" } };
      return failing(CODE.asyncValueUnobservable, "onReturn");
    case "redefinedPromiseGlobal":
      // Realm-wide changes that leave the intrinsic then working do not make a promise unobservable (§7 step 5).
      return text(script);
    case "resolversMisused":
      // Only the first resolver call counts: a rejection, or what the pending promise brings.
      if (field(script, "order") === "rejectFirst") return failing(CODE.summarizerFailed, "inCall");
      return field(script, "first") === "thenlessProxy" ? THENLESS_PROXY : text(script);
    case "promiseReachedAgain":
      // Reached a second time (a cycle, FAILED) after it was locked (UNOBSERVABLE): the contract
      // orders neither rule, so both codes are allowed (docs/contract.md §8).
      return failing(CODE.summarizerFailed, "inCall", CODE.asyncValueUnobservable);
    case "proxyValue":
      // A Proxy without a callable then is the value itself; one whose get throws fails; either
      // may be refused as a Proxy without running its traps (§8).
      return field(script, "get") === "throws" ? failing(CODE.summarizerFailed, "inCall", CODE.asyncValueUnobservable) : THENLESS_PROXY;
    case "forgedError":
      // Callers cannot forge a code, whatever the rejection looks like.
      return failing(CODE.summarizerFailed, field(script, "delivery") === "throw" ? "inCall" : "rejection");
    default:
      return null;
  }
}

/**
 * Steps 4-5 for the hostile async scripts under `abort` (already "none" when no controller
 * signal is in force; "beforeCall" is decided at step 3). Null for kinds not modelled here.
 */
export function settleAsyncScript(script: SummarizerScript, abort: AbortPoint): Settled | null {
  const plain = plainOutcome(script);
  if (plain === null) return null;
  if (plain.kind === "value" && plain.orFails !== undefined) {
    // Either reading of the value, under the same abort: every code of both is accepted, and the value when one delivers it.
    const asValue = settleAbort({ kind: "value", value: plain.value }, abort);
    const asFailure = settleAbort({ kind: "fails", ...plain.orFails }, abort);
    if (asValue.kind === "value") return { ...asValue, orCodes: asFailure.kind === "fails" ? asFailure.codes : [] };
    return { kind: "fails", codes: [...new Set([...asValue.codes, ...(asFailure.kind === "fails" ? asFailure.codes : [])])] };
  }
  return settleAbort(plain, abort);
}

function settleAbort(plain: Plain, abort: AbortPoint): Settled {
  const cancelled: Settled = { kind: "fails", codes: [CODE.cancelled] };
  switch (abort) {
    case "none":
    case "beforeCall":
    case "afterSettlement":
      return plain.kind === "value" ? { kind: "value", value: plain.value } : { kind: "fails", codes: plain.codes };
    case "whilePending":
      // The driver holds the value in its own pending promise and aborts first.
      return cancelled;
    case "inSummarizer":
      // Aborted before the value exists: CANCELLED, or the failure the value carries.
      return plain.kind === "value" ? cancelled : { kind: "fails", codes: [CODE.cancelled, ...plain.codes] };
    case "atSettlement":
      if (plain.kind === "value" || plain.race === "rejection") return cancelled;
      return { kind: "fails", codes: [CODE.cancelled, ...plain.codes] };
  }
}
