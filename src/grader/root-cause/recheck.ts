import { equalAsContractData } from "../../driver/deep-equal-data";
import { expectedFor, modelBuild, simulateProgram, modelBoundary, modelCodePoints, modelGroups, modelMessageUnits, modelRequirementsUnits, modelSummaryUnits } from "../../model/index";
import type { BoundaryOptions, BuildOutcome } from "../../model/index";
import { compactionKey, withoutUpstream, withUpstreamAnswers, type BuildAnswer, type CompactionQuestion, type OptionsQuestion, type ReadQuestion, type SettlingQuestion, type UnitItemKind, type UpstreamLayer, type UpstreamQuestions } from "../../model/upstream";
import type { ContextData, Json, MessageData, RequirementData, SummaryData } from "../../scenario/data";
import { messageLine, value } from "../report/notation";
import type { Host } from "../../scenario/host";
import type { Observation } from "../../scenario/observation";
import type { PropertyDefinition, Verdict } from "../../scenario/property";
import type { Scenario } from "../../scenario/scenario";
import { judge } from "../run/judge";
import { ReadBudget } from "../../model/budget";
import { transcriptIssueCodes } from "../../model/build";
import { readTranscript } from "../../model/read-transcript";
import { outcomeAccepted } from "./accepts";
import { acceptedText, answerObservation, answerText } from "./answers";
import { settlingDifferences } from "./settling-differences";
import { reproducedInSettling } from "./reproduce";
import { optionsDifferences } from "./options";
import { plainCompaction, type UpstreamProbe } from "./probe";
import { decoratedReading } from "./decorated";
import { FACT_LAYERS, withContractFact, type FactLayer } from "./facts";

// The re-check of one failure: its counterexample is judged again (same observation, same
// property, same judge) with the expected answer computed from the subject's own upstream
// answers (LAYER_SETS, in the order the contract builds them: build, options, units → groups → boundary →
// compaction → the summarizer's settling). The first layer set under which the verdict passes
// explains the failure; a hang, escaped error or leaked rejection that the async question
// reproduces is put under that layer (./reproduce). Nothing else explains a failure: one no
// re-check clears is its own root cause.

export const LAYERS: readonly UpstreamLayer[] = ["build", "options", "units", "groups", "boundary", "compaction", "async"];
/** The re-checks tried, in order. */
const LAYER_SETS: readonly (readonly UpstreamLayer[])[] = [["units"], ["groups"], ["units", "groups"], ["build"], ["build", "groups"], ["options"], ["boundary"], ["units", "groups", "boundary"], ["compaction"], ["async"]];
/** Calls to the subject one re-check (one failure, one layer set) may cost (a counterexample of thousands of messages is left as it is). */
const MAX_PROBES_PER_RECHECK = 400;
/** Rounds of asking the subject for what the model needed (a new answer can lead the model to new questions: a program asks one step after another). */
const MAX_ROUNDS = 48;

export interface Difference {
  readonly layer: UpstreamLayer | FactLayer;
  /** e.g. `u("🌀") = 2`, in the subject's answer and the contract's. */
  readonly question: string;
  readonly subject: string;
  readonly contract: string;
  /** The compaction layer's plain question, for the analysis (not shown). */
  readonly plain?: CompactionQuestion;
}

export interface Recheck {
  /** The layer whose answers explain the failure (or the observed fact, ./facts), or null. */
  readonly layer: UpstreamLayer | FactLayer | null;
  /**
   * How: the re-judge passed ("recheck"); or the whole outcome observed is exactly the model's
   * answer computed from the subject's upstream answers and not the contract's own answer
   * ("accepted": the property's premise, e.g. "this case takes the fast path", was built on the
   * contract's units); or the property checks that very answer and it differs here ("direct");
   * or a hang or unhandled rejection recurs on the async layer's own question ("reproduced", ./reproduce);
   * or the re-judge passes with one observed fact taken as the contract's ("fact", ./facts).
   */
  readonly how?: "recheck" | "accepted" | "direct" | "reproduced" | "fact";
  /** The subject's answers that differ from the contract's on this counterexample, per layer used. */
  readonly differences: readonly Difference[];
  /** Every layer whose answers the passing re-check needed (more than one: `layer` is the most upstream). */
  readonly needs?: readonly UpstreamLayer[];
  /** Explained by the subject's reading of the very input or options, decorated or not data (./decorated). */
  readonly reading?: "input" | "options";
}

export interface Failure {
  readonly def: PropertyDefinition;
  readonly scenario: Scenario;
  readonly observation: Observation;
}

export async function recheck(failure: Failure, probe: UpstreamProbe, reference: Host | null): Promise<Recheck> {
  const referenceObservation = failure.def.needsReference === true && reference !== null ? await reference.observe(failure.scenario) : null;
  if (failure.def.needsReference === true && referenceObservation === null) return { layer: null, differences: [] };
  const rejudge = (layers: readonly UpstreamLayer[]) =>
    withUpstreamAnswers(probe.answers(enabled(layers)), (): Verdict =>
      judge(failure.def, { scenario: failure.scenario, observation: failure.observation, expected: expectedFor(failure.scenario), reference: referenceObservation }),
    );
  // Units alone, groups alone, both, then the boundary (alone, then with both): a set names
  // its most upstream layer whose answers differ. The boundary comes after units and groups
  // because a boundary re-check clears every failure the boundary merely inherits from them.
  let plainAsked = false;
  for (const layers of LAYER_SETS) {
    // After units and groups (more upstream: a limit counts units), before the build's sets.
    if (!plainAsked && layers.includes("build")) {
      plainAsked = true;
      const plainRejected = await plainInputRejected(failure, probe);
      if (plainRejected !== null) return plainRejected;
    }
    // A hostile scenario's input is not the data the probe would build: its build is not asked.
    if (layers.includes("build") && (failure.scenario.decorations?.length ?? 0) > 0) continue;
    const started = probe.calls;
    let run = rejudge(layers);
    const asked: UpstreamQuestions[] = [run.misses.asked];
    for (let round = 0; round < MAX_ROUNDS && probe.open(run.misses) > 0 && !probe.exhausted && probe.calls - started < MAX_PROBES_PER_RECHECK; round++) {
      await probe.ask(run.misses);
      run = rejudge(layers);
      asked.push(run.misses.asked);
    }
    const differences = differencesIn(probe, asked, layers);
    const needs = layers.filter((layer) => differences.some((d) => d.layer === layer));
    const named = needs[0];
    if (named === undefined) continue;
    let found: Recheck | null = null;
    if (run.value.ok) found = { layer: named, how: "recheck", differences, needs };
    // The async layer explains a failure only when the re-judge passes: its properties also
    // check what no settling answers (unhandled rejections, then calls, the input after a failure).
    else if (named === "async") continue;
    else if (acceptedOnlyUnder(failure, layers, probe)) found = { layer: named, how: "accepted", differences, needs };
    else if (layers.length === 1 && failure.def.family === named) found = { layer: named, how: "direct", differences };
    if (found === null) continue;
    return named === "compaction" ? ((await upstreamOfCompaction(found, probe)) ?? found) : found;
  }
  return (await decoratedReading(failure, probe, reference)) ?? (await reproducedInSettling(failure.scenario, failure.observation, probe)) ?? (await explainedByFact(failure, reference, referenceObservation)) ?? { layer: null, differences: [] };
}

/**
 * The last re-check (./facts): the same observation with one observed fact (frozen-ness,
 * identity, the input after the call, the error's class, calls into the input's getters, then
 * or a promise's constructor) taken from the reference core's observation of the same scenario.
 */
async function explainedByFact(failure: Failure, reference: Host | null, known: Observation | null): Promise<Recheck | null> {
  if (reference === null) return null;
  const contract = known ?? (await reference.observe(failure.scenario));
  for (const fact of FACT_LAYERS) {
    const patched = withContractFact(fact, failure.scenario, failure.observation, contract);
    if (patched === null) continue;
    const verdict = withoutUpstream(() => judge(failure.def, { scenario: failure.scenario, observation: patched.observation, expected: expectedFor(failure.scenario), reference: known }));
    if (verdict.ok) return { layer: fact, how: "fact", differences: patched.differences };
  }
  return null;
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
    const started = probe.calls;
    let run = predict();
    const asked: UpstreamQuestions[] = [run.misses.asked];
    for (let round = 0; round < MAX_ROUNDS && probe.open(run.misses) > 0 && !probe.exhausted && probe.calls - started < MAX_PROBES_PER_RECHECK; round++) {
      await probe.ask(run.misses);
      run = predict();
      asked.push(run.misses.asked);
    }
    const differences = differencesIn(probe, asked, layers);
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
  const difference: Difference = { layer: "build", question: `${name}(${value(question.input as Json, 160)}), without the scenario's decorations`, subject: buildText(subject), contract: contractText(contract) };
  return { layer: "build", how: "accepted", differences: [difference], needs: ["build"] };
}

function messagesCount(question: CompactionQuestion): number {
  return question.context.messages?.length ?? 0;
}



function contractText(contract: BuildOutcome): string {
  return contract.ok ? (contract.rejects === undefined ? "accepts it" : `accepts it, or rejects with ${contract.rejects.join(" or ")}`) : `rejects with ${contract.codes.join(" or ")}`;
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

/** The subject's answers that differ from the contract's, among the questions the re-judges asked. */
function differencesIn(probe: UpstreamProbe, runs: readonly UpstreamQuestions[], layers: readonly UpstreamLayer[]): Difference[] {
  const codePoints = new Set<string>();
  const builds = new Map<string, ReadQuestion>();
  const compactions = new Map<string, CompactionQuestion>();
  const settlings = new Map<string, SettlingQuestion>();
  const optionQuestions = new Map<string, OptionsQuestion>();
  const items = new Map<string, { readonly kind: UnitItemKind; readonly item: unknown }>();
  const groups = new Map<string, readonly unknown[]>();
  const boundaries = new Map<string, { readonly context: ContextData; readonly options: BoundaryOptions }>();
  for (const run of runs) {
    for (const [key, input] of run.builds) builds.set(key, input);
    for (const [key, question] of run.compactions) compactions.set(key, question);
    for (const [key, question] of run.settlings) settlings.set(key, question);
    for (const [key, question] of run.options) optionQuestions.set(key, question);
    for (const s of run.codePoints) codePoints.add(s);
    for (const [key, item] of run.items) items.set(key, item);
    for (const [key, t] of run.groups) groups.set(key, t);
    for (const [key, b] of run.boundaries) boundaries.set(key, b);
  }
  const out: Difference[] = [];
  if (layers.includes("build")) {
    for (const [key, { reader, input }] of builds) {
      const subject = probe.builds.get(key);
      if (subject === undefined) continue;
      const contract = withoutUpstream(() => (reader === "build" ? modelBuild(input as Json) : modelReading(input as Json)));
      if (!sameBuild(subject, contract, reader)) {
        const question = `${reader === "build" ? "buildActiveContext" : "groupToolRounds"}(${value(input as Json, 160)})`;
        out.push({ layer: "build", question, subject: buildText(subject), contract: contractText(contract) });
      }
    }
  }
  if (layers.includes("compaction")) {
    for (const [key, question] of compactions) {
      const subject = probe.compactions.get(key);
      if (subject === undefined) continue;
      const contract = withoutUpstream(() => expectedFor(plainCompaction(question)));
      if (!outcomeAccepted(answerObservation(subject), contract)) {
        const asked = `compactContext of ${messagesCount(question)} messages, options ${value(question.options, 120)}, summarizer returning ${value(question.value)}`;
        out.push({ layer: "compaction", question: asked, subject: answerText(subject), contract: acceptedText(contract), plain: question });
      }
    }
  }
  if (layers.includes("async")) out.push(...settlingDifferences(probe, settlings));
  if (layers.includes("options")) out.push(...optionsDifferences(probe, optionQuestions));
  if (layers.includes("units")) {
    for (const s of codePoints) {
      // A question asked of hostile data may carry a value that is no string: no answer to compare.
      if (typeof s !== "string") continue;
      const subject = probe.codePoints.get(s);
      const contract = modelCodePoints(s);
      if (subject !== undefined && subject !== contract) out.push({ layer: "units", question: `u(${JSON.stringify(s)})`, subject: String(subject), contract: String(contract) });
    }
    for (const [key, { kind, item }] of items) {
      const subject = probe.itemUnits.get(key);
      const contract = contractItemUnits(kind, item);
      if (subject !== undefined && contract !== null && subject !== contract) out.push({ layer: "units", question: `units of ${kind === "message" ? messageLine(item as Json).replace(/ {2}· \d+ units$/, "") : `${kind} ${JSON.stringify(item)}`}`, subject: String(subject), contract: String(contract) });
    }
  }
  if (layers.includes("groups")) {
    for (const [key, transcript] of groups) {
      const subject = probe.groups.get(key);
      if (subject === undefined) continue;
      const contract = modelGroups(transcript as never);
      if (groupsText(subject) !== groupsText(contract)) out.push({ layer: "groups", question: `groups of the ${transcript.length}-message transcript`, subject: groupsText(subject), contract: groupsText(contract) });
    }
  }
  if (layers.includes("boundary")) {
    for (const [key, { context, options }] of boundaries) {
      if (!probe.boundaries.has(key)) continue;
      const subject = probe.boundaries.get(key) ?? null;
      const contract = modelBoundary(context, options);
      if (subject !== contract) {
        const question = `boundary(targetUnits ${options.targetUnits}, summaryMaxUnits ${options.summaryMaxUnits}, retainRecentMessages ${options.retainRecentMessages})`;
        out.push({ layer: "boundary", question, subject: String(subject), contract: String(contract) });
      }
    }
  }
  return out;
}

/** The subject's build answers as the contract allows: the same data, or one of the codes it allows. */
function sameBuild(subject: BuildAnswer, contract: BuildOutcome, reader: ReadQuestion["reader"]): boolean {
  if (!subject.ok) return contract.ok ? (contract.rejects ?? []).includes(subject.code) : contract.codes.includes(subject.code);
  return contract.ok && (reader === "groups" || equalAsContractData(subject.context as unknown as Json, contract.context as unknown as Json));
}

/** groupToolRounds' reading of a transcript (§5), as the contract answers it: accepted, or its codes. */
function modelReading(transcript: Json): BuildOutcome {
  const read = readTranscript(transcript, new ReadBudget());
  return read.messages === null ? { ok: false, codes: transcriptIssueCodes(read.issues) } : { ok: true, context: { requirements: [], summary: null, messages: read.messages, compactions: [] } };
}

function buildText(answer: BuildAnswer): string {
  return answer.ok ? "accepts it" : `rejects with ${answer.code}`;
}

function contractItemUnits(kind: UnitItemKind, item: unknown): number | null {
  try {
    if (kind === "requirement") return modelRequirementsUnits([item as RequirementData]);
    if (kind === "summary") return modelSummaryUnits(item as SummaryData);
    return modelMessageUnits(item as MessageData);
  } catch {
    return null;
  }
}

export function groupsText(groups: readonly { readonly startIndex: number; readonly endIndex: number }[]): string {
  return groups.map((g) => (g.endIndex - g.startIndex === 1 ? `[${g.startIndex}]` : `[${g.startIndex}–${g.endIndex - 1}]`)).join(" ");
}
