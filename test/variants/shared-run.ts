import fc from "fast-check";
import { expectedFor } from "../../src/model/index";
import { judge } from "../../src/grader/run/judge";
import type { Expected, Host, Observation, PropertyDefinition, Scenario } from "../../src/scenario";

// Many properties against many subjects, each distinct case observed once per subject. The
// cases of every property are generated first, exactly as runProperty (src/grader/run-property.ts)
// generates them with the same seed and numRuns (the property's edge cases first, then the
// generated ones; generation never depends on verdicts). Properties share many cases (the same
// generators, the same seed), so each distinct case is answered by the model once, observed by
// the reference once (when a property that needs it has the case) and by every subject once;
// then the judge (src/grader/run/judge.ts) gives each (property, case, subject) its verdict. A
// subject's verdict on a property is its first failing case in the property's own order, as a
// run with endOnFailure gives it. Nothing is shrunk here (shrink a failure with runProperty).
//
// This relies on an observation being a function of the subject and the scenario alone (the
// driver builds fresh live values for every observation and undoes its realm changes); its
// durationMs, which no property reads, is the one field that differs between two observations.

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
  /** The failing case's index in the property's run (edge cases first). */
  readonly caseIndex?: number;
}

export interface PropertyCases {
  readonly property: PropertyDefinition;
  readonly scenarios: readonly Scenario[];
}

export interface RunSettings {
  readonly seed: number;
  readonly numRuns: number;
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : `a non-Error value: ${String(error)}`;
}

/** The cases runProperty would run for `property`, in its order. */
export async function casesOf(property: PropertyDefinition, settings: RunSettings): Promise<PropertyCases> {
  const scenarios: Scenario[] = [];
  const examples = property.edgeCases?.() ?? [];
  const details = await fc.check(
    fc.asyncProperty(property.arbitrary, async (scenario) => {
      scenarios.push(scenario);
    }),
    {
      seed: settings.seed,
      numRuns: Math.min(property.numRuns ?? settings.numRuns, settings.numRuns) + examples.length,
      examples: examples.map((s): [Scenario] => [s]),
    },
  );
  if (details.failed) throw new Error(`${property.id}: generating its cases failed: ${describe(details.errorInstance)}`);
  return { property, scenarios };
}

const NEGATIVE_ZERO = "\u0000-0";
const UNDEFINED = "\u0000undefined";

/**
 * Equal keys for equal scenarios. Scenarios are plain JSON data; -0 and undefined, which
 * JSON.stringify would merge with 0 and an absent field, get keys of their own.
 */
export function scenarioKey(scenario: Scenario): string {
  return JSON.stringify(scenario, (_key, value: unknown) => {
    if (value === undefined) return UNDEFINED;
    if (typeof value === "number" && Object.is(value, -0)) return NEGATIVE_ZERO;
    if (typeof value === "string" && value.startsWith("\u0000")) return `\u0000${value}`;
    return value;
  });
}

interface DistinctCase {
  readonly scenario: Scenario;
  /** Every (property, case index) where it occurs. */
  readonly occurrences: { readonly property: number; readonly index: number }[];
}

/** The distinct cases of `all`, in order of first occurrence. */
export function distinctCases(all: readonly PropertyCases[]): DistinctCase[] {
  const byKey = new Map<string, DistinctCase>();
  all.forEach((cases, property) => {
    cases.scenarios.forEach((scenario, index) => {
      const key = scenarioKey(scenario);
      let entry = byKey.get(key);
      if (entry === undefined) {
        entry = { scenario, occurrences: [] };
        byKey.set(key, entry);
      }
      entry.occurrences.push({ property, index });
    });
  });
  return [...byKey.values()];
}

export interface ManyRunStats {
  readonly distinct: number;
  readonly observed: number;
}

/**
 * Judges every subject on the distinct cases that `take` selects (e.g. every other one, for a
 * shard). Returns only failures and errors, at most one per (property, subject): the earliest.
 */
export async function runCasesOnMany(
  all: readonly PropertyCases[],
  subjects: readonly Subject[],
  reference: Host | null,
  take: (distinctIndex: number) => boolean = () => true,
): Promise<{ readonly failures: SubjectVerdict[]; readonly stats: ManyRunStats }> {
  const first = new Map<string, SubjectVerdict>();
  const record = (property: number, subject: string, index: number, status: "failed" | "error", message: string, scenario: Scenario): void => {
    const def = all[property]!.property;
    const key = `${def.id}\u0000${subject}`;
    const known = first.get(key);
    if (known !== undefined && known.caseIndex! <= index) return;
    first.set(key, { subjectId: subject, propertyId: def.id, status, message: `${def.id} ${status === "failed" ? "failed" : "errored"} on case ${index + 1}: ${message}`, counterexample: scenario, caseIndex: index });
  };
  /** Whether the subject already failed this property at an earlier case (so this one cannot matter). */
  const settled = (property: number, subject: string, index: number): boolean => {
    const known = first.get(`${all[property]!.property.id}\u0000${subject}`);
    return known !== undefined && known.caseIndex! < index;
  };

  const cases = distinctCases(all);
  let observed = 0;
  for (let d = 0; d < cases.length; d++) {
    if (!take(d)) continue;
    const { scenario, occurrences } = cases[d]!;
    let expected: Expected;
    let referenceObservation: Observation | null = null;
    try {
      expected = expectedFor(scenario);
      if (reference !== null && occurrences.some((o) => all[o.property]!.property.needsReference === true)) referenceObservation = await reference.observe(scenario);
    } catch (error) {
      for (const o of occurrences) for (const subject of subjects) record(o.property, subject.id, o.index, "error", `the harness threw on the model or the reference: ${describe(error)}`, scenario);
      continue;
    }
    for (const subject of subjects) {
      if (subject.skip?.(scenario) === true) continue;
      const open = occurrences.filter((o) => !settled(o.property, subject.id, o.index));
      if (open.length === 0) continue;
      let observation: Observation;
      try {
        observation = await subject.host.observe(scenario);
        observed++;
      } catch (error) {
        for (const o of open) record(o.property, subject.id, o.index, "error", `the harness threw: ${describe(error)}`, scenario);
        continue;
      }
      for (const o of open) {
        const def = all[o.property]!.property;
        try {
          const verdict = judge(def, { scenario, observation, expected, reference: def.needsReference === true ? referenceObservation : null });
          if (!verdict.ok) record(o.property, subject.id, o.index, "failed", verdict.message, scenario);
        } catch (error) {
          record(o.property, subject.id, o.index, "error", `the harness threw: ${describe(error)}`, scenario);
        }
      }
    }
  }
  return { failures: [...first.values()], stats: { distinct: cases.length, observed } };
}

/** Merges the failures of several shards: per (property, subject), the earliest case wins. */
export function mergeFailures(shards: readonly (readonly SubjectVerdict[])[]): SubjectVerdict[] {
  const first = new Map<string, SubjectVerdict>();
  for (const failures of shards) {
    for (const f of failures) {
      const key = `${f.propertyId}\u0000${f.subjectId}`;
      const known = first.get(key);
      if (known === undefined || f.caseIndex! < known.caseIndex!) first.set(key, f);
    }
  }
  return [...first.values()];
}
