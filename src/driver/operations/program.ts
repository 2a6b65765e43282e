// program: a sequence of steps run against one live context (src/scenario/program.ts). The
// first context is buildActiveContext({ requirements, messages: [] }); each step writes a
// StepObservation. The operation's outcome is the final live context as data; a step that
// does not settle (or cannot be run) stops the program and becomes the outcome.
import type { Json } from "../../scenario/data";
import type { SummarizerCall } from "../../scenario/observation";
import type { Operation } from "../../scenario/scenario";
import type { StepObservation } from "../../scenario/program";
import { box, objectFreeze, sealed, type Box } from "../intrinsics";
import { pushItem } from "../read";
import { toData } from "../to-data";
import { setupFailed, type OperationEnv, type RawRun } from "./env";
import type { LiveState } from "./program-live";
import { runAppendStep, runCompactStep } from "./program-step";

/** The run of a program, boxed, through a sealed promise (../intrinsics: box, sealed). */
export function runProgram(op: Extract<Operation, { kind: "program" }>, env: OperationEnv): Promise<Box<RawRun>> {
  return sealed(programNow(op, env));
}

async function programNow(op: Extract<Operation, { kind: "program" }>, env: OperationEnv): Promise<Box<RawRun>> {
  const build = env.exportFn("buildActiveContext");
  env.exportFn("compactContext"); // a missing export makes the whole program unusable, up front
  const setupInput = { requirements: env.live(op.requirements, null), messages: [] as unknown[] };
  const setupTracker = env.track(setupInput, false);
  const setup = env.call(build, [setupInput]);
  if (setup.kind === "threw") return box(setupFailed(env.observeError(setup.error), setupTracker));

  const reuse = op.reuse === undefined ? undefined : { options: op.reuse.options === true, signal: op.reuse.signal === true, shared: null, controller: null };
  const state: LiveState = { live: setup.value, data: env.counters.quiet(() => toData(setup.value)), pending: [], ...(reuse === undefined ? {} : { reuse }) };
  const steps: StepObservation[] = [];
  const summarizerCalls: SummarizerCall[] = [];
  let unchanged = true;
  let outcome: RawRun["outcome"] | null = null;
  for (let i = 0; i < op.steps.length; i++) {
    const step = op.steps[i];
    const run = step.kind === "compact" ? (await runCompactStep(env, state, i, step)).value : runAppendStep(env, state, i, step);
    const seen = run.observation;
    pushItem(steps, seen);
    for (let c = 0; c < seen.summarizerCalls.length; c++) pushItem(summarizerCalls, seen.summarizerCalls[c]);
    unchanged = unchanged && seen.inputUnchanged && seen.liveUnchanged;
    if (run.stop) {
      outcome = seen.outcome;
      break;
    }
  }
  return box({
    // The final live context as data: each step already read it after its call.
    outcome: outcome ?? objectFreeze({ kind: "returned" as const, value: state.data }),
    returned: outcome === null ? state.live : undefined,
    identity: {},
    input: objectFreeze({ unchanged, stillFrozen: null, after: null as Json | null }),
    setupError: null,
    summarizerCalls: objectFreeze(summarizerCalls),
    steps: objectFreeze(steps),
  });
}
