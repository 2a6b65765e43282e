import fc from "fast-check";
import { modelCodePoints } from "../../src/model";
import type { CompactionRecordData, ContextData, Json } from "../../src/scenario/data";
import type { AbortPoint, Operation, SignalSlot, SummarizerScript, SummarizerSlot } from "../../src/scenario/scenario";
import type { NamedSummarizerScript, SummarizerScriptName } from "../summarizerScript";
import { FAILING_SCRIPTS, FITTING_SCRIPTS, fitScript, INVALID_SUMMARY_SCRIPTS, SCRIPT_DRAW_ROOM, summarizerScript } from "../summarizerScript";
import type { Budget } from "./budgets";
import { belowThresholdBudget, fitBudgetFrom, fitFeasible, fitRatios } from "./budgets";
import { noBoundaryPlan } from "./noBoundaryPlans";
import type { ContextFacts } from "./contextFacts";
import { contextFacts, withOldMessage } from "./contextFacts";
import { contextMutation, doubleMutation } from "./contextMutations";
import { cloneData } from "./labels";
import { COMPACT_BUDGET_MUTATIONS, COMPACT_INPUT_MUTATIONS, optionsMutation } from "./optionsMutations";

export type CompactRegime =
  | "belowThreshold"
  | "compacts"
  | "noBoundary"
  | "summaryTooLarge"
  | "targetMissed"
  | "summarizerFails"
  | "summaryInvalid"
  | "cancelled"
  | "recordsFull"
  | "invalidOptions"
  | "invalidContext";

export const COMPACT_REGIMES: readonly CompactRegime[] = [
  "belowThreshold", "compacts", "noBoundary", "summaryTooLarge", "targetMissed", "summarizerFails",
  "summaryInvalid", "cancelled", "recordsFull", "invalidOptions", "invalidContext",
];

export type Base = { data: ContextData; summaryId: string; recordId: string; prebuilt: boolean };
export type Draft = { operation: Extract<Operation, { kind: "compact" }>; labels: string[] };

type Run = { signal: SignalSlot; abort: AbortPoint };
const quiet: fc.Arbitrary<Run> = fc.constantFrom<Run>(
  { signal: "none", abort: "none" },
  { signal: "controller", abort: "none" },
  { signal: "controller", abort: "afterSettlement" },
);

function draft(base: Base, data: Json, budget: Budget, named: NamedSummarizerScript, run: Run, labels: string[], slot: SummarizerSlot = "script"): Draft {
  const options = {
    targetUnits: budget.targetUnits,
    summaryMaxUnits: budget.summaryMaxUnits,
    retainRecentMessages: budget.retainRecentMessages,
    maxUnits: budget.maxUnits,
    summaryId: base.summaryId,
    recordId: base.recordId,
  };
  return {
    operation: { kind: "compact", context: data, prebuilt: base.prebuilt, options, summarizer: named.script, summarizerSlot: slot, signal: run.signal, abort: run.abort },
    labels: [...labels, `script:${named.name}`, `abort:${run.abort}`, `prebuilt:${base.prebuilt}`],
  };
}

/** A context where a boundary with room for a summary exists, by construction. */
function fitContext(base: Base): ContextFacts {
  const facts = contextFacts(base.data);
  return fitFeasible(facts, modelCodePoints(base.summaryId)) ? facts : contextFacts(withOldMessage(base.data));
}

/**
 * A context that compacts, with budgets and script drawn first and fitted to the context by
 * `.map` (never `.chain`): when the context shrinks, the same shares and script are mapped
 * onto the smaller one, so a counterexample shrinks as a whole.
 */
function fitting(base: Base, names: readonly SummarizerScriptName[], run: fc.Arbitrary<Run>, labels: string[], exact = false, facts = fitContext(base)): fc.Arbitrary<Draft> {
  const script = exact ? exactScript : summarizerScript({ names, room: SCRIPT_DRAW_ROOM });
  return fc.tuple(fitRatios, script, run).map(([ratios, named, r]) => {
    const budget = fitBudgetFrom(facts, modelCodePoints(base.summaryId), exact, ratios);
    return draft(base, facts.data as unknown as Json, budget, exact ? exactFit(named, budget.room) : fitScript(named, SCRIPT_DRAW_ROOM, budget.room), r, labels);
  });
}

/** The character and delivery of a text of exactly `room` code points (exactFit): the summary costs exactly summaryMaxUnits. */
const exactScript: fc.Arbitrary<NamedSummarizerScript> = fc.tuple(fc.constantFrom("s", "😀", "é"), fc.constantFrom<"sync" | "promise">("sync", "promise")).map(([c, delivery]) => ({
  name: delivery === "sync" ? "syncText" : "asyncText",
  script: { kind: "text", text: c, delivery } as SummarizerScript,
}));

function exactFit(named: NamedSummarizerScript, room: number): NamedSummarizerScript {
  const script = named.script as { kind: "text"; text: string; delivery: "sync" | "promise" };
  return { ...named, script: { ...script, text: script.text.repeat(room) } };
}

const fullRecords: CompactionRecordData[] = Array.from({ length: 256 }, (_, i) => ({
  id: `full-${i}`, summaryId: "s", boundary: 1, compactedMessageIds: ["m"], unitsBefore: 1, unitsAfter: 1,
}));

function noBoundary(base: Base): fc.Arbitrary<Draft> {
  return fc.tuple(noBoundaryPlan(base.data), summarizerScript({ names: FITTING_SCRIPTS }), quiet).map(([plan, named, run]) =>
    draft(base, plan.facts.data as unknown as Json, plan.budget, named, run, ["regime:noBoundary", plan.label]),
  );
}

const cancelRun: fc.Arbitrary<Run> = fc.constantFrom<AbortPoint>("beforeCall", "inSummarizer", "whilePending", "atSettlement").map((abort) => ({ signal: "controller", abort }));

export function regimeDraft(regime: CompactRegime, base: Base): fc.Arbitrary<Draft> {
  const tag = [`regime:${regime}`];
  switch (regime) {
    case "compacts":
      return fitting(base, FITTING_SCRIPTS, quiet, tag);
    case "targetMissed":
      // Unreachable through the contract (summary ≤ S and R + S + suffix ≤ T by the boundary);
      // the closest case is generated instead: the target met exactly.
      return fitting(base, FITTING_SCRIPTS, quiet, [...tag, "edge:target-met-exactly"], true);
    case "summaryTooLarge":
      return fitting(base, ["overSummaryMax"], quiet, tag);
    case "summaryInvalid":
      return fitting(base, INVALID_SUMMARY_SCRIPTS, quiet, tag);
    case "summarizerFails":
      return fitting(base, FAILING_SCRIPTS, quiet, tag);
    case "cancelled":
      return fc.oneof(
        fitting(base, FITTING_SCRIPTS, cancelRun, tag),
        fitting(base, ["never"], fc.constantFrom<Run>({ signal: "controller", abort: "whilePending" }, { signal: "controller", abort: "inSummarizer" }), tag),
      );
    case "recordsFull": {
      const facts = contextFacts({ ...fitContext(base).data, compactions: fullRecords });
      return fitting(base, FITTING_SCRIPTS, quiet, tag, false, facts);
    }
    case "noBoundary":
      return noBoundary(base);
    case "belowThreshold": {
      const facts = contextFacts(base.data);
      const anyRun = fc.constantFrom<AbortPoint>("none", "beforeCall", "afterSettlement").chain((abort) =>
        fc.constantFrom<SignalSlot>("none", "controller").map((signal) => ({ signal, abort: signal === "none" ? "none" : abort })),
      );
      return fc.tuple(belowThresholdBudget(facts), summarizerScript(), anyRun).map(([b, named, run]) =>
        draft(base, facts.data as unknown as Json, b, named, run, tag),
      );
    }
    case "invalidOptions":
      return fc.oneof(
        fc.tuple(fitting(base, FITTING_SCRIPTS, quiet, tag), optionsMutation(COMPACT_BUDGET_MUTATIONS, COMPACT_INPUT_MUTATIONS)).map(([d, m]) => {
          const op = d.operation;
          const broken = m.apply({ options: op.options as { [key: string]: Json }, summarizerSlot: op.summarizerSlot, signal: op.signal });
          return { operation: { ...op, ...broken }, labels: [...d.labels, `mutation:${m.name}`] };
        }),
        recordIdUsed(base),
      );
    case "invalidContext":
      return fc.tuple(fitting(base, FITTING_SCRIPTS, quiet, tag), fc.oneof({ weight: 4, arbitrary: contextMutation() }, { weight: 1, arbitrary: doubleMutation() })).map(([d, m]) => ({
        operation: { ...d.operation, context: m.apply(d.operation.context as ContextData) },
        labels: [...d.labels, `mutation:${m.name}`],
      }));
  }
}

/** recordId equal to a record already in the context: INVALID_INPUT at step 3. */
function recordIdUsed(base: Base): fc.Arbitrary<Draft> {
  const fit = fitContext(base);
  const records = fit.ctx.compactions.length > 0 ? fit.ctx.compactions : [{ ...fullRecords[0]! }];
  const facts = contextFacts({ ...fit.data, compactions: cloneData(records) });
  return fc.tuple(fitting(base, FITTING_SCRIPTS, quiet, ["regime:invalidOptions"], false, facts), fc.constantFrom(...records.map((r) => r.id))).map(([d, id]) => ({
    operation: { ...d.operation, options: { ...(d.operation.options as object), recordId: id } },
    labels: [...d.labels, "mutation:recordId-used"],
  }));
}
