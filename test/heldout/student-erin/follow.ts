// Step 5 of §7: from the summarizer's value to the text, by hand (an `await` would let the
// value's own then and species decide). Erin keeps one Entry per object met: a native promise
// is heard through the intrinsic then, any other thenable has its then called once with
// resolvers that act once, and its outcome is used only in a job after that call returned. A
// thenable met again reuses its Entry (met again while it is being followed: a cycle). Levels
// are counted from the summarizer's value (0); the signal is listened to throughout and read
// whenever a then returns and whenever a value settles.
import { types } from "node:util";
import { MAX_CONTEXT_ASYNC_DEPTH, oops, type ContextCompactionError, type Mistakes } from "./base";
import { abortedNow } from "./settings";

const intrinsicThen = Promise.prototype.then;
const PromiseCtor = Promise;
const listenTo = EventTarget.prototype.addEventListener;
const stopListening = EventTarget.prototype.removeEventListener;

type Entry = {
  state: "pending" | "fulfilled" | "rejected";
  value: unknown;
  /** Its outcome may be used now (a custom then: only in a job after it returned). */
  ripe: boolean;
  waiter: (() => void) | undefined;
  taken: boolean;
  /** Set when the object cannot be observed, or has no callable then (it is a plain value). */
  verdict: ContextCompactionError | "plain" | undefined;
};

const summarizerFailed = (why: string) => oops("CONTEXT_SUMMARIZER_FAILED", why);
const cancelled = () => oops("CONTEXT_CANCELLED", "the signal was aborted while the summary was pending");
const objectish = (v: unknown): v is object => (typeof v === "object" && v !== null) || typeof v === "function";

/** The intrinsic then on a native promise; if it throws, once more with a temporary own constructor, when that can be undone. */
function hear(p: object, ok: (v: unknown) => void, ko: () => void): boolean {
  try {
    Reflect.apply(intrinsicThen, p, [ok, ko]);
    return true;
  } catch {
    // retried below
  }
  const own = Reflect.getOwnPropertyDescriptor(p, "constructor");
  if (own === undefined ? !Reflect.isExtensible(p) : own.configurable !== true) return false;
  Reflect.defineProperty(p, "constructor", { value: PromiseCtor, writable: true, enumerable: false, configurable: true });
  let heard = true;
  try {
    Reflect.apply(intrinsicThen, p, [ok, ko]);
  } catch {
    heard = false;
  }
  if (own === undefined) Reflect.deleteProperty(p, "constructor");
  else Reflect.defineProperty(p, "constructor", own);
  return heard;
}

/**
 * Follows `value` to its text; `done` is called once, with an error or with the value reached
 * (a primitive, or an object that is no thenable), and the abort listener comes off after it.
 */
export function followSummary(value: unknown, signal: AbortSignal | undefined, mistakes: Mistakes, done: (error: ContextCompactionError | null, text?: unknown) => void): void {
  let finished = false;
  let onAbort: (() => void) | undefined;
  const entries = new Map<object, Entry>();

  const signalNow = (): "aborted" | "live" | "unreadable" => {
    if (signal === undefined) return "live";
    const a = abortedNow(signal);
    return a === "refused" ? "unreadable" : a ? "aborted" : "live";
  };

  const finish = (error: ContextCompactionError | null, text?: unknown) => {
    if (finished) return;
    finished = true;
    done(error, text);
    release();
  };

  /** Reads the signal at one of §7's points; true when following is over. */
  const stillLive = (): boolean => {
    if (finished) return true;
    // Mistake signal-only-listened: once the listener is on, Erin trusts the abort event alone
    // and never reads the signal again, so an abort whose event a caller's earlier listener
    // stopped (stopImmediatePropagation) goes unnoticed; the signal must also be read when a
    // then returns, when the value settles, after the await and before the result is exposed.
    if (mistakes.has("signal-only-listened")) return false;
    const s = signalNow();
    if (s === "aborted") finish(cancelled());
    else if (s === "unreadable") finish(summarizerFailed("the signal cannot be read"));
    return finished;
  };

  const beyond = (level: number) => level > MAX_CONTEXT_ASYNC_DEPTH;

  /** A native promise nobody waits on still gets handlers, so its rejection is handled. */
  const absorb = (v: unknown) => {
    if (types.isPromise(v)) entryOf(v as object, 0);
  };

  const ripen = (e: Entry) => {
    e.ripe = true;
    const w = e.waiter;
    e.waiter = undefined;
    if (w !== undefined) w();
  };

  function callThen(o: object, e: Entry, level: number): void {
    let then: unknown;
    try {
      then = Reflect.get(o, "then");
    } catch {
      e.state = "rejected";
      e.ripe = true;
      return;
    }
    if (typeof then !== "function") {
      e.verdict = "plain";
      return;
    }
    if (beyond(level)) {
      e.verdict = summarizerFailed("more than 64 levels of thenables");
      return;
    }
    let settledOnce = false;
    let returned = false;
    const settle = (state: Entry["state"], v: unknown) => {
      if (settledOnce) return;
      settledOnce = true;
      e.state = state;
      e.value = v;
      if (returned) queueMicrotask(() => ripen(e));
    };
    const onFulfil = (v: unknown) => {
      absorb(v);
      settle("fulfilled", v);
    };
    const onReject = () => settle("rejected", undefined);
    let back: unknown;
    try {
      // Mistake then-called-without-this: then is called as a bare function, so a then that
      // uses `this` (a class's method, any thenable that reads its own state) throws or
      // misreads; it must be called as a method of the object it was read from.
      back = Reflect.apply(then, mistakes.has("then-called-without-this") ? undefined : o, [onFulfil, onReject]);
    } catch {
      settle("rejected", undefined);
    }
    returned = true;
    if (objectish(back)) {
      const inner = entryOf(back, level + 1);
      if (inner.verdict !== undefined && inner.verdict !== "plain") finish(inner.verdict);
    }
    stillLive();
    if (e.state !== "pending") queueMicrotask(() => ripen(e));
  }

  function entryOf(o: object, level: number): Entry {
    const fresh: Entry = { state: "pending", value: undefined, ripe: false, waiter: undefined, taken: false, verdict: undefined };
    if (types.isProxy(o)) {
      fresh.verdict = oops("CONTEXT_ASYNC_VALUE_UNOBSERVABLE", "a Proxy is not observed (its traps would run)");
      return fresh;
    }
    const seen = entries.get(o);
    if (seen !== undefined) return seen;
    entries.set(o, fresh);
    if (types.isPromise(o)) {
      const heard = hear(
        o,
        (v) => {
          fresh.state = "fulfilled";
          fresh.value = v;
          ripen(fresh);
        },
        () => {
          fresh.state = "rejected";
          ripen(fresh);
        },
      );
      if (!heard) fresh.verdict = oops("CONTEXT_ASYNC_VALUE_UNOBSERVABLE", "a native promise that cannot be observed");
    } else {
      callThen(o, fresh, level);
    }
    return fresh;
  }

  function step(v: unknown, level: number): void {
    if (finished) return absorb(v);
    if (beyond(level)) {
      absorb(v);
      return finish(summarizerFailed("more than 64 levels of promises and thenables"));
    }
    if (!objectish(v)) return finish(null, v);
    const e = entryOf(v, level);
    if (e.verdict === "plain") return finish(null, v);
    if (e.verdict !== undefined) return finish(e.verdict);
    if (e.taken) return finish(summarizerFailed("a thenable that waits on itself"));
    e.taken = true;
    const next = () => {
      if (finished) {
        if (e.state === "fulfilled") absorb(e.value);
        return;
      }
      if (stillLive()) return;
      if (e.state === "rejected") return finish(summarizerFailed("the summary was rejected"));
      step(e.value, level + 1);
    };
    if (e.ripe) next();
    else e.waiter = next;
  }

  function release(): void {
    const f = onAbort;
    onAbort = undefined;
    if (f === undefined) return;
    try {
      Reflect.apply(stopListening, signal, ["abort", f]);
    } catch {
      // the outcome is given already
    }
  }

  // When the summarizer has returned: the signal read once, then listened to.
  const first = signalNow();
  if (first !== "live") {
    absorb(value);
    finish(first === "aborted" ? cancelled() : summarizerFailed("the signal cannot be read"));
  } else {
    let listening = true;
    if (signal !== undefined) {
      const f = () => finish(cancelled());
      try {
        Reflect.apply(listenTo, signal, ["abort", f]);
        onAbort = f;
      } catch {
        listening = false;
        absorb(value);
        finish(summarizerFailed("the signal takes no abort listener"));
      }
    }
    if (listening) step(value, 0);
  }
}
