import { simulateProgram } from "../../model/index";
import { withoutUpstream } from "../../model/upstream";
import type { Json } from "../../scenario/data";
import type { Expected } from "../../scenario/expected";
import type { Observation } from "../../scenario/observation";
import type { PropertyDefinition, Verdict } from "../../scenario/property";
import type { ProgramStep } from "../../scenario/program";
import type { Scenario, SummarizerScript } from "../../scenario/scenario";
import { outcomeDeparture } from "./departure";
import { requestPut, requestSignature } from "./request-check";

// A program (a sequence of appends and compactions on one live context) fails at its first step
// whose answer departs from the contract's: that step is one call, buildActiveContext of the
// live context with the appended messages or compactContext of the live context, and its
// mistake is the one that call shows alone. The step becomes a scenario of its own, judged by
// the property "the call answers as the contract does" (STEP_PROPERTY), and is diagnosed as any
// failure (./diagnose).

export interface DepartingStep {
  readonly index: number;
  readonly scenario: Scenario;
  /** The step's own observation in the program (the subject's answer there). */
  readonly observation: Observation;
  readonly expected: Expected;
  /** The model's answer at every step of the program (the departing one and those after it included). */
  readonly expectations: readonly Expected[];
}

/** A call judged by its outcome alone: a value, a code and the summarizer calls the contract accepts. */
export const STEP_PROPERTY: PropertyDefinition = {
  id: "step",
  family: "program",
  title: "The call answers as the contract does",
  weight: 0,
  catches: "A call whose outcome is not one the contract accepts.",
  specRef: "contract §3, §7",
  arbitrary: null as unknown as PropertyDefinition["arbitrary"],
  check: ({ observation, expected }): Verdict => {
    const departure = outcomeDeparture(observation, expected);
    return departure === null ? { ok: true } : { ok: false, message: `${departure.subject}; the contract ${departure.contract}` };
  },
};

/**
 * The program's first step (or its setup) whose outcome departs from the model's, as a scenario;
 * null when none does. A compaction step whose outcome is the contract's but whose summarizer was
 * called otherwise (step 4) departs only where the verdict turned on that call (the explain phase
 * on a program): `verdict` (the property's check as an origin, ./focus) judges the program again
 * with that step's call put right, and where it fails as before the search goes on to a later
 * step. Without `verdict`, such a step departs.
 */
export function departingProgramStep(scenario: Scenario, observation: Observation, verdict?: (observation: Observation) => string | null): DepartingStep | null {
  const op = scenario.operation;
  if (op.kind !== "program" || (scenario.decorations?.length ?? 0) > 0) return null;
  let simulation;
  try {
    simulation = withoutUpstream(() => simulateProgram(op));
  } catch {
    return null;
  }
  const setup: Scenario = { operation: { kind: "build", input: { requirements: op.requirements, messages: [] } } };
  const steps = observation.steps ?? [];
  const expectations = simulation.steps.map((s) => s.expected);
  if (steps.length === 0) return { index: -1, scenario: setup, observation, expected: simulation.setup, expectations };
  for (const [i, want] of simulation.steps.entries()) {
    const seen = steps[i];
    if (seen === undefined) return null;
    const seenObservation: Observation = { ...observation, outcome: seen.outcome, summarizerCalls: seen.summarizerCalls, frozen: seen.frozen, identity: seen.identity, steps: undefined as never };
    const step = op.steps[i]!;
    const departs = outcomeDeparture({ ...seenObservation, unhandledRejections: 0 }, want.expected) !== null;
    if (!departs && !(step.kind === "compact" && requestedOtherwise(step.summarizer, seenObservation, want.expected, want.input as unknown as Json, want.options as unknown as Json))) continue;
    if (!departs && verdict !== undefined && !turnedOnCall(observation, i, step, want.expected, want.input as unknown as Json, want.options as unknown as Json, seenObservation, verdict)) continue;
    const call: Scenario =
      step.kind === "compact"
        ? {
            operation: {
              kind: "compact",
              context: want.input as unknown as Json,
              prebuilt: want.before === want.input,
              options: want.options as unknown as Json,
              summarizer: step.summarizer,
              summarizerSlot: "script",
              signal: "controller",
              abort: step.abort,
            },
          }
        : { operation: { kind: "build", input: want.input as unknown as Json } };
    return { index: i, scenario: call, observation: seenObservation, expected: want.expected, expectations };
  }
  return null;
}

/** Whether the program's verdict changes with compaction step `index`'s summarizer call put right (./request-check), the rest of the program as observed. */
function turnedOnCall(observation: Observation, index: number, step: ProgramStep, expected: Expected, context: Json, options: Json, seen: Observation, verdict: (observation: Observation) => string | null): boolean {
  if (step.kind !== "compact") return true;
  const before = verdict(observation);
  const put = requestPut(callOf(step.summarizer, context, options), seen, expected);
  if (before === null || put === null) return true;
  const steps = observation.steps!.map((s, i) => (i === index ? { ...s, summarizerCalls: put.summarizerCalls } : s));
  return verdict({ ...observation, steps }) !== before;
}

/** A program's compaction step as one call, with the caller's signal never aborted. */
const callOf = (summarizer: SummarizerScript, context: Json, options: Json): Scenario => ({ operation: { kind: "compact", context, prebuilt: false, options, summarizer, summarizerSlot: "script", signal: "controller", abort: "none" } });

/** Whether a program's compaction step (its summarizer, context and options), answered as the contract answers, called its summarizer with another request (step 4). */
function requestedOtherwise(summarizer: SummarizerScript, seen: Observation, expected: Expected, context: Json, options: Json): boolean {
  return requestSignature(callOf(summarizer, context, options), seen, expected)?.rule === "step4.request";
}
