import { expectedFor } from "../../model/index";
import type { Host } from "../../scenario/host";
import type { Observation } from "../../scenario/observation";
import type { PropertyDefinition } from "../../scenario/property";
import type { Scenario } from "../../scenario/scenario";
import { judge } from "../run/judge";
import { departingProgramStep, STEP_PROPERTY } from "./program-step";
import type { Signature } from "./signature-type";

// Answers that depend on earlier calls (docs/grading.md "From failures to mistakes"). A grade
// runs thousands of calls through one loaded module, so a submission that keeps state between
// calls (options remembered per object, a signal listened to once, a level counter carried over,
// results cached by an id) fails cases that a freshly loaded module answers right, and its
// failures then look like mistakes of every rule those cases touch. Each of a few failures is
// observed again by a fresh instance of the module (Host.fresh): one answered as the contract
// does there is this mistake, and then every failure is asked so. A program that fails the same
// way fresh is asked again at its first departing step, alone: a step answered right alone by a
// fresh module departed because of the program's earlier calls.

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

/** The failures (by index in `failures`) that a freshly loaded module answers as the contract does. */
export async function answeredAlone(failures: readonly Failed[], byId: ReadonlyMap<string, PropertyDefinition>, subject: Host, reference: Host | null): Promise<Set<number>> {
  const found = new Set<number>();
  if (subject.fresh === undefined) return found;
  // A program lost at a step (a hang) is asked at that step only: the whole program would hang again.
  const candidates = failures.flatMap((f, i) => (f.counterexample !== undefined && f.observation !== undefined && (settled(f.observation) || isProgram(f.counterexample)) && byId.has(f.id) ? [i] : []));
  let asked = 0;
  for (const i of candidates) {
    if (asked >= MOST || (asked >= FIRST && found.size === 0)) break;
    asked++;
    const failure = failures[i]!;
    if (await rightWhenFresh(byId.get(failure.id)!, failure.counterexample!, failure.observation!, subject, reference)) found.add(i);
  }
  return found;
}

function isProgram(scenario: Scenario): boolean {
  return scenario.operation.kind === "program";
}

function settled(observation: Observation): boolean {
  return observation.outcome.kind === "returned" || observation.outcome.kind === "threw";
}

async function rightWhenFresh(def: PropertyDefinition, scenario: Scenario, observed: Observation, subject: Host, reference: Host | null): Promise<boolean> {
  if (settled(observed) && (await wholeRightWhenFresh(def, scenario, subject, reference))) return true;
  // A program that departs as well in a fresh module (or that hung): its first departing step, alone.
  const step = departingProgramStep(scenario, observed);
  if (step === null || step.index < 1) return false;
  if (!(await subject.fresh!())) return false;
  const alone = await subject.observe(step.scenario);
  return settled(alone) && judge(STEP_PROPERTY, { scenario: step.scenario, observation: alone, expected: step.expected, reference: null }).ok;
}

async function wholeRightWhenFresh(def: PropertyDefinition, scenario: Scenario, subject: Host, reference: Host | null): Promise<boolean> {
  if (!(await subject.fresh!())) return false;
  const observation = await subject.observe(scenario);
  if (!settled(observation)) return false;
  const referenceObservation = def.needsReference === true && reference !== null ? await reference.observe(scenario) : null;
  let expected;
  try {
    expected = expectedFor(scenario);
  } catch {
    return false;
  }
  return judge(def, { scenario, observation, expected, reference: referenceObservation }).ok;
}
