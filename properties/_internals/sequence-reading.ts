import type { CheckInput, Json, MessageData, ProgramStep, StepObservation, Verdict } from "../../src/scenario";
import { stepMessages } from "../../src/scenario";
import type { ExpectedStep } from "../../src/model/program";
import { programExpectation } from "../../src/model/program";
import { fail, pass } from "./format";
import { field } from "./json";
import { describeOutcome } from "./outcome";

// The shared reading of a program observation (operation "program", src/scenario/program.ts):
// the steps run, each next to the model's step and the live context before and after it as
// observed. Judges look at one step at a time and say which step broke the invariant.

export interface StepCase {
  readonly index: number;
  readonly step: ProgramStep;
  readonly seen: StepObservation;
  readonly want: ExpectedStep;
  /** The live context as observed before and after the step (data). */
  readonly liveBefore: Json;
  readonly liveAfter: Json;
  /** Ids of every message handed to a build that succeeded, in order: all appended ids but the pending ones. */
  readonly committedIds: readonly string[];
  /** Messages appended before the step and in no built context yet (a compact step's input adds them). */
  readonly pendingBefore: readonly MessageData[];
}

/** What a step returned, as a short word: "built", the result's status, or the error code. */
export function observedOutcome(seen: StepObservation): string {
  const outcome = seen.outcome;
  if (outcome.kind === "returned") return seen.call === "build" ? "built" : String(field(outcome.value, "status") ?? "(no status)");
  if (outcome.kind === "threw") return typeof outcome.error.code === "string" ? outcome.error.code : describeOutcome(outcome);
  return describeOutcome(outcome);
}

export function expectedOutcome(want: ExpectedStep): string {
  if (want.expected.kind === "throws") return want.expected.codes.join(" or ");
  return want.call === "build" ? "built" : String(field(want.expected.value, "status"));
}

/** "step 7 (compact)": how failure messages name a step. */
export function stepName(c: StepCase): string {
  return `step ${c.index} (${c.step.kind}${c.step.kind === "compact" ? ` ${c.step.summarizer.kind}, abort ${c.step.abort}` : ""})`;
}

/** The live context the step left: its returned context when it replaced the live one. */
function liveAfterStep(seen: StepObservation, before: Json): Json {
  if (!seen.replacedLive || seen.outcome.kind !== "returned") return before;
  return seen.call === "build" ? seen.outcome.value : (field(seen.outcome.value, "context") ?? null);
}

/**
 * Pairs every observed step with the model's. The live context before the first step is the
 * model's first context (buildActiveContext({requirements, messages: []}), checked by the
 * build properties); from then on the observed one, as the driver carried it.
 */
export function onProgram(input: CheckInput, judge: (steps: readonly StepCase[]) => Verdict): Verdict {
  const { scenario, observation, expected } = input;
  const operation = scenario.operation;
  if (operation.kind !== "program") return fail("harness: a sequence property ran on a scenario that is not a program");
  const model = programExpectation(expected);
  if (model === null) return fail("harness: the model has no simulation for this program (its first context cannot be built)");
  const seenSteps = observation.steps ?? [];
  if (observation.outcome.kind !== "returned" && seenSteps.length === 0) {
    return fail(`expected the program's first context to be built, observed: ${describeOutcome(observation.outcome)}`);
  }
  const cases: StepCase[] = [];
  let live: Json = model.setup.kind === "returns" ? model.setup.value : null;
  const appended: MessageData[] = [];
  let pending = 0;
  for (let i = 0; i < seenSteps.length; i++) {
    const seen = seenSteps[i]!;
    const step = operation.steps[i]!;
    const pendingBefore = appended.slice(appended.length - pending);
    appended.push(...stepMessages(step));
    const committedIds = appended.slice(0, appended.length - seen.pending).map((m) => m.id);
    const after = liveAfterStep(seen, live);
    cases.push({ index: i, step, seen, want: model.steps[i]!, liveBefore: live, liveAfter: after, committedIds, pendingBefore });
    live = after;
    pending = seen.pending;
  }
  const verdict = judge(cases);
  if (!verdict.ok) return verdict;
  if (seenSteps.length < operation.steps.length) {
    return fail(`expected all ${operation.steps.length} steps to run, observed the program stop at step ${seenSteps.length - 1}: ${describeOutcome(observation.outcome)}`);
  }
  return pass;
}

/** Every step must satisfy `judge` (a verdict naming the first step that does not). */
export function everyStep(judge: (c: StepCase) => Verdict): (steps: readonly StepCase[]) => Verdict {
  return (steps) => {
    for (const c of steps) {
      const verdict = judge(c);
      if (!verdict.ok) return fail(`${stepName(c)}: ${verdict.message}`);
    }
    return pass;
  };
}
