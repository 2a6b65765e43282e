import type { GradeResult, RootCause } from "../result";
import { criterionOf } from "../criteria";
import type { CriterionScore } from "../rubric/score-criteria";
import { points } from "./points";

// The criterion view of a grade in words, shared by the reports: points per acceptance
// criterion and the mistakes (root causes) behind each loss.

type Grade = Pick<GradeResult, "scoring" | "criteria" | "rootCauses" | "propertyScore">;

/** How the score was computed, in one line. */
export function scoringLine(grade: Grade): string {
  if (grade.scoring === "properties") return "Points by acceptance criterion (--scoring properties: every failed property costs its weight):";
  return `Points by acceptance criterion; a mistake costs points once, in its own criterion (property by property: ${points(grade.propertyScore.score)}/${points(grade.propertyScore.maxScore)}):`;
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
  const shown = losses.slice(0, max).map((loss) => `−${points(round2(loss.points))} ${causeLabel(grade, loss.rootCause, loss.properties, withIds)}`);
  if (losses.length > max) shown.push(`+${losses.length - max} more`);
  if (criterion.excused.length > 0) {
    const causes = [...new Set(criterion.excused.map((id) => grade.rootCauses.findIndex((c) => c.properties.includes(id))).filter((i) => i >= 0))].sort((a, b) => a - b);
    shown.push(`${criterion.excused.length} failure${criterion.excused.length === 1 ? "" : "s"} from root cause${causes.length === 1 ? "" : "s"} ${causes.map((i) => i + 1).join(", ")} (charged there)`);
  }
  return shown.join("; ");
}

/** One line per graded criterion: mark, title, points, losses. */
export function criterionLines(grade: Grade): string[] {
  const width = Math.max(...grade.criteria.map((c) => c.title.length), 9);
  const pointsWidth = Math.max(...grade.criteria.map((c) => `${points(c.points)}/${points(c.maxPoints)}`.length));
  return grade.criteria.map((c) => {
    const mark = c.points < c.maxPoints ? "✗" : "✓";
    const losses = criterionLosses(c, grade);
    return `  ${mark} ${c.title.padEnd(width)}  ${`${points(c.points)}/${points(c.maxPoints)}`.padStart(pointsWidth)}${losses === "" ? "" : `  ${losses}`}`.trimEnd();
  });
}

/** What a root cause costs and where, e.g. "−12 points (Units)"; empty when it costs nothing. */
export function causeCharge(cause: Pick<RootCause, "criterion" | "pointsLost">): string {
  if (cause.pointsLost === undefined || cause.pointsLost <= 0) return "";
  const where = cause.criterion === undefined ? "" : ` (${criterionOf(cause.criterion).title})`;
  return `−${points(round2(cause.pointsLost))} point${cause.pointsLost === 1 ? "" : "s"}${where}`;
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}
