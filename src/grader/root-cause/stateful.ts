import { isDeepStrictEqual } from "node:util";
import type { Host } from "../../scenario/host";
import type { Expected } from "../../scenario/expected";
import type { Observation } from "../../scenario/observation";
import type { PropertyDefinition } from "../../scenario/property";
import type { Scenario } from "../../scenario/scenario";
import { evaluateCase } from "../run-property";
import { judge } from "../run/judge";
import { departingProgramStep, STEP_PROPERTY } from "./program-step";
import type { Signature } from "./signature-type";

// Answers that depend on earlier calls (docs/grading.md "From failures to mistakes"). A grade
// runs thousands of calls through one loaded module, so a submission that keeps state between
// calls (options remembered per object, a signal listened to once, a level counter carried over,
// results cached by an id) fails cases that a freshly loaded module answers right, and its
// failures then look like mistakes of every rule those cases touch. A few failures, spread over
// the list, are observed again by a fresh instance of the module (Host.fresh); where one is
// answered otherwise there, every failure is asked so. One answered as the contract does is this
// mistake; one answered otherwise and still departing is diagnosed on the fresh answer (the other
// mistake behind it, without the state). A program that hung at a step waiting on a signal, every
// earlier step answered as the model does, is asked at that step alone: answered right there, the
// program's earlier calls kept the signal from being heard.

export interface Failed {
  readonly id: string;
  readonly counterexample?: Scenario;
  readonly observation?: Observation;
}

/** The key, rule and words of the mistake. */
export const CALLS_ALONE: Signature = {
  key: "calls.alone",
  rule: "calls.alone",
  question: "the same call, made by a freshly loaded module",
  subject: "answered otherwise after earlier calls",
  contract: "answered as the contract does (a fresh module's answer)",
};

/** Failures asked before the rest is: the mistake must show in one of them. */
const FIRST = 6;
/** At most this many failures asked in all (each is a module loaded anew). */
const MOST = 160;

export interface Fresh {
  /** Failures (by index) a freshly loaded module answers as the contract does: this mistake's. */
  readonly right: ReadonlySet<number>;
  /** Failures it answers otherwise than the used module, still departing: their fresh answer, diagnosed instead (the other mistake behind them, without the state). */
  readonly otherwise: ReadonlyMap<number, Observation>;
}

/** What a freshly loaded module answers on the failures' cases (./stateful, above). */
export async function askedFresh(failures: readonly Failed[], byId: ReadonlyMap<string, PropertyDefinition>, subject: Host, reference: Host | null): Promise<Fresh> {
  const right = new Set<number>();
  const otherwise = new Map<number, Observation>();
  if (subject.fresh === undefined) return { right, otherwise };
  // A program lost at a step (a hang) is asked at that step only: the whole program would hang again.
  const candidates = failures.flatMap((f, i) => (f.counterexample !== undefined && f.observation !== undefined && (settled(f.observation) || isProgram(f.counterexample)) && byId.has(f.id) ? [i] : []));
  // The first asked are spread over the failures (a state shows in some properties only), then the rest in order.
  const spread = candidates.filter((_, k) => candidates.length <= FIRST || k % Math.ceil(candidates.length / FIRST) === 0).slice(0, FIRST);
  const order = [...spread, ...candidates.filter((i) => !spread.includes(i))];
  let asked = 0;
  for (const i of order) {
    if (asked >= MOST || (asked >= FIRST && right.size === 0 && otherwise.size === 0)) break;
    asked++;
    const failure = failures[i]!;
    const answer = await freshAnswer(byId.get(failure.id)!, failure.counterexample!, failure.observation!, subject, reference);
    if (answer === "right") right.add(i);
    else if (answer !== null) otherwise.set(i, answer);
  }
  return { right, otherwise };
}

function isProgram(scenario: Scenario): boolean {
  return scenario.operation.kind === "program";
}

function settled(observation: Observation): boolean {
  return observation.outcome.kind === "returned" || observation.outcome.kind === "threw";
}

/** "right" when a fresh module answers the case (or a program's departing step alone) as the contract does; its observation when it answers otherwise than `observed` and still departs; else null. */
async function freshAnswer(def: PropertyDefinition, scenario: Scenario, observed: Observation, subject: Host, reference: Host | null): Promise<"right" | Observation | null> {
  const whole = settled(observed) ? await wholeWhenFresh(def, scenario, subject, reference) : null;
  if (whole === "right") return "right";
  // A program that hung at a step waiting on a signal (a cancellation that did not arrive), every
  // earlier step answered as the model does: that step, alone. (A program that departs otherwise
  // is not asked so: a step may depart alone on the submission's own objects of earlier steps,
  // which is no state of the module; and a hang of another kind would hang again.)
  const step = settled(observed) ? null : departingProgramStep(scenario, observed);
  const waitedOnSignal = step !== null && step.scenario.operation.kind === "compact" && step.scenario.operation.abort !== "none";
  if (step !== null && step.index >= 1 && waitedOnSignal && answeredAsModel(observed, step.expectations, step.index) && (await subject.fresh!())) {
    const alone = await subject.observe(step.scenario);
    if (settled(alone) && judge(STEP_PROPERTY, { scenario: step.scenario, observation: alone, expected: step.expected, reference: null }).ok) return "right";
  }
  return whole !== null && !sameAnswer(whole, observed) ? whole : null;
}

/**
 * Every step before `index` answered exactly as the model does (a value equal to its value, a
 * refusal with one of its codes): the step at `index` was given what the model gives it, so a fresh
 * module answering it right alone shows the program's earlier calls changed its answer (not an
 * earlier answer that differed without departing).
 */
function answeredAsModel(observed: Observation, expectations: readonly Expected[], index: number): boolean {
  const steps = observed.steps ?? [];
  for (let i = 0; i < index; i++) {
    const seen = steps[i]?.outcome;
    const want = expectations[i];
    if (seen === undefined || want === undefined) return false;
    if (want.kind === "returns" ? seen.kind !== "returned" || !isDeepStrictEqual(seen.value, want.value) : seen.kind !== "threw" || !want.codes.includes(String(seen.error.code))) return false;
  }
  return true;
}

/** The same answer: outcome (its value or code) and summarizer calls; timings and counters left out. */
function sameAnswer(a: Observation, b: Observation): boolean {
  return isDeepStrictEqual(a.outcome, b.outcome) && a.summarizerCalls.length === b.summarizerCalls.length && isDeepStrictEqual(a.steps?.map((s) => s.outcome), b.steps?.map((s) => s.outcome));
}

/** "right", or the fresh module's observation where it still departs; null when it could not be asked. */
async function wholeWhenFresh(def: PropertyDefinition, scenario: Scenario, subject: Host, reference: Host | null): Promise<"right" | Observation | null> {
  if (!(await subject.fresh!())) return null;
  const observation = await subject.observe(scenario);
  if (!settled(observation)) return null;
  const failure = await evaluateCase(def, def.needsReference === true ? reference : null, scenario, () => Promise.resolve(observation));
  return failure === null ? "right" : failure.kind === "failed" ? observation : null;
}
