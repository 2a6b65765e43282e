import fc from "fast-check";
import type { AsyncScriptName } from "../generators";
import { asyncScenario } from "../generators";
import type { AbortPoint, Scenario, SummarizerScript } from "../src/scenario";

// Scenario arbitraries of the async family (issue 4, item 2), all from asyncScenario; the few
// reshapings only move a chain to the adoption edge (map, never filter).

/** Aborts under which the subject itself adopts the script's value and sees it settle. */
export const QUIET: readonly AbortPoint[] = ["none", "afterSettlement"];
export const ABORTING: readonly AbortPoint[] = ["beforeCall", "inSummarizer", "whilePending", "atSettlement"];

export const CHAINS: readonly AsyncScriptName[] = ["thenableChain", "promiseInThenable"];
export const FORGED: readonly AsyncScriptName[] = ["forgedLookalike", "forgedInstance"];
export const UNOBSERVABLE: readonly AsyncScriptName[] = ["proxyPromise", "thenReturnsProxy", "lockedOwnAccessor", "lockedOwnSubclass", "lockedSubclassSpecies"];
export const REACHED_TWICE: readonly AsyncScriptName[] = ["thenableDeliveredTwice", "thenableSelfCycle", "thenableTwoCycle"];
/** A then that is an accessor giving a then that delivers: read once (§7 step 5). (A getter that throws is async.outcome-per-script's.) */
export const THEN_GETTERS: readonly AsyncScriptName[] = ["thenGetterDelivers"];
export const RESOLUTION_WINS: readonly AsyncScriptName[] = ["thenThrowsAfterResolving", "thenReturnsRejectingAtOnce", "thenReturnsRejectingLater"];

export const asyncScenarios = (scripts?: readonly AsyncScriptName[], aborts?: readonly AbortPoint[]): fc.Arbitrary<Scenario> =>
  asyncScenario({ ...(scripts === undefined ? {} : { scripts }), ...(aborts === undefined ? {} : { aborts }) });

/**
 * A thenable reached twice or a cycle, or a then accessor (async.thenable-reached-twice-called-once);
 * drawn last (the other draws of a case stay as they were), one in four inner thenables delivered
 * twice is instead delivered once and returned by the outer then: reached twice, no cycle.
 */
export const reachedTwiceScenarios = (): fc.Arbitrary<Scenario> =>
  fc.tuple(asyncScenarios([...REACHED_TWICE, ...THEN_GETTERS], ["none", "atSettlement", "afterSettlement"]), fc.integer({ min: 0, max: 3 })).map(([scenario, coin]) => {
    const op = scenario.operation;
    if (coin !== 0 || op.kind !== "compact" || op.summarizer.kind !== "thenableTwice" || op.summarizer.shape !== "deliveredTwice") return scenario;
    return { ...scenario, operation: { ...op, summarizer: { ...op.summarizer, shape: "deliveredAndReturned" } }, labels: [...(scenario.labels ?? []), "thenableTwice:deliveredAndReturned"] };
  });

/** The chain's script with exactly `levels` levels of adoption (thenables, or thenables + a promise). */
function atLevels(script: SummarizerScript, levels: number): SummarizerScript {
  if (script.kind === "nestedPromise") return { ...script, thenables: levels - 1 };
  return { ...script, depth: levels };
}

/** Chain scenarios moved to `levels` levels (an integer arbitrary), relabelled "depth:<n>". */
export const chainsAtLevels = (levels: fc.Arbitrary<number>, aborts: readonly AbortPoint[] = QUIET): fc.Arbitrary<Scenario> =>
  fc.tuple(asyncScenarios(CHAINS, aborts), levels).map(([scenario, n]) => {
    const op = scenario.operation;
    if (op.kind !== "compact") return scenario;
    const labels = (scenario.labels ?? []).filter((l) => !l.startsWith("depth:") && !l.startsWith("code:") && !l.startsWith("outcome:"));
    return { ...scenario, operation: { ...op, summarizer: atLevels(op.summarizer, n) }, labels: [...labels, `depth:${n}`] };
  });

/** Values §7 step 6 refuses (not a string; only whitespace), returned as they are. */
const REFUSED_VALUES: readonly SummarizerScript[] = [
  { kind: "value", value: 42, delivery: "sync" },
  { kind: "text", text: "   ", delivery: "sync" },
];

/**
 * Drawn last (the other draws of a case stay as they were): one case in four has a summarizer
 * that aborts the signal and returns a value step 6 refuses. §7 step 6 reads the signal first
 * when the value settles, so the outcome is CONTEXT_CANCELLED, not the value's verdict.
 */
export const abortedThenRefused = (scenarios: fc.Arbitrary<Scenario>): fc.Arbitrary<Scenario> =>
  fc.tuple(scenarios, fc.integer({ min: 0, max: 3 }), fc.constantFrom(...REFUSED_VALUES)).map(([scenario, coin, script]) => {
    const op = scenario.operation;
    if (coin !== 0 || op.kind !== "compact") return scenario;
    const labels = (scenario.labels ?? []).filter((l) => !l.startsWith("abort:") && !l.startsWith("async") && !l.startsWith("code:") && !l.startsWith("outcome:") && !l.startsWith("depth:") && !l.startsWith("dress"));
    return { ...scenario, operation: { ...op, summarizer: script, abort: "inSummarizer" }, labels: [...labels, "abort:inSummarizer", `aborted-then:${script.kind === "value" ? "non-string" : "blank"}`] };
  });

