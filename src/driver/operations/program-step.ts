// One step of a program: an append (buildActiveContext of the live channels plus the pending
// messages) or a compaction (compactContext with budgets derived from the input's units).
// Each writes one StepObservation; only a returned object replaces the live context.
// Programs are long, so each step reads the live context once after its call (to prove it
// unchanged) and carries that data to the next step instead of reading it again.
import type { Json, MessageData } from "../../scenario/data";
import type { Outcome, SummarizerCall } from "../../scenario/observation";
import type { CompactStep, ProgramStep, StepObservation } from "../../scenario/program";
import { programBudget, stepMessages } from "../../scenario/program";
import type { Operation } from "../../scenario/scenario";
import { deepEqualData } from "../deep-equal-data";
import { frozenReport } from "../frozen-report";
import { AbortControllerCtor, StringCtor, box, isArray, objectFreeze, objectKeys, sealed, type Box } from "../intrinsics";
import { buildCompactOptions } from "../options";
import { defineData, isObjectLike, ownDataValue } from "../read";
import { settleWithin } from "../settle";
import { toData } from "../to-data";
import type { Attempt, OperationEnv } from "./env";
import { addPending, clearPending, extendedInput, extendedInputData, type LiveState } from "./program-live";
import { measureContext } from "./program-units";

export interface StepRun {
  readonly observation: StepObservation;
  /** The step did not settle (or could not run): the program stops here. */
  readonly stop: boolean;
}

const EMPTY_CALLS: readonly SummarizerCall[] = objectFreeze([]);

function lastItem(list: unknown): unknown {
  if (!isObjectLike(list) || !isArray(list)) return undefined;
  const length = ownDataValue(list, "length");
  return typeof length === "number" && length > 0 ? ownDataValue(list, StringCtor(length - 1)) : undefined;
}

/** The live context after a returned compact result, or undefined when it does not replace it. */
function compactedContext(result: unknown): unknown {
  if (!isObjectLike(result)) return undefined;
  const status = ownDataValue(result, "status");
  if (status !== "compacted" && status !== "unchanged") return undefined;
  const context = ownDataValue(result, "context");
  return isObjectLike(context) ? context : undefined;
}

/** The call's input: the live context itself, or a plain object of its channels plus the pending messages. */
interface StepInput {
  readonly value: unknown;
  readonly before: Json;
}

function stepInput(env: OperationEnv, state: LiveState, prebuilt: boolean): StepInput {
  if (prebuilt) return { value: state.live, before: state.data };
  const value = extendedInput(state, (message: MessageData) => env.live(message as unknown as Json, null));
  return { value, before: extendedInputData(state) };
}

interface Finished {
  readonly step: number;
  readonly call: StepObservation["call"];
  readonly attempt: Attempt;
  readonly identity: Record<string, boolean>;
  readonly options: Json | null;
  readonly measures: StepObservation["measures"];
  readonly summarizerCalls: readonly SummarizerCall[];
  readonly input: StepInput;
  /** The live context as it was before the step. */
  readonly oldLive: unknown;
  readonly oldData: Json;
  /** The value that replaces the live context, or undefined. */
  readonly next: unknown;
}

/** Compares input and live context with their data from before, moves the live state on, and writes the observation. */
function finish(env: OperationEnv, state: LiveState, f: Finished): StepObservation {
  const outcome = env.outcomeOf(f.attempt);
  const oldNow = env.counters.quiet(() => toData(f.oldLive));
  const liveUnchanged = env.counters.quiet(() => deepEqualData(f.oldData, oldNow));
  const inputUnchanged = f.input.value === f.oldLive ? liveUnchanged : env.counters.quiet(() => deepEqualData(f.input.before, toData(f.input.value)));
  const replacedLive = f.next !== undefined;
  if (replacedLive) {
    state.live = f.next;
    const value = outcome.kind === "returned" ? outcome.value : null;
    state.data = f.call === "build" ? value : ((ownDataValue(value, "context") as Json | undefined) ?? env.counters.quiet(() => toData(f.next)));
    clearPending(state);
  } else state.data = oldNow;
  const returned = f.attempt.kind === "returned" ? f.attempt.value : undefined;
  return objectFreeze({
    step: f.step,
    call: f.call,
    outcome,
    frozen: f.attempt.kind === "returned" ? env.counters.quiet(() => frozenReport(returned)) : null,
    identity: objectFreeze({ ...f.identity }),
    options: f.options,
    measures: f.measures,
    summarizerCalls: f.summarizerCalls,
    inputUnchanged,
    liveUnchanged,
    replacedLive,
    pending: state.pending.length,
  });
}

export function runAppendStep(env: OperationEnv, state: LiveState, index: number, step: ProgramStep): StepRun {
  const build = env.exportFn("buildActiveContext");
  const oldLive = state.live;
  const oldData = state.data;
  addPending(state, stepMessages(step));
  const input = stepInput(env, state, false);
  const attempt = env.call(build, [input.value]);
  const next = attempt.kind === "returned" && isObjectLike(attempt.value) ? attempt.value : undefined;
  const identity: Record<string, boolean> = attempt.kind === "returned" ? { resultIsInput: attempt.value === input.value } : {};
  const observation = finish(env, state, { step: index, call: "build", attempt, identity, options: null, measures: null, summarizerCalls: EMPTY_CALLS, input, oldLive, oldData, next });
  return { observation, stop: false };
}

function stopped(env: OperationEnv, state: LiveState, index: number, outcome: Outcome, details: Pick<StepObservation, "options" | "measures" | "summarizerCalls">): StepRun {
  const liveUnchanged = env.counters.quiet(() => deepEqualData(state.data, toData(state.live)));
  const observation: StepObservation = objectFreeze({
    step: index, call: "compact" as const, outcome, frozen: null, identity: objectFreeze({}), ...details,
    inputUnchanged: liveUnchanged, liveUnchanged, replacedLive: false, pending: state.pending.length,
  });
  return { observation, stop: true };
}

/** One compact step, boxed, through a sealed promise (../intrinsics: box, sealed). */
export function runCompactStep(env: OperationEnv, state: LiveState, index: number, step: CompactStep): Promise<Box<StepRun>> {
  return sealed(compactStepNow(env, state, index, step));
}

async function compactStepNow(env: OperationEnv, state: LiveState, index: number, step: CompactStep): Promise<Box<StepRun>> {
  const compact = env.exportFn("compactContext");
  const oldLive = state.live;
  const oldData = state.data;
  const input = stepInput(env, state, state.pending.length === 0);
  const measures = measureContext(input.before, step);
  if (measures === null) {
    const outcome = objectFreeze({ kind: "crash" as const, reason: "driver: the live context cannot be measured (not shaped like a context)" });
    return box(stopped(env, state, index, outcome, { options: null, measures: null, summarizerCalls: EMPTY_CALLS }));
  }
  const options = programBudget(step, measures);
  const operation: Extract<Operation, { kind: "compact" }> = {
    kind: "compact", context: null, prebuilt: input.value === oldLive, options: options as unknown as Json, summarizer: step.summarizer,
    summarizerSlot: "script", signal: "controller", abort: step.abort,
  };
  const reuse = state.reuse;
  if (reuse?.signal === true && reuse.controller === null) reuse.controller = new AbortControllerCtor();
  const prepared = buildCompactOptions(operation, env.counters, (value) => env.live(value, null), undefined, reuse?.signal === true ? (reuse.controller ?? undefined) : undefined);
  const given = reuse?.options === true ? sharedOptions(reuse, prepared.options) : prepared.options;
  // A copy (callsNow's own array): a summarizer call that comes after the step is not this step's.
  const calls = (): readonly SummarizerCall[] => objectFreeze(prepared.summarizer === null ? [] : prepared.summarizer.callsNow());
  const identity: Record<string, boolean> = {};

  if (prepared.plan.point === "beforeCall") prepared.plan.abort();
  let attempt = env.call(compact, [input.value, given]);
  // A caller makes a new controller once theirs was aborted.
  const renew = () => {
    if (reuse !== undefined && prepared.plan.aborted) reuse.controller = null;
  };
  if (attempt.kind === "returned") {
    const settled = (await settleWithin(attempt.value, env.timeoutMs)).value;
    if (settled.kind === "timeout") {
      renew();
      const outcome = objectFreeze({ kind: "timeout" as const, afterMs: env.timeoutMs });
      return box(stopped(env, state, index, outcome, { options: options as unknown as Json, measures, summarizerCalls: calls() }));
    }
    attempt = settled.kind === "fulfilled" ? { kind: "returned", value: settled.value } : { kind: "threw", error: settled.reason };
  } else defineData(identity, "threwSynchronously", true);

  let next: unknown;
  if (attempt.kind === "returned") {
    const result = attempt.value;
    env.counters.quiet(() => {
      const context = ownDataValue(result, "context");
      defineData(identity, "resultContextIsInput", context === input.value);
      if (ownDataValue(result, "status") === "compacted") {
        const record = ownDataValue(result, "record");
        defineData(identity, "recordIsLastCompaction", isObjectLike(record) && record === lastItem(ownDataValue(context, "compactions")));
      }
      next = compactedContext(result);
    });
  }
  renew();
  const observation = finish(env, state, { step: index, call: "compact", attempt, identity, options: options as unknown as Json, measures, summarizerCalls: calls(), input, oldLive, oldData, next });
  return box({ observation, stop: false });
}

/**
 * The program's one options object with this step's fields (ProgramReuse.options): the first
 * step's own object, then, for each later step, that object with its fields set anew, as a
 * caller keeping one options object does. Where the subject made it unwritable, the step's own.
 */
function sharedOptions(reuse: NonNullable<LiveState["reuse"]>, fresh: unknown): unknown {
  if (!isObjectLike(fresh)) return fresh;
  if (reuse.shared === null) {
    reuse.shared = fresh as Record<string, unknown>;
    return fresh;
  }
  const keys = objectKeys(fresh);
  try {
    for (let i = 0; i < keys.length; i++) defineData(reuse.shared, keys[i]!, (fresh as Record<string, unknown>)[keys[i]!]);
  } catch {
    return fresh;
  }
  return reuse.shared;
}
