import type { Json, Path } from "./data";
import type { ProgramReuse, ProgramStep } from "./program";

// A Scenario is plain data describing one call to a subject (an implementation of the
// contract). The driver materializes it into live values in the subject's realm.

/**
 * What the summarizer does when called. Named scripts, not functions, so a scenario stays data.
 * - text/value: return `text` (or any data `value`) synchronously or as a native promise
 * - throw: throw `value` synchronously; reject: return a native promise rejected with `value`
 * - never: return a native promise that never settles
 * - thenableChain: `depth` generic thenables, each delivering the next, the last delivering `text`
 * Hostile async scripts (issue 4) add further kinds; every kind is plain data.
 * Any script may carry `callable`: the kind of function the summarizer is ("async", "bound",
 * "arrow"; absent: an ordinary function), see src/driver/scripts/callable.ts.
 */
export type SummarizerScript =
  | { kind: "text"; text: string; delivery: "sync" | "promise" }
  | { kind: "value"; value: Json; delivery: "sync" | "promise" }
  | { kind: "throw"; value: Json }
  | { kind: "reject"; value: Json }
  | { kind: "never" }
  /**
   * `inherit`: every thenable of the chain inherits its then (an instance of a class, of a subclass, or made with Object.create).
   * `nullPrototype`: no thenable of the chain has Object.prototype on its prototype chain (Object.create(null), or a holder or class prototype without one).
   * `sharedThen` (with `inherit`): every thenable of the chain inherits one and the same then (one class, subclass or holder); distinct objects, none reached twice.
   */
  | { kind: "thenableChain"; depth: number; text: string; inherit?: "class" | "subclass" | "objectCreate"; nullPrototype?: true; sharedThen?: true }
  | { kind: string; [field: string]: Json };

/**
 * When the driver aborts the AbortController whose signal is passed as `options.signal`
 * (only meaningful with `signal: "controller"`). Exact semantics, shared by driver and model:
 * - none: never.
 * - beforeCall: before compactContext is called (expected: CONTEXT_CANCELLED at step 3, unless
 *   the fast path of step 2 applies, which never consults the signal).
 * - inSummarizer: synchronously inside the summarizer, before it returns (expected: CANCELLED).
 * - whilePending: the driver hands the subject a native promise for the script's value, aborts
 *   in a later macrotask while it is pending, then settles it in a macrotask after that
 *   (expected: CANCELLED; with script "never" it never settles and CANCELLED must still come).
 * - atSettlement: synchronously just before the script's value settles (expected: CANCELLED).
 * - afterSettlement: after compactContext's own promise settled; the abort must change nothing
 *   (the driver then waits a macrotask and observes the result and input again).
 * A script "never" is only generated together with an abort that comes while it is pending.
 */
export type AbortPoint = "none" | "beforeCall" | "inSummarizer" | "whilePending" | "atSettlement" | "afterSettlement";

/**
 * What the driver aborts the controller with (`controller.abort(reason)`), so the signal's
 * `reason` is:
 * - default: nothing given, so the signal's default reason, a DOMException named "AbortError";
 * - error: an Error of the caller's;
 * - timeout: a DOMException named "TimeoutError" (what AbortSignal.timeout aborts with);
 * - text: a string.
 * Contract §7: an aborted signal is a cancellation whatever its reason. Absent means default.
 */
export type AbortReason = "default" | "error" | "timeout" | "text" | "compactionError";

/** How `options.summarizer` / `options.signal` are filled in by the driver. */
export type SummarizerSlot = "script" | "missing" | { value: Json };
/**
 * "controllerMuted": a controller's signal that already has a listener of the caller's which
 * calls `stopImmediatePropagation()`, so a compactor's own abort listener never runs; it must
 * still see the abort when the value settles (contract §7 steps 5, 6).
 * "controllerShadowed": a controller's signal given an own data property `aborted: false` by the
 * caller; still genuine, and its state is what the intrinsic getter reads (contract §7).
 * "abortController": an AbortController itself (not its signal), which is no AbortSignal (§7).
 * "signalPrototype": an object whose prototype is AbortSignal.prototype (`instanceof AbortSignal`
 * holds), which the intrinsic aborted getter refuses: no AbortSignal (§7).
 */
export type ControllerSlot = "controller" | "controllerMuted" | "controllerShadowed";
export type SignalSlot = "none" | ControllerSlot | "fakeSignal" | "abortController" | "signalPrototype" | { value: Json };

/** Whether the signal slot is a genuine AbortController's signal (the driver's own controller). */
export function isControllerSlot(slot: SignalSlot | undefined): slot is ControllerSlot {
  return slot === "controller" || slot === "controllerMuted" || slot === "controllerShadowed";
}

export type Operation =
  /** buildActiveContext(input); `twice` also passes the result back in (must be the same object). */
  | { kind: "build"; input: Json; twice?: boolean }
  /** estimateContextUnits(input), of the plain input, or of buildActiveContext(input) when prebuilt. */
  | { kind: "units"; input: Json; prebuilt: boolean }
  /** groupToolRounds(transcript). */
  | { kind: "groups"; transcript: Json }
  /** selectCompactionBoundary(context, options). */
  | { kind: "boundary"; context: Json; prebuilt: boolean; options: Json }
  /**
   * compactContext(context, options). `options` is the data part (budgets, ids); the driver
   * adds `summarizer` and `signal` according to the slots, unless options is not an object.
   */
  | {
      kind: "compact";
      context: Json;
      prebuilt: boolean;
      options: Json;
      summarizer: SummarizerScript;
      summarizerSlot: SummarizerSlot;
      signal: SignalSlot;
      abort: AbortPoint;
      /** The signal's reason when the driver aborts (absent: the default reason). */
      abortReason?: AbortReason;
      /** Once it resolves, result.context is passed to buildActiveContext (must be the same object). */
      rebuildResult?: boolean;
    }
  /**
   * A compaction program (issue 4): `steps` run in order against one live context that starts
   * as buildActiveContext({ requirements, messages: [] }). Semantics in src/scenario/program.ts.
   */
  | { kind: "program"; requirements: Json; steps: readonly ProgramStep[]; reuse?: ProgramReuse };

/**
 * A hostile change the driver applies to the live input after materializing it (issue 4):
 * getter, setter-only, proxy, hole, prototype, symbol key, non-enumerable key, cycle, …
 * `target` says which argument it applies to.
 */
export type Decoration = {
  kind: string;
  target: "input" | "options";
  path: Path;
  [field: string]: Json | Path;
};

export interface Scenario {
  readonly operation: Operation;
  readonly decorations?: readonly Decoration[];
  /** Classes the generator meant to reach (for coverage statistics); never read by a verdict. */
  readonly labels?: readonly string[];
}
