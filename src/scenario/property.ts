import type fc from "fast-check";
import type { Scenario } from "./scenario";
import type { Observation } from "./observation";
import type { Expected } from "./expected";

export type Verdict = { readonly ok: true } | { readonly ok: false; readonly message: string };

export interface CheckInput {
  readonly scenario: Scenario;
  readonly observation: Observation;
  /** The model's answer for this scenario (src/model). */
  readonly expected: Expected;
  /** The reference core's observation of the same scenario, when the run has one (differential). */
  readonly reference: Observation | null;
}

/**
 * One property: a record with a stable id and a pure check. Verdicts are computed in the
 * judge's process from data only, never where the subject runs.
 */
export interface PropertyDefinition {
  /** Stable and unique, `family.invariant-in-words`, e.g. "boundary.never-splits-a-round". */
  readonly id: string;
  readonly family: string;
  readonly title: string;
  /** Points this property is worth in a grade. */
  readonly weight: number;
  /** The mistake it catches, in one sentence. */
  readonly catches: string;
  /** Where the contract says it, e.g. "contract §6". */
  readonly specRef: string;
  readonly arbitrary: fc.Arbitrary<Scenario>;
  /** Needs a reference observation (differential properties are skipped without one). */
  readonly needsReference?: boolean;
  /**
   * Scenario `labels` this property's generator is meant to reach; a fuzz campaign reports the
   * ones no generated scenario carried (health check, issue 7). Optional.
   */
  readonly expectedLabels?: readonly string[];
  /** A ceiling on cases per run for expensive properties (limit edges); the run's numRuns still caps it. */
  readonly numRuns?: number;
  /**
   * The whole edge space of an aimed property, run first in every run (before the corpus and
   * the generated cases, not shrunk, not counted in numRuns): a short run (10 cases under
   * StrykerJS) still reaches every edge instead of a random half of them. Called once per run.
   */
  readonly edgeCases?: () => readonly Scenario[];
  readonly check: (input: CheckInput) => Verdict;
}
