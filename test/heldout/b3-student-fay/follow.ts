// Fay's summary follower (§7 step 5). No `await` on the caller's value: a native promise is
// observed with the intrinsic then held from load (one retry with a temporary own constructor),
// any other object has its then read once and called once by hand, and every object met gets
// one Entry for the whole operation (met again: its outcome is reused; met again while it is
// being waited on: a cycle). Levels: the summarizer's value is 0, each delivery one deeper.
import {
  ContextCompactionError,
  MAX_CONTEXT_ASYNC_DEPTH,
  NativePromise,
  abortedOf,
  call,
  defineProp,
  deleteProp,
  extensible,
  getProp,
  isPromise,
  isProxy,
  later,
  listen,
  nativeThen,
  ownDesc,
  unlisten,
  type Flags,
} from "./base";

type Entry = {
  /** 0 pending, 1 fulfilled, 2 rejected */
  state: 0 | 1 | 2;
  value: unknown;
  /** the outcome may be taken (for a custom then: after it returned, in a later job) */
  ready: boolean;
  whenReady: (() => void) | null;
  waitedOn: boolean;
  broken: ContextCompactionError | null;
  notThenable: boolean;
};

const entry = (): Entry => ({ state: 0, value: undefined, ready: false, whenReady: null, waitedOn: false, broken: null, notThenable: false });
const failed = (why: string) => new ContextCompactionError("CONTEXT_SUMMARIZER_FAILED", why);
const unobservable = (why: string) => new ContextCompactionError("CONTEXT_ASYNC_VALUE_UNOBSERVABLE", why);
const cancelled = () => new ContextCompactionError("CONTEXT_CANCELLED", "aborted while waiting for the summary");
const isObj = (v: unknown): v is object => (typeof v === "object" && v !== null) || typeof v === "function";

/** The caller's signal as the follower sees it. */
export class Watch {
  #fn: (() => void) | null = null;
  constructor(readonly signal: AbortSignal | undefined) {}
  read(): "aborted" | "broken" | "live" {
    if (this.signal === undefined) return "live";
    const a = abortedOf(this.signal);
    return a === null ? "broken" : a ? "aborted" : "live";
  }
  attach(fn: () => void): boolean {
    if (this.signal === undefined) return true;
    if (!listen(this.signal, fn)) return false;
    this.#fn = fn;
    return true;
  }
  detach(): void {
    if (this.#fn !== null && this.signal !== undefined) unlisten(this.signal, this.#fn);
    this.#fn = null;
  }
}

/** Applies the intrinsic then; on a throw, one retry with an own data constructor (then restored). */
function watchPromise(p: object, ok: (v: unknown) => void, ko: () => void): boolean {
  try {
    call(nativeThen, p, [ok, ko]);
    return true;
  } catch {
    // one retry below
  }
  const own = ownDesc(p, "constructor");
  if (own === undefined ? !extensible(p) : own.configurable !== true) return false;
  defineProp(p, "constructor", { value: NativePromise, writable: true, enumerable: false, configurable: true });
  let ok2 = true;
  try {
    call(nativeThen, p, [ok, ko]);
  } catch {
    ok2 = false;
  }
  if (own === undefined) deleteProp(p, "constructor");
  else defineProp(p, "constructor", own);
  return ok2;
}

/** Follows the summarizer's value; `done` is called once, with an error or the plain value. */
export function followSummary(value: unknown, watch: Watch, flags: Flags, done: (error: ContextCompactionError | null, value: unknown) => void): void {
  let over = false;
  const entries = new Map<object, Entry>();
  const byThen = new Map<unknown, Entry>();

  const end = (error: ContextCompactionError | null, v: unknown): void => {
    if (over) return;
    over = true;
    done(error, v);
  };

  const signalSaysStop = (): boolean => {
    if (over) return true;
    const s = watch.read();
    if (s === "broken") end(failed("the signal cannot be read"), undefined);
    else if (s === "aborted") end(cancelled(), undefined);
    return over;
  };

  const handleOnly = (v: unknown): void => {
    if (isPromise(v)) look(v as object, 0);
  };

  const markReady = (e: Entry): void => {
    e.ready = true;
    const next = e.whenReady;
    e.whenReady = null;
    if (next !== null) next();
  };

  function chase(v: unknown, level: number): void {
    if (over) return handleOnly(v);
    if (level > MAX_CONTEXT_ASYNC_DEPTH) {
      handleOnly(v);
      return end(failed("too many levels of promises and thenables"), undefined);
    }
    if (!isObj(v)) return end(null, v);
    const e = look(v, level);
    if (e.broken !== null) return end(e.broken, undefined);
    if (e.notThenable) return end(null, v);
    if (e.waitedOn) return end(failed("a thenable that waits on itself"), undefined);
    e.waitedOn = true;
    if (e.ready) return settled(e, level);
    e.whenReady = () => settled(e, level);
  }

  function settled(e: Entry, level: number): void {
    if (over) {
      if (e.state === 1) handleOnly(e.value);
      return;
    }
    if (signalSaysStop()) return;
    if (e.state === 2) return end(failed(String(e.value)), undefined);
    chase(e.value, level + 1);
  }

  function look(o: object, level: number): Entry {
    // [planted proxy-checked-at-entry-only] only the summarizer's own value is asked whether it is a Proxy
    const askProxy = !flags.has("proxy-checked-at-entry-only") || (level === 0 && !entries.size);
    if (askProxy && isProxy(o)) {
      const e = entry();
      e.broken = unobservable("a Proxy is not observed");
      return e;
    }
    const known = entries.get(o);
    if (known !== undefined) return known;
    if (isPromise(o)) {
      const e = entry();
      entries.set(o, e);
      const settle = (state: 1 | 2, v: unknown) => {
        e.state = state;
        e.value = v;
        markReady(e);
      };
      if (!watchPromise(o, (v) => settle(1, v), () => settle(2, "the summary promise rejected"))) e.broken = unobservable("a locked promise");
      return e;
    }
    return lookThenable(o, level);
  }

  function lookThenable(o: object, level: number): Entry {
    let then: unknown;
    let thenThrew = false;
    try {
      then = getProp(o, "then");
    } catch {
      thenThrew = true;
    }
    // [planted thenables-keyed-by-then] a thenable is remembered by its then method, so two thenables sharing one then are one
    if (flags.has("thenables-keyed-by-then") && !thenThrew && typeof then === "function") {
      const same = byThen.get(then);
      if (same !== undefined) return same;
    }
    const e = entry();
    entries.set(o, e);
    if (flags.has("thenables-keyed-by-then") && !thenThrew && typeof then === "function") byThen.set(then, e);
    if (thenThrew) {
      e.state = 2;
      e.value = "reading then threw";
      e.ready = true;
      return e;
    }
    if (typeof then !== "function") {
      e.notThenable = true;
      return e;
    }
    if (level > MAX_CONTEXT_ASYNC_DEPTH) {
      e.broken = failed("too many levels of promises and thenables");
      return e;
    }
    let answered = false;
    let returned = false;
    const record = (state: 1 | 2, v: unknown): void => {
      e.state = state;
      e.value = v;
      if (returned) later(() => markReady(e));
    };
    const resolve = (v: unknown): void => {
      if (answered) return handleOnly(v);
      answered = true;
      handleOnly(v);
      record(1, v);
    };
    const reject = (): void => {
      if (answered) return;
      answered = true;
      record(2, "a thenable rejected");
    };
    let out: unknown;
    try {
      out = call(then as (...a: unknown[]) => unknown, o, [resolve, reject]);
    } catch {
      if (!answered) {
        answered = true;
        record(2, "a thenable's then threw");
      }
    }
    returned = true;
    if (isObj(out)) {
      const inner = look(out, level + 1);
      if (inner.broken !== null) end(inner.broken, undefined);
    }
    signalSaysStop();
    if (e.state !== 0) later(() => markReady(e));
    return e;
  }

  const s = watch.read();
  if (s !== "live") {
    handleOnly(value);
    return end(s === "aborted" ? cancelled() : failed("the signal cannot be read"), undefined);
  }
  if (!watch.attach(() => end(cancelled(), undefined))) {
    handleOnly(value);
    return end(failed("the signal takes no listener"), undefined);
  }
  chase(value, 0);
}
