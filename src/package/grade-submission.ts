import { allProperties } from "../../properties/index";
import { DEFAULT_CORPUS_DIR } from "../grader/corpus";
import { grade } from "../grader/grade";
import type { Reporter } from "../grader/report/reporter";
import { toJsonReport, type JsonReport } from "../grader/result";
import type { SandboxLimits } from "../grader/sandbox/plan";
import { selectProperties } from "../grader/select-properties";
import { validateRubric, type RubricPoints, type ScoringMode } from "../grader/rubric/rubric";

// `grade(submission, options)` of the package: the `compaction-check grade` command without a
// terminal, returning the documented JSON report (docs/grading.md).

export interface GradeSubmissionOptions {
  /** fast-check seed; the default is the command's, so a report can be compared with `compaction-check grade`. */
  readonly seed?: number;
  /** Generated cases per property (default 100). */
  readonly runs?: number;
  /** Only these families or property ids (e.g. ["units", "compaction.request-exact"]); default every property. */
  readonly only?: readonly string[];
  readonly limits?: Partial<SandboxLimits>;
  /** Where counterexample scenario files (and their replay lines) go; null writes none. Default "reports". */
  readonly reportsDir?: string | null;
  /** Regression corpus replayed first; default "corpus" (relative to the working directory, skipped when absent); null for none. */
  readonly corpusDir?: string | null;
  /** Progress hooks, e.g. the terminal, JUnit or Gradescope reporters of the command. */
  readonly reporters?: readonly Reporter[];
  /** "rubric" (default: points per acceptance criterion, each mistake charged once) or "properties" (each property its weight). */
  readonly scoring?: ScoringMode;
  /** Points per acceptance criterion, every criterion named (docs/grading.md, "Rubric"); default the default rubric. */
  readonly rubric?: RubricPoints;
}

/** Grades a submission (a file, or a directory with index.* or src/index.*) in the sandboxed child. */
export async function gradeSubmission(submission: string, options: GradeSubmissionOptions = {}): Promise<JsonReport> {
  const result = await grade({
    submission,
    properties: selectProperties(allProperties, options.only?.join(",")),
    corpusDir: options.corpusDir === undefined ? DEFAULT_CORPUS_DIR : options.corpusDir,
    reportsDir: options.reportsDir === undefined ? "reports" : options.reportsDir,
    ...(options.seed === undefined ? {} : { seed: options.seed }),
    ...(options.runs === undefined ? {} : { numRuns: options.runs }),
    ...(options.limits === undefined ? {} : { limits: options.limits }),
    ...(options.reporters === undefined ? {} : { reporters: options.reporters }),
    ...(options.scoring === undefined ? {} : { scoring: options.scoring }),
    ...(options.rubric === undefined ? {} : { rubric: { source: "options.rubric", points: validateRubric({ criteria: options.rubric }, "options.rubric") } }),
  });
  return toJsonReport(result) as unknown as JsonReport;
}
