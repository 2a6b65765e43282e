// HELD-OUT EDIT (one mistake): no identity tracking: a thenable reached again is observed (called) again.
// Otherwise a copy of src/core/observe-async.ts.
// Awaiting the summarizer's value (contract §7 step 5) without ever letting the caller's code
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
// Stryker disable next-line StringLiteral: message text; the code is the contract
const cancelled = () => new ContextCompactionError(CANCELLED, "the signal aborted while waiting for the summary");

const isObject = (value: unknown): value is object =>
  (typeof value === "object" && value !== null) || typeof value === "function";

/** Follows `value` to a plain value, or fails; calls `settle` exactly once. */
export function awaitValue(value: unknown, watch: SignalWatch, settle: Settle): void {
  let done = false;
  const seen = new SafeMap<object, Observation>();

  function finish(error: ContextCompactionError | null, result: unknown): void {
    // A second call comes only from a late event after the outcome was given (an abort, a
    // failure found while observing what a then returned): the outcome stands.
    // Stryker disable next-line ConditionalExpression,BooleanLiteral: settle's second call is a no-op (its promise is settled; commit after a rejection builds nothing anyone sees)
    if (done) return;
    // Stryker disable next-line BooleanLiteral: as above
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
  // Stryker disable next-line BlockStatement: see above
  function signalEnds(): boolean {
    // Stryker disable next-line ConditionalExpression,BooleanLiteral: finish ignores a second call
    if (done) return true;
    const state = watch.state();
    // Stryker disable next-line StringLiteral,ConditionalExpression: message text; the read is redundant (see above)
    if (state === "unreadable") finish(failed("reading the signal threw"), undefined);
    // Stryker disable next-line ConditionalExpression,StringLiteral: the read is redundant (see above)
    else if (state === "aborted") finish(cancelled(), undefined);
    return done;
  }

  /** A value that is not followed (it came too late, or a second time) is still handled. */
  function handleLate(received: unknown): void {
    // Only a native promise is touched: attaching handlers calls no then of the caller's.
    if (isNativePromise(received)) observe(received as object, 0);
  }

  function follow(received: unknown, level: number): void {
    // Stryker disable next-line ConditionalExpression: unreachable when done (proceed returns first; the first call is before any outcome)
    if (done) return handleLate(received);
    if (level > MAX_CONTEXT_ASYNC_DEPTH) {
      handleLate(received);
      // Stryker disable next-line StringLiteral: message text; the code is the contract
      return finish(failed(`more than ${MAX_CONTEXT_ASYNC_DEPTH} levels of promises and thenables`), undefined);
    }
    if (!isObject(received)) return finish(null, received);
    const observation = observe(received, level);
    if (observation.failure !== null) return finish(observation.failure, undefined);
    if (observation.plain) return finish(null, received);
    // Without this check a cycle is followed round until the depth limit, which fails with the
    // same code after the same then calls (each thenable's then is called once: `seen`).
    // Stryker disable next-line StringLiteral,ConditionalExpression: message text; the depth limit gives the same outcome (see above)
    if (observation.onChain) return finish(failed("a promise or thenable that waits on itself"), undefined);
    // Stryker disable next-line BooleanLiteral: as above
    observation.onChain = true;
    if (observation.available) return proceed(observation, level);
    observation.waiter = () => proceed(observation, level);
  }

  function proceed(observation: Observation, level: number): void {
    // A value that is a native promise comes only from a thenable's onFulfilled, which
    // already gave it handlers; and when done, signalEnds below returns at once.
    // Stryker disable next-line ConditionalExpression,BlockStatement,EqualityOperator: see above
    if (done) {
      // Stryker disable next-line ConditionalExpression,EqualityOperator: see above
      if (observation.state === FULFILLED) handleLate(observation.value);
      return;
    }
    // "When the value settles": the signal is read (redundant alone, see signalEnds).
    // Stryker disable next-line ConditionalExpression: see signalEnds; follow then sees done
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
    // Stryker disable next-line ConditionalExpression,BlockStatement: the other choice §8 allows
    if (isProxy(object)) {
      // Any Proxy, around a promise or anything else, is refused without running a trap.
      const refused = newObservation();
      // Stryker disable next-line StringLiteral: message text; the code is the contract
      refused.failure = unobservable("a Proxy cannot be observed without running its traps");
      return refused;
    }
    const observation = newObservation();
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
      // Stryker disable next-line StringLiteral: message text; the code is the contract
      () => settleWith(REJECTED, "the summary promise rejected"),
    );
    // Stryker disable next-line StringLiteral: message text; the code is the contract
    if (!attached) observation.failure = unobservable("a native promise whose constructor or species cannot be looked up");
  }

  function observeThenable(thenable: object, observation: Observation, level: number): void {
    let then: unknown;
    try {
      then = reflectGet(thenable, "then");
    } catch {
      observation.state = REJECTED;
      // Stryker disable next-line StringLiteral: message text; the code is the contract
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
      // Stryker disable next-line StringLiteral: message text; the code is the contract
      observation.failure = failed(`more than ${MAX_CONTEXT_ASYNC_DEPTH} levels of promises and thenables`);
      return;
    }
    let resolved = false;
    // Stryker disable next-line BooleanLiteral: makeAvailable would be enqueued from inside then: still a later job, and the job below finds the waiter gone
    let returned = false;
    // The outcome is recorded at once but taken only after then returned, in a later job.
    const conclude = (state: number, value: unknown): void => {
      observation.state = state;
      observation.value = value;
      // Stryker disable next-line ConditionalExpression: `true` only enqueues the same job earlier (see `returned`)
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
      // Stryker disable next-line StringLiteral: message text; the code is the contract
      conclude(REJECTED, "a thenable rejected");
    };
    let result: unknown;
    try {
      result = apply(then as (...args: unknown[]) => unknown, thenable, [onFulfilled, onRejected]);
    } catch {
      // A throw after a resolver call is ignored.
      if (!resolved) {
        resolved = true;
        // Stryker disable next-line StringLiteral: message text; the code is the contract
        conclude(REJECTED, "a thenable's then threw");
      }
    }
    returned = true;
    // Whatever then returned is observed before the call counts as finished: a native promise
    // gets handlers, a thenable is called now (once; its settlement is reused if it is
    // delivered later), a Proxy or a locked promise cannot be observed.
    // Stryker disable next-line ConditionalExpression: a primitive observed as a thenable only fails reading its then, on an observation nobody uses
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
    // Stryker disable next-line StringLiteral: message text; the code is the contract
    return finish(state === "aborted" ? cancelled() : failed("reading the signal threw"), undefined);
  }
  if (!watch.start(() => finish(cancelled(), undefined))) {
    handleLate(value);
    // A genuine signal whose prototype was replaced (§8): Node's addEventListener refuses it.
    // Stryker disable next-line StringLiteral: message text; the code is the contract
    return finish(failed("the signal does not accept an abort listener"), undefined);
  }
  follow(value, 0);
}
