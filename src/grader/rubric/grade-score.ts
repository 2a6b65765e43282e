import type { GradeResult, PropertyResult, RootCause } from "../result";
import { totals } from "../score";
import { criterionOfProperty } from "./property-criteria";
import { DEFAULT_RUBRIC, type Rubric, type ScoringMode } from "./rubric";
import { scoreByCriteria } from "./score-criteria";

// The score of a grade, and the fields of GradeResult that come with it: by the rubric, or
// property by property. A grade of properties the rubric does not know (a test's own suite)
// is scored property by property, and says so.

export interface GradeScore {
  /** The score's fields of GradeResult, to spread into it. */
  readonly fields: Pick<GradeResult, "score" | "maxScore" | "scoring" | "rubric" | "criteria" | "propertyScore">;
  /** The root causes with what each costs and where, and the properties with their criterion. */
  readonly rootCauses: GradeResult["rootCauses"];
  readonly properties: GradeResult["properties"];
  readonly warnings: readonly string[];
}

/** `shown`: excused failures shown kept on another of their cases (./evidence.ts). */
export function gradeScore(results: readonly PropertyResult[], rootCauses: readonly RootCause[], scoring: ScoringMode = "rubric", rubric: Rubric = DEFAULT_RUBRIC, shown: ReadonlySet<string> = new Set()): GradeScore {
  const propertyScore = totals(results);
  const unknown = results.filter((r) => criterionOfProperty(r.id) === undefined).map((r) => r.id);
  const mode: ScoringMode = unknown.length > 0 ? "properties" : scoring;
  const scored = scoreByCriteria(results, rootCauses, mode, rubric.points, criterionOfProperty, shown);
  const warnings =
    unknown.length > 0 && scoring === "rubric" ? [`rubric: ${unknown.length} graded propert${unknown.length === 1 ? "y has" : "ies have"} no criterion (${unknown.slice(0, 3).join(", ")}${unknown.length > 3 ? ", …" : ""}): scored property by property`] : [];
  return {
    fields: {
      ...(mode === "rubric" ? { score: scored.score, maxScore: scored.maxScore } : propertyScore),
      scoring: mode,
      rubric: { source: rubric.source, points: rubric.points },
      criteria: scored.criteria,
      propertyScore,
    },
    // `criterion` is where the mistake is charged: absent for a cause that is no diagnosed mistake.
    rootCauses: rootCauses.map(({ criterion: _named, ...cause }) => ({ ...cause, ...scored.causes.get(cause.id) })),
    properties: results.map((result) => {
      const criterion = criterionOfProperty(result.id);
      return criterion === undefined ? result : { ...result, criterion };
    }),
    warnings,
  };
}
