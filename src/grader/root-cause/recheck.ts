import { expectedFor, modelBuild, simulateProgram } from "../../model/index";
import { compactionKey, withoutUpstream, withUpstreamAnswers, type CompactionQuestion, type ReadQuestion, type UpstreamLayer } from "../../model/upstream";
import type { Json } from "../../scenario/data";
import { acceptedOutcomes } from "../../scenario/expected";
import type { Observation } from "../../scenario/observation";
import type { Verdict } from "../../scenario/property";
import { value } from "../report/notation";
import { judge } from "../run/judge";
import { contractOf, outcomeAccepted } from "./accepts";
import { returnedValue } from "./departure";
import { answerObservation } from "./answers";
import { buildText, contractText, differencesIn, modelReading, sameBuild, type Difference, type Failure, type Recheck } from "./differences";
import { plainCompaction, type UpstreamProbe } from "./probe";

// The layers' re-check of one failure: its counterexample is judged again (same observation,
// same property, same judge) with the expected answer computed from the subject's own upstream
// answers (LAYER_SETS, in the order the contract builds them: build, options, units → groups →
// boundary → compaction → the summarizer's settling). The first layer set under which the
// verdict passes explains the failure (./localize tries the other ways after it).

export const LAYERS: readonly UpstreamLayer[] = ["build", "options", "units", "groups", "boundary", "compaction", "async"];
/** The re-checks tried, in order. */
const LAYER_SETS: readonly (readonly UpstreamLayer[])[] = [["units"], ["groups"], ["units", "groups"], ["build"], ["build", "groups"], ["options"], ["boundary"], ["units", "groups", "boundary"], ["compaction"], ["async"]];
/**
 * The layers an operation's answer goes through (the contract's steps behind it): a layer set
 * with another layer is not asked. groupToolRounds and buildActiveContext count units only
 * for §3's limits, which decide a refusal: when both the submission and the contract return
 * groups or a context, units are no step of the answer (§5 counts none), and a units mistake
 * that departs on every context cannot explain the failure, which is left to its own layer.
 */
function operationLayers(failure: Failure): readonly UpstreamLayer[] | null {
  const op = failure.scenario.operation;
  switch (op.kind) {
    case "units":
      return ["build", "units"];
    case "boundary":
      return ["build", "options", "units", "groups", "boundary"];
    case "build":
    case "groups": {
      const reading: readonly UpstreamLayer[] = op.kind === "groups" ? ["build", "groups"] : ["build"];
      const contract = contractOf(failure.scenario);
      if (contract === null) return null;
      const bothReturn = failure.observation.outcome.kind === "returned" && acceptedOutcomes(contract).some((e) => e.kind === "returns");
      return bothReturn ? reading : [...reading, "units"];
    }
    default:
      return null;
  }
}
/** Calls to the subject one re-check (one failure, one layer set) may cost (a counterexample of thousands of messages is left as it is). */
const MAX_PROBES_PER_RECHECK = 400;
/** Rounds of asking the subject for what the model needed (a new answer can lead the model to new questions: a program asks one step after another). */
const MAX_ROUNDS = 48;

/** The first layer set whose re-check explains the failure, or null. `referenceObservation`: the reference core's, for a differential property. */
export async function recheckLayers(failure: Failure, probe: UpstreamProbe, referenceObservation: Observation | null): Promise<Recheck | null> {
  const rejudge = (layers: readonly UpstreamLayer[]) =>
    withUpstreamAnswers(probe.answers(enabled(layers)), (): Verdict =>
      judge(failure.def, { scenario: failure.scenario, observation: failure.observation, expected: expectedFor(failure.scenario), reference: referenceObservation }),
    );
  // Units alone, groups alone, both, then the boundary (alone, then with both): a set names
  // its most upstream layer whose answers differ. The boundary comes after units and groups
  // because a boundary re-check clears every failure the boundary merely inherits from them.
  let plainAsked = false;
  const through = operationLayers(failure);
  for (const layers of LAYER_SETS) {
    if (through !== null && !layers.every((layer) => through.includes(layer))) continue;
    // After units and groups (more upstream: a limit counts units), before the build's sets.
    if (!plainAsked && layers.includes("build")) {
      plainAsked = true;
      const plainRejected = await plainInputRejected(failure, probe);
      if (plainRejected !== null) return plainRejected;
    }
    // A hostile scenario's input is not the data the probe would build: its build is not asked.
    if (layers.includes("build") && (failure.scenario.decorations ?? []).some((d) => d.target === "input")) continue;
    const run = await probe.untilAnswered(() => rejudge(layers), MAX_ROUNDS, MAX_PROBES_PER_RECHECK);
    const differences = differencesIn(probe, run.asked, layers);
    const needs = layers.filter((layer) => differences.some((d) => d.layer === layer));
    const named = needs[0];
    if (named === undefined) continue;
    let found: Recheck | null = null;
    if (run.value.ok) found = { layer: named, how: "recheck", differences, needs };
    // The async layer explains a failure only when the re-judge passes: its properties also
    // check what no settling answers (unhandled rejections, then calls, the input after a failure).
    else if (named === "async") continue;
    // A verdict that fails as well with the result put right did not turn on the compaction's answer.
    else if (named === "compaction" && failsWithResultPut(failure, referenceObservation)) continue;
    else if (acceptedOnlyUnder(failure, layers, probe)) found = { layer: named, how: "accepted", differences, needs };
    else if (named === "options" && refusedOptionsAccepted(failure, differences)) found = { layer: named, how: "accepted", differences, needs };
    else if (layers.length === 1 && failure.def.family === named && (named !== "compaction" || plainDepartsAlike(failure, differences, probe))) found = { layer: named, how: "direct", differences };
    if (found === null) continue;
    return named === "compaction" ? ((await upstreamOfCompaction(found, probe)) ?? found) : found;
  }
  return null;
}

/**
 * Whether the verdict still fails with the returned result put right (the contract's value in
 * its place): it turned on something else than the result's fields (its frozen-ness, an
 * identity, the calls), which the facts re-check (./localize) tells; the compaction layer's
 * differing answer does not explain it.
 */
function failsWithResultPut(failure: Failure, referenceObservation: Observation | null): boolean {
  if (failure.observation.outcome.kind !== "returned") return false;
  const expected = expectedFor(failure.scenario);
  const wanted = returnedValue(expected, failure.observation);
  if (wanted === null) return false;
  const observation: Observation = { ...failure.observation, outcome: { kind: "returned", value: wanted } };
  try {
    return !withoutUpstream(() => judge(failure.def, { scenario: failure.scenario, observation, expected, reference: referenceObservation })).ok;
  } catch {
    return false;
  }
}

/**
 * Whether a plain compaction that departs ends as the failure does (both return, or both throw):
 * a plain answer returning another value does not explain a call that threw (a promise awaited
 * otherwise at step 5), so the compaction layer is no direct explanation of it.
 */
function plainDepartsAlike(failure: Failure, differences: readonly Difference[], probe: UpstreamProbe): boolean {
  const kind = failure.observation.outcome.kind;
  return differences.some((d) => {
    if (d.layer !== "compaction" || d.plain === undefined) return false;
    const answer = probe.compactions.get(compactionKey(d.plain));
    return answer === undefined || answerObservation(answer).outcome.kind === kind;
  });
}

/**
 * A plain compaction answered differently may itself follow from an upstream answer (a
 * boundary of 0 compacts nothing): when the model, given the subject's build, units, groups
 * or boundary, predicts every plain answer that differs, that layer is named instead.
 */
async function upstreamOfCompaction(found: Recheck, probe: UpstreamProbe): Promise<Recheck | null> {
  const questions = found.differences.filter((d) => d.layer === "compaction").map((d) => d.plain).filter((q): q is CompactionQuestion => q !== undefined);
  if (questions.length === 0) return null;
  // The async layer is no upstream of the plain compaction (its question awaits the same step 5).
  for (const layers of LAYER_SETS.filter((set) => !set.includes("compaction") && !set.includes("async"))) {
    const predict = () =>
      withUpstreamAnswers(probe.answers(enabled(layers)), () =>
        questions.every((q) => {
          const answer = probe.compactions.get(compactionKey(q));
          return answer !== undefined && outcomeAccepted(answerObservation(answer), expectedFor(plainCompaction(q)));
        }),
      );
    const run = await probe.untilAnswered(predict, MAX_ROUNDS, MAX_PROBES_PER_RECHECK);
    const differences = differencesIn(probe, run.asked, layers);
    const named = layers.find((layer) => differences.some((d) => d.layer === layer));
    if (named !== undefined && run.value) return { layer: named, how: "recheck", differences: [...differences, ...found.differences], needs: [named, "compaction"] };
  }
  return null;
}

/**
 * A hostile scenario (getters, proxies...) whose input the model rewrites: its build is not
 * asked as such. It is put under "build" when the subject rejected it with the very code its
 * own build gives the same input as plain data (no decorations), which the contract accepts
 * (or rejects with other codes): the decorations were never the reason.
 */
async function plainInputRejected(failure: Failure, probe: UpstreamProbe): Promise<Recheck | null> {
  const { scenario, observation } = failure;
  if ((scenario.decorations?.length ?? 0) === 0) return null;
  const outcome = observation.outcome;
  if (outcome.kind !== "threw" || !outcome.error.isContextCompactionError || typeof outcome.error.code !== "string") return null;
  const op = scenario.operation;
  const question: ReadQuestion | null =
    op.kind === "build" || op.kind === "units" ? { reader: "build", input: op.input } : op.kind === "boundary" || op.kind === "compact" ? { reader: "build", input: op.context } : op.kind === "groups" ? { reader: "groups", input: op.transcript } : null;
  if (question === null) return null;
  const subject = await probe.read(question);
  if (subject === undefined || subject.ok || subject.code !== outcome.error.code) return null;
  const contract = withoutUpstream(() => (question.reader === "build" ? modelBuild(question.input as Json) : modelReading(question.input as Json)));
  if (sameBuild(subject, contract, question.reader)) return null;
  const name = question.reader === "build" ? "buildActiveContext" : "groupToolRounds";
  const difference: Difference = { layer: "build", question: `${name}(${value(question.input as Json, 160)}), without the scenario's decorations`, subject: buildText(subject), contract: contractText(contract), about: { kind: "build", question, subject, contract } };
  return { layer: "build", how: "accepted", differences: [difference], needs: ["build"] };
}

/**
 * See Recheck.how "accepted". A program is accepted step by step: every call's outcome and
 * summarizer calls are exactly the model's for that step (the steps' invariants, e.g. "no
 * call open, nothing pending", are then the model's own run's).
 */
function acceptedOnlyUnder(failure: Failure, layers: readonly UpstreamLayer[], probe: UpstreamProbe): boolean {
  const op = failure.scenario.operation;
  if (op.kind === "program") {
    const own = withUpstreamAnswers(probe.answers(enabled(layers)), () => simulateProgram(op)).value;
    return programAccepted(failure.observation, own) && !programAccepted(failure.observation, simulateProgram(op));
  }
  const own = withUpstreamAnswers(probe.answers(enabled(layers)), () => expectedFor(failure.scenario)).value;
  return outcomeAccepted(failure.observation, own) && !outcomeAccepted(failure.observation, expectedFor(failure.scenario));
}

/**
 * The failure is the options' refusal itself: the contract refuses the operation with a code it
 * refuses these options with, the subject returned, and it accepts those options on an empty
 * context. What it returns past options the contract refuses (a record with a numeric id, its
 * units) is for no contract to say, so no re-judge can pass; the options mistake explains it.
 */
function refusedOptionsAccepted(failure: Failure, differences: readonly Difference[]): boolean {
  if (failure.scenario.operation.kind === "program" || failure.observation.outcome.kind !== "returned") return false;
  const expected = expectedFor(failure.scenario);
  if (expected.kind !== "throws") return false;
  return differences.some((d) => d.layer === "options" && d.subject === "accepts them" && expected.codes.some((code) => d.contract.includes(code)));
}

function programAccepted(observation: Observation, simulation: ReturnType<typeof simulateProgram>): boolean {
  const steps = observation.steps;
  if (steps === undefined || steps.length !== simulation.steps.length) return false;
  if (simulation.setup.kind === "throws") return false;
  return simulation.steps.every((step, i) => {
    const seen = steps[i]!;
    return seen.step === step.step && outcomeAccepted({ outcome: seen.outcome, summarizerCalls: seen.summarizerCalls } as unknown as Observation, step.expected);
  });
}

function enabled(layers: readonly UpstreamLayer[]) {
  return { build: layers.includes("build"), compaction: layers.includes("compaction"), async: layers.includes("async"), options: layers.includes("options"), units: layers.includes("units"), groups: layers.includes("groups"), boundary: layers.includes("boundary") };
}
