// docs/heldout.md is true: a fixed DEV sample of the held-out set is graded again exactly as
// `npm run heldout:measure` grades it (scripts/heldout/grade-one.ts: sandboxed, the measure's
// seed and runs) and must give the root causes its row of the latest measurement states (their
// ids, how many properties each explains) and a score whose points lost sit in at most one
// criterion, as the rubric promises for one mistake. A change of the analysis that moves a rate
// shows here first; the whole measure is `npm run heldout:measure`. The sample's first
// implementation is graded by `npm test` (test/heldout/measure-sample.test.ts), the others by
// `npm run test:long` (measure-sample-rest.test.ts): a grade is a minute of two cores.
import { mkdtemp, rm } from "node:fs/promises";
import { readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { gradeHeldout } from "../../scripts/heldout/grade-one";
import { isBlind } from "../heldout/split";

/** DEV implementations with one mistake whose grade is quick. */
export const MEASURE_SAMPLE = ["request-unfrozen", "input-getter-called"] as const;
const DOC = new URL("../../docs/heldout.md", import.meta.url);
const SETTINGS = /seed (\d+), (\d+) runs per property/;

/** The root causes the latest measurement's detail row gives `id`: "`cause` n" pairs. */
function documented(text: string, id: string): string[] {
  const row = text.split("\n").reverse().find((line) => line.startsWith(`| ${id} |`));
  if (row === undefined) throw new Error(`docs/heldout.md has no detail row for ${id}`);
  const cell = row.split(" | ")[3]!;
  return [...cell.matchAll(/`([^`]+)` (\d+)/g)].map((m) => `${m[1]} ${m[2]}`);
}

/** The tests of the sample's implementations `ids`. */
export function describeMeasureSample(ids: readonly (typeof MEASURE_SAMPLE)[number][]): void {
  describe("docs/heldout.md, a fixed DEV sample graded again", () => {
    const text = readFileSync(DOC, "utf8");
    const [, seed, runs] = SETTINGS.exec(text.slice(text.lastIndexOf("<!-- heldout:"))) ?? [];

    it("is DEV, measured with stated settings", () => {
      expect(MEASURE_SAMPLE.filter(isBlind)).toEqual([]);
      expect(seed).toBeDefined();
    });

    it.each(ids)("%s: the root causes of its row, points lost in at most one criterion", { timeout: 300_000 }, async (id) => {
      const dir = await mkdtemp(join(tmpdir(), "cc-heldout-"));
      try {
        const { answer } = await gradeHeldout(id, null, { seed: Number(seed), numRuns: Number(runs), dir, fingerprint: "" });
        expect(answer.rootCauses.map((c) => `${c.id} ${c.properties.length}`)).toEqual(documented(text, id));
        expect(answer.criteriaLost.length).toBeLessThanOrEqual(1);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    });
  });
}
