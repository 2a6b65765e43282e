import fc from "fast-check";
import { expectedFor } from "../src/model";
import type { AbortPoint, Operation, Scenario } from "../src/scenario/scenario";
import type { AsyncScriptName } from "./_internals/asyncScripts";
import { ASYNC_SCRIPT_KINDS, abortsFor, adoptionLevels, asyncGroupOf, asyncScriptOf } from "./_internals/asyncScripts";
import type { Base } from "./_internals/compactRegimes";
import { fittingPlan } from "./_internals/compactRegimes";
import { outcomeLabels } from "./_internals/labels";
import { dressLabels } from "./_internals/promiseDress";
import { nonBlank, shortText } from "./_internals/strings";
import { transcriptClasses } from "./_internals/transcriptClasses";
import type { ContextDataConstraints } from "./contextData";
import { contextData } from "./contextData";

export type { AsyncScriptName };

export type AsyncScenarioConstraints = {
  /** Scripts to use (default: all, each driver kind equally often). */
  scripts?: readonly AsyncScriptName[];
  /** Abort points to use (default: all the script can meet). */
  aborts?: readonly AbortPoint[];
  context?: ContextDataConstraints;
};

type CompactOperation = Extract<Operation, { kind: "compact" }>;

const base = (c: ContextDataConstraints | undefined): fc.Arbitrary<Base> =>
  fc.record({
    data: contextData(c),
    summaryId: nonBlank(shortText),
    recordId: shortText.map((s) => `${s}-rec`),
    prebuilt: fc.boolean(),
  });

/** Script names grouped by kind, restricted to `allowed` and to those meeting some abort. */
function kindsOf(allowed: readonly AsyncScriptName[], aborts: readonly AbortPoint[]): AsyncScriptName[][] {
  return Object.values(ASYNC_SCRIPT_KINDS)
    .map((names) => names.filter((n) => allowed.includes(n) && abortsFor(n).some((a) => aborts.includes(a))))
    .filter((names) => names.length > 0);
}

/**
 * compactContext scenarios in the "compacts" regime (budgets from the context's own units,
 * so a summary of the generated text fits) whose summarizer is a hostile async script,
 * crossed with the abort points, always with a controller signal. Labels: "async:<group>" (of ASYNC_SCRIPT_KINDS),
 * "async-script:<name>", "abort:<point>", "dress:then-<x>"/"dress:ctor-<y>" for a dressed native
 * promise, "depth:64"/"depth:65" at the adoption edge, the
 * transcript's classes and the model's outcome.
 */
export function asyncScenario(constraints: AsyncScenarioConstraints = {}): fc.Arbitrary<Scenario> {
  const aborts = constraints.aborts ?? ["none", "beforeCall", "inSummarizer", "whilePending", "atSettlement", "afterSettlement"];
  const kinds = kindsOf(constraints.scripts ?? Object.values(ASYNC_SCRIPT_KINDS).flat(), aborts);
  if (kinds.length === 0) throw new Error("generators: no async script meets the asked abort points");
  // A kind, then one of its names, then an abort it meets: each equally often.
  const pick = fc.oneof(
    ...kinds.map((names) =>
      fc.oneof(
        ...names.map((name) =>
          fc.tuple(fc.constantFrom(...abortsFor(name).filter((a) => aborts.includes(a))), asyncScriptOf(name)).map(([abort, script]) => ({ name, abort, script })),
        ),
      ),
    ),
  );
  // The "compacts" regime's budgets with a plain text fitted to their room; the text is then
  // handed to the async script. All drawn beside the base and applied by `.map`, so the
  // context shrinks with the rest.
  return fc.tuple(base(constraints.context), fittingPlan(["syncText"], ["regime:compacts"]), pick).map(([b, plan, { name, abort, script: scriptFor }]) => {
    const draft = plan(b);
    const script = scriptFor((draft.operation.summarizer as { text: string }).text);
    const operation: CompactOperation = { ...draft.operation, summarizer: script, summarizerSlot: "script", signal: "controller", abort };
    const levels = adoptionLevels(script);
    const kept = draft.labels.filter((l) => !l.startsWith("script:") && !l.startsWith("abort:"));
    const labels = [
      ...kept,
      `async:${asyncGroupOf(name)}`,
      `async-script:${name}`,
      ...dressLabels(script),
      `abort:${abort}`,
      ...(levels === 64 || levels === 65 ? [`depth:${levels}`] : []),
      ...(levels !== null && levels > 64 ? ["depth:over-limit"] : []),
      ...transcriptClasses(b.data.messages ?? []),
    ];
    const scenario: Scenario = { operation };
    return { ...scenario, labels: [...labels, ...outcomeLabels(expectedFor(scenario))] };
  });
}
