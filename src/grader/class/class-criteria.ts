import { CRITERION_IDS } from "../criteria";
import type { JsonReport } from "../result";
import { points } from "../report/points";

// The rubric in the class reports: a column per acceptance criterion (its points), and one
// saying which mistakes (root causes) each lost point went to.

export interface CriterionCells {
  /** Points per criterion id, null for a criterion not graded (or a report without criteria). */
  readonly points: Readonly<Record<string, number | null>>;
  /** E.g. "units −12 (units); grouping −10 (groups)". */
  readonly lost: string;
}

export function criterionCells(report: JsonReport | null): CriterionCells {
  const criteria = report?.criteria ?? [];
  const cells = Object.fromEntries(CRITERION_IDS.map((id) => [id, criteria.find((c) => c.id === id)?.points ?? null]));
  const lost = criteria
    .filter((c) => c.points < c.maxPoints)
    .map((c) => `${c.id} −${points(Math.round((c.maxPoints - c.points) * 100) / 100)} (${c.losses.filter((l) => l.points > 0).map((l) => l.rootCause ?? l.properties.join(" ")).join(", ")})`)
    .join("; ");
  return { points: cells, lost };
}

/** The extra header cells of class.csv: one per criterion (with its points in the default or a student's rubric), then "points lost". */
export function criterionHeader(reports: readonly (JsonReport | null)[]): string[] {
  const max = (id: string) => reports.map((r) => r?.criteria?.find((c) => c.id === id)?.maxPoints).find((m) => m !== undefined);
  return [...CRITERION_IDS.map((id) => (max(id) === undefined ? id : `${id} (${points(max(id)!)})`)), "points lost (criterion, root causes)"];
}

export function criterionRow(cells: CriterionCells): string[] {
  return [...CRITERION_IDS.map((id) => (cells.points[id] == null ? "" : points(cells.points[id]!))), cells.lost];
}

/** summary.md: the mean points per criterion over the graded students, and how many lost some. */
export function criterionSummary(rows: readonly { readonly criteria: CriterionCells }[], reports: readonly (JsonReport | null)[]): string[] {
  const header = criterionHeader(reports).slice(0, CRITERION_IDS.length);
  const lines = CRITERION_IDS.flatMap((id, i) => {
    const graded = rows.map((r) => r.criteria.points[id]).filter((p): p is number => p !== null && p !== undefined);
    if (graded.length === 0) return [];
    const max = reports.map((r) => r?.criteria?.find((c) => c.id === id)?.maxPoints).find((m) => m !== undefined) ?? 0;
    const mean = graded.reduce((a, b) => a + b, 0) / graded.length;
    return [`| ${header[i]} | ${points(Math.round(mean * 10) / 10)} | ${graded.filter((p) => p < max).length} |`];
  });
  return lines.length === 0 ? [] : ["## Points per criterion", "", "| criterion (points) | mean | students who lost some |", "| --- | ---: | ---: |", ...lines, ""];
}
