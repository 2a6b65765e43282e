// The AbortController behind `options.signal: "controller"` and when to abort it
// (AbortPoint, src/scenario/scenario.ts), and with what reason (AbortReason). Without a
// controller every abort is a no-op.
import type { AbortPoint, AbortReason } from "../scenario/scenario";
import { abortReasonArguments } from "./abort-reason";
import type { ScriptContext } from "./scripts/registry";
import { AbortControllerCtor, abortControllerAbortIntrinsic, abortControllerSignalIntrinsic, defineProperty, muteAbortEvent } from "./intrinsics";

export interface AbortPlan {
  readonly point: AbortPoint;
  /** The real signal handed to the subject, or null when the scenario has no controller. */
  readonly signal: AbortSignal | null;
  abort(): void;
  /** Whether the driver has aborted (the subject cannot fake this: it is the driver's own flag). */
  readonly aborted: boolean;
}

/**
 * `muted`: the signal's first abort listener stops the event (SignalSlot "controllerMuted");
 * `reason`: what the controller is aborted with (absent: the default reason);
 * `shadowed`: the signal has an own data property `aborted: false` (SignalSlot "controllerShadowed");
 * `subjectExport`: the subject's exports, for a reason of its own error class;
 * `given`: a controller of the caller's to use instead of a new one (a program's shared signal).
 */
export function createAbortPlan(point: AbortPoint, withController: boolean, muted = false, reason?: AbortReason, shadowed = false, subjectExport?: ScriptContext["subjectExport"], given?: AbortController): AbortPlan {
  const controller = withController ? (given ?? new AbortControllerCtor()) : null;
  const signal = controller === null ? null : abortControllerSignalIntrinsic(controller);
  if (signal !== null && muted) muteAbortEvent(signal);
  if (signal !== null && shadowed) defineProperty(signal, "aborted", { value: false, writable: true, enumerable: true, configurable: true });
  // Made before any abort, so an unknown reason is a scenario error, not a swallowed throw.
  const reasonArguments = abortReasonArguments(reason, subjectExport);
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
        abortControllerAbortIntrinsic(controller, reasonArguments);
      } catch {
        // an abort listener the subject added threw; the signal is aborted all the same
      }
    },
  };
}
