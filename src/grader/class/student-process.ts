// The grader of one student, in a process of its own (grade-class starts one per student, --jobs
// at once): whatever the submission does to its sandboxed child, and whatever happens to this
// process, no other student's grade shares memory, globals or a child with it.
// Usage: node --import tsx student-process.ts '<StudentJob as JSON>'
import { writeFile } from "node:fs/promises";
import { grade, toolVersion } from "../grade";
import { toJsonReport, type JsonReport } from "../result";
import type { SandboxLimits } from "../sandbox/plan";
import type { Rubric, ScoringMode } from "../rubric/rubric";
import type { StudentRecord } from "./student-record";

export interface StudentJob {
  readonly student: string;
  readonly submission: string;
  readonly recordFile: string;
  readonly reportsDir: string;
  readonly seed: number;
  readonly numRuns: number;
  readonly scoring: ScoringMode;
  readonly rubric: Rubric;
  readonly limits: Partial<SandboxLimits>;
  readonly corpusDir?: string | null;
  /** Test seams: a module exporting `properties` to grade instead of the suite, and a stand-in driver. */
  readonly propertiesModule?: string;
  readonly driverModule?: string;
  /** Where the submission's imports must stay (set by grade-class, see ClassOptions.importRoot). */
  readonly importRoot?: string;
}

async function main(): Promise<void> {
  const job = JSON.parse(process.argv[2] ?? "null") as StudentJob;
  const started = Date.now();
  const properties = job.propertiesModule === undefined ? undefined : ((await import(job.propertiesModule)) as { properties: never }).properties;
  const result = await grade({
    submission: job.submission,
    seed: job.seed,
    numRuns: job.numRuns,
    limits: job.limits,
    reportsDir: job.reportsDir,
    jobs: 1,
    scoring: job.scoring,
    rubric: job.rubric,
    ...(properties === undefined ? {} : { properties, reference: null }),
    ...(job.driverModule === undefined ? {} : { driverModule: job.driverModule }),
    ...(job.corpusDir === undefined ? {} : { corpusDir: job.corpusDir }),
    ...(job.importRoot === undefined ? {} : { importRoot: job.importRoot }),
  });
  const record: StudentRecord = {
    student: job.student,
    submission: job.submission,
    seed: job.seed,
    numRuns: job.numRuns,
    version: toolVersion(),
    scoring: job.scoring,
    rubric: job.rubric.points,
    status: "graded",
    report: toJsonReport(result) as unknown as JsonReport,
    error: null,
    durationMs: Date.now() - started,
  };
  await writeFile(job.recordFile, `${JSON.stringify(record, null, 2)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 2;
});
