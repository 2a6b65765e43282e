import { equalAsContractData } from "../../driver/deep-equal-data";
import { expectedFor, modelBuild, modelBoundary, modelCodePoints, modelGroups, modelMessageUnits, modelRequirementsUnits, modelSummaryUnits } from "../../model/index";
import type { BoundaryOptions, BuildOutcome, ModelGroup } from "../../model/index";
import { ReadBudget } from "../../model/budget";
import { transcriptIssueCodes } from "../../model/build";
import { readTranscript } from "../../model/read-transcript";
import { withoutUpstream, type BuildAnswer, type CompactionAnswer, type CompactionQuestion, type OptionsAnswer, type OptionsQuestion, type ReadQuestion, type SettlingQuestion, type UnitItemKind, type UpstreamLayer, type UpstreamQuestions } from "../../model/upstream";
import type { ContextData, Json, MessageData, RequirementData, SummaryData } from "../../scenario/data";
import type { Expected } from "../../scenario/expected";
import type { Observation } from "../../scenario/observation";
import type { PropertyDefinition } from "../../scenario/property";
import type { Scenario } from "../../scenario/scenario";
import { messageLine, value } from "../report/notation";
import { outcomeAccepted } from "./accepts";
import { acceptedText, answerObservation, answerText } from "./answers";
import type { FactLayer } from "./facts";
import { contractOptions } from "./options";
import { plainCompaction, type SeenGroup, type UpstreamProbe } from "./probe";
import { contractSettling } from "./settling";

// Where the subject's answers differ from the contract's, among the questions a re-judge asked
// (u(s), units of an item, groups, builds, options, boundaries, plain compactions, settlings),
// and what a stage of the localization answers for one failure (Recheck).

export interface Difference {
  readonly layer: UpstreamLayer | FactLayer;
  /** e.g. `u("🌀") = 2`, in the subject's answer and the contract's. */
  readonly question: string;
  readonly subject: string;
  readonly contract: string;
  /** The compaction layer's plain question, for the analysis (not shown). */
  readonly plain?: CompactionQuestion;
  /** The question asked, as data, for the analysis (./signature; not shown). */
  readonly about?: Asked;
}

/** A question whose answers differ, as data. */
export type Asked =
  | { readonly kind: "codePoints"; readonly s: string; readonly subject: number }
  | { readonly kind: "item"; readonly item: { readonly kind: UnitItemKind; readonly item: unknown }; readonly subject: number; readonly contract: number }
  | { readonly kind: "groups"; readonly transcript: readonly unknown[]; readonly subject: readonly SeenGroup[]; readonly contract: readonly ModelGroup[] }
  | { readonly kind: "boundary"; readonly context: ContextData; readonly options: BoundaryOptions; readonly subject: number | null; readonly contract: number | null }
  | { readonly kind: "build"; readonly question: ReadQuestion; readonly subject: BuildAnswer; readonly contract: BuildOutcome }
  | { readonly kind: "options"; readonly question: OptionsQuestion; readonly subject: OptionsAnswer }
  | { readonly kind: "compaction"; readonly question: CompactionQuestion; readonly subject: CompactionAnswer }
  | { readonly kind: "settling"; readonly question: SettlingQuestion; readonly subject: CompactionAnswer }
  /** A reading of decorated data (./decorated): the question, the subject's observation, the contract's answer, and the calls into the data when they differ. */
  | { readonly kind: "reading"; readonly target: "input" | "options"; readonly question: Scenario; readonly own: Observation; readonly contract: Expected; readonly calls: { readonly own: Readonly<Record<string, number>>; readonly contract: Readonly<Record<string, number>> } | null };

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
  /** The field of a returned result the verdict turned on, where it differs in several (./focus). */
  readonly focus?: string;
}

/** The subject's answers that differ from the contract's, among the questions the re-judges asked. */
export function differencesIn(probe: UpstreamProbe, runs: readonly UpstreamQuestions[], layers: readonly UpstreamLayer[]): Difference[] {
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
        out.push({ layer: "build", question, subject: buildText(subject), contract: contractText(contract), about: { kind: "build", question: { reader, input }, subject, contract } });
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
        out.push({ layer: "compaction", question: asked, subject: answerText(subject), contract: acceptedText(contract), plain: question, about: { kind: "compaction", question, subject } });
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
      if (subject !== undefined && subject !== contract) out.push({ layer: "units", question: `u(${JSON.stringify(s)})`, subject: String(subject), contract: String(contract), about: { kind: "codePoints", s, subject } });
    }
    for (const [key, { kind, item }] of items) {
      const subject = probe.itemUnits.get(key);
      const contract = contractItemUnits(kind, item);
      if (subject !== undefined && contract !== null && subject !== contract) out.push({ layer: "units", question: `units of ${kind === "message" ? messageLine(item as Json).replace(/ {2}· \d+ units$/, "") : `${kind} ${JSON.stringify(item)}`}`, subject: String(subject), contract: String(contract), about: { kind: "item", item: { kind, item }, subject, contract } });
    }
  }
  if (layers.includes("groups")) {
    for (const [key, transcript] of groups) {
      const subject = probe.groups.get(key);
      if (subject === undefined) continue;
      const contract = modelGroups(transcript as never);
      if (groupsText(subject) !== groupsText(contract)) out.push({ layer: "groups", question: `groups of the ${transcript.length}-message transcript`, subject: groupsText(subject), contract: groupsText(contract), about: { kind: "groups", transcript, subject, contract } });
    }
  }
  if (layers.includes("boundary")) {
    for (const [key, { context, options }] of boundaries) {
      if (!probe.boundaries.has(key)) continue;
      const subject = probe.boundaries.get(key) ?? null;
      const contract = modelBoundary(context, options);
      if (subject !== contract) {
        const question = `boundary(targetUnits ${options.targetUnits}, summaryMaxUnits ${options.summaryMaxUnits}, retainRecentMessages ${options.retainRecentMessages})`;
        out.push({ layer: "boundary", question, subject: String(subject), contract: String(contract), about: { kind: "boundary", context, options, subject, contract } });
      }
    }
  }
  return out;
}

/** The subject's build answers as the contract allows: the same data, or one of the codes it allows. */
export function sameBuild(subject: BuildAnswer, contract: BuildOutcome, reader: ReadQuestion["reader"]): boolean {
  if (!subject.ok) return contract.ok ? (contract.rejects ?? []).includes(subject.code) : contract.codes.includes(subject.code);
  return contract.ok && (reader === "groups" || equalAsContractData(subject.context as unknown as Json, contract.context as unknown as Json));
}

/** groupToolRounds' reading of a transcript (§5), as the contract answers it: accepted, or its codes. */
export function modelReading(transcript: Json): BuildOutcome {
  const read = readTranscript(transcript, new ReadBudget());
  return read.messages === null ? { ok: false, codes: transcriptIssueCodes(read.issues) } : { ok: true, context: { requirements: [], summary: null, messages: read.messages, compactions: [] } };
}

export function buildText(answer: BuildAnswer): string {
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

export function contractText(contract: BuildOutcome): string {
  return contract.ok ? (contract.rejects === undefined ? "accepts it" : `accepts it, or rejects with ${contract.rejects.join(" or ")}`) : `rejects with ${contract.codes.join(" or ")}`;
}

function messagesCount(question: CompactionQuestion): number {
  return question.context.messages?.length ?? 0;
}

/** The subject's options answers that the contract does not give, among the questions asked. */
export function optionsDifferences(probe: UpstreamProbe, asked: ReadonlyMap<string, OptionsQuestion>): Difference[] {
  const out: Difference[] = [];
  for (const [key, question] of asked) {
    const subject = probe.options.get(key);
    if (subject === undefined) continue;
    const contract = contractOptions(question);
    const same = subject.ok ? contract.ok : !contract.ok && contract.codes.includes(subject.code);
    if (same) continue;
    const slots = question.operation === "compact" ? `, signal ${value((question.signal ?? null) as Json, 60)}, summarizer ${value((question.summarizerSlot ?? null) as Json, 60)}` : "";
    const name = question.operation === "boundary" ? "selectCompactionBoundary" : "compactContext";
    out.push({
      layer: "options",
      question: `${name} options ${value(question.options, 160)}${slots}`,
      subject: subject.ok ? "accepts them" : `rejects them with ${subject.code}`,
      contract: contract.ok ? "accepts them" : `rejects them with ${contract.codes.join(" or ")}`,
      about: { kind: "options", question, subject },
    });
  }
  return out;
}

/** The subject's settling answers (./settling) that the contract does not accept, among the questions asked. */
export function settlingDifferences(probe: UpstreamProbe, asked: ReadonlyMap<string, SettlingQuestion>): Difference[] {
  const out: Difference[] = [];
  for (const [key, question] of asked) {
    const subject = probe.settlingOutcomes.get(key);
    const contract = contractSettling(question);
    if (subject === undefined || contract === null || outcomeAccepted(answerObservation(subject), contract)) continue;
    out.push({ layer: "async", question: settlingQuestionText(question), subject: answerText(subject), contract: acceptedText(contract), about: { kind: "settling", question, subject } });
  }
  return out;
}

/** The layer's question, in a report. */
export function settlingQuestionText(question: SettlingQuestion): string {
  const signal = question.signal === "none" ? "no signal" : question.abort === "none" ? `a ${question.signal} signal never aborted` : `a ${question.signal} signal aborted ${question.abort}`;
  return `compactContext of 1 message that needs compaction, summarizer ${value(question.script as Json, 160)}, ${signal}`;
}
