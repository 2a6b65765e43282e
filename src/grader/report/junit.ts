import { mkdir } from "node:fs/promises";
import { dirname } from "node:path";
import junit from "junit-report-builder";
import type { Reporter } from "./reporter";
import { failureDetails, rootCauseOf } from "./format";
import { criterionLosses, scoringLine } from "./criteria-text";

/**
 * `--junit FILE`: one test case per property; "failed" is a failure (its message names its root
 * cause), "error" an error. A second suite has one test case per acceptance criterion: a failure
 * when it lost points, naming the root causes the points went to.
 */
export function junitReporter(file: string): Reporter {
  return {
    async onGradeEnd(grade) {
      const builder = junit.newBuilder();
      const suite = builder.testSuite().name(`${grade.tool} ${grade.submission}`).time(grade.durationMs / 1000);
      suite.property("rootCauses", grade.rootCauses.map((cause, index) => `${index + 1}. ${cause.id}: ${cause.title} (${cause.properties.length})`).join("; "));
      suite.property("seed", String(grade.seed)).property("score", `${grade.score}/${grade.maxScore}`).property("schemaVersion", String(grade.schemaVersion));
      for (const result of grade.properties) {
        const testCase = suite.testCase().className(`${grade.tool}.${result.family}`).name(`${result.id} — ${result.title}`).time(result.durationMs / 1000);
        testCase.property("points", `${result.points}/${result.maxPoints}`);
        const root = rootCauseOf(grade, result);
        const prefix = root === null ? "" : `[root cause ${root.index + 1}: ${root.cause.id}] `;
        if (result.status === "failed") testCase.failure(`${prefix}${result.message ?? "failed"}`, "PropertyFailed").stacktrace(failureDetails(result, grade));
        if (result.status === "error") testCase.error(result.message ?? "harness error", "HarnessError", failureDetails(result, grade));
      }
      if (grade.criteria.length > 0) {
        const criteria = builder.testSuite().name(`${grade.tool} criteria ${grade.submission}`);
        criteria.property("scoring", scoringLine(grade)).property("score", `${grade.score}/${grade.maxScore}`);
        for (const criterion of grade.criteria) {
          const testCase = criteria.testCase().className(`${grade.tool}.criteria`).name(`${criterion.id} — ${criterion.title}`);
          testCase.property("points", `${criterion.points}/${criterion.maxPoints}`);
          if (criterion.points < criterion.maxPoints) testCase.failure(`${criterion.points}/${criterion.maxPoints}: ${criterionLosses(criterion, grade, Infinity, true)}`, "CriterionLostPoints");
        }
      }
      await mkdir(dirname(file), { recursive: true });
      builder.writeTo(file);
    },
  };
}
