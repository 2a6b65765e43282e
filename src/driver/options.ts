// Options of boundary/compact: the data part materialized, then `summarizer` and `signal`
// filled in per slot (only when the options are an object), then the options decorations.
import { isControllerSlot, type Operation } from "../scenario/scenario";
import { createAbortPlan, type AbortPlan } from "./abort-plan";
import { COUNTER, type HostileCounters } from "./hostile-counters";
import { AbortControllerCtor, abortSignalPrototype, isArray, objectCreate } from "./intrinsics";
import { defineData } from "./read";
import { createRecordingSummarizer, type RecordingSummarizer } from "./summarizer";
import { scripts } from "./scripts/index";
import { callableSummarizer } from "./scripts/callable";
import type { Json } from "../scenario/data";

type CompactOperation = Extract<Operation, { kind: "compact" }>;

export interface CompactOptions {
  readonly options: unknown;
  readonly plan: AbortPlan;
  readonly summarizer: RecordingSummarizer | null;
}

/** An object shaped like an AbortSignal that is not one (the contract wants a genuine signal). */
function fakeSignal(counters: HostileCounters): object {
  const method = () =>
    function fakeSignalMethod() {
      counters.bump(COUNTER.fakeSignal);
      return undefined;
    };
  return {
    aborted: false,
    reason: undefined,
    onabort: null,
    addEventListener: method(),
    removeEventListener: method(),
    dispatchEvent: method(),
    throwIfAborted: method(),
  };
}

function isObjectOptions(value: unknown): value is object {
  return typeof value === "object" && value !== null && !isArray(value);
}

export function buildCompactOptions(
  op: CompactOperation,
  counters: HostileCounters,
  materialize: (value: Json) => unknown,
  subjectExport?: (name: string) => unknown,
  /** A controller to use for a "controller" signal instead of a new one (a program's shared signal). */
  controller?: AbortController,
): CompactOptions {
  const options = materialize(op.options);
  const slot = op.signal;
  const controlled = isControllerSlot(slot);
  const plan = createAbortPlan(op.abort, controlled && isObjectOptions(options), slot === "controllerMuted", op.abortReason, slot === "controllerShadowed", subjectExport, controller);
  if (!isObjectOptions(options)) return { options, plan, summarizer: null };

  let signal: { present: boolean; value: unknown } = { present: false, value: undefined };
  if (controlled) signal = { present: true, value: plan.signal };
  else if (slot === "fakeSignal") signal = { present: true, value: fakeSignal(counters) };
  else if (slot === "abortController") signal = { present: true, value: new AbortControllerCtor() };
  else if (slot === "signalPrototype") signal = { present: true, value: objectCreate(abortSignalPrototype) };
  else if (typeof slot === "object" && slot !== null) signal = { present: true, value: materialize(slot.value) };
  if (signal.present) defineData(options, "signal", signal.value);

  let summarizer: RecordingSummarizer | null = null;
  const summarizerSlot = op.summarizerSlot;
  if (summarizerSlot === "script") {
    summarizer = createRecordingSummarizer(op.summarizer, scripts.kindOf(op.summarizer), plan, signal, counters, materialize, subjectExport);
    defineData(options, "summarizer", callableSummarizer(summarizer.fn, (op.summarizer as { callable?: unknown }).callable));
  } else if (typeof summarizerSlot === "object" && summarizerSlot !== null) {
    defineData(options, "summarizer", materialize(summarizerSlot.value));
  }
  return { options, plan, summarizer };
}
