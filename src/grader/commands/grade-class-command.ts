import { availableParallelism } from "node:os";
import { gradeClass } from "../class/grade-class";
import { DEFAULT_RUNS, DEFAULT_SEED } from "../grade";
import { limitsFromOptions } from "./limits-option";
import { scoringFromOptions } from "./scoring-option";

/** `compaction-check grade-class`: 0 when every student was graded, 1 when the grader failed for some. */
export async function gradeClassCommand(dir: string, options: Record<string, unknown>): Promise<number> {
  const scoring = await scoringFromOptions(options);
  const result = await gradeClass({
    ...scoring,
    dir,
    outDir: typeof options.out === "string" ? options.out : "class-report",
    jobs: typeof options.jobs === "number" ? options.jobs : availableParallelism(),
    seed: typeof options.seed === "number" ? options.seed : DEFAULT_SEED,
    numRuns: typeof options.runs === "number" ? options.runs : DEFAULT_RUNS,
    limits: limitsFromOptions(options),
    ...(options.corpus === false ? { corpusDir: null } : typeof options.corpus === "string" ? { corpusDir: options.corpus } : {}),
  });
  const errors = result.records.filter((r) => r.status === "error");
  process.stdout.write(
    [
      `compaction-check grade-class: ${result.records.length} students (${result.graded} graded now, ${result.skipped} kept from an earlier run) in ${(result.durationMs / 1000).toFixed(1)} s`,
      `  ${result.files.csv}`,
      `  ${result.files.json}`,
      `  ${result.files.summary}`,
      ...errors.map((r) => `  grader error for ${r.student}: ${r.error ?? "?"}`),
      "",
    ].join("\n"),
  );
  return errors.length === 0 ? 0 : 1;
}
