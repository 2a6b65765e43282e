import { DEFAULT_RUNS, DEFAULT_SEED } from "../grade";
import { writeGradescopePackage } from "../gradescope/package";
import { selectProperties } from "../select-properties";
import { scoringFromOptions } from "./scoring-option";

/** `compaction-check gradescope <dir>`: writes the autograder folder. */
export async function gradescopeCommand(dir: string, options: Record<string, unknown>): Promise<number> {
  // A typo in --only fails here, not on every student's submission.
  if (typeof options.only === "string") selectProperties((await import("../../../properties/index")).allProperties, options.only);
  const { scoring, rubric } = await scoringFromOptions(options);
  const written = await writeGradescopePackage(dir, {
    scoring,
    ...(typeof options.rubric === "string" ? { rubric } : {}),
    seed: typeof options.seed === "number" ? options.seed : DEFAULT_SEED,
    numRuns: typeof options.runs === "number" ? options.runs : DEFAULT_RUNS,
    jobs: typeof options.jobs === "number" ? options.jobs : 2,
    ...(typeof options.only === "string" ? { only: options.only } : {}),
    ...(typeof options.timeout === "number" ? { timeoutMs: options.timeout } : {}),
    ...(typeof options.totalTimeout === "number" ? { totalTimeoutS: options.totalTimeout } : {}),
    ...(typeof options.memory === "number" ? { memoryMb: options.memory } : {}),
  });
  process.stdout.write(`compaction-check gradescope: wrote ${written.files.join(", ")} to ${written.dir}\nZip the folder's contents (cd ${written.dir} && zip -r ../autograder.zip .) and upload it to Gradescope.\n`);
  return 0;
}
