import { mkdir, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { toJsonReport } from "../result";
import type { Reporter } from "./reporter";

/** `--json FILE`: the documented machine-readable grade (see docs/grading.md). */
export function jsonReporter(file: string): Reporter {
  return {
    async onGradeEnd(grade) {
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, `${JSON.stringify(toJsonReport(grade), null, 2)}\n`);
    },
  };
}
