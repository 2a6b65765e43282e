import type { RootCauseAnalysis } from "../../src/grader/root-cause/analyze";
import { GRADE_SCHEMA_VERSION, type GradeResult, type PropertyResult } from "../../src/grader/result";
import { gradeScore } from "../../src/grader/rubric/grade-score";
import type { PropertyDefinition } from "../../src/scenario";
import type { PropertyVerdict } from "../mutants/matrix";

/** The grade the reporters would get for these in-process verdicts and their root causes. */
export function gradeOf(submission: string, settings: { readonly seed: number; readonly numRuns: number }, properties: readonly PropertyDefinition[], failed: readonly PropertyVerdict[], analysis: RootCauseAnalysis): GradeResult {
  const results: PropertyResult[] = properties.map((def) => {
    const verdict = failed.find((v) => v.propertyId === def.id);
    const base = { id: def.id, title: def.title, family: def.family, maxPoints: def.weight, numRuns: settings.numRuns, durationMs: 0 };
    if (verdict === undefined) return { ...base, status: "passed", points: def.weight };
    const cause = analysis.causeOf.get(def.id);
    return {
      ...base,
      status: verdict.status,
      points: 0,
      ...(verdict.message === undefined ? {} : { message: verdict.message }),
      ...(verdict.counterexample === undefined ? {} : { counterexample: verdict.counterexample }),
      ...(verdict.observation === undefined ? {} : { observation: verdict.observation }),
      ...(cause === undefined ? {} : { rootCause: cause }),
    };
  });
  const { fields, rootCauses, properties: scoredProperties, warnings } = gradeScore(results, analysis.rootCauses);
  return {
    tool: "compaction-check",
    version: "test",
    submission,
    seed: settings.seed,
    numRuns: settings.numRuns,
    ...fields,
    properties: scoredProperties,
    rootCauses,
    durationMs: 0,
    sandbox: { kind: "none", isolation: [], limits: { scenarioTimeoutMs: 0, totalTimeoutMs: 0, memoryMb: 0 } },
    warnings: [...warnings],
    schemaVersion: GRADE_SCHEMA_VERSION,
  };
}
