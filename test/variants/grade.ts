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

/**
 * The graded exports each operation kind calls (src/driver/operations; a prebuilt context is
 * built first, a forged-error script provokes buildActiveContext). ContextCompactionError is
 * bundled with each, as every failure and observation uses it.
 */
const KIND_EXPORTS: Readonly<Record<string, readonly string[]>> = {
  build: ["buildActiveContext"],
  units: ["estimateContextUnits", "buildActiveContext"],
  groups: ["groupToolRounds"],
  boundary: ["selectCompactionBoundary", "buildActiveContext"],
  compact: ["compactContext", "buildActiveContext"],
  program: ["buildActiveContext", "compactContext"],
};
const OPERATION_EXPORTS = [...new Set(Object.values(KIND_EXPORTS).flat())];
const bundleOf = (variant: Variant | null, name: string) => bundleMutant(variant, [name, "ContextCompactionError"]);

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
   * Per variant run on some operation kinds only: the kinds whose exports' bundles (each with
   * ContextCompactionError) differ from the core's. On the other kinds the variant runs the
   * core's code, byte for byte, so those scenarios are not observed.
   */
  readonly observedKinds: readonly { readonly id: string; readonly kinds: readonly string[] }[];
}

/**
 * Bundles every variant's graded surface (loader.ts GRADED_EXPORTS) and loads those that
 * differ from the core's. A scenario a variant would run exactly as the core does (every
 * export its operation calls bundles to the core's code) is not observed: the core's verdict
 * on it is asserted by the property tests (test/properties).
 */
export async function gradedVariants(list: readonly Variant[]): Promise<GradedVariants> {
  const [core, ...coreExports] = await Promise.all([bundleMutant(null, GRADED_EXPORTS), ...OPERATION_EXPORTS.map((name) => bundleOf(null, name))]);
  const codes = await Promise.all(list.map((variant) => Promise.all([bundleMutant(variant, GRADED_EXPORTS), ...OPERATION_EXPORTS.map((name) => bundleOf(variant, name))])));
  const subjects: Subject[] = [];
  const identical: string[] = [];
  const observedKinds: { id: string; kinds: string[] }[] = [];
  for (let i = 0; i < list.length; i++) {
    const variant = list[i]!;
    const [code, ...exportCodes] = codes[i]!;
    if (code === core) {
      identical.push(variant.id);
      continue;
    }
    const same = new Set(OPERATION_EXPORTS.filter((_, j) => exportCodes[j] === coreExports[j]));
    const kinds = Object.keys(KIND_EXPORTS).filter((kind) => !KIND_EXPORTS[kind]!.every((name) => same.has(name)));
    const host = createInProcessHost(await importBundle(`variant-${variant.id}-graded`, code));
    if (kinds.length < Object.keys(KIND_EXPORTS).length) observedKinds.push({ id: variant.id, kinds });
    // An operation kind this table does not know is always observed.
    subjects.push({ id: variant.id, host, skip: (scenario) => KIND_EXPORTS[scenario.operation.kind] !== undefined && !kinds.includes(scenario.operation.kind) });
  }
  return { subjects, identical, observedKinds };
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
