// Step 5 of §7: waiting for the summarizer's value without `await` (which would hand control to
// the value's own then and species). Every object met gets one entry in a table: a native
// promise is watched with the intrinsic then (retried once with a temporary constructor), any
// other object has its then read once and called once, as a method, with resolvers that act
// once, and its outcome is taken in a later job. The summarizer's value is level 0; what a
// promise or thenable delivers is one level deeper. The signal is listened to all along and read
// when a then returns and when a value arrives.
import { types } from "node:util";
import { MAX_CONTEXT_ASYNC_DEPTH, oops, type Switches } from "./limits";
import { readSignal } from "./budgets";

const intrinsicThen = Promise.prototype.then;
const IntrinsicPromise = Promise;
const listenOn = EventTarget.prototype.addEventListener;
const stopListening = EventTarget.prototype.removeEventListener;

type Entry = {
  state: "pending" | "fulfilled" | "rejected";
  value: unknown;
  /** Its outcome may be taken now (a custom then's only after it returned, in a later job). */
  ready: boolean;
  waiter: (() => void) | null;
  taken: boolean;
  refusal: Error | null;
  /** No callable then: the object itself is the value. */
  plainValue: boolean;
  thenable: boolean;
};

export type Done = (error: Error | null, value: unknown, watch: Watch) => void;

const objectLike = (v: unknown): v is object => (typeof v === "object" && v !== null) || typeof v === "function";
const failed = (why: string) => oops("CONTEXT_SUMMARIZER_FAILED", why);
const cancelled = () => oops("CONTEXT_CANCELLED", "the signal was aborted while the summary was pending");

/** Handlers on a native promise through the intrinsic then; false when it is locked. */
function watchPromise(p: object, onValue: (v: unknown) => void, onError: () => void): boolean {
  try {
    Reflect.apply(intrinsicThen, p, [onValue, onError]);
    return true;
  } catch {
    // once more, with a temporary own constructor, when that can be undone afterwards
  }
  const saved = Reflect.getOwnPropertyDescriptor(p, "constructor");
  if (saved === undefined ? !Reflect.isExtensible(p) : saved.configurable !== true) return false;
  Reflect.defineProperty(p, "constructor", { value: IntrinsicPromise, writable: true, enumerable: false, configurable: true });
  let watched = true;
  try {
    Reflect.apply(intrinsicThen, p, [onValue, onError]);
  } catch {
    watched = false;
  }
  if (saved === undefined) Reflect.deleteProperty(p, "constructor");
  else Reflect.defineProperty(p, "constructor", saved);
  return watched;
}

export type Watch = { readonly state: () => "aborted" | "live" | "not a signal"; readonly detach: () => void };

/** Follows `value` to what it finally is, calling `done` once; the returned watch reads the signal and takes the listener off. */
export function waitFor(value: unknown, signal: AbortSignal | null, switches: Switches, done: Done): Watch {
  let over = false;
  const table = new Map<object, Entry>();
  let listener: (() => void) | null = null;

  const state = () => (signal === null ? ("live" as const) : readSignal(signal));
  const finish = (error: Error | null, text?: unknown) => {
    if (over) return;
    over = true;
    done(error, text, watch);
  };
  const lookAtSignal = (): boolean => {
    if (over) return true;
    const s = state();
    if (s === "aborted") finish(cancelled());
    else if (s === "not a signal") finish(failed("the signal can no longer be read"));
    return over;
  };
  const tooDeep = (level: number) => level > MAX_CONTEXT_ASYNC_DEPTH;
  const makeReady = (e: Entry) => {
    e.ready = true;
    const w = e.waiter;
    e.waiter = null;
    if (w !== null) w();
  };
  /** A native promise nobody follows still gets handlers: its rejection is handled. */
  const handle = (v: unknown) => {
    if (types.isPromise(v)) entry(v as object, 0);
  };

  function entry(o: object, level: number): Entry {
    const e: Entry = { state: "pending", value: undefined, ready: false, waiter: null, taken: false, refusal: null, plainValue: false, thenable: false };
    if (types.isProxy(o)) {
      e.refusal = oops("CONTEXT_ASYNC_VALUE_UNOBSERVABLE", "a Proxy is not observed (its traps would run)");
      return e;
    }
    const seen = table.get(o);
    if (seen !== undefined) return seen;
    table.set(o, e);
    if (types.isPromise(o)) {
      const settle = (s: Entry["state"], v: unknown) => {
        e.state = s;
        e.value = v;
        makeReady(e);
      };
      if (!watchPromise(o, (v) => settle("fulfilled", v), () => settle("rejected", undefined))) {
        e.refusal = oops("CONTEXT_ASYNC_VALUE_UNOBSERVABLE", "a native promise that cannot be observed (locked)");
      }
      return e;
    }
    callThen(o, e, level);
    return e;
  }

  function callThen(o: object, e: Entry, level: number): void {
    let then: unknown;
    try {
      then = Reflect.get(o, "then");
    } catch {
      e.state = "rejected";
      e.ready = true;
      return;
    }
    if (typeof then !== "function") {
      e.plainValue = true;
      return;
    }
    if (tooDeep(level)) {
      e.refusal = failed("more than 64 levels of promises and thenables");
      return;
    }
    e.thenable = true;
    let answered = false;
    let returned = false;
    const settle = (s: Entry["state"], v: unknown) => {
      e.state = s;
      e.value = v;
      if (returned) queueMicrotask(() => makeReady(e));
    };
    const resolve = (v: unknown) => {
      handle(v);
      if (answered) return;
      answered = true;
      settle("fulfilled", v);
    };
    const reject = () => {
      if (answered) return;
      answered = true;
      settle("rejected", undefined);
    };
    let back: unknown;
    try {
      back = Reflect.apply(then, o, [resolve, reject]);
    } catch {
      if (!answered) {
        answered = true;
        settle("rejected", undefined);
      }
    }
    returned = true;
    if (objectLike(back)) {
      const inner = entry(back, level + 1);
      if (inner.refusal !== null) finish(inner.refusal);
    }
    lookAtSignal();
    if (e.state !== "pending") queueMicrotask(() => makeReady(e));
  }

  function follow(v: unknown, level: number): void {
    if (over) return handle(v);
    if (tooDeep(level)) {
      handle(v);
      return finish(failed("more than 64 levels of promises and thenables"));
    }
    if (!objectLike(v)) return finish(null, v);
    const e = entry(v, level);
    if (e.refusal !== null) return finish(e.refusal);
    if (e.plainValue) return finish(null, v);
    if (e.taken) return finish(failed("a thenable that waits for itself"));
    e.taken = true;
    if (e.ready) arrived(e, level);
    else e.waiter = () => arrived(e, level);
  }

  function arrived(e: Entry, level: number): void {
    if (over) {
      if (e.state === "fulfilled") handle(e.value);
      return;
    }
    if (lookAtSignal()) return;
    if (e.state === "rejected") return finish(failed("the summary was rejected"));
    // Mistake thenable-counted-two-levels: a thenable counts a level for calling its then and
    // another for what it delivers, so each generic thenable of a chain takes two levels.
    follow(e.value, level + (e.thenable && switches.has("thenable-counted-two-levels") ? 2 : 1));
  }

  const watch: Watch = {
    state,
    detach: () => {
      if (listener === null) return;
      const l = listener;
      listener = null;
      try {
        Reflect.apply(stopListening, signal, ["abort", l]);
      } catch {
        // the outcome is given already
      }
    },
  };

  const first = state();
  if (first !== "live") {
    handle(value);
    finish(first === "aborted" ? cancelled() : failed("the signal cannot be read"));
    return watch;
  }
  if (signal !== null) {
    const onAbort = () => finish(cancelled());
    try {
      Reflect.apply(listenOn, signal, ["abort", onAbort]);
    } catch {
      handle(value);
      finish(failed("the signal takes no listener"));
      return watch;
    }
    listener = onAbort;
  }
  follow(value, 0);
  return watch;
}
