import cliProgress from "cli-progress";
import { printable } from "../report/escape";
import type { StudentRecord } from "./student-record";

// Progress of a class: a bar with ETA on a TTY, one line per student otherwise.

export interface ClassProgress {
  begin(student: string): void;
  end(record: StudentRecord): void;
  stop(): void;
}

export function classProgress(stream: NodeJS.WriteStream | null, total: number, alreadyDone: number): ClassProgress {
  if (stream === null) return { begin() {}, end() {}, stop() {} };
  let done = alreadyDone;
  const running = new Set<string>();
  if (alreadyDone > 0) stream.write(`${alreadyDone} of ${total} students already graded with these settings (kept)\n`);
  if (stream.isTTY === true) {
    const bar = new cliProgress.SingleBar(
      { stream, format: " {bar} {value}/{total} students | {duration_formatted} elapsed, ETA {eta_formatted} | {running}", hideCursor: true, etaBuffer: 8, etaAsynchronousUpdate: true, fps: 2 },
      cliProgress.Presets.shades_classic,
    );
    bar.start(total, done, { running: "" });
    const show = () => bar.update(done, { running: printable([...running].join(", ").slice(0, 40)) });
    return {
      begin(student) {
        running.add(student);
        show();
      },
      end(record) {
        running.delete(record.student);
        done++;
        show();
      },
      stop() {
        bar.stop();
      },
    };
  }
  return {
    begin(student) {
      running.add(student);
    },
    end(record) {
      done++;
      const score = record.report === null ? `error: ${record.error ?? "?"}` : `${record.report.score}/${record.report.maxScore}`;
      // Folder names and grader errors are untrusted text: one printable line.
      stream.write(`${printable(`[${done}/${total}] ${record.student} ${score} (${(record.durationMs / 1000).toFixed(1)} s)`)}\n`);
    },
    stop() {},
  };
}
