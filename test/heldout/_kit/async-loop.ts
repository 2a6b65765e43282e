// A copy of the reference's awaiting of the summarizer's value (src/core/observe-async.ts,
// contract §7 step 5) in which each flag plants one way students get it wrong, for the held-out
// implementations with several async mistakes (each can be switched on alone). With no flag set
// it is the reference.
import { ASYNC_VALUE_UNOBSERVABLE, CANCELLED, ContextCompactionError, SUMMARIZER_FAILED, SUMMARY_INVALID } from "../../../src/core/errors";
import { SafeMap, apply, enqueueJob, isNativePromise, isProxy, reflectGet } from "../../../src/core/intrinsics";
import { MAX_CONTEXT_ASYNC_DEPTH, MAX_CONTEXT_DEPTH } from "../../../src/core/limits";
import { observePromise } from "../../../src/core/native-promise";
import { IntrinsicPromise, promiseThen, defineProperty, deleteProperty, getOwnPropertyDescriptor, isExtensible } from "../../../src/core/intrinsics";

export type AsyncFlags = {
  /** No 64-level cap: deeper chains are adopted. */
  readonly noDepthCap?: boolean;
  /** What a custom then returns is ignored. */
  readonly thenReturnIgnored?: boolean;
  /** No identity tracking: a thenable reached again is called again. */
  readonly identityLost?: boolean;
  /** onRejected still acts after onFulfilled. */
  readonly resolversNotOnce?: boolean;
  /** A native promise rejected with something that looks like a ContextCompactionError passes its code on. */
  readonly forgedCode?: boolean;
  /** Native promises awaited through Promise.resolve(p).then: no intrinsic then, no retry, a throw is a failure. */
  readonly promiseResolve?: boolean;
  /** The signal is not read when the summarizer returns (an abort during the call is noticed only when the value settles). */
  readonly abortDuringCallLost?: boolean;
  /** (s13) The summarizer's own value is counted as level 1: a chain of 64 thenables already fails. */
  readonly depthOffByOne?: boolean;
  /** (s13) What a promise or thenable delivers is the value itself: it is not observed one level deeper. */
  readonly deliveredNotAdopted?: boolean;
  /** (s15) An object whose then is present but not callable is a broken thenable: CONTEXT_SUMMARIZER_FAILED. */
  readonly thenNotCallableFails?: boolean;
  /** (s15) A throwing read of then makes the value unobservable: CONTEXT_ASYNC_VALUE_UNOBSERVABLE. */
  readonly thenReadErrorUnobservable?: boolean;
  /** (s15) A thenable's onFulfilled goes on with the delivered value at once, inside the resolver call. */
  readonly outcomeInsideResolver?: boolean;
  /** (s17) A rejection whose reason is falsy (undefined, null, 0, "") is taken as a fulfilment with undefined. */
  readonly falsyRejectionIgnored?: boolean;
  /** (s17) A native promise's then property is read first, like any value's: not callable makes the promise a plain value, a throwing read fails. */
  readonly promiseThenReadFirst?: boolean;
  /** (s17) A thenable must deliver while its then runs: a then that returns without calling a resolver fails. */
  readonly deliverAtOnce?: boolean;
  /** (s18) A rejection (of a native promise, or a thenable's reject) escapes as its reason, not as CONTEXT_SUMMARIZER_FAILED. */
  readonly rejectionEscapes?: boolean;
  /** (s19) A function returned by the summarizer is called, and what it returns is the value awaited (a "lazy" summary). */
  readonly functionValueCalled?: boolean;
  /** (s19) A then that throws before calling a resolver is ignored: the student goes on waiting for a resolver call. */
  readonly throwBeforeResolveIgnored?: boolean;
  /** (s19) What a then returns, when it is not an object nor undefined and no resolver was called yet, is taken as the delivered value. */
  readonly thenReturnTakenAsValue?: boolean;
  /** (s19) Once a thenable delivers a value that is not an object, the signal is read that once and then dropped (no listener, no later read). */
  readonly signalDroppedAtDelivery?: boolean;
  /** (s20) then is read only as an own property: a thenable whose then is inherited (a class's method) is taken as a plain value. */
  readonly inheritedThenIgnored?: boolean;
  /** (s20) A native promise returned by a custom then is awaited too: its rejection fails the summary. */
  readonly thenReturnedRejectionFails?: boolean;
  /** (s20) A thenable's resolve(undefined) is taken as "nothing delivered yet": the student goes on waiting. */
  readonly undefinedDeliveryPending?: boolean;
  /** (s20) A rejection (of a native promise, or a thenable's reject) is reported as CONTEXT_SUMMARY_INVALID ("no valid summary came back"). */
  readonly rejectionSummaryInvalid?: boolean;
  /** (b2a) A native promise is observed by applying the intrinsic then once, without the retry: a throw makes it unobservable. */
  readonly constructorRetryMissing?: boolean;
  /** (b2m) A then getter that throws is taken as "no then": the object itself is the value. */
  readonly thenReadThrowAsPlain?: boolean;
  /** (b2m) A value delivered through a resolver after the first delivery is dropped without handlers (a native promise's rejection goes unhandled). */
  readonly lateDeliveryUnhandled?: boolean;
  /** (b2m) While then runs, each resolve call overwrites the delivered value: the last one is taken when then returns. */
  readonly lastResolveWins?: boolean;
  /** (s21) then is looked for only on values that are `instanceof Object`: an object with a null prototype is a plain value. */
  readonly nullPrototypeThenablePlain?: boolean;
  /** (s21) A native promise's fulfilment is adopted at the promise's own level: only thenables count as levels. */
  readonly promiseLevelNotCounted?: boolean;
  /** (s21) A native promise that a custom then returns gets no handlers (other returned objects are observed). */
  readonly thenReturnedPromiseUnhandled?: boolean;
  /** (s22) A thenable's then is called with the fulfilment handler only (`value.then(next)`): no reject is passed. */
  readonly thenCalledWithoutReject?: boolean;
  /** (s22) The depth limit is checked only before following a promise or a thenable: a primitive received at level 65 is taken. */
  readonly textAtLevel65Accepted?: boolean;
  /** (s23) The constructor retry is made only when the promise is extensible, whatever its own constructor's configurability. */
  readonly retryNeedsExtensible?: boolean;
  /** (s23) The temporary own constructor of the retry is left on the promise: it is not restored as it was. */
  readonly constructorLeftAfterRetry?: boolean;
  /** (s23) A thenable reached a second time is taken as a cycle (CONTEXT_SUMMARIZER_FAILED), even when it is not waiting on itself. */
  readonly thenableReachedAgainFails?: boolean;
  /** (s24) The depth limit is MAX_CONTEXT_DEPTH (32, the JSON depth of arguments) instead of MAX_CONTEXT_ASYNC_DEPTH (64). */
  readonly asyncDepthIsJsonDepth?: boolean;
  /** (s24) A thenable that a custom then returns is chained to that then's resolvers (`returned.then(resolve, reject)`): its delivery becomes the outer thenable's. */
  readonly thenReturnAdoptedAsDelivery?: boolean;
};

/** (s18) A rejection reason passed on as it is: compact-with.ts rejects with `reason` itself. */
export class Escaped {
  constructor(readonly reason: unknown) {}
}

const CODES = [
  "CONTEXT_INVALID_INPUT",
  "CONTEXT_INVALID_TRANSCRIPT",
  "CONTEXT_LIMIT_EXCEEDED",
  "CONTEXT_INVALID_BUDGET",
  "CONTEXT_BOUNDARY_UNAVAILABLE",
  "CONTEXT_SUMMARY_INVALID",
  "CONTEXT_SUMMARY_INSUFFICIENT",
  "CONTEXT_SUMMARIZER_FAILED",
  "CONTEXT_ASYNC_VALUE_UNOBSERVABLE",
  "CONTEXT_CANCELLED",
];

function looksLikeContractError(reason: unknown): reason is { code: ContextCompactionError["code"]; message: string } {
  const r = reason as { name?: unknown; code?: unknown } | null;
  return typeof r === "object" && r !== null && r.name === "ContextCompactionError" && CODES.includes(r.code as string);
}
import type { SignalWatch } from "../../../src/core/signal";

/** Receives exactly once: an error, or the settled (non-thenable) value. */
export type Settle = (error: ContextCompactionError | null, value: unknown) => void;

const PENDING = 0;
const FULFILLED = 1;
const REJECTED = 2;

/** What is known about one promise or thenable. */
type Observation = {
  state: number;
  /** The fulfilment value, or for REJECTED the message text of the failure. */
  value: unknown;
  /** The outcome may be taken: for a custom then only after it returned, in a later job. */
  available: boolean;
  waiter: (() => void) | null;
  /** The operation waits on it: reaching it again is a cycle. */
  onChain: boolean;
  /** It cannot be observed at all (a Proxy, a locked promise, a then past the depth limit). */
  failure: ContextCompactionError | null;
  /** An object without a callable then: it is a value, not a thenable. */
  plain: boolean;
};

const newObservation = (): Observation => ({
  state: PENDING,
  value: undefined,
  available: false,
  waiter: null,
  onChain: false,
  failure: null,
  plain: false,
});

const failed = (message: string) => new ContextCompactionError(SUMMARIZER_FAILED, message);
const unobservable = (message: string) => new ContextCompactionError(ASYNC_VALUE_UNOBSERVABLE, message);
const cancelled = () => new ContextCompactionError(CANCELLED, "the signal aborted while waiting for the summary");

const isObject = (value: unknown): value is object =>
  (typeof value === "object" && value !== null) || typeof value === "function";

/** The awaitValue of a student with these mistakes. */
export function makeAwaitValue(flags: AsyncFlags): (value: unknown, watch: SignalWatch, settle: Settle) => void {
  return (value, watch, settle) => awaitValue(flags, value, watch, settle);
}

/** Follows `value` to a plain value, or fails; calls `settle` exactly once. */
function awaitValue(flags: AsyncFlags, value: unknown, watch: SignalWatch, settle: Settle): void {
  let done = false;
  const maxLevel = flags.asyncDepthIsJsonDepth ? MAX_CONTEXT_DEPTH : flags.depthOffByOne ? MAX_CONTEXT_ASYNC_DEPTH - 1 : MAX_CONTEXT_ASYNC_DEPTH;
  const seen = new SafeMap<object, Observation>();

  function finish(error: ContextCompactionError | null, result: unknown): void {
    // A second call comes only from a late event after the outcome was given (an abort, a
    // failure found while observing what a then returned): the outcome stands.
    if (done) return;
    done = true;
    settle(error, result);
  }

  /**
   * Reads the signal at one of §7's points; true when the operation is over. Each read is
   * redundant with the one after the await (compaction.ts checkSignal), and that one with
   * these: an abort is permanent, so a later read sees it too. Mutants of one read alone are
   * equivalent; a compactor that never reads the signal is test/mutants'
   * "abort-seen-only-by-event", killed by strength.muted-abort-still-cancels.
   */
  function signalEnds(): boolean {
    if (done) return true;
    const state = watch.state();
    if (state === "unreadable") finish(failed("reading the signal threw"), undefined);
    else if (state === "aborted") finish(cancelled(), undefined);
    return done;
  }

  /** A value that is not followed (it came too late, or a second time) is still handled. */
  function handleLate(received: unknown): void {
    // Only a native promise is touched: attaching handlers calls no then of the caller's.
    if (isNativePromise(received)) observe(received as object, 0);
  }

  function follow(received: unknown, level: number): void {
    if (done) return handleLate(received);
    // (s22) The student's depth check sits in the branch that follows a promise or a thenable.
    if (flags.textAtLevel65Accepted && !isObject(received)) return finish(null, received);
    if (!flags.noDepthCap && level > maxLevel) {
      handleLate(received);
      return finish(failed(`more than ${MAX_CONTEXT_ASYNC_DEPTH} levels of promises and thenables`), undefined);
    }
    if (!isObject(received)) return finish(null, received);
    const observation = observe(received, level);
    if (observation.failure !== null) return finish(observation.failure, undefined);
    if (observation.plain) return finish(null, received);
    // Without this check a cycle is followed round until the depth limit, which fails with the
    // same code after the same then calls (each thenable's then is called once: `seen`).
    if (observation.onChain) return finish(failed("a promise or thenable that waits on itself"), undefined);
    observation.onChain = true;
    // (s21) The student does not count a native promise's fulfilment as a level.
    const at = flags.promiseLevelNotCounted && isNativePromise(received) ? level - 1 : level;
    if (observation.available) return proceed(observation, at);
    observation.waiter = () => proceed(observation, at);
  }

  function proceed(observation: Observation, level: number): void {
    // A value that is a native promise comes only from a thenable's onFulfilled, which
    // already gave it handlers; and when done, signalEnds below returns at once.
    if (done) {
      if (observation.state === FULFILLED) handleLate(observation.value);
      return;
    }
    // "When the value settles": the signal is read (redundant alone, see signalEnds).
    if (signalEnds()) return;
    // The reason is never read: a rejection cannot forge a code, whatever it looks like.
    if (observation.state === REJECTED) {
      if (observation.value instanceof ContextCompactionError) return finish(observation.value, undefined);
      if (observation.value instanceof Escaped) return finish(observation.value as never, undefined);
      return finish(failed(observation.value as string), undefined);
    }
    if (flags.deliveredNotAdopted) return finish(null, observation.value);
    follow(observation.value, level + 1);
  }

  function makeAvailable(observation: Observation): void {
    observation.available = true;
    const waiter = observation.waiter;
    observation.waiter = null;
    if (waiter !== null) waiter();
  }

  function observe(object: object, level: number): Observation {
    // §8: a Proxy may also be read as any object; what that gives (its then throws on a Proxy
    // receiver, or it has no callable then) is accepted too.
    if (isProxy(object)) {
      // Any Proxy, around a promise or anything else, is refused without running a trap.
      const refused = newObservation();
      refused.failure = unobservable("a Proxy cannot be observed without running its traps");
      return refused;
    }
    const known = flags.identityLost ? undefined : seen.get(object);
    // (s23) The student's set of thenables already called: meeting one again is "a cycle".
    if (known !== undefined && flags.thenableReachedAgainFails && !isNativePromise(object) && !known.plain && known.failure === null) {
      const again = newObservation();
      again.failure = failed("a thenable reached twice");
      return again;
    }
    if (known !== undefined) return known;
    const observation = newObservation();
    seen.set(object, observation);
    if (isNativePromise(object) && flags.promiseThenReadFirst && !readThenFirst(object, observation)) return observation;
    if (isNativePromise(object)) observeNative(object, observation);
    else observeThenable(object, observation, level);
    return observation;
  }

  /** (s17) The student reads then before telling a native promise apart: false when that settles the observation. */
  function readThenFirst(promise: object, observation: Observation): boolean {
    let then: unknown;
    try {
      then = reflectGet(promise, "then");
    } catch {
      observation.state = REJECTED;
      observation.value = "reading then threw";
      observation.available = true;
      return false;
    }
    if (typeof then === "function") return true;
    observation.plain = true;
    return false;
  }

  function observeNative(promise: object, observation: Observation): void {
    // The handlers run in a reaction job, a later job already.
    const settleWith = (state: number, value: unknown): void => {
      observation.state = state;
      observation.value = value;
      makeAvailable(observation);
    };
    const onRejected = (reason?: unknown) =>
      flags.rejectionSummaryInvalid
        ? settleWith(REJECTED, new ContextCompactionError(SUMMARY_INVALID, "the summary promise rejected: no valid summary"))
        : flags.falsyRejectionIgnored && !reason
        ? settleWith(FULFILLED, undefined)
        : flags.rejectionEscapes
          ? settleWith(REJECTED, new Escaped(reason))
          : settleWith(
            REJECTED,
            flags.forgedCode && looksLikeContractError(reason) ? new ContextCompactionError(reason.code, reason.message) : "the summary promise rejected",
          );
    if (flags.promiseResolve) {
      try {
        IntrinsicPromise.resolve(promise).then((value) => settleWith(FULFILLED, value), onRejected);
      } catch {
        observation.failure = failed("the summary promise could not be awaited");
      }
      return;
    }
    // (b2a) The student applies the intrinsic then once: no retry with a temporary own constructor.
    if (flags.constructorRetryMissing) {
      try {
        apply(promiseThen, promise, [(value: unknown) => settleWith(FULFILLED, value), onRejected]);
      } catch {
        observation.failure = unobservable("a native promise whose then cannot be applied");
      }
      return;
    }
    const attached =
      flags.retryNeedsExtensible || flags.constructorLeftAfterRetry
        ? observePromise23(flags, promise, (value) => settleWith(FULFILLED, value), onRejected)
        : observePromise(promise, (value) => settleWith(FULFILLED, value), onRejected);
    if (!attached) observation.failure = unobservable("a native promise whose constructor or species cannot be looked up");
  }

  function observeThenable(thenable: object, observation: Observation, level: number): void {
    // (s21) The student's "is it an object" test is instanceof Object: a null-prototype object is a plain value.
    if (flags.nullPrototypeThenablePlain && typeof thenable === "object" && !(thenable instanceof Object)) {
      observation.plain = true;
      return;
    }
    let then: unknown;
    try {
      // (s20) The student looks for an own then only.
      then = flags.inheritedThenIgnored && !Object.prototype.hasOwnProperty.call(thenable, "then") ? undefined : reflectGet(thenable, "then");
    } catch {
      // (b2m) The student's try around the read: a throwing then getter means "no then".
      if (flags.thenReadThrowAsPlain) {
        observation.plain = true;
        return;
      }
      if (flags.thenReadErrorUnobservable) {
        observation.failure = unobservable("reading then threw");
        return;
      }
      observation.state = REJECTED;
      observation.value = "reading then threw";
      observation.available = true;
      return;
    }
    if (typeof then !== "function") {
      if (flags.thenNotCallableFails && then !== undefined) {
        observation.state = REJECTED;
        observation.value = "then is not callable";
        observation.available = true;
        return;
      }
      observation.plain = true;
      return;
    }
    if (!flags.noDepthCap && level > maxLevel) {
      // Only what a then returned gets here: a thenable past the limit is never called.
      observation.failure = failed(`more than ${MAX_CONTEXT_ASYNC_DEPTH} levels of promises and thenables`);
      return;
    }
    let resolved = false;
    let returned = false;
    // The outcome is recorded at once but taken only after then returned, in a later job.
    const conclude = (state: number, value: unknown): void => {
      observation.state = state;
      observation.value = value;
      if (returned) enqueueJob(() => makeAvailable(observation));
    };
    const onFulfilled = (next: unknown): void => {
      // (b2m) The student overwrites the delivered value while then runs (the last resolve wins).
      if (resolved && flags.lastResolveWins && !returned && observation.state === FULFILLED) {
        observation.value = next;
        return;
      }
      // (b2m) The student drops a later delivery as it is, without handlers.
      if (resolved) return flags.lateDeliveryUnhandled ? undefined : handleLate(next);
      // (s20) The student's "nothing delivered yet" is undefined.
      if (flags.undefinedDeliveryPending && next === undefined) return;
      resolved = true;
      // The student's resolver goes on with the value at once (the chain is followed inside it).
      if (flags.outcomeInsideResolver) return follow(next, level + 1);
      // (s19) The student reads the signal at the delivery of a text and then drops it.
      if (flags.signalDroppedAtDelivery && !isObject(next) && !done) {
        if (signalEnds()) return;
        watch.stop();
        (watch as unknown as { signal: unknown }).signal = undefined;
      }
      // A native promise delivered here gets handlers now, so that its rejection is handled
      // even when it is never followed.
      handleLate(next);
      conclude(FULFILLED, next);
    };
    const onRejected = (reason?: unknown): void => {
      if (resolved && !flags.resolversNotOnce) return;
      resolved = true;
      if (flags.falsyRejectionIgnored && !reason) return conclude(FULFILLED, undefined);
      if (flags.rejectionSummaryInvalid) return conclude(REJECTED, new ContextCompactionError(SUMMARY_INVALID, "a thenable rejected: no valid summary"));
      conclude(REJECTED, flags.rejectionEscapes ? new Escaped(reason) : "a thenable rejected");
    };
    let result: unknown;
    try {
      // (s22) The student passes the fulfilment handler only.
      result = apply(then as (...args: unknown[]) => unknown, thenable, flags.thenCalledWithoutReject ? [onFulfilled] : [onFulfilled, onRejected]);
    } catch {
      // A throw after a resolver call is ignored (s19: the student ignores any throw of then).
      if (!resolved && !flags.throwBeforeResolveIgnored) {
        resolved = true;
        conclude(REJECTED, "a thenable's then threw");
      }
    }
    // (s19) The student takes a primitive that then returns as the value, when nothing was delivered yet.
    if (flags.thenReturnTakenAsValue && !resolved && result !== undefined && !isObject(result)) {
      resolved = true;
      observation.state = FULFILLED;
      observation.value = result;
    }
    returned = true;
    // The student's then must have delivered by now.
    if (flags.deliverAtOnce && !resolved) {
      resolved = true;
      observation.state = REJECTED;
      observation.value = "then returned without delivering the summary";
    }
    // Whatever then returned is observed before the call counts as finished: a native promise
    // gets handlers, a thenable is called now (once; its settlement is reused if it is
    // delivered later), a Proxy or a locked promise cannot be observed.
    if (!flags.thenReturnIgnored && isObject(result) && !(flags.thenReturnedPromiseUnhandled && isNativePromise(result))) {
      const inner = observe(result, level + 1);
      if (inner.failure !== null) finish(inner.failure, undefined);
      // (s24) The student chains what then returned to the resolvers of that then.
      else if (flags.thenReturnAdoptedAsDelivery && !resolved && !inner.plain) {
        const adopt = () => (inner.state === FULFILLED ? onFulfilled(inner.value) : inner.state === REJECTED ? onRejected() : undefined);
        if (inner.available) enqueueJob(adopt);
        else {
          const previous = inner.waiter;
          inner.waiter = () => {
            if (previous !== null) previous();
            adopt();
          };
        }
      }
    }
    // (s20) The student awaits a native promise that then returned as well: its rejection fails the summary.
    if (flags.thenReturnedRejectionFails && isNativePromise(result)) {
      observePromise(result as object, () => undefined, () => finish(failed("the promise returned by then rejected"), undefined));
    }
    // "When then returns": the signal is read.
    signalEnds();
    if (observation.state !== PENDING) enqueueJob(() => makeAvailable(observation));
  }

  const state = watch.state();
  if (!flags.abortDuringCallLost && state !== "pending") {
    handleLate(value);
    return finish(state === "aborted" ? cancelled() : failed("reading the signal threw"), undefined);
  }
  if (!watch.start(() => finish(cancelled(), undefined))) {
    handleLate(value);
    // A genuine signal whose prototype was replaced (§8): Node's addEventListener refuses it.
    return finish(failed("the signal does not accept an abort listener"), undefined);
  }
  // (s19) The student calls a function the summarizer returned ("a lazy summary").
  if (flags.functionValueCalled && typeof value === "function") {
    try {
      value = (value as () => unknown)();
    } catch {
      return finish(failed("the summary function threw"), undefined);
    }
  }
  follow(value, 0);
}

/**
 * (s23) The student's copy of the native-promise observation (src/core/native-promise.ts): the
 * retry's condition is extensibility alone (retryNeedsExtensible), or the temporary own
 * constructor stays on the promise afterwards (constructorLeftAfterRetry).
 */
function observePromise23(flags: AsyncFlags, promise: object, onFulfilled: (value: unknown) => void, onRejected: () => void): boolean {
  try {
    apply(promiseThen, promise, [onFulfilled, onRejected]);
    return true;
  } catch {
    const own = getOwnPropertyDescriptor(promise, "constructor");
    const undoable = flags.retryNeedsExtensible ? isExtensible(promise) : own === undefined ? isExtensible(promise) : own.configurable === true;
    if (!undoable) return false;
    defineProperty(promise, "constructor", { value: IntrinsicPromise, writable: true, enumerable: false, configurable: true });
    let observed = true;
    try {
      apply(promiseThen, promise, [onFulfilled, onRejected]);
    } catch {
      observed = false;
    }
    if (!flags.constructorLeftAfterRetry) {
      if (own === undefined) deleteProperty(promise, "constructor");
      else defineProperty(promise, "constructor", own);
    }
    return observed;
  }
}
