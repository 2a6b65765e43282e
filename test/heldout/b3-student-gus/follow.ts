// Gus's waiting step (§7 step 5): follows the summarizer's value down to a plain value while
// the signal is listened to and read (when a then returns, when a value settles). Native
// promises get the intrinsic then (one retry with an own constructor); other thenables have
// their then read once and called once as a method; each object met has one Entry for the
// whole wait, so a thenable reached again is not called again.
import {
  ContextCompactionError,
  MAX_CONTEXT_ASYNC_DEPTH,
  NativePromise,
  abortedOf,
  addAbort,
  isPromise,
  isProxy,
  later,
  nativeThen,
  removeAbort,
  type Flags,
} from "./basics";

type State = "pending" | "fulfilled" | "rejected";
type Entry = {
  state: State;
  value: unknown;
  ready: boolean;
  onReady: (() => void) | null;
  waitedOn: boolean;
  broken: ContextCompactionError | null;
  notThenable: boolean;
};
const entry = (): Entry => ({ state: "pending", value: undefined, ready: false, onReady: null, waitedOn: false, broken: null, notThenable: false });

const failed = (why: string) => new ContextCompactionError("CONTEXT_SUMMARIZER_FAILED", why);
const unobservable = (why: string) => new ContextCompactionError("CONTEXT_ASYNC_VALUE_UNOBSERVABLE", why);
const cancelled = () => new ContextCompactionError("CONTEXT_CANCELLED", "aborted while waiting for the summary");
const isObj = (v: unknown): v is object => (typeof v === "object" && v !== null) || typeof v === "function";

/** Attaches handlers with the intrinsic then; false when the promise is locked. */
function attach(p: object, ok: (v: unknown) => void, ko: () => void): boolean {
  try {
    Reflect.apply(nativeThen, p, [ok, ko]);
    return true;
  } catch {
    // one retry with a temporary own constructor, when it can be undone
  }
  const own = Object.getOwnPropertyDescriptor(p, "constructor");
  if (own === undefined ? !Object.isExtensible(p) : own.configurable !== true) return false;
  Reflect.defineProperty(p, "constructor", { value: NativePromise, writable: true, enumerable: false, configurable: true });
  let done = true;
  try {
    Reflect.apply(nativeThen, p, [ok, ko]);
  } catch {
    done = false;
  }
  if (own === undefined) Reflect.deleteProperty(p, "constructor");
  else Reflect.defineProperty(p, "constructor", own);
  return done;
}

/** Calls `end` once: with an error, or with the plain value reached; the abort listener stays attached until `end` returned. */
export function waitFor(value: unknown, signal: AbortSignal | undefined, flags: Flags, end: (error: ContextCompactionError | null, value: unknown) => void): void {
  let over = false;
  const met = new Map<object, Entry>();
  const onAbort = () => finish(cancelled(), undefined);
  let listening = false;

  function finish(error: ContextCompactionError | null, v: unknown): void {
    if (over) return;
    over = true;
    try {
      end(error, v);
    } finally {
      stop();
    }
  }

  /** Reads the signal; true when the wait is over. */
  function checkSignal(): boolean {
    if (over) return true;
    if (signal !== undefined) {
      const a = abortedOf(signal);
      if (a === null) finish(failed("reading the signal threw"), undefined);
      else if (a) finish(cancelled(), undefined);
    }
    return over;
  }

  function keepHandled(v: unknown): void {
    if (isPromise(v)) look(v as object, 0);
  }

  function step(v: unknown, level: number): void {
    if (over) return keepHandled(v);
    if (level > MAX_CONTEXT_ASYNC_DEPTH) {
      keepHandled(v);
      return finish(failed("too many levels"), undefined);
    }
    if (!isObj(v)) return finish(null, v);
    const e = look(v, level);
    if (e.broken !== null) return finish(e.broken, undefined);
    if (e.notThenable) return finish(null, v);
    if (e.waitedOn) return finish(failed("a thenable waits on itself"), undefined);
    e.waitedOn = true;
    if (e.ready) return settled(e, level);
    e.onReady = () => settled(e, level);
  }

  function settled(e: Entry, level: number): void {
    if (over) {
      if (e.state === "fulfilled") keepHandled(e.value);
      return;
    }
    if (flags.has("rejection-before-abort-read") && e.state === "rejected") return finish(failed("the summary rejected"), undefined);
    if (checkSignal()) return;
    if (e.state === "rejected") return finish(failed("the summary rejected"), undefined);
    step(e.value, level + 1);
  }

  function markReady(e: Entry): void {
    e.ready = true;
    const w = e.onReady;
    e.onReady = null;
    if (w !== null) w();
  }

  function look(obj: object, level: number): Entry {
    if (isProxy(obj)) {
      const e = entry();
      e.broken = unobservable("a Proxy");
      return e;
    }
    const known = met.get(obj);
    if (known !== undefined) return known;
    const e = entry();
    met.set(obj, e);
    if (isPromise(obj)) {
      const put = (state: State, v: unknown) => {
        e.state = state;
        e.value = v;
        markReady(e);
      };
      if (!attach(obj, (v) => put("fulfilled", v), () => put("rejected", undefined))) e.broken = unobservable("a locked promise");
      return e;
    }
    let then: unknown;
    try {
      then = Reflect.get(obj, "then");
    } catch {
      e.state = "rejected";
      e.ready = true;
      return e;
    }
    if (typeof then !== "function") {
      e.notThenable = true;
      return e;
    }
    if (level > MAX_CONTEXT_ASYNC_DEPTH) {
      e.broken = failed("too many levels");
      return e;
    }
    let settledOnce = false;
    let returned = false;
    const record = (state: State, v: unknown) => {
      e.state = state;
      e.value = v;
      if (returned) later(() => markReady(e));
    };
    const resolve = (v: unknown) => {
      if (settledOnce) return keepHandled(v);
      settledOnce = true;
      keepHandled(v);
      record("fulfilled", v);
    };
    const reject = () => {
      if (settledOnce) return;
      settledOnce = true;
      record("rejected", undefined);
    };
    let back: unknown;
    try {
      back = Reflect.apply(then as (...a: unknown[]) => unknown, obj, [resolve, reject]);
    } catch {
      if (!settledOnce) {
        settledOnce = true;
        record("rejected", undefined);
      }
    }
    returned = true;
    if (isObj(back)) {
      const inner = look(back, level + 1);
      if (inner.broken !== null) finish(inner.broken, undefined);
    }
    checkSignal();
    if (e.state !== "pending") later(() => markReady(e));
    return e;
  }

  function stop(): void {
    if (listening && signal !== undefined) removeAbort(signal, onAbort);
    listening = false;
  }

  if (signal !== undefined) {
    const a = abortedOf(signal);
    if (a !== false) {
      keepHandled(value);
      finish(a === true ? cancelled() : failed("reading the signal threw"), undefined);
      return;
    }
    if (!addAbort(signal, onAbort)) {
      keepHandled(value);
      finish(failed("the signal takes no listener"), undefined);
      return;
    }
    listening = true;
  }
  step(value, 0);
}
