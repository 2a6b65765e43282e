// createDriver: one scenario in, one Observation (plain, frozen data) out. The subject is
// called in this realm; everything it returns or throws is read defensively, so a hostile
// subject can make an observation say "crash" but never make the driver throw. From the first
// call of the subject to the observation's delivery, every promise the driver awaits is sealed
// and every value it resolves one with is boxed (./intrinsics, box and sealed): the subject can
// change Promise.prototype or Object.prototype for a moment, but no `then` or `constructor` of
// its own runs on the way, to see or replace what the driver observed.
import type { Observation } from "../scenario/observation";
import type { Operation, Scenario } from "../scenario/scenario";
import { observeError } from "./error-observation";
import { frozenReport } from "./frozen-report";
import { createHostileCounters } from "./hostile-counters";
import { box, isNativePromise, now, objectFreeze, sealed, type Box } from "./intrinsics";
import { runBoundary } from "./operations/boundary";
import { runBuild } from "./operations/build";
import { runCompact } from "./operations/compact";
import { createOperationEnv, type OperationEnv, type RawRun } from "./operations/env";
import { runGroups } from "./operations/groups";
import { runUnits } from "./operations/units";
import { runProgram } from "./operations/program";
import { ownDataValue, pushItem } from "./read";
import { ScenarioError, UnusableSubjectError } from "./scenario-error";
import { serially } from "./serial";
import { macrotasks } from "./settle";
import { openRejectionWindow } from "./unhandled-rejections";

export const DEFAULT_TIMEOUT_MS = 2_000;
/** Macrotasks waited after the call settled, so late unhandled rejections are still seen. */
const SETTLE_WINDOW_MACROTASKS = 5;

export interface ObserveOptions {
  /** Per-call timeout for asynchronous operations (default 2000 ms). */
  readonly timeoutMs?: number;
}

export interface Driver {
  observe(scenario: Scenario, opts?: ObserveOptions): Promise<Observation>;
  /**
   * The same observation in a box, through a sealed promise: for a caller that shares its realm
   * with the subject (the sandboxed child), where resolving a promise with the observation itself
   * would look up a `then` the subject may have planted on Object.prototype.
   */
  observeBoxed(scenario: Scenario, opts?: ObserveOptions): Promise<Box<Observation>>;
}

/** A synchronous operation's run, or an asynchronous one's, boxed and sealed. */
function runOperation(op: Operation, env: OperationEnv): RawRun | Promise<Box<RawRun>> {
  switch (op.kind) {
    case "build":
      return runBuild(op, env);
    case "units":
      return runUnits(op, env);
    case "groups":
      return runGroups(op, env);
    case "boundary":
      return runBoundary(op, env);
    case "compact":
      return runCompact(op, env);
    case "program":
      return runProgram(op, env);
    default:
      throw new ScenarioError(`unknown operation kind ${(op as { kind: unknown }).kind as string}`);
  }
}

function crashReason(error: unknown): string {
  if (error instanceof UnusableSubjectError) return `subject: ${error.message}`;
  if (error instanceof ScenarioError) return `driver: ${error.message}`;
  const seen = observeError(error, undefined);
  return `driver: unexpected ${typeof seen.message === "string" ? seen.message : seen.typeOf}`;
}

const NO_INPUT: Observation["input"] = objectFreeze({ unchanged: true, stillFrozen: null, after: null });

async function observeNow(subject: Record<string, unknown>, scenario: Scenario, timeoutMs: number): Promise<Box<Observation>> {
  const counters = createHostileCounters();
  const window = openRejectionWindow();
  const started = now();
  try {
    let raw: RawRun;
    try {
      const env = createOperationEnv(subject, scenario.decorations ?? [], counters, timeoutMs);
      // Never `await` a run that is not a promise: that resolves a promise with it (a `then` lookup).
      const run = runOperation(scenario.operation, env);
      raw = isNativePromise(run) ? (await run).value : run;
    } catch (error) {
      raw = {
        outcome: objectFreeze({ kind: "crash" as const, reason: crashReason(error) }),
        identity: {},
        input: NO_INPUT,
        setupError: null,
        summarizerCalls: [],
      };
    }
    const durationMs = now() - started;
    const frozen = raw.outcome.kind === "returned" ? counters.quiet(() => frozenReport(raw.returned)) : null;
    await macrotasks(SETTLE_WINDOW_MACROTASKS);
    const summarizerCalls: Observation["summarizerCalls"][number][] = [];
    for (let i = 0; i < raw.summarizerCalls.length; i++) pushItem(summarizerCalls, raw.summarizerCalls[i]);
    return box(objectFreeze({
      outcome: raw.outcome,
      frozen,
      identity: objectFreeze({ ...raw.identity }),
      input: raw.input,
      setupError: raw.setupError,
      summarizerCalls: objectFreeze(summarizerCalls),
      hostile: counters.snapshot(),
      unhandledRejections: window.close(),
      durationMs,
      // Own only: a run without steps would find a `steps` getter the subject planted on Object.prototype.
      ...(ownDataValue(raw, "steps") === undefined ? {} : { steps: raw.steps }),
    }));
  } finally {
    window.close();
  }
}

/** A driver for `subject` (a module namespace or any record of the contract's exports). */
export function createDriver(subject: Record<string, unknown>): Driver {
  const observeBoxed = (scenario: Scenario, opts?: ObserveOptions): Promise<Box<Observation>> => {
    const timeoutMs = opts?.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    return sealed(serially(() => sealed(observeNow(subject, scenario, timeoutMs))));
  };
  return {
    observeBoxed,
    async observe(scenario, opts) {
      return (await observeBoxed(scenario, opts)).value;
    },
  };
}
