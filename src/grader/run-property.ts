// Runs one property: fast-check generates scenarios (edge cases and corpus examples first), the host
// observes each, the model gives the expected answer, the reference host (when the property
// is differential) its observation, and the property's pure check gives the verdict. A
// failure is shrunk; the run reports the smallest counterexample with seed and path.
import fc from "fast-check";
import { isDeepStrictEqual } from "node:util";
import { expectedFor } from "../model/index";
import type { Expected } from "../scenario/expected";
import type { Host } from "../scenario/host";
import type { Observation } from "../scenario/observation";
import type { PropertyDefinition } from "../scenario/property";
import type { Scenario } from "../scenario/scenario";
import { failureOrigin } from "./run/failure-origin";
import { judge } from "./run/judge";

export { formatReplay } from "./run/replay-line";

export interface RunOptions {
  readonly seed: number;
  readonly numRuns: number;
  /** Replays one case (fast-check's counterexample path) instead of searching. */
  readonly path?: string;
  /** Scenarios run before the `numRuns` generated ones (the regression corpus); not shrunk. */
  readonly examples?: readonly Scenario[];
  readonly reference?: Host | null;
  /** Called once per case, for progress bars. */
  readonly onCase?: () => void;
  /**
   * How many shrink candidates are observed after the first failure (default
   * DEFAULT_MAX_SHRINK_CASES). Past it every candidate counts as passing without being run, so
   * shrinking ends on the smallest failure found so far: bounded, and the same on any machine.
   */
  readonly maxShrinkCases?: number;
}

export const DEFAULT_MAX_SHRINK_CASES = 300;

export interface PropertyRun {
  readonly id: string;
  readonly status: "passed" | "failed" | "error";
  readonly numRuns: number;
  readonly seed: number;
  readonly path?: string;
  readonly counterexample?: Scenario;
  readonly observation?: Observation;
  readonly expected?: Expected;
  readonly message?: string;
}

/** What happened in the latest failing case (fast-check's last failure is its shrunk counterexample). */
export interface CaseFailure {
  readonly scenario: Scenario;
  readonly kind: "failed" | "error";
  readonly message: string;
  readonly observation?: Observation;
  readonly expected?: Expected;
}

/** Thrown inside the predicate to make fast-check record (and shrink) a failing case. */
class CaseFailed extends Error {}

function describe(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  try {
    return `a non-Error value: ${String(error)}`;
  } catch {
    return "an unprintable value";
  }
}

/** Observes, asks the model (and the reference), judges: the failure of this case, or null. */
export async function evaluateCase(def: PropertyDefinition, reference: Host | null, scenario: Scenario, observe: () => Promise<Observation>): Promise<CaseFailure | null> {
  let observation: Observation | undefined;
  let expected: Expected | undefined;
  let verdict;
  try {
    observation = await observe();
    expected = expectedFor(scenario);
    const referenceObservation = reference === null ? null : await reference.observe(scenario);
    verdict = judge(def, { scenario, observation, expected, reference: referenceObservation });
  } catch (error) {
    return { scenario, kind: "error", message: `the harness threw: ${describe(error)}`, observation, expected };
  }
  return verdict.ok ? null : { scenario, kind: "failed", message: verdict.message, observation, expected };
}

export async function runProperty(def: PropertyDefinition, host: Host, opts: RunOptions): Promise<PropertyRun> {
  if (host.observeMany !== undefined && opts.path === undefined) return runBatched(def, host, host.observeMany.bind(host), opts);
  return search(def, host, opts, null);
}

/**
 * The search, one case at a time through fast-check. `known` is a case already judged by the
 * batched run (index `known.index` in fast-check's order, failing): fast-check starts there
 * (path = index), takes that verdict for the first case, and shrinks from it.
 */
async function search(def: PropertyDefinition, host: Host, opts: RunOptions, known: { readonly index: number; readonly failure: CaseFailure } | null): Promise<PropertyRun> {
  let last: CaseFailure | null = null;
  const reference = def.needsReference === true ? (opts.reference ?? null) : null;
  const maxShrinkCases = opts.maxShrinkCases ?? DEFAULT_MAX_SHRINK_CASES;
  let shrinkCases = 0;
  let pendingKnown = known;
  let knownMismatch = false;
  // The first failure's origin (./run/failure-origin.ts): a shrink candidate that fails otherwise is not taken.
  let origin: string | null = known === null ? null : failureOrigin(known.failure.kind, known.failure.message);

  const property = fc.asyncProperty(def.arbitrary, async (scenario) => {
    if (pendingKnown !== null) {
      const { failure } = pendingKnown;
      pendingKnown = null;
      if (isDeepStrictEqual(scenario, failure.scenario)) {
        last = failure;
        throw new CaseFailed(failure.message);
      }
      knownMismatch = true;
    }
    if (last !== null && ++shrinkCases > maxShrinkCases) return;
    opts.onCase?.();
    const failure = await evaluateCase(def, reference, scenario, () => host.observe(scenario));
    if (failure === null) return;
    const its = failureOrigin(failure.kind, failure.message);
    if (origin !== null && its !== origin) return;
    origin = its;
    last = failure;
    throw new CaseFailed(failure.message);
  });

  // The property's own edge cases first, then the corpus; both come on top of numRuns.
  const examples = examplesOf(def, opts);
  const details = await fc.check(property, {
    seed: opts.seed,
    numRuns: totalRuns(def, opts),
    ...(known !== null ? { path: String(known.index) } : opts.path === undefined ? {} : { path: opts.path }),
    examples: examples.map((s): [Scenario] => [s]),
  });
  // Never expected (the batched run drew its cases from the same seed and path): start over one at a time.
  if (knownMismatch) return search(def, host, opts, null);

  const numRuns = known === null ? details.numRuns : known.index + 1;
  const base = { id: def.id, numRuns, seed: details.seed };
  if (!details.failed) return { ...base, status: "passed" };
  const path = details.counterexamplePath ?? undefined;
  // While shrinking, only failing candidates replace the current one, so the last failing
  // case seen is fast-check's counterexample.
  const failure = last as CaseFailure | null;
  if (failure === null) {
    // Not a verdict of ours: fast-check itself failed (e.g. the arbitrary threw).
    return { ...base, status: "error", ...(path === undefined ? {} : { path }), message: `fast-check stopped: ${describe(details.errorInstance)}` };
  }
  const capped = shrinkCases > maxShrinkCases ? ` (shrinking stopped after ${maxShrinkCases} candidates)` : "";
  const where = `after ${numRuns} run(s) and ${details.numShrinks} shrink(s)${capped}`;
  return {
    ...base,
    status: failure.kind,
    ...(path === undefined ? {} : { path }),
    counterexample: failure.scenario,
    ...(failure.observation === undefined ? {} : { observation: failure.observation }),
    ...(failure.expected === undefined ? {} : { expected: failure.expected }),
    message: `${def.id} ${failure.kind === "failed" ? "failed" : "errored"} ${where}: ${failure.message}`,
  };
}

/**
 * Whether one of a failed property's first `most` cases (fast-check's order: its edge cases, the
 * corpus, then the generated cases, drawn with the same seed) passes with an answer: a value
 * returned by the operation, or by a compaction of a program. It is evidence that the property's
 * rules are kept where the mistake that failed it is not in the way
 * (src/grader/rubric/evidence.ts); a refusal that passes is none (a submission that throws one
 * code everywhere would pass every case expecting that code). The cases are observed one at a
 * time; the search ends at a case that does not settle or loses the child (its kind may hang again).
 */
export async function passesWithAnswer(def: PropertyDefinition, host: Host, opts: RunOptions, most: number): Promise<boolean> {
  const reference = def.needsReference === true ? (opts.reference ?? null) : null;
  const cases = fc.sample(def.arbitrary, { seed: opts.seed, numRuns: Math.min(totalRuns(def, opts), most), path: "0", examples: examplesOf(def, opts) });
  for (const scenario of cases) {
    const observation = await host.observe(scenario);
    if (observation.outcome.kind === "timeout" || observation.outcome.kind === "crash") return false;
    const failure = await evaluateCase(def, reference, scenario, () => Promise.resolve(observation));
    if (failure === null && answered(observation)) return true;
  }
  return false;
}

function answered(observation: Observation): boolean {
  return observation.outcome.kind === "returned" || (observation.steps ?? []).some((step) => step.call === "compact" && step.outcome.kind === "returned");
}

/** fast-check counts examples as runs; the edge cases and corpus come on top of the requested cases. */
function totalRuns(def: PropertyDefinition, opts: RunOptions): number {
  return Math.min(def.numRuns ?? opts.numRuns, opts.numRuns) + examplesOf(def, opts).length;
}

function examplesOf(def: PropertyDefinition, opts: RunOptions): Scenario[] {
  return [...(def.edgeCases?.() ?? []), ...(opts.examples ?? [])];
}

/** Cases per request to a batching host: small first (a failing property stops early), then larger. */
const FIRST_BATCH = 8;
const MAX_BATCH = 64;

/**
 * The same search for a host that observes in batches (the sandbox): fast-check's cases are drawn
 * up front with the same seed (fc.sample walks the same stream as fc.check), sent a batch at a
 * time, and judged in order as they come back; the next batch is drawn while the child works.
 * At the first failing case the rest is abandoned and fast-check takes over from that case to
 * shrink, one candidate at a time: verdict, counterexample, path and runs are those of the
 * one-at-a-time search.
 */
async function runBatched(def: PropertyDefinition, host: Host, observeMany: NonNullable<Host["observeMany"]>, opts: RunOptions): Promise<PropertyRun> {
  const reference = def.needsReference === true ? (opts.reference ?? null) : null;
  const total = totalRuns(def, opts);
  const examples = examplesOf(def, opts);
  const draw = (from: number, count: number): Scenario[] => (count <= 0 ? [] : fc.sample(def.arbitrary, { seed: opts.seed, numRuns: count, path: String(from), examples }));
  let start = 0;
  let batch = draw(0, Math.min(FIRST_BATCH, total));
  while (batch.length > 0) {
    const stream = observeMany(batch);
    const nextStart = start + batch.length;
    const following = draw(nextStart, Math.min(batch.length * 2, MAX_BATCH, total - nextStart));
    try {
      for (let i = 0; i < batch.length; i++) {
        opts.onCase?.();
        const failure = await evaluateCase(def, reference, batch[i]!, () => stream.next());
        if (failure !== null) return search(def, host, opts, { index: start + i, failure });
      }
    } finally {
      stream.close();
    }
    start = nextStart;
    batch = following;
  }
  return { id: def.id, status: "passed", numRuns: total, seed: opts.seed };
}
