import { spawnSync } from "node:child_process";
import { cp, mkdir, mkdtemp, readFile, rm, stat, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROJECT_DIR_NAME, writeGradescopePackage } from "../../src/grader/gradescope/package";

// The generated autograder, run the way Gradescope runs it: the package unzipped as
// <root>/source, the student's files in <root>/submission, results in <root>/results. setup.sh
// (npm ci, network) is replaced by a link to our node_modules; AUTOGRADER_ROOT moves /autograder.

const EXAMPLE = fileURLToPath(new URL("../../examples/submission", import.meta.url));
const NODE_MODULES = fileURLToPath(new URL("../../node_modules", import.meta.url));

let root: string;
let results: { score: number; output: string; tests: { name: string; score: number; max_score: number; status: string; output: string }[] };

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "cc-gradescope-"));
  await writeGradescopePackage(join(root, "source"), { seed: 5, numRuns: 2, jobs: 1, only: "units,groups" });
  await symlink(NODE_MODULES, join(root, "source", PROJECT_DIR_NAME, "node_modules"), "dir");
  await cp(EXAMPLE, join(root, "submission"), { recursive: true });
  await mkdir(join(root, "results"));
  const run = spawnSync("bash", [join(root, "source", "run_autograder")], { env: { ...process.env, AUTOGRADER_ROOT: root }, encoding: "utf8", timeout: 170_000 });
  expect(run.status).toBe(0);
  results = JSON.parse(await readFile(join(root, "results", "results.json"), "utf8")) as typeof results;
}, 180_000);
afterAll(() => rm(root, { recursive: true, force: true }));

describe("gradescope package", () => {
  it("has Gradescope's two scripts, executable, and the project pinned by its lockfile", async () => {
    for (const script of ["setup.sh", "run_autograder"]) expect((await stat(join(root, "source", script))).mode & 0o111).not.toBe(0);
    await stat(join(root, "source", PROJECT_DIR_NAME, "package-lock.json"));
    expect(await readFile(join(root, "source", "setup.sh"), "utf8")).toMatch(/npm ci --omit=dev/);
  });

  it("run_autograder writes results.json: the score, one test per property with its output, root causes in the text", () => {
    const ids = results.tests.map((t) => t.name.split(":")[0]);
    expect(ids.length).toBeGreaterThan(3);
    expect(ids.every((id) => /^(units|groups)\./.test(id ?? ""))).toBe(true);
    expect(results.score).toBe(results.tests.reduce((sum, t) => sum + t.score, 0));
    const failed = results.tests.filter((t) => t.status === "failed");
    expect(failed.map((t) => t.name)).toContainEqual(expect.stringMatching(/^units\.astral-counts-one:/));
    for (const test of failed) expect(test.output).toMatch(/counterexample:/);
    expect(results.tests.filter((t) => t.status === "passed").length).toBeGreaterThan(0);
    expect(results.output).toMatch(/seed 5, 2 runs per property/);
    expect(results.output).toMatch(/Root causes \(fix them in this order\):\n\n1\. .*\[units\]/);
  });

  it("when the grader itself fails (here: nothing submitted), results.json still says so, score 0", async () => {
    const empty = join(root, "no-submission");
    await mkdir(join(empty, "results"), { recursive: true });
    const run = spawnSync("bash", [join(root, "source", "run_autograder")], { env: { ...process.env, AUTOGRADER_ROOT: empty }, encoding: "utf8", timeout: 60_000 });
    expect(run.status).toBe(0);
    const fallback = JSON.parse(await readFile(join(empty, "results", "results.json"), "utf8")) as typeof results;
    expect(fallback).toMatchObject({ score: 0, tests: [] });
    expect(fallback.output).toMatch(/could not grade this submission \(exit 2\)[\s\S]*SUBMISSION_NOT_FOUND/);
  });
});
