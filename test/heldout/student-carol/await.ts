// Waiting for the summarizer's value (contract §7 step 5) without `await`: native promises are
// observed with the intrinsic then (retried once with a temporary own constructor), other
// thenables are called once by hand, every object is remembered, levels are counted, and the
// signal is watched by a listener and read at each step.
import { types } from "node:util";
import { ContextCompactionError, MAX_CONTEXT_ASYNC_DEPTH, type Bugs } from "./errors";
import { aborted } from "./options";

const intrinsicThen = Promise.prototype.then;
const IntrinsicPromise = Promise;
const addListener = EventTarget.prototype.addEventListener;
const removeListener = EventTarget.prototype.removeEventListener;

type State = "pending" | "fulfilled" | "rejected";
/** What is known of one promise or thenable; `waiting`: the wait follows it (met again: a cycle). */
type Seen = { state: State; value: unknown; ready: boolean; wake: (() => void) | null; waiting: boolean; broken: ContextCompactionError | null; plain: boolean };

export type Done = (error: ContextCompactionError | null, value: unknown) => void;

const failed = (why: string) => new ContextCompactionError("CONTEXT_SUMMARIZER_FAILED", why);
const unobservable = (why: string) => new ContextCompactionError("CONTEXT_ASYNC_VALUE_UNOBSERVABLE", why);
const cancelled = () => new ContextCompactionError("CONTEXT_CANCELLED", "cancelled while waiting for the summary");
const isObject = (v: unknown): v is object => (typeof v === "object" && v !== null) || typeof v === "function";

/** Applies the intrinsic then; when that throws, once more with a temporary own constructor (if it can be undone). */
function attach(p: object, ok: (v: unknown) => void, ko: () => void): boolean {
  try {
    Reflect.apply(intrinsicThen, p, [ok, ko]);
    return true;
  } catch {
    const own = Reflect.getOwnPropertyDescriptor(p, "constructor");
    if (own === undefined ? !Reflect.isExtensible(p) : own.configurable !== true) return false;
    Reflect.defineProperty(p, "constructor", { value: IntrinsicPromise, writable: true, enumerable: false, configurable: true });
    let attached = true;
    try {
      Reflect.apply(intrinsicThen, p, [ok, ko]);
    } catch {
      attached = false;
    }
    if (own === undefined) Reflect.deleteProperty(p, "constructor");
    else Reflect.defineProperty(p, "constructor", own);
    return attached;
  }
}

export class SummaryWait {
  #done = false;
  #seen = new Map<object, Seen>();
  #listener: (() => void) | null = null;

  constructor(readonly signal: AbortSignal | undefined, readonly bugs: Bugs, readonly deliver: Done) {}

  /** "pending", "aborted", or "unreadable" when reading the signal throws. */
  signalState(): "pending" | "aborted" | "unreadable" {
    if (this.signal === undefined) return "pending";
    const a = aborted(this.signal);
    return a === null ? "unreadable" : a ? "aborted" : "pending";
  }

  start(value: unknown): void {
    const state = this.signalState();
    if (state !== "pending") {
      this.late(value);
      return this.finish(state === "aborted" ? cancelled() : failed("the signal cannot be read"));
    }
    const listener = () => this.finish(cancelled());
    try {
      if (this.signal !== undefined) Reflect.apply(addListener, this.signal, ["abort", (this.#listener = listener)]);
    } catch {
      this.#listener = null;
      this.late(value);
      return this.finish(failed("the signal takes no listener"));
    }
    this.follow(value, 0);
  }

  stop(): void {
    if (this.#listener === null) return;
    const listener = this.#listener;
    this.#listener = null;
    try {
      Reflect.apply(removeListener, this.signal, ["abort", listener]);
    } catch {} // the outcome is given already
  }

  finish(error: ContextCompactionError | null, value?: unknown): void {
    if (this.#done) return;
    this.#done = true;
    this.deliver(error, value);
  }

  /** Reads the signal at one of §7's points; true when the wait is over. */
  ended(): boolean {
    if (this.#done) return true;
    const state = this.signalState();
    if (state === "aborted") this.finish(cancelled());
    else if (state === "unreadable") this.finish(failed("the signal cannot be read"));
    return this.#done;
  }

  /** A native promise that is not followed still gets handlers, so its rejection is handled. */
  late(v: unknown): void {
    if (types.isPromise(v)) this.observe(v as object, 0, false);
  }

  follow(v: unknown, level: number): void {
    if (this.#done) return this.late(v);
    if (level > MAX_CONTEXT_ASYNC_DEPTH) {
      this.late(v);
      return this.finish(failed("more than 64 levels"));
    }
    if (!isObject(v)) return this.finish(null, v);
    const seen = this.observe(v, level, true);
    if (seen.broken !== null) return this.finish(seen.broken);
    if (seen.plain) return this.finish(null, v);
    if (seen.waiting) return this.finish(failed("a thenable that waits on itself"));
    seen.waiting = true;
    if (seen.ready) return this.proceed(seen, level);
    seen.wake = () => this.proceed(seen, level);
  }

  proceed(seen: Seen, level: number): void {
    if (this.#done) {
      if (seen.state === "fulfilled") this.late(seen.value);
      return;
    }
    if (this.ended()) return;
    if (seen.state === "rejected") return this.finish(failed("the summary was rejected"));
    this.follow(seen.value, level + 1);
  }

  observe(o: object, level: number, followed: boolean): Seen {
    const entry: Seen = { state: "pending", value: undefined, ready: false, wake: null, waiting: false, broken: null, plain: false };
    if (types.isProxy(o)) {
      entry.broken = unobservable("a Proxy");
      return entry;
    }
    const known = this.#seen.get(o);
    if (known !== undefined) return known;
    this.#seen.set(o, entry);
    if (types.isPromise(o)) {
      const settle = (state: State, value: unknown) => {
        [entry.state, entry.value] = [state, value];
        this.ready(entry);
      };
      if (!attach(o, (v) => settle("fulfilled", v), () => settle("rejected", undefined))) entry.broken = unobservable("a locked promise");
    } else {
      this.callThen(o, entry, level, followed);
    }
    return entry;
  }

  ready(entry: Seen): void {
    const wake = entry.wake;
    [entry.ready, entry.wake] = [true, null];
    wake?.();
  }

  callThen(o: object, entry: Seen, level: number, followed: boolean): void {
    let then: unknown;
    try {
      then = Reflect.get(o, "then");
    } catch {
      [entry.state, entry.ready] = ["rejected", true];
      return;
    }
    if (typeof then !== "function") return void (entry.plain = true);
    // Whatever this thenable delivers would be above level 64: it fails without being called
    // (§8: at most 65 then calls). A thenable a then returned is called up to level 64.
    if (followed ? level >= MAX_CONTEXT_ASYNC_DEPTH : level > MAX_CONTEXT_ASYNC_DEPTH) return void (entry.broken = failed("more than 64 levels"));
    let resolved = false;
    let returned = false;
    const conclude = (state: State, value: unknown) => {
      [entry.state, entry.value] = [state, value];
      if (returned) queueMicrotask(() => this.ready(entry));
    };
    const onFulfilled = (v: unknown) => {
      if (resolved) return this.late(v);
      resolved = true;
      this.late(v);
      conclude("fulfilled", v);
    };
    const onRejected = () => {
      if (resolved) return;
      resolved = true;
      conclude("rejected", undefined);
    };
    let result: unknown;
    try {
      result = Reflect.apply(then, o, [onFulfilled, onRejected]);
    } catch {
      // Mistake throw-after-resolve-fails: a throw after the thenable resolved still fails it.
      if (!resolved || this.bugs.has("throw-after-resolve-fails")) {
        resolved = true;
        conclude("rejected", undefined);
      }
    }
    returned = true;
    if (isObject(result)) {
      const inner = this.observe(result, level + 1, false);
      if (inner.broken !== null) this.finish(inner.broken);
    }
    this.ended();
    if (entry.state !== "pending") queueMicrotask(() => this.ready(entry));
  }
}
