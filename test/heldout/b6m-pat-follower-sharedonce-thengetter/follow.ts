// Pat's own waiting step (contract §7 step 5), written in place of src/core's awaitValue and
// plugged into the kit's copy of compactContext (../_kit/compact-with). Pat's notes:
//
//   "Never `await` the summarizer's value: `await` consults its then and its species the way
//    the caller left them. So: native promises get the built-in then, captured at load (with
//    the one constructor retry of the contract, ../../../src/core/native-promise); anything else
//    with a callable then is followed by hand, one level at a time, with the signal watched
//    all along. Every object met gets one entry in `known`, so a thenable met again is never
//    called again, and one that waits on itself is a cycle."
//
// Two helpers carry most of it: `thenOf` (what counts as a then, used for the summary value,
// for what a then delivers and for what a then returns) and `answerOnce` (the guard that makes
// the resolvers handed to a then act once). Each planted mistake is a flag.
import { ASYNC_VALUE_UNOBSERVABLE, CANCELLED, ContextCompactionError, SUMMARIZER_FAILED } from "../../../src/core/errors";
import { MAX_CONTEXT_ASYNC_DEPTH } from "../../../src/core/limits";
import { observePromise } from "../../../src/core/native-promise";
import type { SignalWatch } from "../../../src/core/signal";
import { types } from "node:util";

type Flags = ReadonlySet<string>;
export type Settle = (error: ContextCompactionError | null, value: unknown) => void;

export const PLANTED = ["once-guard-shared-by-chain", "then-getter-never-called"];

const isPromise = types.isPromise;
const isProxy = types.isProxy;
const call = Reflect.apply;
const readProp = Reflect.get;
const ownDescriptor = Reflect.getOwnPropertyDescriptor;
const protoOf = Reflect.getPrototypeOf;
const later = queueMicrotask;
const Entries = Map;

/** What Pat knows about one promise or thenable. */
type Entry = {
  status: "waiting" | "fulfilled" | "rejected";
  result: unknown;
  /** The outcome may be used (a custom then: only once it has returned, in a later job). */
  ready: boolean;
  /** Who is waiting for it. */
  onReady: (() => void) | null;
  /** The summary is waiting on it right now: meeting it again is a cycle. */
  inChain: boolean;
  /** It cannot be followed at all. */
  broken: ContextCompactionError | null;
  /** No callable then: a plain value. */
  plain: boolean;
};

const entry = (): Entry => ({ status: "waiting", result: undefined, ready: false, onReady: null, inChain: false, broken: null, plain: false });

const summarizerFailed = (why: string) => new ContextCompactionError(SUMMARIZER_FAILED, why);
const cannotObserve = (why: string) => new ContextCompactionError(ASYNC_VALUE_UNOBSERVABLE, why);
const cancelled = () => new ContextCompactionError(CANCELLED, "the signal aborted while waiting for the summary");

const isObjectLike = (v: unknown): v is object => (typeof v === "object" && v !== null) || typeof v === "function";

/** The guard of one set of resolvers: the first call wins. */
type Guard = { answered: boolean };

/**
 * The then of `value`, read once ("read then once; a throwing read fails"). Returns
 * { then } or { threw: true }.
 */
function thenOf(value: object, flags: Flags): { then: unknown; threw: boolean } {
  // [planted then-getter-never-called] the then is looked up by its property descriptors, along
  // the prototype chain, the way the input is read (no accessor of the caller's is ever called):
  // a then that is a getter counts as no then at all, and the getter is never called.
  if (flags.has("then-getter-never-called")) {
    for (let o: object | null = value; o !== null; o = protoOf(o)) {
      const d = ownDescriptor(o, "then");
      if (d !== undefined) return { then: "value" in d ? d.value : undefined, threw: false };
    }
    return { then: undefined, threw: false };
  }
  try {
    return { then: readProp(value, "then"), threw: false };
  } catch {
    return { then: undefined, threw: true };
  }
}

export function followWith(flags: Flags) {
  return function follow(value: unknown, watch: SignalWatch, settle: Settle): void {
    let over = false;
    const known = new Entries<object, Entry>();
    // [planted once-guard-shared-by-chain] the resolvers' "act once" guard, made once for the
    // whole wait: every thenable of the chain gets resolvers guarded by this same flag.
    const chainGuard: Guard = { answered: false };
    const answerOnce = (): Guard => (flags.has("once-guard-shared-by-chain") ? chainGuard : { answered: false });

    function done(error: ContextCompactionError | null, result: unknown): void {
      if (over) return;
      over = true;
      settle(error, result);
    }

    /** Reads the signal; true when the wait is over. */
    function abortedNow(): boolean {
      if (over) return true;
      const state = watch.state();
      if (state === "unreadable") done(summarizerFailed("reading the signal threw"), undefined);
      else if (state === "aborted") done(cancelled(), undefined);
      return over;
    }

    /** A value that is not followed still gets handlers if it is a native promise. */
    function handleAnyway(v: unknown): void {
      if (isPromise(v)) look(v as object, 0);
    }

    function step(v: unknown, level: number): void {
      if (over) return handleAnyway(v);
      if (level > MAX_CONTEXT_ASYNC_DEPTH) {
        handleAnyway(v);
        return done(summarizerFailed(`more than ${MAX_CONTEXT_ASYNC_DEPTH} levels`), undefined);
      }
      if (!isObjectLike(v)) return done(null, v);
      const e = look(v, level);
      if (e.broken !== null) return done(e.broken, undefined);
      if (e.plain) return done(null, v);
      if (e.inChain) return done(summarizerFailed("a thenable that waits on itself"), undefined);
      e.inChain = true;
      if (e.ready) return next(e, level);
      e.onReady = () => next(e, level);
    }

    function next(e: Entry, level: number): void {
      if (over) {
        if (e.status === "fulfilled") handleAnyway(e.result);
        return;
      }
      if (abortedNow()) return;
      if (e.status === "rejected") return done(summarizerFailed(e.result as string), undefined);
      step(e.result, level + 1);
    }

    function markReady(e: Entry): void {
      e.ready = true;
      const waiting = e.onReady;
      e.onReady = null;
      if (waiting !== null) waiting();
    }

    function look(o: object, level: number): Entry {
      if (isProxy(o)) {
        const refused = entry();
        refused.broken = cannotObserve("a Proxy cannot be followed without running its traps");
        return refused;
      }
      const seen = known.get(o);
      if (seen !== undefined) return seen;
      const e = entry();
      known.set(o, e);
      if (isPromise(o)) lookAtPromise(o, e);
      else lookAtThenable(o, e, level, flags);
      return e;
    }

    function lookAtPromise(p: object, e: Entry): void {
      const settleWith = (status: "fulfilled" | "rejected", result: unknown) => {
        e.status = status;
        e.result = result;
        markReady(e);
      };
      const ok = observePromise(
        p,
        (v) => settleWith("fulfilled", v),
        () => settleWith("rejected", "the summary promise rejected"),
      );
      if (!ok) e.broken = cannotObserve("a native promise whose constructor or species cannot be looked up");
    }

    function lookAtThenable(t: object, e: Entry, level: number, fl: Flags): void {
      const { then, threw } = thenOf(t, fl);
      if (threw) {
        e.status = "rejected";
        e.result = "reading then threw";
        e.ready = true;
        return;
      }
      if (typeof then !== "function") {
        e.plain = true;
        return;
      }
      if (level > MAX_CONTEXT_ASYNC_DEPTH) {
        e.broken = summarizerFailed(`more than ${MAX_CONTEXT_ASYNC_DEPTH} levels`);
        return;
      }
      const guard = answerOnce();
      let returned = false;
      const record = (status: "fulfilled" | "rejected", result: unknown) => {
        e.status = status;
        e.result = result;
        if (returned) later(() => markReady(e));
      };
      const resolve = (v: unknown) => {
        if (guard.answered) return handleAnyway(v);
        guard.answered = true;
        handleAnyway(v);
        record("fulfilled", v);
      };
      const reject = () => {
        if (guard.answered) return;
        guard.answered = true;
        record("rejected", "a thenable rejected");
      };
      let out: unknown;
      try {
        out = call(then as (...a: unknown[]) => unknown, t, [resolve, reject]);
      } catch {
        if (!guard.answered) {
          guard.answered = true;
          record("rejected", "a thenable's then threw");
        }
      }
      returned = true;
      // What then returned is looked at before the call counts as finished.
      if (isObjectLike(out)) {
        const inner = look(out, level + 1);
        if (inner.broken !== null) done(inner.broken, undefined);
      }
      abortedNow();
      if (e.status !== "waiting") later(() => markReady(e));
    }

    const state = watch.state();
    if (state !== "pending") {
      handleAnyway(value);
      return done(state === "aborted" ? cancelled() : summarizerFailed("reading the signal threw"), undefined);
    }
    if (!watch.start(() => done(cancelled(), undefined))) {
      handleAnyway(value);
      return done(summarizerFailed("the signal does not accept an abort listener"), undefined);
    }
    step(value, 0);
  };
}
