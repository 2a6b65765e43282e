import { mkdir } from "node:fs/promises";
import { dirname } from "node:path";
import junit from "junit-report-builder";
import type { Reporter } from "./reporter";
import { xmlText } from "./escape";
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
      // Every text through xmlText: messages and the submission's path are the submission's.
      const suite = builder.testSuite().name(xmlText(`${grade.tool} ${grade.submission}`)).time(grade.durationMs / 1000);
      suite.property("rootCauses", xmlText(grade.rootCauses.map((cause, index) => `${index + 1}. ${cause.id}: ${cause.title} (${cause.foundByAsking === true ? "found by asking" : cause.properties.length})`).join("; ")));
      suite.property("seed", String(grade.seed)).property("score", `${grade.score}/${grade.maxScore}`).property("schemaVersion", String(grade.schemaVersion));
      for (const result of grade.properties) {
        const testCase = suite.testCase().className(xmlText(`${grade.tool}.${result.family}`)).name(xmlText(`${result.id} — ${result.title}`)).time(result.durationMs / 1000);
        testCase.property("points", `${result.points}/${result.maxPoints}`);
        const root = rootCauseOf(grade, result);
        const prefix = root === null ? "" : `[root cause ${root.index + 1}: ${root.cause.id}] `;
        const details = xmlText(failureDetails(result, grade), { cdata: true });
        if (result.status === "failed") testCase.failure(xmlText(`${prefix}${result.message ?? "failed"}`), "PropertyFailed").stacktrace(details);
        if (result.status === "error") testCase.error(xmlText(result.message ?? "harness error"), "HarnessError", details);
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
