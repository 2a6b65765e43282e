// Hana's signal handling: a signal is genuine when the built-in `aborted` getter (taken at load)
// accepts it; it is read through that getter, and listened to with the built-in addEventListener.
import { R } from "./basics";

const abortedGetter = (R.desc(AbortSignal.prototype, "aborted") as PropertyDescriptor).get as (this: AbortSignal) => boolean;
const listen = EventTarget.prototype.addEventListener;
const unlisten = EventTarget.prototype.removeEventListener;
const Controller = AbortController;
const controllerSignal = (R.desc(AbortController.prototype, "signal") as PropertyDescriptor).get as (this: AbortController) => AbortSignal;

/** true / false, or null when the getter refuses the value. */
export function abortedOf(value: unknown): boolean | null {
  try {
    return R.apply(abortedGetter, value, []) as boolean;
  } catch {
    return null;
  }
}

export const isSignal = (value: unknown): boolean => abortedOf(value) !== null;

/** What the summarizer gets as its second argument. */
export function handedSignal(signal: AbortSignal | undefined): AbortSignal {
  return signal ?? (R.apply(controllerSignal, R.construct(Controller, []), []) as AbortSignal);
}

/** The caller's signal while a summary is awaited. */
export class Watch {
  #off: (() => void) | null = null;
  constructor(readonly signal: AbortSignal | undefined) {}

  read(): "aborted" | "broken" | "fine" {
    if (this.signal === undefined) return "fine";
    const a = abortedOf(this.signal);
    return a === null ? "broken" : a ? "aborted" : "fine";
  }

  attach(onAbort: () => void): boolean {
    const signal = this.signal;
    if (signal === undefined) return true;
    try {
      R.apply(listen, signal, ["abort", onAbort]);
    } catch {
      return false;
    }
    this.#off = () => R.apply(unlisten, signal, ["abort", onAbort]);
    return true;
  }

  detach(): void {
    const off = this.#off;
    this.#off = null;
    if (off === null) return;
    try {
      off();
    } catch {
      // the outcome is given already
    }
  }
}
