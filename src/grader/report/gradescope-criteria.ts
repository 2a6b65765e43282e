import type { GradeResult } from "../result";
import { creditText, criterionLines, scoringLine, shownText } from "./criteria-text";
import { points } from "./points";

// Gradescope's view of the rubric: one test per acceptance criterion carrying its points (the
// properties' tests then carry none: the score is the criteria's), each naming the mistakes
// (root causes) its points went to and the failed tests behind them.

export interface GradescopeCriterionTest {
  readonly name: string;
  readonly score: number;
  readonly max_score: number;
  readonly status: "passed" | "failed";
  readonly output: string;
  readonly visibility: "visible";
}

export function criterionTests(grade: GradeResult): GradescopeCriterionTest[] {
  return grade.criteria.map((criterion) => {
    const lines: string[] = [];
    if (criterion.points < criterion.maxPoints) lines.push(`Lost ${points(round2(criterion.maxPoints - criterion.points))} of ${points(criterion.maxPoints)} points:`);
    for (const loss of criterion.losses) {
      const index = loss.rootCause === null ? -1 : grade.rootCauses.findIndex((c) => c.id === loss.rootCause);
      const cause = index === -1 ? "failed, no root cause found beyond the property itself" : `root cause ${index + 1}: ${grade.rootCauses[index]!.title}`;
      lines.push(`−${points(round2(loss.points))} for ${cause} (tests ${loss.properties.join(", ")})${creditText(loss)}`);
    }
    if (criterion.excused.length > 0) lines.push(`Failed here, explained by a mistake charged to another criterion (a mistake costs points once${criterion.losses.some((l) => l.creditedAt !== undefined) ? ", as far as this criterion shows its rules kept" : ""}${shownText(criterion)}): ${criterion.excused.join(", ")}`);
    if (lines.length === 0) lines.push("Every property of this criterion passed.");
    return {
      name: `criterion ${criterion.id}: ${criterion.title}`,
      score: criterion.points,
      max_score: criterion.maxPoints,
      status: criterion.points < criterion.maxPoints ? "failed" : "passed",
      output: lines.join("\n"),
      visibility: "visible",
    };
  });
}

/** The criterion lines for the top-level output. */
export function criteriaOutput(grade: GradeResult): string[] {
  return grade.criteria.length === 0 ? [] : ["", scoringLine(grade), ...criterionLines(grade)];
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}
