import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cli } from "../_helpers/run-cli";

// npm test's sample of the Gradescope autograder (the whole autograder, set up and run in
// Gradescope's layout from the packed package, is test/package/gradescope.test.ts): what a
// student reads in results.json. The grade's replay lines name this machine's files; the
// student gets a command for their own repository and the counterexample to save there.

const dir = await mkdtemp(join(tmpdir(), "cc-gradescope-report-"));
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("--gradescope results.json", () => {
  it("each failed test: its counterexample as a scenario file, and the command that replays it in the student's repository", async () => {
    const file = join(dir, "results.json");
    const run = await cli("grade", "examples/submission", "--only", "units", "--runs", "5", "--reports", join(dir, "reports"), "--gradescope", file);
    expect(run.code).toBe(1);
    const text = await readFile(file, "utf8");
    const results = JSON.parse(text) as { output: string; tests: { name: string; status: string; output: string }[] };
    // The properties' tests (the criteria's tests come first and carry the points).
    const failed = results.tests.filter((t) => t.status === "failed" && !t.name.startsWith("criterion "));
    expect(results.tests.filter((t) => t.name.startsWith("criterion ")).map((t) => `${t.name} ${t.status}`)).toEqual(["criterion units: Units failed"]);
    expect(failed.map((t) => t.name.split(":")[0])).toContain("units.astral-counts-one");
    for (const t of failed) {
      const id = t.name.split(":")[0]!;
      const lines = t.output.split("\n");
      expect(lines.at(-2)).toBe(`replay in your repository: save the next line as ${id}.json, then run: npx compaction-check replay ${id}.json .`);
      expect(JSON.parse(lines.at(-1)!)).toMatchObject({ propertyId: id, scenario: { operation: expect.any(Object) } });
    }
    expect(results.output).toMatch(/replay: see the test units\.[a-z-]+ \(its counterexample, and the command to replay it in your repository\)/);
    expect(text).not.toContain(dir);
    expect(text).not.toMatch(/bin\/compaction-check\.mjs|counterexamples\//);
  });
});

describe("the autograder's settings", () => {
  it("run_autograder grades by the rubric copied into the autograder, or property by property", async () => {
    const { runAutograderScript } = await import("../../src/grader/gradescope/package");
    const { DEFAULT_RUBRIC } = await import("../../src/grader/rubric/rubric");
    const base = { seed: 1, numRuns: 2, jobs: 2 };
    expect(runAutograderScript(base)).not.toMatch(/--rubric|--scoring/);
    expect(runAutograderScript({ ...base, rubric: DEFAULT_RUBRIC })).toContain(`--rubric "$ROOT/source/rubric.json"`);
    expect(runAutograderScript({ ...base, scoring: "properties" })).toContain("--scoring properties");
  });
});
