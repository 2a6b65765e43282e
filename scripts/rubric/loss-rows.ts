// One-mistake losses under the rubric (issue 26, item 3), shared by scripts/rubric-losses.ts and
// scripts/root-causes.ts (which writes the catalogue's rows from the run that measures its root
// causes): what a grade found, kept raw so the rubric can be applied again as it changes, scored
// by the current rubric, and summed up.
import type { PropertyDefinition } from "../../src/scenario";
import type { PropertyResult, RootCause } from "../../src/grader/result";
import { gradeScore } from "../../src/grader/rubric/grade-score";
import { DEFAULT_RUBRIC } from "../../src/grader/rubric/rubric";
import { shownKept } from "../../src/grader/rubric/evidence";
import type { MutantHosts, PropertyVerdict } from "../../test/mutants/matrix";
import { median } from "../median";

/** What a grade found, kept raw so the rubric can be applied again as it changes (`merge`). */
export interface Row {
  readonly set: "catalogue" | "heldout";
  readonly id: string;
  /** The criterion the ground truth names (held-out set only). */
  readonly truth?: string;
  readonly results: readonly { readonly id: string; readonly status: PropertyResult["status"]; readonly maxPoints: number; readonly observed: boolean; readonly skipped?: PropertyResult["skipped"] }[];
  readonly causes: readonly { readonly id: string; readonly properties: readonly string[]; readonly criterion?: string; readonly observed: boolean }[];
  /** Excused failures shown kept on another of their cases (src/grader/rubric/evidence.ts). */
  readonly shown?: readonly string[];
}

/** A row scored by the current rubric. */
export interface Scored {
  readonly row: Row;
  readonly score: number;
  readonly maxScore: number;
  readonly propertyScore: number;
  /** Criteria that lost points, with the points lost. */
  readonly losing: readonly { readonly id: string; readonly lost: number }[];
}

const STAND_IN = { operation: { kind: "units", prebuilt: false, input: {} } } as const;

export function rowOf(set: Row["set"], id: string, results: readonly PropertyResult[], causes: readonly RootCause[], truth?: string, shown: readonly string[] = []): Row {
  return {
    set,
    id,
    ...(truth === undefined ? {} : { truth }),
    ...(shown.length === 0 ? {} : { shown }),
    results: results.map((r) => ({ id: r.id, status: r.status, maxPoints: r.maxPoints, observed: r.counterexample !== undefined, ...(r.skipped === undefined ? {} : { skipped: r.skipped }) })),
    causes: causes.map((c) => ({ id: c.id, properties: c.properties, ...(c.criterion === undefined ? {} : { criterion: c.criterion }), observed: c.counterexample !== undefined })),
  };
}

/** The row scored by the current rubric (src/grader/rubric), from what its grade found. */
export function scored(row: Row): Scored {
  const results = row.results.map((r): PropertyResult => ({ id: r.id, title: r.id, family: "", status: r.status, points: r.status === "passed" ? r.maxPoints : 0, maxPoints: r.maxPoints, numRuns: 0, durationMs: 0, ...(r.observed ? { counterexample: STAND_IN as never } : {}), ...(r.skipped === undefined ? {} : { skipped: r.skipped }) }));
  const causes = row.causes.map((c): RootCause => ({ id: c.id, title: c.id, explanation: "", properties: c.properties, ...(c.criterion === undefined ? {} : { criterion: c.criterion as never }), ...(c.observed ? { counterexample: STAND_IN as never } : {}) }));
  const { fields } = gradeScore(results, causes, "rubric", DEFAULT_RUBRIC, new Set(row.shown ?? []));
  return {
    row,
    score: fields.score,
    maxScore: fields.maxScore,
    propertyScore: fields.propertyScore.score,
    losing: fields.criteria.filter((c) => c.points < c.maxPoints).map((c) => ({ id: c.id, lost: Math.round((c.maxPoints - c.points) * 1000) / 1000 })),
  };
}
/**
 * A mutant's row of the catalogue: every property's verdict (run to its first failing case), the
 * analysis' root causes, and the evidence a grade asks for (src/grader/rubric/evidence.ts), of
 * the mutant's own host.
 */
export async function catalogueRow(mutantId: string, properties: readonly PropertyDefinition[], verdicts: ReadonlyMap<string, PropertyVerdict>, causes: readonly RootCause[], hosts: MutantHosts, settings: { readonly seed: number; readonly numRuns: number }): Promise<Row> {
  const results: PropertyResult[] = properties.map((p) => {
    const v = verdicts.get(p.id)!;
    return { id: p.id, title: p.title, family: p.family, status: v.status, points: v.status === "passed" ? p.weight : 0, maxPoints: p.weight, numRuns: settings.numRuns, durationMs: 0, ...(v.counterexample === undefined ? {} : { counterexample: v.counterexample }) };
  });
  const shown = await shownKept(results, causes, properties, hosts.subject, { ...settings, reference: hosts.reference, examplesFor: () => [] });
  return rowOf("catalogue", mutantId, results, causes, undefined, [...shown]);
}

export const BLIND_ROW = "(blind)";
export const blind = (s: Scored) => s.row.id === BLIND_ROW;

export function line(s: Scored): string {
  const losing = s.losing.map((c) => `${c.id} −${c.lost}`).join(", ") || "nothing";
  return `${s.row.id}: ${s.score}/${s.maxScore} (property by property ${s.propertyScore}), ${s.row.causes.length} root cause(s), lost in ${s.losing.length} criteri${s.losing.length === 1 ? "on" : "a"}: ${losing}${s.row.truth === undefined ? "" : ` (ground truth: ${s.row.truth})`}`;
}

/** Totals of a group of rows: how many, largest and median loss, how many lose more than one criterion. */
export function totals(name: string, rows: readonly Scored[]): string {
  const losses = rows.map((r) => Math.round((r.maxScore - r.score) * 1000) / 1000);
  const propertyLosses = rows.map((r) => r.maxScore - r.propertyScore);
  const spread = rows.filter((r) => r.losing.length > 1).length;
  const home = rows.filter((r) => r.row.truth !== undefined && r.losing.length === 1 && r.losing[0]!.id === r.row.truth).length;
  return [
    `${name}: ${rows.length} one-mistake implementations`,
    `  loss under the rubric: largest ${Math.max(0, ...losses)}, median ${median(losses)} (property by property: largest ${Math.max(0, ...propertyLosses)}, median ${median(propertyLosses)})`,
    `  losing more than one criterion: ${spread}; losing exactly one: ${rows.filter((r) => r.losing.length === 1).length}; losing nothing: ${rows.filter((r) => r.losing.length === 0).length}`,
    ...(rows.some((r) => r.row.truth !== undefined) ? [`  losing exactly the ground truth's criterion: ${home}`] : []),
  ].join("\n");
}
