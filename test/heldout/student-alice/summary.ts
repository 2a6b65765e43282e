// Alice's await of the summarizer's value (contract §7 step 5), written without await: she
// follows the value level by level; native promises through the intrinsic then; other thenables
// by calling then once and taking the outcome in a later microtask.
import { types } from "node:util";
import { ContextCompactionError, MAX_CONTEXT_ASYNC_DEPTH, type Bugs } from "./basics";
import { isAborted } from "./options";

const promiseThen = Promise.prototype.then;
const PromiseClass = Promise;
const on = EventTarget.prototype.addEventListener;
const off = EventTarget.prototype.removeEventListener;

type Box = { status: "pending" | "ok" | "failed"; value?: unknown; now: boolean; next?: () => void; busy: boolean; error?: ContextCompactionError; plain: boolean };

const err = (code: string, why: string) => new ContextCompactionError(code, why);

export function awaitSummary(value: unknown, signal: AbortSignal | undefined, bugs: Bugs, done: (e: ContextCompactionError | null, v?: unknown) => void): void {
  const boxes = new Map<object, Box>();
  let over = false;
  let listener: (() => void) | undefined;

  const stop = (e: ContextCompactionError | null, v?: unknown) => {
    if (over) return;
    over = true;
    done(e, v);
    if (listener) {
      try {
        Reflect.apply(off, signal, ["abort", listener]);
      } catch {
        // ignored
      }
    }
  };
  /** Reads the signal; true if the wait ended. */
  const look = (): boolean => {
    if (over) return true;
    if (signal !== undefined) {
      const a = isAborted(signal);
      if (a === "not a signal") stop(err("CONTEXT_SUMMARIZER_FAILED", "the signal broke"));
      else if (a) stop(err("CONTEXT_CANCELLED", "aborted"));
    }
    return over;
  };
  const keepQuiet = (v: unknown) => {
    if (types.isPromise(v)) boxOf(v as object, 0);
  };
  const open = (b: Box) => {
    b.now = true;
    const n = b.next;
    b.next = undefined;
    n?.();
  };

  function nativeThen(p: object, ok: (v: unknown) => void, ko: () => void): boolean {
    try {
      Reflect.apply(promiseThen, p, [ok, ko]);
      return true;
    } catch {
      const before = Object.getOwnPropertyDescriptor(p, "constructor");
      if (before ? !before.configurable : !Object.isExtensible(p)) return false;
      Object.defineProperty(p, "constructor", { value: PromiseClass, writable: true, configurable: true, enumerable: false });
      let fine = true;
      try {
        Reflect.apply(promiseThen, p, [ok, ko]);
      } catch {
        fine = false;
      }
      if (before) Reflect.defineProperty(p, "constructor", before);
      else Reflect.deleteProperty(p, "constructor");
      return fine;
    }
  }

  function boxOf(o: object, level: number): Box {
    const box: Box = { status: "pending", now: false, busy: false, plain: false };
    if (types.isProxy(o)) {
      box.error = err("CONTEXT_ASYNC_VALUE_UNOBSERVABLE", "a Proxy");
      return box;
    }
    // Mistake thenable-identity-lost: nothing is remembered, a thenable met again is called again.
    if (!bugs.has("thenable-identity-lost")) {
      const seen = boxes.get(o);
      if (seen) return seen;
      boxes.set(o, box);
    }
    if (types.isPromise(o)) {
      const fill = (status: "ok" | "failed", v?: unknown) => {
        box.status = status;
        box.value = v;
        open(box);
      };
      if (!nativeThen(o, (v) => fill("ok", v), () => fill("failed"))) box.error = err("CONTEXT_ASYNC_VALUE_UNOBSERVABLE", "a locked promise");
      return box;
    }
    let then: unknown;
    try {
      then = (o as { then?: unknown }).then;
    } catch {
      box.status = "failed";
      box.now = true;
      return box;
    }
    if (typeof then !== "function") {
      box.plain = true;
      return box;
    }
    if (level > MAX_CONTEXT_ASYNC_DEPTH) {
      box.error = err("CONTEXT_SUMMARIZER_FAILED", "too deep");
      return box;
    }
    let answered = false;
    let back = false;
    const answer = (status: "ok" | "failed", v?: unknown) => {
      box.status = status;
      box.value = v;
      if (back) queueMicrotask(() => open(box));
    };
    let returned: unknown;
    try {
      returned = Reflect.apply(then, o, [
        (v: unknown) => {
          keepQuiet(v);
          if (answered) return;
          answered = true;
          answer("ok", v);
        },
        () => {
          if (answered) return;
          answered = true;
          answer("failed");
        },
      ]);
    } catch {
      if (!answered) {
        answered = true;
        answer("failed");
      }
    }
    back = true;
    // Mistake then-return-ignored: what then returns is not looked at.
    if (!bugs.has("then-return-ignored") && ((typeof returned === "object" && returned !== null) || typeof returned === "function")) {
      const inner = boxOf(returned as object, level + 1);
      if (inner.error) stop(inner.error);
    }
    look();
    if (box.status !== "pending") queueMicrotask(() => open(box));
    return box;
  }

  function step(v: unknown, level: number): void {
    if (over) return keepQuiet(v);
    if (level > MAX_CONTEXT_ASYNC_DEPTH) {
      keepQuiet(v);
      return stop(err("CONTEXT_SUMMARIZER_FAILED", "too deep"));
    }
    if ((typeof v !== "object" || v === null) && typeof v !== "function") return stop(null, v);
    const box = boxOf(v as object, level);
    if (box.error) return stop(box.error);
    if (box.plain) return stop(null, v);
    if (box.busy) return stop(err("CONTEXT_SUMMARIZER_FAILED", "a cycle"));
    box.busy = true;
    const then = () => {
      if (over) {
        if (box.status === "ok") keepQuiet(box.value);
        return;
      }
      if (look()) return;
      if (box.status === "failed") return stop(err("CONTEXT_SUMMARIZER_FAILED", "rejected"));
      step(box.value, level + 1);
    };
    if (box.now) then();
    else box.next = then;
  }

  if (look()) return keepQuiet(value);
  // Mistake no-abort-listener: the signal is only read at the steps, never listened to.
  if (signal !== undefined && !bugs.has("no-abort-listener")) {
    listener = () => stop(err("CONTEXT_CANCELLED", "aborted"));
    try {
      Reflect.apply(on, signal, ["abort", listener]);
    } catch {
      listener = undefined;
      keepQuiet(value);
      return stop(err("CONTEXT_SUMMARIZER_FAILED", "no listener"));
    }
  }
  step(value, 0);
}
