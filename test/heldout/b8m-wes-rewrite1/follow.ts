// Wes's own waiting step (contract §7 step 5): following the summarizer's value to a plain value
// while the signal is watched. Written after src/core's observe-async.ts (the shape of his
// "Seen" entries and the order of the signal reads are the core's), in his own words, with two
// helpers of his: `markHandled`, his safety net that every native promise he meets goes through
// before he observes it, and `lookAtReturned`, which judges what a custom `then` returned.
// Each planted mistake is a flag (`Flags`); with none set this is the core's waiting step.
import { ASYNC_VALUE_UNOBSERVABLE, CANCELLED, ContextCompactionError, SUMMARIZER_FAILED } from "../../../src/core/errors";
import { SafeMap, apply, enqueueJob, isNativePromise, isProxy, reflectGet } from "../../../src/core/intrinsics";
import { MAX_CONTEXT_ASYNC_DEPTH } from "../../../src/core/limits";
import { observePromise } from "../../../src/core/native-promise";
import type { SignalWatch } from "../../../src/core/signal";

export type Flags = ReadonlySet<string>;
export type Settle = (error: ContextCompactionError | null, value: unknown) => void;

type State = "pending" | "fulfilled" | "rejected";

/** Everything Wes knows about one promise or thenable he met. */
type Seen = {
  state: State;
  value: unknown;
  reason: string;
  ready: boolean;
  waiter: (() => void) | null;
  waitedOn: boolean;
  broken: ContextCompactionError | null;
  plain: boolean;
};

const fresh = (): Seen => ({ state: "pending", value: undefined, reason: "", ready: false, waiter: null, waitedOn: false, broken: null, plain: false });

const summarizerFailed = (why: string) => new ContextCompactionError(SUMMARIZER_FAILED, why);
const unobservable = (why: string) => new ContextCompactionError(ASYNC_VALUE_UNOBSERVABLE, why);
const cancelled = () => new ContextCompactionError(CANCELLED, "the signal aborted while waiting for the summary");

const isObjectLike = (v: unknown): v is object => (typeof v === "object" && v !== null) || typeof v === "function";
const ignore = (): void => {};

export function waitFor(flags: Flags) {
  return function awaitValue(value: unknown, watch: SignalWatch, settle: Settle): void {
    let over = false;
    const met = new SafeMap<object, Seen>();

    const end = (error: ContextCompactionError | null, result: unknown): void => {
      if (over) return;
      over = true;
      settle(error, result);
    };

    /** One of §7's reads of the signal; true when the wait is over. */
    const stopped = (): boolean => {
      if (over) return true;
      const state = watch.state();
      if (state === "unreadable") end(summarizerFailed("reading the signal threw"), undefined);
      else if (state === "aborted") end(cancelled(), undefined);
      return over;
    };

    /** A value that is not followed still has its rejection handled. */
    const keepQuiet = (v: unknown): void => {
      if (isNativePromise(v)) look(v as object, 0);
    };

    const follow = (v: unknown, level: number): void => {
      if (over) return keepQuiet(v);
      if (level > MAX_CONTEXT_ASYNC_DEPTH) {
        keepQuiet(v);
        return end(summarizerFailed(`more than ${MAX_CONTEXT_ASYNC_DEPTH} levels`), undefined);
      }
      if (!isObjectLike(v)) return end(null, v);
      const seen = look(v, level);
      if (seen.broken !== null) return end(seen.broken, undefined);
      if (seen.plain) return end(null, v);
      if (seen.waitedOn) return end(summarizerFailed("a thenable that waits on itself"), undefined);
      seen.waitedOn = true;
      if (seen.ready) return goOn(seen, level);
      seen.waiter = () => goOn(seen, level);
    };

    const goOn = (seen: Seen, level: number): void => {
      if (over) {
        if (seen.state === "fulfilled") keepQuiet(seen.value);
        return;
      }
      if (stopped()) return;
      if (seen.state === "rejected") return end(summarizerFailed(seen.reason), undefined);
      follow(seen.value, level + 1);
    };

    const ready = (seen: Seen): void => {
      seen.ready = true;
      const waiter = seen.waiter;
      seen.waiter = null;
      if (waiter !== null) waiter();
    };

    const look = (object: object, level: number): Seen => {
      if (isProxy(object)) {
        const refused = fresh();
        refused.broken = unobservable("a Proxy cannot be observed");
        return refused;
      }
      const known = met.get(object);
      if (known !== undefined) return known;
      const seen = fresh();
      met.set(object, seen);
      if (isNativePromise(object)) lookAtPromise(object, seen);
      else lookAtThenable(object, seen, level);
      return seen;
    };

    /**
     * Wes's safety net: "every promise I meet gets a catch, so that nothing can go unhandled".
     * A promise on which that throws is taken as one he cannot observe.
     */
    const markHandled = (promise: object): boolean => {
      try {
        const katch = (promise as { catch: (onRejected: () => void) => unknown }).catch;
        apply(katch, promise, [ignore]);
        return true;
      } catch {
        return false;
      }
    };

    const lookAtPromise = (promise: object, seen: Seen): void => {
      // [planted promise-catch-marks-handled] the promise's own catch (which calls its own then) marks it handled first
      if (flags.has("promise-catch-marks-handled") && !markHandled(promise)) {
        seen.broken = unobservable("a native promise that cannot be given a catch");
        return;
      }
      const settleAs = (state: State, v: unknown, reason: string): void => {
        seen.state = state;
        seen.value = v;
        seen.reason = reason;
        ready(seen);
      };
      const attached = observePromise(
        promise,
        (v) => settleAs("fulfilled", v, ""),
        () => settleAs("rejected", undefined, "the summary promise rejected"),
      );
      if (!attached) seen.broken = unobservable("a native promise whose constructor or species cannot be looked up");
    };

    /** What a custom then returned: looked at at once; a failure is thrown. */
    const lookAtReturned = (returned: unknown, level: number): void => {
      if (!isObjectLike(returned)) return;
      const inner = look(returned, level);
      if (inner.broken !== null) throw inner.broken;
    };

    const lookAtThenable = (thenable: object, seen: Seen, level: number): void => {
      let then: unknown;
      try {
        then = reflectGet(thenable, "then");
      } catch {
        seen.state = "rejected";
        seen.reason = "reading then threw";
        seen.ready = true;
        return;
      }
      if (typeof then !== "function") {
        seen.plain = true;
        return;
      }
      if (level > MAX_CONTEXT_ASYNC_DEPTH) {
        seen.broken = summarizerFailed(`more than ${MAX_CONTEXT_ASYNC_DEPTH} levels`);
        return;
      }
      let called = false;
      let returned = false;
      const record = (state: State, v: unknown, reason: string): void => {
        seen.state = state;
        seen.value = v;
        seen.reason = reason;
        if (returned) enqueueJob(() => ready(seen));
      };
      const onFulfilled = (next: unknown): void => {
        if (called) return keepQuiet(next);
        called = true;
        keepQuiet(next);
        record("fulfilled", next, "");
      };
      const onRejected = (): void => {
        if (called) return;
        called = true;
        record("rejected", undefined, "a thenable rejected");
      };
      const insideTry = flags.has("then-return-checked-inside-then-try");
      let result: unknown;
      try {
        result = apply(then as (...args: unknown[]) => unknown, thenable, [onFulfilled, onRejected]);
        // [planted then-return-checked-inside-then-try] the verdict on what then returned is taken inside the try that guards then's own throw
        if (insideTry) lookAtReturned(result, level + 1);
      } catch {
        if (!called) {
          called = true;
          record("rejected", undefined, "a thenable's then threw");
        }
      }
      returned = true;
      if (!insideTry) {
        try {
          lookAtReturned(result, level + 1);
        } catch (failure) {
          end(failure as ContextCompactionError, undefined);
        }
      }
      stopped();
      if (seen.state !== "pending") enqueueJob(() => ready(seen));
    };

    const state = watch.state();
    if (state !== "pending") {
      keepQuiet(value);
      return end(state === "aborted" ? cancelled() : summarizerFailed("reading the signal threw"), undefined);
    }
    if (!watch.start(() => end(cancelled(), undefined))) {
      keepQuiet(value);
      return end(summarizerFailed("the signal does not accept an abort listener"), undefined);
    }
    follow(value, 0);
  };
}
