// The root causes of a held-out grade's kept failures, found again by the analysis as it is now,
// against the implementation in a fresh sandbox, without running the properties again (as a
// grade does: src/grader/grade.ts, failures not run because their kind hung joining the mistake
// that made it hang). Used by scripts/heldout-reanalyze.ts (DEV wholes) and by the measure, for
// the grades of one mistake alone kept under a verdicts-only fingerprint (their root causes are
// the analysis's of the day they were graded).
import { resolve } from "node:path";
import { allProperties } from "../../properties/index";
import { prepareSubmission } from "../../src/grader/prepare";
import type { PropertyResult, RootCause } from "../../src/grader/result";
import { analyzeRootCauses } from "../../src/grader/root-cause/analyze";
import { joinSkippedFailures } from "../../src/grader/skipped-causes";
import { DEFAULT_LIMITS } from "../../src/grader/sandbox/plan";
import type { Host } from "../../src/scenario/host";

/** `results`: the grade's properties that did not pass (failed, not run); `only`: the failed ones to explain (default all). */
export async function analyseAgain(submission: string, results: readonly PropertyResult[], reference: Host, only?: readonly string[]): Promise<readonly RootCause[]> {
  const failures = results.filter((p) => p.status === "failed" && (only === undefined || only.includes(p.id)));
  // The implementations share ../_kit, which imports src/core: the import root is the project, trusted (as the measure grades them).
  const prepared = await prepareSubmission(submission, DEFAULT_LIMITS, { importRoot: resolve(".") });
  if (prepared.host === null) throw new Error(`${submission}: no sandbox (${prepared.failure ?? "not prepared"})`);
  try {
    return joinSkippedFailures(results, (await analyzeRootCauses(failures, { definitions: allProperties, subject: prepared.host, reference, conformance: prepared.problems })).rootCauses);
  } finally {
    await prepared.dispose();
  }
}
