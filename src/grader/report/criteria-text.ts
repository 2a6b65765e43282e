import type { GradeResult, RootCause } from "../result";
import { criterionOf } from "../criteria";
import type { CriterionScore } from "../rubric/score-criteria";
import { points } from "./points";

// The criterion view of a grade in words, shared by the reports: points per acceptance
// criterion and the mistakes (root causes) behind each loss.

type Grade = Pick<GradeResult, "scoring" | "criteria" | "rootCauses" | "propertyScore">;

/** How the score was computed, in one line. */
export function scoringLine(grade: Grade): string {
  if (grade.scoring === "properties") return "By acceptance criterion (--scoring properties: every failed property costs its weight):";
  return `By acceptance criterion (a mistake costs points once, in its own criterion; property by property ${points(grade.propertyScore.score)}/${points(grade.propertyScore.maxScore)}):`;
}

function causeLabel(grade: Grade, id: string | null, properties: readonly string[], withIds: boolean): string {
  const index = id === null ? -1 : grade.rootCauses.findIndex((c) => c.id === id);
  if (index === -1) return properties.length === 1 ? properties[0]! : `${properties.length} properties`;
  return `root cause ${index + 1}${withIds ? ` [${id}]` : ""}`;
}

/**
 * What a criterion lost and to which mistakes, e.g. "−10 root cause 2; −2 root cause 5", and
 * where its other failures were charged; `withIds` adds each root cause's id.
 */
export function criterionLosses(criterion: CriterionScore, grade: Grade, max = 3, withIds = false): string {
  const losses = criterion.losses.filter((loss) => loss.points > 0);
  const shown = losses.slice(0, max).map((loss) => `−${points(round2(loss.points))} ${causeLabel(grade, loss.rootCause, loss.properties, withIds)}${creditText(loss)}`);
  if (losses.length > max) shown.push(`+${losses.length - max} more`);
  if (criterion.excused.length > 0) {
    const causes = [...new Set(criterion.excused.map((id) => grade.rootCauses.findIndex((c) => c.properties.includes(id))).filter((i) => i >= 0))].sort((a, b) => a - b);
    shown.push(`${criterion.excused.length} failure${criterion.excused.length === 1 ? "" : "s"} from root cause${causes.length === 1 ? "" : "s"} ${causes.map((i) => i + 1).join(", ")} (charged there${shownText(criterion)})`);
  }
  return shown.join("; ");
}

/** One line per graded criterion: mark, title, points, losses. */
export function criterionLines(grade: Grade): string[] {
  return criterionRows(grade, grade.criteria);
}

/**
 * The first screen's view: a line per criterion that lost points, then one for all the others
 * (their points, and the root causes their failures were charged to); every line when none lost.
 */
export function losingCriterionLines(grade: Grade): string[] {
  const losing = grade.criteria.filter((c) => c.points < c.maxPoints);
  const full = grade.criteria.filter((c) => c.points >= c.maxPoints);
  if (losing.length === 0 || full.length <= 1) return criterionLines(grade);
  const excused = full.flatMap((c) => c.excused);
  const causes = [...new Set(excused.map((id) => grade.rootCauses.findIndex((c) => c.properties.includes(id))).filter((i) => i >= 0))].sort((a, b) => a - b);
  const sum = (key: "points" | "maxPoints") => full.reduce((total, c) => total + c[key], 0);
  const others = {
    title: `the ${full.length} others`,
    points: sum("points"),
    maxPoints: sum("maxPoints"),
    note: excused.length === 0 ? "" : `their ${excused.length} failed propert${excused.length === 1 ? "y comes" : "ies come"} from root cause${causes.length === 1 ? "" : "s"} ${causes.map((i) => i + 1).join(", ")} (charged there)`,
  };
  return criterionRows(grade, losing, others);
}

function criterionRows(grade: Grade, criteria: readonly CriterionScore[], others?: { title: string; points: number; maxPoints: number; note: string }): string[] {
  const rows = [...criteria.map((c) => ({ title: c.title, points: c.points, maxPoints: c.maxPoints, note: criterionLosses(c, grade) })), ...(others === undefined ? [] : [others])];
  const width = Math.max(...rows.map((r) => r.title.length), 9);
  const pointsWidth = Math.max(...rows.map((r) => `${points(r.points)}/${points(r.maxPoints)}`.length));
  return rows.map((r) => `  ${r.points < r.maxPoints ? "✗" : "✓"} ${r.title.padEnd(width)}  ${`${points(r.points)}/${points(r.maxPoints)}`.padStart(pointsWidth)}${r.note === "" ? "" : `  ${r.note}`}`.trimEnd());
}

/** What a root cause costs and where, e.g. "−12 points (Units)"; empty when it costs nothing. */
export function causeCharge(cause: Pick<RootCause, "criterion" | "pointsLost">): string {
  if (cause.pointsLost === undefined || cause.pointsLost <= 0) return "";
  const where = cause.criterion === undefined ? "" : ` (${criterionOf(cause.criterion).title})`;
  return `−${points(round2(cause.pointsLost))} point${cause.pointsLost === 1 ? "" : "s"}${where}`;
}

/** For a criterion where nothing passed: how many of its excused failures pass on another of their cases (the evidence credited). */
export function shownText(criterion: Pick<CriterionScore, "shown">): string {
  const count = criterion.shown?.length ?? 0;
  return count === 0 ? "" : `; ${count} of them pass on another case`;
}

/** For excused failures credited below 100 %: the rate, and why. */
export function creditText(loss: { readonly creditedAt?: number }): string {
  return loss.creditedAt === undefined ? "" : ` (its failures here credited at ${Math.round(loss.creditedAt * 100)} %, as far as this criterion shows its rules kept)`;
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}
