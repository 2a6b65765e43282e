// Awaiting the summarizer's value (contract §7 step 5) without ever letting the caller's code
// decide how it is awaited. No `await`, no promise of ours is chained: `await` and
// Promise.prototype.then consult `constructor` and Symbol.species, which a caller can
// redefine. Native promises are observed through the `then` captured at module load, after
// checking with descriptors alone that it will not consult anything a caller controls;
// other thenables are adopted by hand. Every wait races the signal's abort event.
import { ASYNC_VALUE_UNOBSERVABLE, CANCELLED, ContextCompactionError, SUMMARIZER_FAILED } from "./errors";
import {
  IntrinsicPromise,
  PromisePrototype,
  SafeWeakSet,
  SymbolSpecies,
  addEventListener,
  apply,
  getOwnPropertyDescriptor,
  getPrototypeOf,
  hasOwn,
  isNativePromise,
  isProxy,
  promiseSpeciesGetter,
  promiseThen,
  reflectGet,
  removeEventListener,
  signalAborted,
} from "./intrinsics";
import { MAX_CONTEXT_ASYNC_DEPTH } from "./limits";

/** Receives exactly once: an error, or the settled (non-thenable) value. */
export type Settle = (error: ContextCompactionError | null, value: unknown) => void;

const noop = (): void => {};

/**
 * True when the intrinsic `then` can be applied to `promise` without running caller code:
 * it will look up `promise.constructor` (must come, as a data property, from the intrinsic
 * Promise.prototype and be Promise) and then Promise[Symbol.species] (must still be the
 * original getter, which returns Promise itself). Only descriptors are read, no getter runs.
 */
function isObservable(promise: object): boolean {
  if (getOwnPropertyDescriptor(promise, "constructor") !== undefined) return false;
  if (getPrototypeOf(promise) !== PromisePrototype) return false;
  const constructor = getOwnPropertyDescriptor(PromisePrototype, "constructor");
  if (constructor === undefined || !hasOwn(constructor, "value") || constructor.value !== IntrinsicPromise) return false;
  const species = getOwnPropertyDescriptor(IntrinsicPromise, SymbolSpecies);
  return species !== undefined && species.get === promiseSpeciesGetter;
}

/** Marks a native promise as handled so its rejection never reaches the process. */
function handle(value: unknown): void {
  if (isNativePromise(value) && isObservable(value as object)) apply(promiseThen, value, [noop, noop]);
}

const failed = (message: string) => new ContextCompactionError(SUMMARIZER_FAILED, message);
const unobservable = (message: string) => new ContextCompactionError(ASYNC_VALUE_UNOBSERVABLE, message);

/** Follows `value` to a plain value, or fails; calls `settle` exactly once. */
export function awaitValue(value: unknown, signal: AbortSignal | undefined, settle: Settle): void {
  let done = false;
  let depth = 0;
  // A thenable (or promise) reached a second time is a cycle: reported, never called again.
  const visited = new SafeWeakSet<object>();

  // Stryker disable next-line StringLiteral: message text; the code is the contract
  const onAbort = (): void => finish(new ContextCompactionError(CANCELLED, "the signal aborted while waiting for the summary"), undefined);

  // A second call comes only from a late settlement after the outcome was given (a rejection
  // or a thenable's resolver after an abort, an abort event never detached): settle's second
  // call could only reject or resolve compactContext's promise again, which does nothing, and
  // commit the late text into a context nobody can reach. So the guard and the detaching of
  // the listener change no outcome the contract defines (it does not require detaching).
  function finish(error: ContextCompactionError | null, result: unknown): void {
    // Stryker disable next-line ConditionalExpression: see above, a second settle changes no outcome
    if (done) return;
    // Stryker disable next-line BooleanLiteral: see above; receive's own done check then only follows a late value further
    done = true;
    // Stryker disable next-line ConditionalExpression,StringLiteral: a listener left attached only calls finish again, see above
    if (signal !== undefined) removeEventListener(signal, "abort", onAbort);
    settle(error, result);
  }

  function deeper(): boolean {
    depth++;
    if (depth <= MAX_CONTEXT_ASYNC_DEPTH) return true;
    // Stryker disable next-line StringLiteral: message text; the code is the contract
    finish(failed(`more than ${MAX_CONTEXT_ASYNC_DEPTH} levels of promises and thenables`), undefined);
    return false;
  }

  function receive(received: unknown): void {
    // After the outcome was given a late value is only handled, not followed. Following it
    // instead would only run the caller's then once more after the outcome: every native
    // promise on that path is observed (so handled) too, and the outcome cannot change. The
    // contract does not decide whether a value that arrives after an abort is adopted.
    // Stryker disable next-line ConditionalExpression: see above
    if (done) return handle(received);
    if (isNativePromise(received)) return receivePromise(received as Promise<unknown>);
    if (isProxy(received)) return receiveProxy(received as object);
    if ((typeof received === "object" && received !== null) || typeof received === "function") {
      return receiveObject(received as object);
    }
    finish(null, received);
  }

  function receivePromise(promise: Promise<unknown>): void {
    // Equivalent if removed (marked): a promise followed again delivers what it delivered the
    // first time, whose thenables are then reached twice and fail the same way. Only a promise
    // locked in between tells the two apart, and there the contract allows both codes
    // (docs/contract-decisions.md, entry 18).
    // Stryker disable next-line ConditionalExpression,BlockStatement: see above
    if (visited.has(promise)) {
      // Stryker disable next-line StringLiteral: message text; the code is the contract
      return finish(failed("a promise was reached twice"), undefined);
    }
    visited.add(promise);
    if (!deeper()) return handle(promise);
    if (!isObservable(promise)) {
      // Stryker disable next-line StringLiteral: message text; the code is the contract
      return finish(unobservable("a native promise whose constructor or species is locked"), undefined);
    }
    // The reason is never read: a rejection cannot forge a code, whatever it looks like.
    // Stryker disable next-line StringLiteral: message text; the code is the contract
    apply(promiseThen, promise, [receive, () => finish(failed("the summary promise rejected"), undefined)]);
  }

  function receiveProxy(proxy: object): void {
    let then: unknown;
    try {
      then = reflectGet(proxy, "then");
    } catch {
      // Stryker disable next-line StringLiteral: message text; the code is the contract
      return finish(failed("reading then of a Proxy threw"), undefined);
    }
    // Adopting it would run the caller's traps to reach the target, and a proxied native
    // promise cannot be observed through the intrinsic then at all.
    if (typeof then === "function") {
      // Stryker disable next-line StringLiteral: message text; the code is the contract
      return finish(unobservable("a Proxy with a callable then"), undefined);
    }
    finish(null, proxy);
  }

  function receiveObject(thenable: object): void {
    if (visited.has(thenable)) {
      // Stryker disable next-line StringLiteral: message text; the code is the contract
      return finish(failed("a thenable cycle"), undefined);
    }
    let then: unknown;
    try {
      then = reflectGet(thenable, "then");
    } catch {
      // Stryker disable next-line StringLiteral: message text; the code is the contract
      return finish(failed("reading then threw"), undefined);
    }
    if (typeof then !== "function") return finish(null, thenable);
    visited.add(thenable);
    if (!deeper()) return;
    let called = false;
    const resolveOnce = (next: unknown): void => {
      if (called) return;
      called = true;
      receive(next);
    };
    const rejectOnce = (): void => {
      if (called) return;
      // After the rejection finished, done absorbs every later call: the flag only decides
      // whether a late native promise is additionally marked handled (see the catch below).
      // Stryker disable next-line BooleanLiteral: see above
      called = true;
      // Stryker disable next-line StringLiteral: message text; the code is the contract
      finish(failed("a thenable rejected"), undefined);
    };
    try {
      // Whatever a custom then returns is not the value, but a promise it returns is
      // still handled so that its rejection is not left unhandled.
      handle(apply(then as (...args: unknown[]) => unknown, thenable, [resolveOnce, rejectOnce]));
    } catch {
      if (!called) {
        // After finish, done already absorbs a late resolver call; the flag only decides whether
        // a late native promise is additionally marked handled, which the contract leaves open
        // (a resolver called after the thenable failed is ignored, like a settled promise's).
        // Stryker disable next-line BooleanLiteral: see above
        called = true;
        // Stryker disable next-line StringLiteral: message text; the code is the contract
        finish(failed("a thenable's then threw"), undefined);
      }
    }
  }

  if (signal !== undefined) {
    if (signalAborted(signal)) {
      handle(value);
      // Stryker disable next-line StringLiteral: message text; the code is the contract
      return finish(new ContextCompactionError(CANCELLED, "the signal aborted before the summary arrived"), undefined);
    }
    addEventListener(signal, "abort", onAbort);
  }
  receive(value);
}
