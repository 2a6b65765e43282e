import { mkdir, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import type { Reporter } from "./reporter";
import type { PropertyResult, RootCause } from "../result";
import { failureDetails, points, rootCauseLines } from "./format";
import { criteriaOutput, criterionTests } from "./gradescope-criteria";

// `--gradescope FILE`: the results.json of a Gradescope autograder. Tests are visible so a
// student sees the counterexample; the top-level output carries the root causes and the warnings.
// The grade's replay lines name files on the grading machine: a student gets instead a command
// for their own repository, with the counterexample itself to save there.

/** The counterexample as a scenario file (`replay` reads it) and the command that replays it in the student's repository. */
export function studentReplay(result: PropertyResult): string[] {
  if (result.counterexample === undefined) return [];
  const file = `${result.id}.json`;
  return [
    `replay in your repository: save the next line as ${file}, then run: npx compaction-check replay ${file} .`,
    JSON.stringify({ propertyId: result.id, scenario: result.counterexample }),
  ];
}

const causeReplay = (cause: RootCause) => (cause.counterexampleOf === undefined ? [] : [`replay: see the test ${cause.counterexampleOf} (its counterexample, and the command to replay it in your repository)`]);

export interface GradescopeTest {
  readonly name: string;
  /** Absent under the rubric: the points are the criteria's tests' (./gradescope-criteria). */
  readonly score?: number;
  readonly max_score?: number;
  readonly status: "passed" | "failed";
  readonly output: string;
  readonly visibility: "visible";
}

export function gradescopeReporter(file: string): Reporter {
  return {
    async onGradeEnd(grade) {
      const byRubric = grade.scoring === "rubric";
      const tests: GradescopeTest[] = grade.properties.map((result) => ({
        name: `${result.id}: ${result.title}`,
        ...(byRubric ? {} : { score: result.points, max_score: result.maxPoints }),
        status: result.status === "passed" ? "passed" : "failed",
        output: result.status === "passed" ? `passed ${result.numRuns} generated cases` : failureDetails(result, grade, studentReplay),
        visibility: "visible",
      }));
      const output = [
        `${grade.tool} ${grade.version}: ${points(grade.score)}/${points(grade.maxScore)} (seed ${grade.seed}, ${grade.numRuns} runs per property, schema ${grade.schemaVersion})`,
        ...criteriaOutput(grade),
        ...(grade.rootCauses.length === 0 ? [] : ["", `Root causes (fix them in this order):`, ...grade.rootCauses.flatMap((cause, index) => ["", ...rootCauseLines(cause, index, causeReplay)])]),
        ...grade.warnings.map((warning) => `warning: ${warning}`),
      ].join("\n");
      const results = { score: grade.score, execution_time: Math.round(grade.durationMs / 1000), output, tests: [...(byRubric ? criterionTests(grade) : []), ...tests] };
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, `${JSON.stringify(results, null, 2)}\n`);
    },
  };
}
