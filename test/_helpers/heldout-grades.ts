// Grading a held-out implementation (or one of its mistakes alone) the way `npm run
// heldout:measure` grades it (sandboxed, its seed and runs), for tests that pin what the analysis
// tells apart on the material that showed it (test/heldout/session-*.test.ts).
import { mkdirSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { afterAll } from "vitest";
import { gradeHeldout } from "../../scripts/heldout/grade-one";

const SETTINGS = { seed: 20261129, numRuns: 100, fingerprint: "" };

export type HeldoutRootCauses = (id: string, mistake: string | null) => Promise<{ readonly ids: string[]; readonly titles: string[]; readonly properties: ReadonlyMap<string, readonly string[]> }>;

/**
 * A grader of held-out implementations writing under a fresh folder of reports/ (a mistake alone
 * is an entry module that imports the folder's compose.ts: it must lie inside the project, the
 * submission's own tree; reports/ is ignored by git), removed after the test file.
 */
export async function heldoutRootCauses(name: string): Promise<HeldoutRootCauses> {
  const reports = fileURLToPath(new URL("../../reports/", import.meta.url));
  mkdirSync(reports, { recursive: true });
  const dir = await mkdtemp(`${reports}${name}-`);
  afterAll(() => rm(dir, { recursive: true, force: true }));
  return async (id, mistake) => {
    const { answer } = await gradeHeldout(id, mistake, { ...SETTINGS, dir });
    return { ids: answer.rootCauses.map((c) => c.id), titles: answer.rootCauses.map((c) => c.title), properties: new Map(answer.rootCauses.map((c) => [c.id, c.properties])) };
  };
}
