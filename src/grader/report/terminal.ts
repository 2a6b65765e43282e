import cliProgress from "cli-progress";
import type { GradeResult, PropertyResult } from "../result";
import type { Reporter } from "./reporter";
import { printable } from "./escape";
import { counterexampleLines, points, rootCauseLines, rootCauseOf, statusSymbol, truncate } from "./format";
import { criterionLines, losingCriterionLines, scoringLine } from "./criteria-text";

// The human report: progress on stderr while it runs (a bar on a TTY, one line per property
// otherwise), then the score and root causes, the table, the failures with replay lines, and the
// score. Each element of reportLines is one line.

export interface TerminalOptions {
  readonly out?: NodeJS.WritableStream;
  readonly progress?: NodeJS.WriteStream;
}

export function terminalReporter(options: TerminalOptions = {}): Reporter {
  const out = options.out ?? process.stdout;
  const progress = options.progress ?? process.stderr;
  // One line per call, made printable: a message or a folder name cannot clear the screen,
  // write the clipboard or forge a line of the report (lines never hold a newline of ours).
  const write = (line = "") => out.write(`${printable(line)}\n`);
  let bar: cliProgress.SingleBar | null = null;
  let total = 0;
  let numRuns = 0;
  let index = 0;
  let cases = 0;
  return {
    onGradeStart(start) {
      total = start.properties.length;
      numRuns = start.numRuns;
      write(`compaction-check: grading ${start.submission} (seed ${start.seed}, ${start.numRuns} runs per property, ${total} properties)`);
      for (const line of start.isolation) write(`  sandbox: ${line}`);
      if (progress.isTTY === true) {
        bar = new cliProgress.SingleBar({ stream: progress, format: " {bar} {value}/{total} properties | {property} {cases}", hideCursor: true, clearOnComplete: true }, cliProgress.Presets.shades_classic);
        bar.start(total, 0, { property: "", cases: "" });
      }
    },
    onPropertyStart(property) {
      cases = 0;
      bar?.update(index, { property: property.id, cases: "" });
    },
    onCase() {
      cases++;
      if (bar !== null && cases % 10 === 0) bar.update(index, { cases: `(${Math.min(cases, numRuns)}/${numRuns})` });
    },
    onPropertyEnd(result) {
      index++;
      if (bar !== null) bar.update(index, { property: result.id, cases: "" });
      else progress.write(`[${index}/${total}] ${statusSymbol(result)} ${result.id} (${(result.durationMs / 1000).toFixed(1)} s)\n`);
    },
    onGradeEnd(grade) {
      bar?.stop();
      for (const line of reportLines(grade)) write(line);
    },
  };
}

/**
 * The report after the progress: first screen = the score, its points per criterion and the
 * root causes, each with its smallest counterexample and replay line; then the table, the failures (message and replay:
 * their counterexamples are in the replay files), the warnings and the score again.
 */
export function reportLines(grade: GradeResult): string[] {
  const lines: string[] = [""];
  const passed = grade.properties.filter((p) => p.status === "passed").length;
  const scoreLine = `Score: ${points(grade.score)}/${points(grade.maxScore)}  (${passed}/${grade.properties.length} properties passed, ${(grade.durationMs / 1000).toFixed(1)} s, seed ${grade.seed})`;
  lines.push(scoreLine);
  if (grade.criteria.length > 0) lines.push(scoringLine(grade), ...losingCriterionLines(grade), "");
  const failed = grade.properties.filter((p) => p.status === "failed").length;
  if (grade.rootCauses.length > 0) {
    const asked = grade.rootCauses.filter((c) => c.foundByAsking === true && c.properties.length === 0).length;
    const explaining = grade.rootCauses.length - asked;
    lines.push(`${failed} failed propert${failed === 1 ? "y comes" : "ies come"} from ${explaining} root cause${explaining === 1 ? "" : "s"}${asked === 0 ? "" : `, and ${asked} more mistake${asked === 1 ? " was" : "s were"} found by asking`}; fix them in this order:`);
    grade.rootCauses.forEach((cause, index) => lines.push("", ...rootCauseLines(cause, index)));
    lines.push("", "How root causes are found and points counted: docs/grading.md#root-causes, docs/grading.md#rubric");
  }
  lines.push("", ...table(grade));
  const failures = grade.properties.filter((p) => p.status !== "passed");
  // Properties not run for a reason their root cause already says (a build error, a missing
  // export): one line per such root cause, not its message once per property.
  const notRun = (p: PropertyResult) => p.counterexample === undefined && p.numRuns === 0 && p.message?.startsWith("not run: ") === true && rootCauseOf(grade, p) !== null;
  if (failures.length > 0) {
    lines.push("", "Failures:");
    for (const { index } of [...new Map(failures.filter(notRun).map((p) => { const root = rootCauseOf(grade, p)!; return [root.index, root] as const; })).values()]) {
      const ids = failures.filter((p) => notRun(p) && rootCauseOf(grade, p)!.index === index).map((p) => p.id);
      lines.push("", `✗ ${ids.length} propert${ids.length === 1 ? "y" : "ies"} not run, for root cause ${index + 1} above: ${ids.join(", ")}`);
    }
    for (const failure of failures.filter((p) => !notRun(p))) {
      lines.push("", `${statusSymbol(failure)} ${failure.id} — ${failure.title}`);
      const root = rootCauseOf(grade, failure);
      if (root !== null) lines.push(`    root cause ${root.index + 1}: ${root.cause.title}`);
      if (failure.message !== undefined) lines.push(`    ${truncate(failure.message, 300)}`);
      if (root === null && failure.counterexample !== undefined) for (const line of counterexampleLines(failure.counterexample)) lines.push(`      ${line}`);
      if (failure.replay !== undefined) lines.push(`    replay: ${failure.replay}`);
    }
  }
  if (grade.criteria.length > 0 && grade.score < grade.maxScore) lines.push("", "Points by acceptance criterion:", ...criterionLines(grade));
  if (grade.warnings.length > 0) {
    lines.push("", "Warnings:");
    for (const warning of grade.warnings) lines.push(`  - ${warning}`);
  }
  lines.push("", scoreLine);
  return lines;
}

function table(grade: GradeResult): string[] {
  const results = grade.properties;
  const idWidth = Math.max(8, ...results.map((r) => r.id.length));
  const header = `   ${"property".padEnd(idWidth)}  points  runs${grade.rootCauses.length > 0 ? "  root cause" : ""}`;
  const cause = (r: PropertyResult) => {
    const root = rootCauseOf(grade, r);
    return root === null ? "" : `  ${root.index + 1}`;
  };
  const rows = results.map((r) => `${statusSymbol(r)}  ${r.id.padEnd(idWidth)}  ${`${points(r.points)}/${points(r.maxPoints)}`.padStart(6)}  ${String(r.numRuns).padStart(4)}${cause(r)}`);
  return [header, ...rows];
}
