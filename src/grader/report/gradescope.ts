import { mkdir, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import type { Reporter } from "./reporter";
import { failureDetails, points } from "./format";
import { rootCausesOf } from "../class/class-report";
import type { GradeResult } from "../result";

/** Why points were lost, the same causes as grade-class's reports. */
function rootCauseLines(grade: GradeResult): string[] {
  const causes = rootCausesOf(grade);
  return causes.length === 0 ? [] : ["", "Root causes:", ...causes.map((cause) => `- ${cause}`)];
}

// `--gradescope FILE`: the results.json of a Gradescope autograder. Tests are visible so a
// student sees the counterexample; the top-level output carries the warnings.

export interface GradescopeTest {
  readonly name: string;
  readonly score: number;
  readonly max_score: number;
  readonly status: "passed" | "failed";
  readonly output: string;
  readonly visibility: "visible";
}

export function gradescopeReporter(file: string): Reporter {
  return {
    async onGradeEnd(grade) {
      const tests: GradescopeTest[] = grade.properties.map((result) => ({
        name: `${result.id}: ${result.title}`,
        score: result.points,
        max_score: result.maxPoints,
        status: result.status === "passed" ? "passed" : "failed",
        output: result.status === "passed" ? `passed ${result.numRuns} generated cases` : failureDetails(result),
        visibility: "visible",
      }));
      const output = [
        `${grade.tool} ${grade.version}: ${points(grade.score)}/${points(grade.maxScore)} (seed ${grade.seed}, ${grade.numRuns} runs per property, schema ${grade.schemaVersion})`,
        ...grade.warnings.map((warning) => `warning: ${warning}`),
        ...rootCauseLines(grade),
      ].join("\n");
      const results = { score: grade.score, execution_time: Math.round(grade.durationMs / 1000), output, tests };
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, `${JSON.stringify(results, null, 2)}\n`);
    },
  };
}
