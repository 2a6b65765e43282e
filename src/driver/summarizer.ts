// The summarizer handed to the subject: runs the scenario's script, records every call
// (the request as data, its deep frozen-ness, whether the second argument is the options'
// signal) and performs the abort points that happen inside or around the summarizer.
import type { SummarizerScript } from "../scenario/scenario";
import type { SecondArgument, SummarizerCall } from "../scenario/observation";
import type { AbortPlan } from "./abort-plan";
import type { HostileCounters } from "./hostile-counters";
import { abortedOfGenuineSignal, deferred, isNativePromise, objectFreeze, setImmediateIntrinsic, thenIntrinsic } from "./intrinsics";
import { frozenReport } from "./frozen-report";
import { pushItem } from "./read";
import { scriptDress, type ScriptContext, type ScriptData, type ScriptKind } from "./scripts/registry";
import { toData } from "./to-data";

export interface RecordingSummarizer {
  readonly fn: (...args: unknown[]) => unknown;
  /**
   * The calls so far, as they stand now (a fresh array: a call that comes later is not in it): a
   * fresh signal not aborted at the call (no caller's signal) that is aborted by now is
   * "abortedAfterCall" (§7 step 4: a signal that is never aborted).
   */
  readonly callsNow: () => SummarizerCall[];
}

const TRIVIALLY_FROZEN = objectFreeze({ deep: true, firstUnfrozen: null });

/** How the summarizer's second argument relates to `options.signal` (see SummarizerCall). */
function secondArgument(second: unknown, optionsSignal: { readonly present: boolean; readonly value: unknown }): SecondArgument {
  if (optionsSignal.present && second === optionsSignal.value) return "optionsSignal";
  if (second === undefined) return "undefined";
  const aborted = abortedOfGenuineSignal(second);
  if (aborted === null) return "other";
  return aborted ? "abortedSignal" : "unabortedSignal";
}

/** Resolve `target` with `value` without reading a (patchable) `then` of a native promise. */
function forward(value: unknown, target: ReturnType<typeof deferred<unknown>>): void {
  if (isNativePromise(value)) thenIntrinsic(value, target.resolve, target.reject);
  else target.resolve(value);
}

export function createRecordingSummarizer(
  script: SummarizerScript,
  kind: ScriptKind,
  plan: AbortPlan,
  /** The value put in `options.signal`, or `absent` when the options carry none. */
  optionsSignal: { readonly present: boolean; readonly value: unknown },
  counters: HostileCounters,
  materialize: ScriptContext["materialize"],
  subjectExport?: ScriptContext["subjectExport"],
): RecordingSummarizer {
  const calls: SummarizerCall[] = [];
  const seconds: unknown[] = [];
  const noop = (): void => {};
  const dress = scriptDress(script, kind);
  const ctx = (settling: () => void, driverAdopts = false): ScriptContext => ({ settling, counters, materialize, driverAdopts, subjectExport, dress });

  const fn = function summarizer(...args: unknown[]): unknown {
    counters.quiet(() => {
      const request = args[0];
      const second = args.length > 1 ? args[1] : undefined;
      pushItem(calls, objectFreeze({
        request: toData(request),
        requestFrozen: frozenReport(request) ?? TRIVIALLY_FROZEN,
        secondArgument: secondArgument(second, optionsSignal),
      }));
      pushItem(seconds, second);
    });
    if (plan.point === "inSummarizer") plan.abort();
    if (plan.point === "whilePending" && plan.signal !== null) {
      // The driver owns the promise: abort in a later macrotask while it is pending, and
      // settle it with the script's value in a macrotask after that.
      const pending = deferred<unknown>();
      setImmediateIntrinsic(() => {
        plan.abort();
        setImmediateIntrinsic(() => {
          try {
            forward(kind.invoke(script as ScriptData, ctx(noop, true)), pending);
          } catch (error) {
            pending.reject(error);
          }
        });
      });
      return pending.promise;
    }
    return kind.invoke(script as ScriptData, ctx(plan.point === "atSettlement" ? () => plan.abort() : noop));
  };
  const callsNow = (): SummarizerCall[] => {
    const out: SummarizerCall[] = [];
    for (let i = 0; i < calls.length; i++) {
      const call = calls[i]!;
      const later = call.secondArgument === "unabortedSignal" && abortedOfGenuineSignal(seconds[i]) === true;
      pushItem(out, later ? objectFreeze({ request: call.request, requestFrozen: call.requestFrozen, secondArgument: "abortedAfterCall" as const }) : call);
    }
    return out;
  };
  return { fn, callsNow };
}
