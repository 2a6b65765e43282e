// Step 5 of §7: following the summarizer's value to the text, without `await` (which would let
// the value's own then and species decide). Native promises get the intrinsic then; other
// thenables are called once by hand with resolvers that act once; every object met is kept in
// a table, so a thenable reached again is not called again (reached while it is being waited
// on, it is a cycle). Levels are counted (the summarizer's value is level 0), and the signal
// is listened to the whole time and read when a then returns and when a value settles.
import { types } from "node:util";
import { ContextCompactionError, MAX_CONTEXT_ASYNC_DEPTH, type Flags } from "./errors";
import { isAborted } from "./options";

const promiseThen = Promise.prototype.then;
const NativePromise = Promise;
const addListener = EventTarget.prototype.addEventListener;
const removeListener = EventTarget.prototype.removeEventListener;

export type Outcome = (error: ContextCompactionError | null, text: unknown) => void;

type Tracked = {
  status: "waiting" | "ok" | "failed";
  value: unknown;
  /** The settlement may be used (for a custom then: after it returned, in a later job). */
  usable: boolean;
  next: (() => void) | null;
  followed: boolean;
  /** It cannot be observed at all. */
  refused: ContextCompactionError | null;
  /** No callable then: the object is a value. */
  isValue: boolean;
};

const failed = (why: string) => new ContextCompactionError("CONTEXT_SUMMARIZER_FAILED", why);
const unobservable = (why: string) => new ContextCompactionError("CONTEXT_ASYNC_VALUE_UNOBSERVABLE", why);
const cancelled = () => new ContextCompactionError("CONTEXT_CANCELLED", "the signal aborted while the summary was pending");
const isObjectLike = (v: unknown): v is object => (typeof v === "object" && v !== null) || typeof v === "function";

/** The intrinsic then on a native promise; when that throws, once more with a temporary own constructor (only if it can be undone). */
function listen(p: object, onOk: (v: unknown) => void, onFail: () => void): boolean {
  try {
    Reflect.apply(promiseThen, p, [onOk, onFail]);
    return true;
  } catch {
    const before = Reflect.getOwnPropertyDescriptor(p, "constructor");
    const undoable = before === undefined ? Reflect.isExtensible(p) : before.configurable === true;
    if (!undoable) return false;
    Reflect.defineProperty(p, "constructor", { value: NativePromise, writable: true, enumerable: false, configurable: true });
    let ok = true;
    try {
      Reflect.apply(promiseThen, p, [onOk, onFail]);
    } catch {
      ok = false;
    }
    if (before === undefined) Reflect.deleteProperty(p, "constructor");
    else Reflect.defineProperty(p, "constructor", before);
    return ok;
  }
}

export class Adoption {
  #over = false;
  #table = new Map<object, Tracked>();
  #onAbort: (() => void) | null = null;

  constructor(readonly signal: AbortSignal | null, readonly flags: Flags, readonly outcome: Outcome) {}

  /** "aborted", "pending", or "broken" when the signal cannot be read any more. */
  signalState(): "aborted" | "pending" | "broken" {
    if (this.signal === null) return "pending";
    const a = isAborted(this.signal);
    return a === null ? "broken" : a ? "aborted" : "pending";
  }

  /** A value received above level 64 fails. */
  tooDeep(level: number): boolean {
    // Mistake async-depth-64-refused: the limit is taken as "at most 63 levels", so a value
    // received at level 64 (the text a chain of 64 thenables delivers) fails already.
    return this.flags.has("async-depth-64-refused") ? level >= MAX_CONTEXT_ASYNC_DEPTH : level > MAX_CONTEXT_ASYNC_DEPTH;
  }

  begin(value: unknown): void {
    const state = this.signalState();
    if (state !== "pending") {
      this.handleOnly(value);
      return this.end(state === "aborted" ? cancelled() : failed("the signal cannot be read"));
    }
    if (this.signal !== null) {
      const onAbort = () => this.end(cancelled());
      try {
        Reflect.apply(addListener, this.signal, ["abort", onAbort]);
      } catch {
        this.handleOnly(value);
        return this.end(failed("the signal takes no abort listener"));
      }
      this.#onAbort = onAbort;
    }
    this.follow(value, 0);
  }

  /** Takes the abort listener off (once the result is out). */
  detach(): void {
    const onAbort = this.#onAbort;
    if (onAbort === null) return;
    this.#onAbort = null;
    try {
      Reflect.apply(removeListener, this.signal, ["abort", onAbort]);
    } catch {
      // nothing to report: the outcome is given
    }
  }

  end(error: ContextCompactionError | null, text?: unknown): void {
    if (this.#over) return;
    this.#over = true;
    this.outcome(error, text);
  }

  /** Reads the signal; true when the adoption is over. */
  checkSignal(): boolean {
    if (this.#over) return true;
    const state = this.signalState();
    if (state === "aborted") this.end(cancelled());
    else if (state === "broken") this.end(failed("the signal cannot be read"));
    return this.#over;
  }

  /** A native promise nobody follows still gets handlers, so its rejection is handled. */
  handleOnly(v: unknown): void {
    if (types.isPromise(v)) this.track(v as object, 0);
  }

  follow(v: unknown, level: number): void {
    if (this.#over) return this.handleOnly(v);
    if (this.tooDeep(level)) {
      this.handleOnly(v);
      return this.end(failed("more than 64 levels of promises and thenables"));
    }
    if (!isObjectLike(v)) return this.end(null, v);
    const t = this.track(v, level);
    if (t.refused !== null) return this.end(t.refused);
    if (t.isValue) return this.end(null, v);
    if (t.followed) return this.end(failed("a thenable that waits on itself"));
    t.followed = true;
    if (t.usable) return this.settled(t, level);
    t.next = () => this.settled(t, level);
  }

  settled(t: Tracked, level: number): void {
    if (this.#over) {
      if (t.status === "ok") this.handleOnly(t.value);
      return;
    }
    if (this.checkSignal()) return;
    if (t.status === "failed") return this.end(failed("the summary was rejected"));
    this.follow(t.value, level + 1);
  }

  makeUsable(t: Tracked): void {
    t.usable = true;
    const next = t.next;
    t.next = null;
    next?.();
  }

  track(o: object, level: number): Tracked {
    const t: Tracked = { status: "waiting", value: undefined, usable: false, next: null, followed: false, refused: null, isValue: false };
    if (types.isProxy(o)) {
      t.refused = unobservable("a Proxy cannot be observed without running its traps");
      return t;
    }
    const known = this.#table.get(o);
    if (known !== undefined) return known;
    this.#table.set(o, t);
    // Mistake promise-own-then-called: a native promise is treated like any thenable, its own
    // `then` property read and called, instead of the intrinsic Promise.prototype.then.
    if (types.isPromise(o) && !this.flags.has("promise-own-then-called")) {
      const done = (status: Tracked["status"], value: unknown) => {
        [t.status, t.value] = [status, value];
        this.makeUsable(t);
      };
      if (!listen(o, (v) => done("ok", v), () => done("failed", undefined))) t.refused = unobservable("a native promise that cannot be observed");
    } else {
      this.callThen(o, t, level);
    }
    return t;
  }

  callThen(o: object, t: Tracked, level: number): void {
    let then: unknown;
    try {
      then = Reflect.get(o, "then");
    } catch {
      [t.status, t.usable] = ["failed", true];
      return;
    }
    if (typeof then !== "function") {
      t.isValue = true;
      return;
    }
    if (this.tooDeep(level)) {
      t.refused = failed("more than 64 levels of promises and thenables");
      return;
    }
    let answered = false;
    let returned = false;
    const record = (status: Tracked["status"], value: unknown) => {
      [t.status, t.value] = [status, value];
      if (returned) queueMicrotask(() => this.makeUsable(t));
    };
    const resolve = (v: unknown) => {
      this.handleOnly(v);
      if (answered) return;
      answered = true;
      record("ok", v);
    };
    const rejectIt = () => {
      if (answered) return;
      answered = true;
      record("failed", undefined);
    };
    let result: unknown;
    try {
      result = Reflect.apply(then, o, [resolve, rejectIt]);
    } catch {
      if (!answered) {
        answered = true;
        record("failed", undefined);
      }
    }
    returned = true;
    if (isObjectLike(result)) {
      const inner = this.track(result, level + 1);
      if (inner.refused !== null) this.end(inner.refused);
    }
    this.checkSignal();
    if (t.status !== "waiting") queueMicrotask(() => this.makeUsable(t));
  }
}
