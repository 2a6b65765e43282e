import { expectedFor, modelBoundary, modelCodePoints, modelGroups, modelMessageUnits, modelRequirementsUnits, modelSummaryUnits } from "../../model/index";
import type { BoundaryOptions } from "../../model/index";
import { withUpstreamAnswers, type UnitItemKind, type UpstreamLayer, type UpstreamQuestions } from "../../model/upstream";
import type { ContextData, Json, MessageData, RequirementData, SummaryData } from "../../scenario/data";
import { messageLine } from "../report/notation";
import type { Host } from "../../scenario/host";
import type { Observation } from "../../scenario/observation";
import type { PropertyDefinition, Verdict } from "../../scenario/property";
import type { Scenario } from "../../scenario/scenario";
import { judge } from "../run/judge";
import { outcomeAccepted } from "./accepts";
import type { UpstreamProbe } from "./probe";

// The re-check of one failure: its counterexample is judged again (same observation, same
// property, same judge) with the expected answer computed from the subject's own upstream
// answers (LAYER_SETS, in the order the contract builds them: units → groups → boundary).
// The first layer set under which the verdict passes explains the failure.
// Nothing else does: a failure no re-check clears is its own root cause.

export const LAYERS: readonly UpstreamLayer[] = ["units", "groups", "boundary"];
/** The re-checks tried, in order. */
const LAYER_SETS: readonly (readonly UpstreamLayer[])[] = [["units"], ["groups"], ["units", "groups"], ["boundary"], ["units", "groups", "boundary"]];
/** Calls to the subject one failure may cost (a counterexample of thousands of messages is left as it is). */
const MAX_PROBES_PER_FAILURE = 400;
/** Rounds of asking the subject for what the model needed (a new answer can lead the model to new questions). */
const MAX_ROUNDS = 4;

export interface Difference {
  readonly layer: UpstreamLayer;
  /** e.g. `u("🌀") = 2`, in the subject's answer and the contract's. */
  readonly question: string;
  readonly subject: string;
  readonly contract: string;
}

export interface Recheck {
  /** The layer whose answers explain the failure, or null. */
  readonly layer: UpstreamLayer | null;
  /**
   * How: the re-judge passed ("recheck"); or the whole outcome observed is exactly the model's
   * answer computed from the subject's upstream answers and not the contract's own answer
   * ("accepted": the property's premise, e.g. "this case takes the fast path", was built on the
   * contract's units); or the property checks that very answer and it differs here ("direct").
   */
  readonly how?: "recheck" | "accepted" | "direct";
  /** The subject's answers that differ from the contract's on this counterexample, per layer used. */
  readonly differences: readonly Difference[];
  /** Every layer whose answers the passing re-check needed (more than one: `layer` is the most upstream). */
  readonly needs?: readonly UpstreamLayer[];
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
  const started = probe.calls;
  for (const layers of LAYER_SETS) {
    let run = rejudge(layers);
    const asked: UpstreamQuestions[] = [run.misses.asked];
    for (let round = 0; round < MAX_ROUNDS && probe.open(run.misses) > 0 && !probe.exhausted && probe.calls - started < MAX_PROBES_PER_FAILURE; round++) {
      await probe.ask(run.misses);
      run = rejudge(layers);
      asked.push(run.misses.asked);
    }
    const differences = differencesIn(probe, asked, layers);
    const needs = layers.filter((layer) => differences.some((d) => d.layer === layer));
    const named = needs[0];
    if (named === undefined) continue;
    if (run.value.ok) return { layer: named, how: "recheck", differences, needs };
    if (acceptedOnlyUnder(failure, layers, probe)) return { layer: named, how: "accepted", differences, needs };
    if (layers.length === 1 && failure.def.family === named) return { layer: named, how: "direct", differences };
  }
  return { layer: null, differences: [] };
}

/** See Recheck.how "accepted". Programs are left out: their expected value is the model's whole simulation. */
function acceptedOnlyUnder(failure: Failure, layers: readonly UpstreamLayer[], probe: UpstreamProbe): boolean {
  if (failure.scenario.operation.kind === "program") return false;
  const own = withUpstreamAnswers(probe.answers(enabled(layers)), () => expectedFor(failure.scenario)).value;
  return outcomeAccepted(failure.observation, own) && !outcomeAccepted(failure.observation, expectedFor(failure.scenario));
}

function enabled(layers: readonly UpstreamLayer[]) {
  return { units: layers.includes("units"), groups: layers.includes("groups"), boundary: layers.includes("boundary") };
}

/** The subject's answers that differ from the contract's, among the questions the re-judges asked. */
function differencesIn(probe: UpstreamProbe, runs: readonly UpstreamQuestions[], layers: readonly UpstreamLayer[]): Difference[] {
  const codePoints = new Set<string>();
  const items = new Map<string, { readonly kind: UnitItemKind; readonly item: unknown }>();
  const groups = new Map<string, readonly unknown[]>();
  const boundaries = new Map<string, { readonly context: ContextData; readonly options: BoundaryOptions }>();
  for (const run of runs) {
    for (const s of run.codePoints) codePoints.add(s);
    for (const [key, item] of run.items) items.set(key, item);
    for (const [key, t] of run.groups) groups.set(key, t);
    for (const [key, b] of run.boundaries) boundaries.set(key, b);
  }
  const out: Difference[] = [];
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
