import { createHash } from "node:crypto";
import * as core from "../../src/core";
import { createInProcessHost } from "../../src/grader/in-process-host";
import type { Host, PropertyDefinition } from "../../src/scenario";
import { bundleMutant, GRADED_EXPORTS, importBundle } from "../mutants/loader";
import { runOne, suiteProperties } from "../mutants/matrix";
import { variants, type Variant } from "./catalogue";
import type { ContractRow } from "./contract-rows";
import { REVIEW } from "./latitude-review";
import { casesOf, type PropertyCases, type Subject, type SubjectVerdict } from "./shared-run";

// Grading the valid variants: every variant against every property of the suites (the ones
// the mutants face, test/mutants/matrix.ts), in-process hosts, one shared run per property
// (./shared-run.ts). Used by test/variants/full-marks-*.test.ts and scripts/latitude.ts.

export interface GradeSettings {
  readonly seed: number;
  readonly numRuns: number;
}

export function coreReference(): Host {
  return createInProcessHost(core as unknown as Record<string, unknown>);
}

/** Operation kinds whose driver calls only the synchronous exports (src/driver/operations). */
const SYNC_KINDS: ReadonlySet<string> = new Set(["build", "units", "groups", "boundary"]);
const SYNC_EXPORTS = GRADED_EXPORTS.filter((name) => name !== "compactContext");

export interface GradedVariants {
  /** The variants to run, each loaded from its graded bundle. */
  readonly subjects: readonly Subject[];
  /**
   * Variants whose graded bundle is the core's, byte for byte (their patches touch only code
   * the graded exports never reach, e.g. the Message IR helpers): every property observes
   * exactly the core, so running them would only repeat the core's own verdicts.
   */
  readonly identical: readonly string[];
  /**
   * Variants whose bundle of the synchronous exports is the core's (they differ only in code
   * that compactContext alone reaches): on a build, units, groups or boundary scenario they run
   * the core's code, so only their compact and program scenarios are observed.
   */
  readonly compactOnly: readonly string[];
}

/**
 * Bundles every variant's graded surface (loader.ts GRADED_EXPORTS) and loads those that
 * differ from the core's. A scenario a variant would run exactly as the core does is not
 * observed: the core's verdict on it is asserted by the property tests (test/properties).
 */
export async function gradedVariants(list: readonly Variant[]): Promise<GradedVariants> {
  const [core, coreSync] = await Promise.all([bundleMutant(null, GRADED_EXPORTS), bundleMutant(null, SYNC_EXPORTS)]);
  const codes = await Promise.all(list.map((variant) => Promise.all([bundleMutant(variant, GRADED_EXPORTS), bundleMutant(variant, SYNC_EXPORTS)])));
  const subjects: Subject[] = [];
  const identical: string[] = [];
  const compactOnly: string[] = [];
  for (let i = 0; i < list.length; i++) {
    const variant = list[i]!;
    const [code, sync] = codes[i]!;
    if (code === core) {
      identical.push(variant.id);
      continue;
    }
    const host = createInProcessHost(await importBundle(`variant-${variant.id}-graded`, code));
    if (sync === coreSync) {
      compactOnly.push(variant.id);
      subjects.push({ id: variant.id, host, skip: (scenario) => SYNC_KINDS.has(scenario.operation.kind) });
    } else {
      subjects.push({ id: variant.id, host });
    }
  }
  return { subjects, identical, compactOnly };
}

/** Every property's cases, in suite order (./shared-run.ts casesOf). */
export async function suiteCases(settings: GradeSettings): Promise<PropertyCases[]> {
  const all: PropertyCases[] = [];
  for (const property of suiteProperties()) all.push(await casesOf(property, settings));
  return all;
}

/** Failures per property that are run again, shrunk (the rest report their first failing case). */
const SHRUNK_FAILURES = 2;

/** Runs failures again alone, with shrinking, so their reports carry a small counterexample. */
export async function shrinkFailures(failures: readonly SubjectVerdict[], settings: GradeSettings): Promise<SubjectVerdict[]> {
  if (failures.length === 0) return [];
  const { subjects } = await gradedVariants(variants);
  const reference = coreReference();
  const perProperty = new Map<string, number>();
  const shrunk: SubjectVerdict[] = [];
  for (const failure of failures) {
    const count = (perProperty.get(failure.propertyId) ?? 0) + 1;
    perProperty.set(failure.propertyId, count);
    const property = suiteProperties().find((p) => p.id === failure.propertyId);
    const subject = subjects.find((s) => s.id === failure.subjectId);
    if (count > SHRUNK_FAILURES || property === undefined || subject === undefined) {
      shrunk.push(failure);
      continue;
    }
    const again = await runOne(property, { subject: subject.host, reference }, { ...settings, shrink: true });
    shrunk.push(again.status === "passed" ? failure : { ...failure, status: again.status, ...(again.message === undefined ? {} : { message: again.message }), ...(again.counterexample === undefined ? {} : { counterexample: again.counterexample }) });
  }
  return shrunk;
}

/** One line per failing variant: the variant, the property's message and the counterexample. */
export function failureReport(verdicts: readonly SubjectVerdict[]): string {
  return verdicts
    .filter((v) => v.status !== "passed")
    .map((v) => `variant ${v.subjectId}: ${v.status}: ${v.message ?? ""}\n  counterexample: ${JSON.stringify(v.counterexample)?.slice(0, 1500) ?? "-"}`)
    .join("\n");
}

/**
 * A hash of what docs/latitude.md shows: the §8 rows (as docs/contract.md states them), the catalogue (ids, rows, descriptions,
 * witnesses), the property ids and the review of accepted sets (./latitude-review.ts). Producing the doc takes a full grading run, so the doc
 * carries this hash and a test compares it (the verdicts themselves are asserted by the
 * full-marks tests on every `npm test`).
 */
export function catalogueHash(rows: readonly ContractRow[], list: readonly Variant[], propertyIds: readonly string[]): string {
  const data = list.map((v) => ({ id: v.id, row: v.row, description: v.description, witness: { core: v.witness.core, variant: v.witness.variant } }));
  return createHash("sha256").update(JSON.stringify({ rows, variants: data, properties: propertyIds, review: REVIEW })).digest("hex").slice(0, 16);
}
