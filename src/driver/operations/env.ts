// What every operation needs: the subject's exports read defensively, scenario data turned
// into live values, guarded calls, and the before/after tracking of the input argument.
import type { Json } from "../../scenario/data";
import type { Decoration } from "../../scenario/scenario";
import type { ErrorObservation, Observation, Outcome, SummarizerCall } from "../../scenario/observation";
import type { StepObservation } from "../../scenario/program";
import { decorations } from "../decorations/index";
import { deepEqualData } from "../deep-equal-data";
import { observeError } from "../error-observation";
import { frozenReport } from "../frozen-report";
import type { HostileCounters } from "../hostile-counters";
import { apply, objectFreeze, reflectGet } from "../intrinsics";
import { materialize } from "../materialize";
import { readOwn } from "../read";
import { undoRealmPatches } from "../realm-patches";
import { UnusableSubjectError } from "../scenario-error";
import { toData } from "../to-data";

export type Attempt = { readonly kind: "returned"; readonly value: unknown } | { readonly kind: "threw"; readonly error: unknown };

/** What an operation found; the driver adds timing, counters and rejections. */
export interface RawRun {
  readonly outcome: Outcome;
  /** The live returned value (for the frozen report), when the outcome is "returned". */
  readonly returned?: unknown;
  readonly identity: Record<string, boolean>;
  readonly input: Observation["input"];
  readonly setupError: ErrorObservation | null;
  readonly summarizerCalls: readonly SummarizerCall[];
  /** Operation "program" only: one observation per step. */
  readonly steps?: readonly StepObservation[];
}

export interface InputTracker {
  /** Compares the input with its snapshot from before the call. */
  finish(): Observation["input"];
}

export interface OperationEnv {
  readonly counters: HostileCounters;
  readonly timeoutMs: number;
  /** Throws UnusableSubjectError when the export is missing or not a function. */
  exportFn(name: string): (...args: unknown[]) => unknown;
  /** Scenario data → a fresh live value, with the decorations aimed at `target` applied. */
  live(value: Json, target: Decoration["target"] | null): unknown;
  /** Applies the decorations aimed at `target` to a live value the driver built. */
  decorate(value: unknown, target: Decoration["target"]): unknown;
  call(fn: (...args: unknown[]) => unknown, args: unknown[]): Attempt;
  outcomeOf(attempt: Attempt): Outcome;
  observeError(error: unknown): ErrorObservation;
  track(input: unknown, prebuilt: boolean): InputTracker;
  /** buildActiveContext(input) for prebuilt operations. */
  prebuild(input: unknown): { ok: true; context: unknown } | { ok: false; error: ErrorObservation };
}

/**
 * An export of the subject record. A real ES module namespace has data properties; the
 * namespaces a test runner builds (vitest's SSR transform) expose live bindings as getters,
 * so an accessor here is read, guarded: a throwing one (an uninitialized binding) is "missing".
 */
function exportValue(subject: Record<string, unknown>, name: string): { present: boolean; value: unknown } {
  const own = readOwn(subject, name);
  if (own.kind === "data") return { present: true, value: own.value };
  if (own.kind !== "accessor") return { present: false, value: undefined };
  try {
    return { present: true, value: reflectGet(subject, name) };
  } catch {
    return { present: false, value: undefined };
  }
}

export function createOperationEnv(
  subject: Record<string, unknown>,
  scenarioDecorations: readonly Decoration[],
  counters: HostileCounters,
  timeoutMs: number,
): OperationEnv {
  const errorClass = (): unknown => exportValue(subject, "ContextCompactionError").value;
  const env: OperationEnv = {
    counters,
    timeoutMs,
    exportFn(name) {
      const read = exportValue(subject, name);
      if (!read.present || typeof read.value !== "function") {
        throw new UnusableSubjectError(`the subject's export ${name} is ${read.present ? `a ${typeof read.value}` : "missing"}, expected a function`);
      }
      return read.value as (...args: unknown[]) => unknown;
    },
    live(value, target) {
      const fresh = materialize(value, counters);
      return target === null ? fresh : env.decorate(fresh, target);
    },
    decorate(value, target) {
      return decorations.applyAll(value, scenarioDecorations, target, { counters });
    },
    call(fn, args) {
      try {
        return { kind: "returned", value: apply(fn, undefined, args) };
      } catch (error) {
        return { kind: "threw", error };
      } finally {
        // What a summarizer script changed in the realm ends with the subject's call.
        undoRealmPatches();
      }
    },
    outcomeOf(attempt) {
      return counters.quiet(() =>
        attempt.kind === "returned"
          ? objectFreeze({ kind: "returned" as const, value: toData(attempt.value) })
          : objectFreeze({ kind: "threw" as const, error: observeError(attempt.error, errorClass()) }),
      );
    },
    observeError(error) {
      return counters.quiet(() => observeError(error, errorClass()));
    },
    track(input, prebuilt) {
      const before = counters.quiet(() => toData(input));
      return {
        finish() {
          return counters.quiet(() => {
            const after = toData(input);
            const unchanged = deepEqualData(before, after);
            return objectFreeze({
              unchanged,
              stillFrozen: prebuilt ? (frozenReport(input)?.deep ?? false) : null,
              after: unchanged ? null : after,
            });
          });
        },
      };
    },
    prebuild(input) {
      const attempt = env.call(env.exportFn("buildActiveContext"), [input]);
      return attempt.kind === "returned" ? { ok: true, context: attempt.value } : { ok: false, error: env.observeError(attempt.error) };
    },
  };
  return env;
}

/**
 * The run of an operation whose prebuilt context could not be built: the operation is "the
 * subject's answer for buildActiveContext(input)", so its outcome is that throw (the model
 * expects it too), and `setupError` says it happened while building.
 */
export function setupFailed(error: ErrorObservation, tracker: InputTracker): RawRun {
  return {
    outcome: objectFreeze({ kind: "threw" as const, error }),
    identity: {},
    input: tracker.finish(),
    setupError: error,
    summarizerCalls: [],
  };
}

/**
 * The context argument of an operation on `data`: the live value, or with `prebuilt` the
 * subject's buildActiveContext of it; when that build throws, the operation's run is
 * setupFailed (and the operation's export is not called).
 */
export function contextArgument(
  env: OperationEnv,
  data: Json,
  prebuilt: boolean,
): { readonly ok: true; readonly context: unknown } | { readonly ok: false; readonly run: RawRun } {
  const input = env.live(data, "input");
  if (!prebuilt) return { ok: true, context: input };
  const built = env.prebuild(input);
  if (!built.ok) return { ok: false, run: setupFailed(built.error, env.track(input, false)) };
  return { ok: true, context: built.context };
}

/** The run of an operation whose call settled as `attempt`: its outcome, the input compared. */
export function rawRunOf(
  env: OperationEnv,
  attempt: Attempt,
  tracker: InputTracker,
  identity: Record<string, boolean>,
  summarizerCalls: readonly SummarizerCall[] = [],
): RawRun {
  return {
    outcome: env.outcomeOf(attempt),
    returned: attempt.kind === "returned" ? attempt.value : undefined,
    identity,
    input: tracker.finish(),
    setupError: null,
    summarizerCalls,
  };
}

/** A synchronous operation: one call, its outcome, the input compared. */
export function syncRun(env: OperationEnv, fn: (...args: unknown[]) => unknown, args: unknown[], tracker: InputTracker, identity: Record<string, boolean> = {}): RawRun {
  return rawRunOf(env, env.call(fn, args), tracker, identity);
}
