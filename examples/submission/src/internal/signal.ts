// The caller's AbortSignal (contract §7, §8): which values are accepted, what the summarizer
// receives, and how an accepted signal is read and watched. Every operation on the signal
// goes through an intrinsic captured at load and sits in a try: a Proxy around a signal (or
// an object whose prototype chain leads to one) runs the caller's code whenever it is
// consulted, and whatever that code throws becomes a contract code at the call site.
//
// §8 rows decided here (the core follows the course):
// - a Proxy around a genuine signal, or Object.create(signal): accepted, works as the signal
//   (isGenuineSignal: the intrinsic `aborted` getter's brand check alone decides);
// - a genuine signal whose prototype was replaced: accepted here, and the abort listener
//   cannot be attached to it (Node's addEventListener checks `this.constructor`), which
//   SignalWatch.start reports, so compactContext fails with CONTEXT_SUMMARIZER_FAILED after
//   the summarizer was called;
// - no signal: the summarizer receives a fresh AbortSignal that is never aborted
//   (summarizerSignal).
import {
  AbortControllerConstructor,
  addEventListener,
  construct,
  controllerSignal,
  removeEventListener,
  signalAborted,
} from "./intrinsics";

/**
 * A genuine signal: an object that the intrinsic `aborted` getter, captured at load, accepts.
 * A primitive is refused by the same check, which runs nothing on it. The getter's brand check reads an
 * internal symbol of `value` (through a Proxy's `get` trap, or along the prototype chain), so
 * a Proxy around a signal and Object.create(signal) pass it and work as the signal.
 */
export function isGenuineSignal(value: unknown): value is AbortSignal {
  // The brand check refuses a primitive (null included) by throwing, without running anything.
  return readAborted(value as AbortSignal) !== null;
}

/** The summarizer's second argument: the caller's signal, or a fresh one nobody can abort. */
export function summarizerSignal(signal: AbortSignal | undefined): AbortSignal {
  return signal ?? controllerSignal(construct(AbortControllerConstructor, []) as AbortController);
}

/** Reads `aborted` through the intrinsic getter: true, false, or null when the read threw. */
export function readAborted(signal: AbortSignal): boolean | null {
  try {
    return signalAborted(signal);
  } catch {
    return null;
  }
}

/**
 * The abort listener of one compaction, attached from the summarizer's return until the result
 * is exposed (or the operation failed). Without a signal every method does nothing.
 */
export class SignalWatch {
  #listener: (() => void) | null = null;
  constructor(readonly signal: AbortSignal | undefined) {}

  /** "aborted", "unreadable" (the read threw) or "pending"; "pending" without a signal. */
  state(): "aborted" | "unreadable" | "pending" {
    if (this.signal === undefined) return "pending";
    const aborted = readAborted(this.signal);
    return aborted === null ? "unreadable" : aborted ? "aborted" : "pending";
  }

  /** Attaches `onAbort`; false when the signal does not accept a listener. */
  start(onAbort: () => void): boolean {
    if (this.signal === undefined) return true;
    try {
      addEventListener(this.signal, "abort", onAbort);
    } catch {
      return false;
    }
    this.#listener = onAbort;
    return true;
  }

  /** Detaches the listener; a trap that throws here changes nothing, the outcome is given. */
  stop(): void {
    const listener = this.#listener;
    // Stryker disable next-line ConditionalExpression: a listener left attached only calls a finished operation's finish again
    if (listener === null) return;
    this.#listener = null;
    try {
      // Stryker disable next-line StringLiteral: a listener left attached only calls a finished operation's finish again
      removeEventListener(this.signal as AbortSignal, "abort", listener);
    } catch {
      // The outcome is already given; nothing to report.
    }
  }
}
