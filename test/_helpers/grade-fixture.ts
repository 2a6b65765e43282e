import { DEFAULT_RUBRIC } from "../../src/grader/rubric/rubric";
import { GRADE_SCHEMA_VERSION, type GradeResult, type PropertyResult, type RootCause } from "../../src/grader/result";

/** A grade of these failures and root causes, scored property by property, for the reporters. */
export function gradeOf(properties: readonly PropertyResult[], rootCauses: readonly RootCause[]): GradeResult {
  const maxScore = properties.reduce((sum, p) => sum + p.maxPoints, 0);
  const score = properties.reduce((sum, p) => sum + p.points, 0);
  return {
    tool: "compaction-check",
    version: "0.1.0",
    submission: "sub",
    seed: 1,
    numRuns: 1,
    score,
    maxScore,
    scoring: "properties",
    rubric: { source: "default", points: DEFAULT_RUBRIC.points },
    criteria: [],
    propertyScore: { score, maxScore },
    durationMs: 1,
    sandbox: { kind: "none", isolation: [], limits: { scenarioTimeoutMs: 1, totalTimeoutMs: 1, memoryMb: 1 } },
    properties,
    rootCauses,
    warnings: [],
    schemaVersion: GRADE_SCHEMA_VERSION,
  };
}
