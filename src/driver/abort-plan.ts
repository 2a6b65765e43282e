// The AbortController behind `options.signal: "controller"` and when to abort it
// (AbortPoint, src/scenario/scenario.ts). Without a controller every abort is a no-op.
import type { AbortPoint } from "../scenario/scenario";
import { AbortControllerCtor, abortControllerAbortIntrinsic, abortControllerSignalIntrinsic, muteAbortEvent } from "./intrinsics";

export interface AbortPlan {
  readonly point: AbortPoint;
  /** The real signal handed to the subject, or null when the scenario has no controller. */
  readonly signal: AbortSignal | null;
  abort(): void;
  /** Whether the driver has aborted (the subject cannot fake this: it is the driver's own flag). */
  readonly aborted: boolean;
}

/** `muted`: the signal's first abort listener stops the event (SignalSlot "controllerMuted"). */
export function createAbortPlan(point: AbortPoint, withController: boolean, muted = false): AbortPlan {
  const controller = withController ? new AbortControllerCtor() : null;
  const signal = controller === null ? null : abortControllerSignalIntrinsic(controller);
  if (signal !== null && muted) muteAbortEvent(signal);
  let aborted = false;
  return {
    point,
    signal,
    get aborted() {
      return aborted;
    },
    abort() {
      if (controller === null || aborted) return;
      aborted = true;
      try {
        abortControllerAbortIntrinsic(controller);
      } catch {
        // an abort listener the subject added threw; the signal is aborted all the same
      }
    },
  };
}
