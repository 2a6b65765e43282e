import { resolve } from "node:path";
import { availableParallelism } from "node:os";
import { grade } from "../grade";
import { reporters, type Reporter } from "../report/index";
import { exitCodeFor } from "../score";
import { limitsFromOptions } from "./limits-option";
import { scoringFromOptions } from "./scoring-option";

/** Says where the HTML report is, after the terminal report. */
function htmlPathLine(file: string): Reporter {
  return {
    onGradeEnd() {
      process.stdout.write(`\nHTML report: ${resolve(file)}\n`);
    },
  };
}

/** `compaction-check grade`: returns the exit code (0 full score, 1 otherwise, 2 harness error). */
export async function gradeCommand(submission: string, options: Record<string, unknown>): Promise<number> {
  const scoring = await scoringFromOptions(options);
  const chosen: Reporter[] = [reporters.terminal()];
  if (typeof options.json === "string") chosen.push(reporters.json(options.json));
  if (typeof options.junit === "string") chosen.push(reporters.junit(options.junit));
  if (typeof options.gradescope === "string") chosen.push(reporters.gradescope(options.gradescope));
  if (typeof options.html === "string") chosen.push(reporters.html(options.html), htmlPathLine(options.html));
  const limits = limitsFromOptions(options);
  const result = await grade({
    submission,
    ...(typeof options.only === "string" ? { only: options.only } : {}),
    ...(typeof options.seed === "number" ? { seed: options.seed } : {}),
    ...(typeof options.runs === "number" ? { numRuns: options.runs } : {}),
    jobs: typeof options.jobs === "number" ? options.jobs : availableParallelism(),
    limits,
    reportsDir: typeof options.reports === "string" ? options.reports : "reports",
    reporters: chosen,
    ...scoring,
    ...(options.corpus === false ? { corpusDir: null } : typeof options.corpus === "string" ? { corpusDir: options.corpus } : {}),
  });
  return exitCodeFor(result.properties);
}
