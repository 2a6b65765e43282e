import fc from "fast-check";
import { expectedFor } from "../../src/model/index";
import { judge } from "../../src/grader/run/judge";
import type { Expected, Host, Observation, PropertyDefinition, Scenario } from "../../src/scenario";

// One property against many subjects in one fast-check run: each case is generated once, the
// model answers it once and the reference observes it once; then every subject observes it
// and the judge (src/grader/run/judge.ts, the one every run uses) gives each its verdict. The
// cases are exactly those of runProperty (src/grader/run-property.ts) with the same seed and
// numRuns: the property's edge cases first, then the generated ones, generation does not
// depend on verdicts. A subject is done at its first failing case, as a run with
// endOnFailure is; nothing is shrunk here (shrink a failure again with runProperty).

export interface Subject {
  readonly id: string;
  readonly host: Host;
  /**
   * Scenarios this subject would run exactly as the core does (test/variants/grade.ts): not
   * observed, since the core's verdict on them is asserted by the property tests themselves.
   */
  readonly skip?: (scenario: Scenario) => boolean;
}

export interface SubjectVerdict {
  readonly subjectId: string;
  readonly propertyId: string;
  readonly status: "passed" | "failed" | "error";
  readonly message?: string;
  readonly counterexample?: Scenario;
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : `a non-Error value: ${String(error)}`;
}

export async function runPropertyOnMany(
  def: PropertyDefinition,
  subjects: readonly Subject[],
  options: { readonly seed: number; readonly numRuns: number; readonly reference: Host | null },
): Promise<SubjectVerdict[]> {
  const reference = def.needsReference === true ? options.reference : null;
  const verdicts = new Map<string, SubjectVerdict>();
  const fail = (subject: Subject, status: "failed" | "error", message: string, scenario: Scenario): void => {
    verdicts.set(subject.id, { subjectId: subject.id, propertyId: def.id, status, message: `${def.id} ${status === "failed" ? "failed" : "errored"}: ${message}`, counterexample: scenario });
  };
  let harnessError: string | null = null;

  const property = fc.asyncProperty(def.arbitrary, async (scenario) => {
    if (harnessError !== null) return;
    let expected: Expected;
    let referenceObservation: Observation | null;
    try {
      expected = expectedFor(scenario);
      referenceObservation = reference === null ? null : await reference.observe(scenario);
    } catch (error) {
      harnessError = `the harness threw on the model or the reference: ${describe(error)}`;
      for (const subject of subjects) if (!verdicts.has(subject.id)) fail(subject, "error", harnessError, scenario);
      return;
    }
    for (const subject of subjects) {
      if (verdicts.has(subject.id) || subject.skip?.(scenario) === true) continue;
      try {
        const observation = await subject.host.observe(scenario);
        const verdict = judge(def, { scenario, observation, expected, reference: referenceObservation });
        if (!verdict.ok) fail(subject, "failed", verdict.message, scenario);
      } catch (error) {
        fail(subject, "error", `the harness threw: ${describe(error)}`, scenario);
      }
    }
  });

  // As runProperty: the property's edge cases run first, on top of numRuns.
  const examples = def.edgeCases?.() ?? [];
  const details = await fc.check(property, {
    seed: options.seed,
    numRuns: Math.min(def.numRuns ?? options.numRuns, options.numRuns) + examples.length,
    examples: examples.map((s): [Scenario] => [s]),
  });
  if (details.failed && harnessError === null) {
    // The predicate never throws, so this is fast-check itself (e.g. the arbitrary threw).
    const message = `${def.id} errored: fast-check stopped: ${describe(details.errorInstance)}`;
    for (const subject of subjects) if (!verdicts.has(subject.id)) verdicts.set(subject.id, { subjectId: subject.id, propertyId: def.id, status: "error", message });
  }
  return subjects.map((subject) => verdicts.get(subject.id) ?? { subjectId: subject.id, propertyId: def.id, status: "passed" });
}
