// One grade of the held-out measure (scripts/heldout-measure.ts): an implementation of
// test/heldout/ graded as a submission (sandboxed, no reports written), or one of its mistakes
// alone through its compose.ts, and what the measure keeps of it. Also used by
// test/_helpers/measure-sample.ts, which grades a fixed DEV sample again.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { GradeResult, PropertyResult } from "../../src/grader/result";
import { gradedCause, type GradedCause } from "./rates";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

/** What one grade answered, as the measure keeps it. */
export interface GradeFile {
  readonly id: string;
  readonly mistake: string | null;
  readonly fingerprint: string;
  readonly score: number;
  readonly maxScore: number;
  readonly durationMs: number;
  readonly failed: readonly string[];
  readonly rootCauses: readonly GradedCause[];
  /** The criteria that lost points under the default rubric, with the points lost. */
  readonly criteriaLost: readonly { readonly id: string; readonly lost: number }[];
  /** One mistake alone: the fingerprint of the analysis its root causes are from (every source), and its properties that did not pass, to find them again when it changes. */
  readonly analysis?: string;
  readonly failures?: readonly PropertyResult[];
}

/** An entry module that exports the implementation with `mistake` alone (compose.ts). */
export function entryFor(id: string, mistake: string, dir: string): string {
  const folder = join(dir, "entries", id, mistake);
  mkdirSync(folder, { recursive: true });
  const impl = relative(folder, join(ROOT, "test/heldout", id)).split("\\").join("/");
  const text = [
    `// ${id} with the mistake ${mistake} alone (scripts/heldout-measure.ts).`,
    `import { make } from "${impl}/compose";`,
    `export * from "${impl}/index";`,
    `export const { buildActiveContext, groupToolRounds, estimateContextUnits, selectCompactionBoundary, compactContext } = make(new Set([${JSON.stringify(mistake)}]));`,
    "",
  ].join("\n");
  writeFileSync(join(folder, "index.ts"), text);
  return folder;
}

/** Grades `id` (with `mistake` alone when given) as the measure does. */
export async function gradeHeldout(id: string, mistake: string | null, settings: { readonly seed: number; readonly numRuns: number; readonly dir: string; readonly fingerprint: string; readonly analysis?: string }): Promise<{ readonly answer: GradeFile; readonly result: GradeResult }> {
  const { grade } = await import("../../src/grader/grade");
  const submission = mistake === null ? join(ROOT, "test/heldout", id) : entryFor(id, mistake, settings.dir);
  // The implementations share ../_kit, which imports src/core: the import root is the project, trusted.
  const result = await grade({ submission, seed: settings.seed, numRuns: settings.numRuns, reportsDir: null, jobs: 1, importRoot: ROOT });
  const failed = result.properties.filter((p) => p.status !== "passed").map((p) => p.id);
  const rootCauses = result.rootCauses.map(gradedCause);
  const criteriaLost = result.criteria.filter((c) => c.points < c.maxPoints).map((c) => ({ id: c.id, lost: c.maxPoints - c.points }));
  const again = mistake !== null && settings.analysis !== undefined ? { analysis: settings.analysis, failures: result.properties.filter((p) => p.status !== "passed") } : {};
  const answer: GradeFile = { id, mistake, fingerprint: settings.fingerprint, score: result.score, maxScore: result.maxScore, durationMs: result.durationMs, failed, rootCauses, criteriaLost, ...again };
  return { answer, result };
}
