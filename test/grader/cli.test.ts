import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cli } from "../_helpers/run-cli";
import { GRADE_SCHEMA_VERSION } from "../../src/grader/result";

// The command line end to end: exit codes 0/1/2, banners instead of stack traces, report files.

const dir = await mkdtemp(join(tmpdir(), "cc-cli-"));
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("compaction-check CLI", () => {
  it("exit 0 at full score (src/core), with the seed printed", async () => {
    const run = await cli("grade", "src/core", "--runs", "3", "--seed", "5", "--reports", dir);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/seed 5/);
    expect(run.stdout).toMatch(/Score: (\d+)\/\1 /);
  });

  it("exit 1 below full score, with --json/--junit/--gradescope written", async () => {
    const files = { json: join(dir, "g.json"), junit: join(dir, "g.xml"), gradescope: join(dir, "results.json") };
    const run = await cli("grade", "test/fixtures/empty-submission", "--runs", "2", "--json", files.json, "--junit", files.junit, "--gradescope", files.gradescope);
    expect(run.code).toBe(1);
    expect(JSON.parse(await readFile(files.json, "utf8"))).toMatchObject({ score: 0, scoring: "rubric", schemaVersion: GRADE_SCHEMA_VERSION });
    expect(await readFile(files.junit, "utf8")).toMatch(/<testsuites /);
    expect(JSON.parse(await readFile(files.gradescope, "utf8"))).toMatchObject({ score: 0 });
  });

  it.each([
    [["grade", "does/not/exist"], /No submission at .*does\/not\/exist.*\[SUBMISSION_NOT_FOUND\]/],
    [["grade", "src/core", "--runs", "zero"], /--runs must be an integer >= 1/],
    [["grade", "src/core", "--bogus"], /unknown option '--bogus'/],
    [["replay", "nope.json"], /Cannot read nope\.json.*\[SCENARIO_FILE_INVALID\]/],
    [["frobnicate"], /unknown command 'frobnicate'/],
    [["grade", "src/core", "--only", "nosuchfamily"], /--only: unknown property or family "nosuchfamily"\. Families: units, .*\[USAGE\]/],
    [["grade", "src/core", "--only", "units,units.nosuch"], /--only: unknown property or family "units\.nosuch"\..* Properties of units: units\.[a-z]/],
    [["fuzz", "--runs", "1", "--only", "groups,nosuch,bogus.x"], /--only: unknown properties or families "nosuch", "bogus\.x"\./],
    [["grade-class", "does/not/exist"], /No class folder at .*does\/not\/exist.*\[CLASS_NOT_FOUND\]/],
    [["grade-class", "docs"], /holds no submission.*\[CLASS_EMPTY\]/],
    [["gradescope", "src"], /src is not empty.*\[USAGE\]/],
    [["grade", "src/core", "--scoring", "points"], /--scoring must be "rubric" .* or "properties" .*, got "points"\..*\[USAGE\]/],
    [["grade", "src/core", "--rubric", "package.json"], /package\.json has no "criteria" object\. A rubric is .*\[RUBRIC_INVALID\]/],
    [["grade-class", "docs", "--rubric", "nope.json"], /Cannot read the rubric nope\.json.*\[RUBRIC_INVALID\]/],
  ])("exit 2 with a banner, no stack trace: %j", async (args, banner) => {
    const run = await cli(...args);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(banner);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });

  it("--version prints the package's version", async () => {
    const run = await cli("--version");
    expect(run.code).toBe(0);
    expect(run.stdout.trim()).toBe(JSON.parse(await readFile("package.json", "utf8")).version);
  });

  it.each(["grade", "grade-class", "gradescope", "replay", "fuzz", "merge", "audit"])("%s --help gives every option's default", async (command) => {
    const run = await cli(command, "--help");
    expect(run.code).toBe(0);
    const options = run.stdout.split("Options:\n")[1]!.split(/\n(?= {2}-)/).map((o) => o.replace(/\s+/g, " ").trim());
    const withoutDefault = options.filter((o) => !/\(default: [^)]+\)/.test(o) && !/^(-h, --help|--no-corpus) /.test(o));
    expect(options.length).toBeGreaterThan(1);
    expect(withoutDefault).toEqual([]);
  });

  it("replay re-runs a counterexample written by grade", async () => {
    const reports = join(dir, "example-reports");
    const graded = await cli("grade", "examples/submission", "--only", "units.astral-counts-one", "--reports", reports);
    expect(graded.code).toBe(1);
    const replayLine = graded.stdout.split("\n").find((line) => line.includes("replay: node "));
    expect(replayLine).toBeDefined();
    const args = replayLine!.trim().replace(/^replay: node bin\/compaction-check\.mjs /, "").split(" ");
    const replay = await cli(...args);
    expect(replay.code).toBe(1);
    expect(replay.stdout).toMatch(/verdict: fails/);
    expect(replay.stdout).toMatch(/observation: /);
    expect(replay.stdout).toMatch(/expected: /);
  });
});
