// What session 20's analysis tells apart, on the fresh material that showed it (the `s21-`
// implementations, DEV), graded as `npm run heldout:measure` grades them (sandboxed, its seed and
// runs): a promise a then returns left without handlers is one mistake of what a then returns
// (not also one of how native promises are observed, and one of a leak).
import { mkdirSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { gradeHeldout } from "../../scripts/heldout/grade-one";

const SETTINGS = { seed: 20261129, numRuns: 100, fingerprint: "" };
// A mistake alone is an entry module that imports the folder's compose.ts: it must lie inside the
// project, the submission's own tree (reports/ is ignored by git).
const REPORTS = fileURLToPath(new URL("../../reports/", import.meta.url));
mkdirSync(REPORTS, { recursive: true });
const dir = await mkdtemp(`${REPORTS}session-20-`);
afterAll(() => rm(dir, { recursive: true, force: true }));

async function rootCauses(id: string, mistake: string | null): Promise<{ readonly ids: string[]; readonly titles: string[] }> {
  const { answer } = await gradeHeldout(id, mistake, { ...SETTINGS, dir });
  return { ids: answer.rootCauses.map((c) => c.id), titles: answer.rootCauses.map((c) => c.title) };
}

describe.concurrent("session 20: one root cause per mistake on the s21- material", () => {
  it("a native promise a then returns left without handlers: one root cause, what a then returns", { timeout: 300_000 }, async () => {
    expect((await rootCauses("s21-then-returned-promise-unhandled", null)).ids).toEqual(["step5.thenReturns"]);
  });
});
