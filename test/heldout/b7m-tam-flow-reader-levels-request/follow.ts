// Tam's follower of the summarizer's value (contract §7 step 5), taken over from src/core's
// observe-async.ts (imports pointed back at src/core) with one change of his: the level the wait
// starts from is a parameter, and every level reached is reported (his flow keeps a running level
// counter across waits, see flow.ts). Awaiting without ever letting the caller's code
// decide how it is awaited. No `await`, no promise of ours is chained: `await` would consult
// the value's `then` and species as the caller left them. Native promises are observed with
// the intrinsic `then` (./native-promise), other thenables are adopted by hand, and every wait
// races the signal's abort listener (./signal).
//
// Levels: the summarizer's value is level 0; a value delivered by a promise or thenable is one
// level deeper, and so is a value a custom `then` returns. A value received above level 64
// fails; a thenable at level 64 is still called (the core's choice in §8: at most 65 calls).
//
// Every object observed gets one Observation, kept for the whole operation: a thenable reached
// again is never called again, its settlement is reused; reached again while the operation
// is already waiting on it (a cycle) it fails.
import { ASYNC_VALUE_UNOBSERVABLE, CANCELLED, ContextCompactionError, SUMMARIZER_FAILED } from "../../../src/core/errors";
import { SafeMap, apply, enqueueJob, isNativePromise, isProxy, reflectGet } from "../../../src/core/intrinsics";
import { MAX_CONTEXT_ASYNC_DEPTH } from "../../../src/core/limits";
import { observePromise } from "../../../src/core/native-promise";
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

/** Follows `value` to a plain value, or fails; calls `settle` exactly once. */
export function awaitValueFrom(value: unknown, watch: SignalWatch, startLevel: number, settle: Settle, reached: (level: number) => void): void {
  let done = false;
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
    reached(level);
    if (done) return handleLate(received);
    if (level > MAX_CONTEXT_ASYNC_DEPTH) {
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
    if (observation.available) return proceed(observation, level);
    observation.waiter = () => proceed(observation, level);
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
    if (observation.state === REJECTED) return finish(failed(observation.value as string), undefined);
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
    const known = seen.get(object);
    if (known !== undefined) return known;
    const observation = newObservation();
    seen.set(object, observation);
    if (isNativePromise(object)) observeNative(object, observation);
    else observeThenable(object, observation, level);
    return observation;
  }

  function observeNative(promise: object, observation: Observation): void {
    // The handlers run in a reaction job, a later job already.
    const settleWith = (state: number, value: unknown): void => {
      observation.state = state;
      observation.value = value;
      makeAvailable(observation);
    };
    const attached = observePromise(
      promise,
      (value) => settleWith(FULFILLED, value),
      () => settleWith(REJECTED, "the summary promise rejected"),
    );
    if (!attached) observation.failure = unobservable("a native promise whose constructor or species cannot be looked up");
  }

  function observeThenable(thenable: object, observation: Observation, level: number): void {
    let then: unknown;
    try {
      then = reflectGet(thenable, "then");
    } catch {
      observation.state = REJECTED;
      observation.value = "reading then threw";
      observation.available = true;
      return;
    }
    if (typeof then !== "function") {
      observation.plain = true;
      return;
    }
    if (level > MAX_CONTEXT_ASYNC_DEPTH) {
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
      if (resolved) return handleLate(next);
      resolved = true;
      // A native promise delivered here gets handlers now, so that its rejection is handled
      // even when it is never followed.
      handleLate(next);
      conclude(FULFILLED, next);
    };
    const onRejected = (): void => {
      if (resolved) return;
      resolved = true;
      conclude(REJECTED, "a thenable rejected");
    };
    let result: unknown;
    try {
      result = apply(then as (...args: unknown[]) => unknown, thenable, [onFulfilled, onRejected]);
    } catch {
      // A throw after a resolver call is ignored.
      if (!resolved) {
        resolved = true;
        conclude(REJECTED, "a thenable's then threw");
      }
    }
    returned = true;
    // Whatever then returned is observed before the call counts as finished: a native promise
    // gets handlers, a thenable is called now (once; its settlement is reused if it is
    // delivered later), a Proxy or a locked promise cannot be observed.
    if (isObject(result)) {
      const inner = observe(result, level + 1);
      if (inner.failure !== null) finish(inner.failure, undefined);
    }
    // "When then returns": the signal is read.
    signalEnds();
    if (observation.state !== PENDING) enqueueJob(() => makeAvailable(observation));
  }

  const state = watch.state();
  if (state !== "pending") {
    handleLate(value);
    return finish(state === "aborted" ? cancelled() : failed("reading the signal threw"), undefined);
  }
  if (!watch.start(() => finish(cancelled(), undefined))) {
    handleLate(value);
    // A genuine signal whose prototype was replaced (§8): Node's addEventListener refuses it.
    return finish(failed("the signal does not accept an abort listener"), undefined);
  }
  follow(value, startLevel);
}
