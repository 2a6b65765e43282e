// Bob's wait for the summarizer's value (contract §7 step 5). Every object met is adopted once
// and remembered; native promises get the intrinsic then (with one retry through a temporary own
// constructor), other thenables a single call of their then whose outcome is taken in a later
// job; the signal is read when then returns and when a value settles, and an abort listener ends
// the wait.
import { types } from "node:util";
import { ContextCompactionError, MAX_CONTEXT_ASYNC_DEPTH, type Flags } from "./shared";
import { readAborted } from "./options";

const PromiseThen = Promise.prototype.then;
const PromiseCtor = Promise;
const listen = EventTarget.prototype.addEventListener;
const unlisten = EventTarget.prototype.removeEventListener;

type Adoption = {
  outcome: "waiting" | "value" | "error";
  value: unknown;
  known: boolean;
  onKnown: (() => void) | null;
  inUse: boolean;
  refused: ContextCompactionError | null;
  notThenable: boolean;
};

export type Finished = (error: ContextCompactionError | null, text: unknown) => void;

const objectLike = (v: unknown): v is object => (v !== null && typeof v === "object") || typeof v === "function";

function nativeThen(p: object, onValue: (v: unknown) => void, onError: () => void, flags: Flags): "attached" | "locked" | "threw" {
  if (flags.has("promise-resolve-await")) {
    // Mistake promise-resolve-await: native promises are awaited through Promise.resolve(p).then.
    try {
      PromiseCtor.resolve(p).then(onValue, onError);
      return "attached";
    } catch {
      return "threw";
    }
  }
  try {
    Reflect.apply(PromiseThen, p, [onValue, onError]);
    return "attached";
  } catch {
    const previous = Reflect.getOwnPropertyDescriptor(p, "constructor");
    const canUndo = previous === undefined ? Reflect.isExtensible(p) : previous.configurable === true;
    if (!canUndo) return "locked";
    Reflect.defineProperty(p, "constructor", { value: PromiseCtor, writable: true, enumerable: false, configurable: true });
    let ok = true;
    try {
      Reflect.apply(PromiseThen, p, [onValue, onError]);
    } catch {
      ok = false;
    }
    if (previous === undefined) Reflect.deleteProperty(p, "constructor");
    else Reflect.defineProperty(p, "constructor", previous);
    return ok ? "attached" : "locked";
  }
}

/** Waits for `value`; `finished` is called once, and the abort listener is removed right after it. */
export function waitForSummary(value: unknown, signal: AbortSignal | null, flags: Flags, finished: Finished): void {
  const adoptions = new Map<object, Adoption>();
  let over = false;
  let listener: (() => void) | null = null;
  const failed = (why: string) => new ContextCompactionError("CONTEXT_SUMMARIZER_FAILED", why);
  const noCap = flags.has("no-depth-cap");

  const end = (error: ContextCompactionError | null, text?: unknown) => {
    if (over) return;
    over = true;
    finished(error, text);
    if (listener === null) return;
    try {
      Reflect.apply(unlisten, signal, ["abort", listener]);
    } catch {
      // nothing to do
    }
    listener = null;
  };
  const signalSays = (): "ok" | "aborted" | "broken" => {
    if (signal === null) return "ok";
    const a = readAborted(signal);
    return a === undefined ? "broken" : a ? "aborted" : "ok";
  };
  /** Reads the signal; true when that ended the wait. */
  const checkSignal = (): boolean => {
    if (over) return true;
    const s = signalSays();
    if (s === "aborted") end(new ContextCompactionError("CONTEXT_CANCELLED", "aborted"));
    if (s === "broken") end(failed("the signal cannot be read"));
    return over;
  };
  const handleAnyway = (v: unknown) => {
    if (types.isPromise(v)) adopt(v as object, 0);
  };
  const markKnown = (a: Adoption) => {
    a.known = true;
    const next = a.onKnown;
    a.onKnown = null;
    if (next) next();
  };

  function adopt(o: object, level: number): Adoption {
    const a: Adoption = { outcome: "waiting", value: undefined, known: false, onKnown: null, inUse: false, refused: null, notThenable: false };
    if (types.isProxy(o)) {
      a.refused = new ContextCompactionError("CONTEXT_ASYNC_VALUE_UNOBSERVABLE", "a Proxy cannot be observed");
      return a;
    }
    const existing = adoptions.get(o);
    if (existing) return existing;
    adoptions.set(o, a);
    if (types.isPromise(o)) {
      const settle = (outcome: "value" | "error", v: unknown) => {
        a.outcome = outcome;
        a.value = v;
        markKnown(a);
      };
      const how = nativeThen(o, (v) => settle("value", v), () => settle("error", undefined), flags);
      if (how === "locked") a.refused = new ContextCompactionError("CONTEXT_ASYNC_VALUE_UNOBSERVABLE", "a locked promise");
      if (how === "threw") a.refused = failed("the promise could not be awaited");
      return a;
    }
    let then: unknown;
    try {
      then = Reflect.get(o, "then");
    } catch {
      a.outcome = "error";
      a.known = true;
      return a;
    }
    if (typeof then !== "function") {
      a.notThenable = true;
      return a;
    }
    if (!noCap && level > MAX_CONTEXT_ASYNC_DEPTH) {
      a.refused = failed("too deep");
      return a;
    }
    let settled = false;
    let returned = false;
    const record = (outcome: "value" | "error", v: unknown) => {
      a.outcome = outcome;
      a.value = v;
      if (returned) queueMicrotask(() => markKnown(a));
    };
    const resolve = (v: unknown) => {
      handleAnyway(v);
      if (settled) return;
      settled = true;
      record("value", v);
    };
    const reject = () => {
      if (settled) return;
      settled = true;
      record("error", undefined);
    };
    let returnedValue: unknown;
    try {
      returnedValue = Reflect.apply(then, o, [resolve, reject]);
    } catch {
      if (!settled) {
        settled = true;
        record("error", undefined);
      }
    }
    returned = true;
    if (objectLike(returnedValue)) {
      const inner = adopt(returnedValue, level + 1);
      if (inner.refused) end(inner.refused);
    }
    checkSignal();
    if (a.outcome !== "waiting") queueMicrotask(() => markKnown(a));
    return a;
  }

  function follow(v: unknown, level: number): void {
    if (over) return handleAnyway(v);
    if (!noCap && level > MAX_CONTEXT_ASYNC_DEPTH) {
      handleAnyway(v);
      return end(failed("more than 64 levels"));
    }
    if (!objectLike(v)) return end(null, v);
    const a = adopt(v, level);
    if (a.refused) return end(a.refused);
    if (a.notThenable) return end(null, v);
    if (a.inUse) return end(failed("a cycle"));
    a.inUse = true;
    const go = () => {
      if (over) {
        if (a.outcome === "value") handleAnyway(a.value);
        return;
      }
      if (checkSignal()) return;
      if (a.outcome === "error") return end(failed("rejected"));
      follow(a.value, level + 1);
    };
    if (a.known) go();
    else a.onKnown = go;
  }

  // Mistake abort-during-call-lost: the signal is not read when the summarizer returns, only listened to.
  const initial = flags.has("abort-during-call-lost") ? "ok" : signalSays();
  if (initial !== "ok") {
    handleAnyway(value);
    end(initial === "aborted" ? new ContextCompactionError("CONTEXT_CANCELLED", "aborted") : failed("the signal cannot be read"));
  } else {
    let attached = true;
    if (signal !== null) {
      listener = () => end(new ContextCompactionError("CONTEXT_CANCELLED", "aborted"));
      try {
        Reflect.apply(listen, signal, ["abort", listener]);
      } catch {
        attached = false;
        listener = null;
      }
    }
    if (attached) follow(value, 0);
    else {
      handleAnyway(value);
      end(failed("the signal takes no listener"));
    }
  }
}
