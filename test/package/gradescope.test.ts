import { cp, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { run, type Run } from "./run";

// The Gradescope autograder end to end, as an instructor and Gradescope use it. An instructor
// installs the packed package into an empty project and runs `npx compaction-check gradescope`;
// the folder is laid out as Gradescope lays it out, under a temporary root standing for
// /autograder (AUTOGRADER_ROOT): its contents in <root>/source, setup.sh run once (npm ci of the
// packed package, no tsx, no development dependencies), then for each submission run_autograder
// copied to <root> and run from there, the student's files in <root>/submission, the results read
// from <root>/results/results.json. Three submissions: the example (two planted bugs), the
// correct core, and a tamper fixture that prints a passing report. A student then replays a
// failed test's counterexample in their own repository with the command the test shows.

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const packed = inject("packed");
const RUNS = 5;
const SEED = 7;

interface Results {
  score: number;
  output: string;
  execution_time?: number;
  /** Under the rubric only the criteria's tests carry points (score, max_score); the properties' tests follow without. */
  tests: { name: string; score?: number; max_score?: number; status: string; output: string }[];
}

let work = "";
let gsRoot = "";
let generate: Run;
let setup: Run;
const graded: Record<string, { run: Run; results: Results; text: string }> = {};

/** The three submissions, as a student's files would be. */
const SUBMISSIONS: Record<string, (to: string) => Promise<void>> = {
  example: (to) => cp(join(ROOT, "examples", "submission"), to, { recursive: true }),
  core: (to) => cp(join(ROOT, "src", "core"), to, { recursive: true }),
  // Prints "Score: 100/100 (all properties passed)" on stdout and stderr at import and in every call.
  tamper: async (to) => {
    await cp(join(ROOT, "test", "fixtures", "tamper", "_shared"), join(to, "_shared"), { recursive: true });
    const index = await readFile(join(ROOT, "test", "fixtures", "tamper", "fake-report", "index.js"), "utf8");
    await writeFile(join(to, "index.js"), index.replaceAll("../_shared/", "./_shared/"));
  },
};

async function gradeOnGradescope(name: string): Promise<void> {
  await rm(join(gsRoot, "submission"), { recursive: true, force: true });
  await rm(join(gsRoot, "results"), { recursive: true, force: true });
  await mkdir(join(gsRoot, "results"));
  await SUBMISSIONS[name]!(join(gsRoot, "submission"));
  await cp(join(gsRoot, "source", "run_autograder"), join(gsRoot, "run_autograder"));
  const graded_ = await run("bash", ["./run_autograder"], { cwd: gsRoot, env: { AUTOGRADER_ROOT: gsRoot } });
  const text = await readFile(join(gsRoot, "results", "results.json"), "utf8");
  graded[name] = { run: graded_, results: JSON.parse(text) as Results, text };
}

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "compaction-check-gradescope-"));
  const teacher = join(work, "teacher");
  await mkdir(teacher);
  await writeFile(join(teacher, "package.json"), `${JSON.stringify({ name: "course-staff", private: true }, null, 2)}\n`);
  const install = await run("npm", ["install", "--save-dev", packed.tarball, "--prefer-offline", "--no-audit", "--no-fund"], { cwd: teacher });
  expect(install.code, install.stderr).toBe(0);
  generate = await run("npx", ["compaction-check", "gradescope", "autograder", "--seed", String(SEED), "--runs", String(RUNS)], { cwd: teacher });
  expect(generate.code, generate.stderr).toBe(0);

  gsRoot = join(work, "autograder");
  await cp(join(teacher, "autograder"), join(gsRoot, "source"), { recursive: true });
  setup = await run("bash", [join(gsRoot, "source", "setup.sh")], { cwd: gsRoot, env: { AUTOGRADER_ROOT: gsRoot } });
  expect(setup.code, setup.stderr).toBe(0);
  for (const name of Object.keys(SUBMISSIONS)) await gradeOnGradescope(name);

  const line = (name: string) => {
    const r = graded[name]!.results;
    const max = maxOf(r);
    return `${name} ${r.score}/${max} (${r.tests.filter((t) => t.status === "failed").length} of ${r.tests.length} tests failed, run_autograder ${graded[name]!.run.seconds.toFixed(1)} s)`;
  };
  process.stdout.write(`gradescope e2e: gradescope ${generate.seconds.toFixed(1)} s, setup.sh ${setup.seconds.toFixed(1)} s; ${Object.keys(SUBMISSIONS).map(line).join("; ")}\n`);
  if (process.env.GRADESCOPE_RESULTS_DIR !== undefined) {
    await mkdir(process.env.GRADESCOPE_RESULTS_DIR, { recursive: true });
    for (const [name, { text }] of Object.entries(graded)) await writeFile(join(process.env.GRADESCOPE_RESULTS_DIR, `${name}.results.json`), text);
  }
}, 600_000);

afterAll(async () => {
  if (work !== "") await rm(work, { recursive: true, force: true });
});

const maxOf = (r: Results) => r.tests.reduce((sum, t) => sum + (t.max_score ?? 0), 0);
const pointsOf = (r: Results) => r.tests.reduce((sum, t) => sum + (t.score ?? 0), 0);

describe("the autograder folder", () => {
  test("holds setup.sh, run_autograder, the packed package and a lockfile, and no sources", async () => {
    const files = (await readdir(join(gsRoot, "source"))).filter((f) => f !== "node_modules").sort();
    expect(files).toEqual(["README.md", "package-lock.json", "package.json", packed.filename, "run_autograder", "setup.sh"].sort());
    const lock = JSON.parse(await readFile(join(gsRoot, "source", "package-lock.json"), "utf8")) as { packages: Record<string, { dev?: boolean }> };
    expect(lock.packages["node_modules/compaction-check"]).toBeDefined();
    expect(Object.keys(lock.packages).filter((p) => /node_modules\/(tsx|vitest|typescript)$/.test(p))).toEqual([]);
  });

  test("setup.sh installs the packed package: the build, no tsx", async () => {
    const installed = await readdir(join(gsRoot, "source", "node_modules"));
    expect(installed).toContain("compaction-check");
    expect(installed).not.toContain("tsx");
    expect(await readdir(join(gsRoot, "source", "node_modules", "compaction-check"))).not.toContain("src");
  });
});

describe("run_autograder, copied to the root and run from there", () => {
  test("the correct core: full marks, every test passed", () => {
    const { results } = graded.core!;
    expect(results.tests.length).toBeGreaterThan(100);
    expect(results.tests.filter((t) => t.status !== "passed").map((t) => t.name)).toEqual([]);
    expect(results.score).toBe(maxOf(results));
    expect(results.output).toMatch(new RegExp(`seed ${SEED}, ${RUNS} runs per property`));
  });

  test("the example submission: its two planted bugs, root causes first in the output", () => {
    const { results } = graded.example!;
    expect(results.score).toBe(pointsOf(results));
    expect(results.score).toBeLessThan(maxOf(results));
    // Scored by the rubric: each planted bug costs points once, in one criterion (its home, or,
    // when none of its failures lies there at these few runs, the one holding most of them).
    const lost = results.tests.filter((t) => t.name.startsWith("criterion ") && t.status === "failed").map((t) => t.name);
    expect(lost).toContain("criterion units: Units");
    expect(lost.length).toBeLessThanOrEqual(2);
    const failed = results.tests.filter((t) => t.status === "failed").map((t) => t.name.split(":")[0]!);
    expect(failed).toContain("units.astral-counts-one");
    // The two planted bugs are the two root causes (docs/grading.md), the units one first.
    expect(results.output).toMatch(/Root causes \(fix them in this order\):\n\n1\. .*\[units\.u\][\s\S]*\n2\. .*\[groups\.rounds\]/);
  });

  test("the tamper fixture: its fake passing report is ignored, it scores what it earns", () => {
    const { results } = graded.tamper!;
    expect(results.score).toBeLessThan(maxOf(results) / 2);
    expect(results.score).toBe(pointsOf(results));
    expect(results.output.split("\n")[0]).toMatch(new RegExp(`: ${results.score}/${maxOf(results)} `));
    expect(results.output).toMatch(/warning: the submission wrote \d+ characters to stdout\/stderr \(ignored, not part of the grade\)/);
  });

  test("no student-visible text names a path of the grading machine", () => {
    for (const { text } of Object.values(graded)) {
      expect(text).not.toContain(gsRoot);
      expect(text).not.toMatch(/\/autograder\/|node_modules\/compaction-check\/bin|reports\/counterexamples/);
    }
  });

  test("each failed test shows its counterexample and a replay command for the student's own repository", () => {
    for (const name of ["example", "tamper"]) {
      const failed = graded[name]!.results.tests.filter((t) => t.status === "failed" && /counterexample:/.test(t.output));
      expect(failed.length).toBeGreaterThan(0);
      for (const t of failed) {
        const id = t.name.split(":")[0]!;
        expect(t.output).toContain(`save the next line as ${id}.json, then run: npx compaction-check replay ${id}.json .`);
        const json = t.output.split("\n").at(-1)!;
        expect(JSON.parse(json)).toMatchObject({ propertyId: id, scenario: { operation: expect.any(Object) } });
      }
    }
  });

  test("the student's replay: in a repository of their own, the command fails the same way", async () => {
    const student = join(work, "student");
    await cp(join(ROOT, "examples", "submission"), student, { recursive: true });
    await writeFile(join(student, "package.json"), `${JSON.stringify({ name: "my-compaction", private: true, type: "module" }, null, 2)}\n`);
    const install = await run("npm", ["install", "--save-dev", packed.tarball, "--prefer-offline", "--no-audit", "--no-fund"], { cwd: student });
    expect(install.code, install.stderr).toBe(0);
    const test = graded.example!.results.tests.find((t) => t.name.startsWith("units.astral-counts-one:"))!;
    await writeFile(join(student, "units.astral-counts-one.json"), `${test.output.split("\n").at(-1)!}\n`);
    const replay = await run("npx", ["compaction-check", "replay", "units.astral-counts-one.json", "."], { cwd: student });
    expect(replay.code, replay.stderr).toBe(1);
    expect(replay.stdout).toMatch(/verdict: fails/);
  });

  test("when the grader itself fails (nothing submitted), results.json says so, score 0", async () => {
    await rm(join(gsRoot, "submission"), { recursive: true, force: true });
    await rm(join(gsRoot, "results"), { recursive: true, force: true });
    const graded_ = await run("bash", ["./run_autograder"], { cwd: gsRoot, env: { AUTOGRADER_ROOT: gsRoot } });
    expect(graded_.code).toBe(0);
    const fallback = JSON.parse(await readFile(join(gsRoot, "results", "results.json"), "utf8")) as Results;
    expect(fallback).toMatchObject({ score: 0, tests: [] });
    expect(fallback.output).toMatch(/could not grade this submission \(exit 2\)[\s\S]*SUBMISSION_NOT_FOUND/);
  });
});
