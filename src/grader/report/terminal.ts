import cliProgress from "cli-progress";
import type { PropertyResult } from "../result";
import type { Reporter } from "./reporter";
import { failureDetails, points, statusSymbol } from "./format";

// The human report: progress on stderr while it runs (a bar on a TTY, one line per property
// otherwise), then the table, the failures with counterexamples and replay lines, and the score.

export interface TerminalOptions {
  readonly out?: NodeJS.WritableStream;
  readonly progress?: NodeJS.WriteStream;
}

export function terminalReporter(options: TerminalOptions = {}): Reporter {
  const out = options.out ?? process.stdout;
  const progress = options.progress ?? process.stderr;
  const write = (line = "") => out.write(`${line}\n`);
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
      write();
      write(table(grade.properties));
      const failures = grade.properties.filter((p) => p.status !== "passed");
      if (failures.length > 0) {
        write();
        write("Failures:");
        for (const failure of failures) {
          write();
          write(`${statusSymbol(failure)} ${failure.id} — ${failure.title}`);
          for (const line of failureDetails(failure).split("\n")) write(`    ${line}`);
        }
      }
      if (grade.warnings.length > 0) {
        write();
        write("Warnings:");
        for (const warning of grade.warnings) write(`  - ${warning}`);
      }
      write();
      write(`Score: ${points(grade.score)}/${points(grade.maxScore)}  (${grade.properties.filter((p) => p.status === "passed").length}/${grade.properties.length} properties passed, ${(grade.durationMs / 1000).toFixed(1)} s, seed ${grade.seed})`);
    },
  };
}

function table(results: readonly PropertyResult[]): string {
  const idWidth = Math.max(8, ...results.map((r) => r.id.length));
  const header = `   ${"property".padEnd(idWidth)}  points  runs`;
  const rows = results.map((r) => `${statusSymbol(r)}  ${r.id.padEnd(idWidth)}  ${`${points(r.points)}/${points(r.maxPoints)}`.padStart(6)}  ${String(r.numRuns).padStart(4)}`);
  return [header, ...rows].join("\n");
}
