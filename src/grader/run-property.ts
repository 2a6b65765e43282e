// Runs one property: fast-check generates scenarios (edge cases and corpus examples first), the host
// observes each, the model gives the expected answer, the reference host (when the property
// is differential) its observation, and the property's pure check gives the verdict. A
// failure is shrunk; the run reports the smallest counterexample with seed and path.
import fc from "fast-check";
import { expectedFor } from "../model/index";
import type { Expected } from "../scenario/expected";
import type { Host } from "../scenario/host";
import type { Observation } from "../scenario/observation";
import type { PropertyDefinition } from "../scenario/property";
import type { Scenario } from "../scenario/scenario";
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
interface CaseFailure {
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

export async function runProperty(def: PropertyDefinition, host: Host, opts: RunOptions): Promise<PropertyRun> {
  let last: CaseFailure | null = null;
  const reference = def.needsReference === true ? (opts.reference ?? null) : null;
  const maxShrinkCases = opts.maxShrinkCases ?? DEFAULT_MAX_SHRINK_CASES;
  let shrinkCases = 0;

  const property = fc.asyncProperty(def.arbitrary, async (scenario) => {
    if (last !== null && ++shrinkCases > maxShrinkCases) return;
    opts.onCase?.();
    let observation: Observation | undefined;
    let expected: Expected | undefined;
    let verdict;
    try {
      observation = await host.observe(scenario);
      expected = expectedFor(scenario);
      const referenceObservation = reference === null ? null : await reference.observe(scenario);
      verdict = judge(def, { scenario, observation, expected, reference: referenceObservation });
    } catch (error) {
      last = { scenario, kind: "error", message: `the harness threw: ${describe(error)}`, observation, expected };
      throw new CaseFailed(last.message);
    }
    if (!verdict.ok) {
      last = { scenario, kind: "failed", message: verdict.message, observation, expected };
      throw new CaseFailed(verdict.message);
    }
  });

  // The property's own edge cases first, then the corpus; both come on top of numRuns.
  const examples = [...(def.edgeCases?.() ?? []), ...(opts.examples ?? [])];
  const details = await fc.check(property, {
    seed: opts.seed,
    // fast-check counts examples as runs; the corpus comes on top of the requested cases.
    numRuns: Math.min(def.numRuns ?? opts.numRuns, opts.numRuns) + examples.length,
    ...(opts.path === undefined ? {} : { path: opts.path }),
    examples: examples.map((s): [Scenario] => [s]),
  });

  const base = { id: def.id, numRuns: details.numRuns, seed: details.seed };
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
  const where = `after ${details.numRuns} run(s) and ${details.numShrinks} shrink(s)${capped}`;
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
