import fc from "fast-check";
import { LIMIT, modelCodePoints } from "../../src/model";
import type { CompactionRecordData, ContextData, Json } from "../../src/scenario/data";
import type { AbortPoint, Operation, SignalSlot, SummarizerScript, SummarizerSlot } from "../../src/scenario/scenario";
import type { NamedSummarizerScript, SummarizerScriptName } from "../summarizerScript";
import { FAILING_SCRIPTS, FITTING_SCRIPTS, fitScript, INVALID_SUMMARY_SCRIPTS, SCRIPT_DRAW_ROOM, summarizerScript } from "../summarizerScript";
import type { Budget } from "./budgets";
import { atShare, belowThresholdBudget, fitBudgetFrom, fitFeasible, fitRatios, needRatios, RATIO_SCALE, thresholdReach } from "./budgets";
import { noBoundaryDraw, noBoundaryPlan } from "./noBoundaryPlans";
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
 * A draft as a function of the base: everything random is drawn before the base is known and
 * mapped onto it (never a `.chain` on the base), so when the context shrinks, the same shares,
 * script and mutation are fitted to the smaller one and a counterexample shrinks as a whole.
 */
export type Plan = (base: Base) => Draft;

/** A context that compacts: budgets at the drawn shares of the context's own units, the script fitted to their room. */
function fitting(names: readonly SummarizerScriptName[], run: fc.Arbitrary<Run>, labels: string[], exact = false, factsOf: (base: Base) => ContextFacts = fitContext): fc.Arbitrary<Plan> {
  const script = exact ? exactScript : summarizerScript({ names, room: SCRIPT_DRAW_ROOM });
  return fc.tuple(fitRatios, script, run).map(([ratios, named, r]) => (base: Base) => {
    const facts = factsOf(base);
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

const noBoundary: fc.Arbitrary<Plan> = fc.tuple(noBoundaryDraw, summarizerScript({ names: FITTING_SCRIPTS }), quiet).map(([d, named, run]) => (base: Base) => {
  const plan = noBoundaryPlan(base.data, d);
  return draft(base, plan.facts.data as unknown as Json, plan.budget, named, run, ["regime:noBoundary", plan.label]);
});

const cancelRun: fc.Arbitrary<Run> = fc.constantFrom<AbortPoint>("beforeCall", "inSummarizer", "whilePending", "atSettlement").map((abort) => ({ signal: "controller", abort }));

const anyRun: fc.Arbitrary<Run> = fc
  .tuple(fc.constantFrom<AbortPoint>("none", "beforeCall", "afterSettlement"), fc.constantFrom<SignalSlot>("none", "controller"))
  .map(([abort, signal]) => ({ signal, abort: signal === "none" ? "none" : abort }));

const belowThreshold: fc.Arbitrary<Plan> = fc
  .tuple(needRatios, thresholdReach, fc.integer({ min: 0, max: LIMIT.messages }), summarizerScript(), anyRun)
  .map(([ratios, reach, retain, named, run]) => (base: Base) => {
    const facts = contextFacts(base.data);
    return draft(base, facts.data as unknown as Json, belowThresholdBudget(facts, ratios, reach, retain), named, run, ["regime:belowThreshold"]);
  });

/** The draws of a regime, as a plan to apply to any base. */
export function regimePlan(regime: CompactRegime): fc.Arbitrary<Plan> {
  const tag = [`regime:${regime}`];
  switch (regime) {
    case "compacts":
      return fitting(FITTING_SCRIPTS, quiet, tag);
    case "targetMissed":
      // Unreachable through the contract (summary ≤ S and R + S + suffix ≤ T by the boundary);
      // the closest case is generated instead: the target met exactly.
      return fitting(FITTING_SCRIPTS, quiet, [...tag, "edge:target-met-exactly"], true);
    case "summaryTooLarge":
      return fitting(["overSummaryMax"], quiet, tag);
    case "summaryInvalid":
      return fitting(INVALID_SUMMARY_SCRIPTS, quiet, tag);
    case "summarizerFails":
      return fitting(FAILING_SCRIPTS, quiet, tag);
    case "cancelled":
      return fc.oneof(
        fitting(FITTING_SCRIPTS, cancelRun, tag),
        fitting(["never"], fc.constantFrom<Run>({ signal: "controller", abort: "whilePending" }, { signal: "controller", abort: "inSummarizer" }), tag),
      );
    case "recordsFull":
      return fitting(FITTING_SCRIPTS, quiet, tag, false, (base) => contextFacts({ ...fitContext(base).data, compactions: fullRecords }));
    case "noBoundary":
      return noBoundary;
    case "belowThreshold":
      return belowThreshold;
    case "invalidOptions":
      return fc.oneof(
        fc.tuple(fitting(FITTING_SCRIPTS, quiet, tag), optionsMutation(COMPACT_BUDGET_MUTATIONS, COMPACT_INPUT_MUTATIONS)).map(([plan, m]) => (base: Base) => {
          const d = plan(base);
          const op = d.operation;
          const broken = m.apply({ options: op.options as { [key: string]: Json }, summarizerSlot: op.summarizerSlot, signal: op.signal });
          return { operation: { ...op, ...broken }, labels: [...d.labels, `mutation:${m.name}`] };
        }),
        recordIdUsed,
      );
    case "invalidContext":
      return fc.tuple(fitting(FITTING_SCRIPTS, quiet, tag), fc.oneof({ weight: 4, arbitrary: contextMutation() }, { weight: 1, arbitrary: doubleMutation() })).map(([plan, m]) => (base: Base) => {
        const d = plan(base);
        return { operation: { ...d.operation, context: m.apply(d.operation.context as ContextData) }, labels: [...d.labels, `mutation:${m.name}`] };
      });
  }
}

/** The records recordIdUsed reuses an id of: the context's own, else one full record. */
function usedRecords(base: Base): CompactionRecordData[] {
  const fit = fitContext(base);
  return fit.ctx.compactions.length > 0 ? fit.ctx.compactions : [{ ...fullRecords[0]! }];
}

/** recordId equal to a record already in the context (at the drawn share of its records): INVALID_INPUT at step 3. */
const recordIdUsed: fc.Arbitrary<Plan> = fc
  .tuple(fitting(FITTING_SCRIPTS, quiet, ["regime:invalidOptions"], false, (base) => contextFacts({ ...fitContext(base).data, compactions: cloneData(usedRecords(base)) })), fc.nat(RATIO_SCALE))
  .map(([plan, share]) => (base: Base) => {
    const d = plan(base);
    const records = usedRecords(base);
    const id = records[atShare(share, 0, records.length - 1)]!.id;
    return { operation: { ...d.operation, options: { ...(d.operation.options as object), recordId: id } }, labels: [...d.labels, "mutation:recordId-used"] };
  });

/** The "compacts" regime with scripts among `names` (asyncScenario replaces the script, keeping its fitted text). */
export function fittingPlan(names: readonly SummarizerScriptName[], labels: string[]): fc.Arbitrary<Plan> {
  return fitting(names, quiet, labels);
}
