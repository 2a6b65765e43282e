// Hana's summary follower (contract §7 step 5). She never uses `await` on the caller's value:
// a native promise gets the built-in then (with one retry through a temporary own constructor),
// any other thenable has its then called once by hand, every object met keeps one Entry for the
// whole operation, levels are counted, and the signal is listened to and read at §7's points.
import { ContextCompactionError, MAX_CONTEXT_ASYNC_DEPTH, type Flags } from "./errors";
import { NativePromise, R, Table, isPromise, isProxy, later, nativeThen } from "./basics";
import type { Watch } from "./signal";

type Entry = {
  outcome: "pending" | "fulfilled" | "rejected";
  value: unknown;
  /** The outcome may be taken (a custom then: only after it returned, in a later job). */
  ready: boolean;
  wake: (() => void) | null;
  /** The operation is waiting on it: meeting it again is a cycle. */
  waitedOn: boolean;
  refusal: ContextCompactionError | null;
  /** No callable then: the object is a value. */
  plain: boolean;
};

const entry = (): Entry => ({ outcome: "pending", value: undefined, ready: false, wake: null, waitedOn: false, refusal: null, plain: false });
const failed = (why: string) => new ContextCompactionError("CONTEXT_SUMMARIZER_FAILED", why);
const unobservable = (why: string) => new ContextCompactionError("CONTEXT_ASYNC_VALUE_UNOBSERVABLE", why);
const cancelled = () => new ContextCompactionError("CONTEXT_CANCELLED", "the signal aborted while the summary was awaited");
const isObject = (v: unknown): v is object => (typeof v === "object" && v !== null) || typeof v === "function";

/** Applies the built-in then; retries once with a temporary own constructor. False: locked. */
function attach(promise: object, onValue: (v: unknown) => void, onError: () => void): boolean {
  try {
    R.apply(nativeThen, promise, [onValue, onError]);
    return true;
  } catch {
    // fall through to the retry
  }
  const own = R.desc(promise, "constructor");
  if (own === undefined ? !R.extensible(promise) : own.configurable !== true) return false;
  R.define(promise, "constructor", { value: NativePromise, writable: true, enumerable: false, configurable: true });
  let ok = true;
  try {
    R.apply(nativeThen, promise, [onValue, onError]);
  } catch {
    ok = false;
  }
  if (own === undefined) R.remove(promise, "constructor");
  else R.define(promise, "constructor", own);
  return ok;
}

/** Follows `value` to a plain value; `done` is called exactly once. */
export function followSummary(value: unknown, watch: Watch, flags: Flags, done: (error: ContextCompactionError | null, text: unknown) => void): void {
  let over = false;
  const entries = new Table<object, Entry>();
  const nativeOne = (v: unknown): boolean =>
    flags.has("promise-recognized-by-instanceof")
      ? // (planted) a native promise is told by instanceof Promise
        isObject(v) && !isProxy(v) && v instanceof NativePromise
      : isPromise(v);

  const finish = (error: ContextCompactionError | null, text: unknown): void => {
    if (over) return;
    over = true;
    done(error, text);
  };

  /** Reads the signal; true when the operation is over. */
  const signalSaysStop = (): boolean => {
    if (over) return true;
    const state = watch.read();
    if (state === "broken") finish(failed("reading the signal threw"), undefined);
    else if (state === "aborted") finish(cancelled(), undefined);
    return over;
  };

  /** A value no longer followed still gets handlers when it is a native promise. */
  const quiet = (v: unknown): void => {
    if (nativeOne(v)) entryFor(v as object, 0);
  };

  const wakeUp = (e: Entry): void => {
    e.ready = true;
    const w = e.wake;
    e.wake = null;
    if (w !== null) w();
  };

  function step(v: unknown, level: number): void {
    if (over) return quiet(v);
    if (level > MAX_CONTEXT_ASYNC_DEPTH) {
      quiet(v);
      return finish(failed("too many levels"), undefined);
    }
    if (!isObject(v)) return finish(null, v);
    const e = entryFor(v, level);
    if (e.refusal !== null) return finish(e.refusal, undefined);
    if (e.plain) return finish(null, v);
    if (e.waitedOn) return finish(failed("a thenable waits on itself"), undefined);
    e.waitedOn = true;
    if (e.ready) return settle(e, level);
    e.wake = () => settle(e, level);
  }

  function settle(e: Entry, level: number): void {
    if (over) {
      if (e.outcome === "fulfilled") quiet(e.value);
      return;
    }
    if (signalSaysStop()) return;
    if (e.outcome === "rejected") return finish(failed("the summary was rejected"), undefined);
    step(e.value, level + 1);
  }

  function entryFor(o: object, level: number): Entry {
    if (isProxy(o)) {
      const refused = entry();
      refused.refusal = unobservable("a Proxy cannot be observed");
      return refused;
    }
    const known = entries.get(o);
    if (known !== undefined) return known;
    const e = entry();
    entries.set(o, e);
    if (nativeOne(o)) {
      const ok = attach(
        o,
        (v) => {
          e.outcome = "fulfilled";
          e.value = v;
          wakeUp(e);
        },
        () => {
          e.outcome = "rejected";
          wakeUp(e);
        },
      );
      if (!ok) e.refusal = unobservable("a locked promise");
    } else {
      callThen(o, e, level);
    }
    return e;
  }

  function callThen(o: object, e: Entry, level: number): void {
    let then: unknown;
    try {
      then = R.get(o, "then");
    } catch {
      e.outcome = "rejected";
      e.ready = true;
      return;
    }
    if (typeof then !== "function") {
      e.plain = true;
      return;
    }
    if (level > MAX_CONTEXT_ASYNC_DEPTH) {
      e.refusal = failed("too many levels");
      return;
    }
    let answered = false;
    let returned = false;
    const conclude = (outcome: Entry["outcome"], v: unknown): void => {
      e.outcome = outcome;
      e.value = v;
      if (returned) later(() => wakeUp(e));
    };
    const onValue = (v: unknown): void => {
      if (answered) return quiet(v);
      answered = true;
      quiet(v);
      conclude("fulfilled", v);
    };
    const onError = (): void => {
      if (answered) return;
      answered = true;
      conclude("rejected", undefined);
    };
    let back: unknown;
    try {
      back = R.apply(then as (...a: unknown[]) => unknown, o, [onValue, onError]);
    } catch {
      if (!answered) {
        answered = true;
        conclude("rejected", undefined);
      }
    }
    returned = true;
    if (isObject(back)) {
      const inner = entryFor(back, level + 1);
      if (inner.refusal !== null) finish(inner.refusal, undefined);
    }
    signalSaysStop();
    if (e.outcome !== "pending") later(() => wakeUp(e));
  }

  const first = watch.read();
  if (first !== "fine") {
    quiet(value);
    return finish(first === "aborted" ? cancelled() : failed("reading the signal threw"), undefined);
  }
  if (!watch.attach(() => finish(cancelled(), undefined))) {
    quiet(value);
    return finish(failed("the signal takes no listener"), undefined);
  }
  step(value, 0);
}
