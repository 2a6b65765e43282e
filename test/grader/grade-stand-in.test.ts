import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { grade } from "../../src/grader/grade";
import { replayScenario } from "../../src/grader/replay";
import { counterexamplesDir, readScenarioFile } from "../../src/grader/replay-file";
import { standInProperties } from "./stand-in/properties";

// The grading pipeline (gates, runs, scoring, counterexample files, replay) with stand-in
// properties and driver, so it is tested apart from the real property families.

const STAND_IN_DRIVER = fileURLToPath(new URL("./stand-in/driver.ts", import.meta.url));
const submission = (name: string) => fileURLToPath(new URL(`./submissions/${name}`, import.meta.url));
const reportsDir = await mkdtemp(join(tmpdir(), "cc-grade-"));
afterAll(() => rm(reportsDir, { recursive: true, force: true }));

const gradeWith = (path: string) =>
  grade({ submission: path, properties: standInProperties, driverModule: STAND_IN_DRIVER, numRuns: 30, reference: null, reportsDir, limits: { scenarioTimeoutMs: 500 } });

describe("grade with stand-in properties", () => {
  it("a correct submission gets the full score", async () => {
    const result = await gradeWith(submission("units-good"));
    expect(result.properties.map((p) => p.status)).toEqual(["passed", "passed"]);
    expect([result.score, result.maxScore]).toEqual([3, 3]);
    expect(result.warnings.join("\n")).toMatch(/conformance: export compactContext is missing/);
  });

  it("a UTF-16 counter fails with a one-character astral counterexample and a working replay", async () => {
    const result = await gradeWith(submission("units-utf16"));
    const units = result.properties[0]!;
    expect(units.status).toBe("failed");
    expect([result.score, result.maxScore]).toEqual([1, 3]);
    const content = (units.counterexample?.operation as unknown as { input: { messages: { content: string }[] } }).input.messages[0]!.content;
    expect([...content].length).toBe(1);
    expect(content.length).toBe(2);
    expect(units.replay).toMatch(/^node .*bin\/compaction-check\.mjs replay .*counterexamples\/standin\.units-count-code-points\.json /);
    const file = await readScenarioFile(join(counterexamplesDir(reportsDir, submission("units-utf16")), "standin.units-count-code-points.json"));
    expect(file).toMatchObject({ propertyId: units.id, scenario: units.counterexample, seed: result.seed });
    const replayed = await replayScenario(file, submission("units-utf16"), { scenarioTimeoutMs: 500 }, { properties: standInProperties, driverModule: STAND_IN_DRIVER });
    expect(replayed.verdict.ok).toBe(false);
    // Another submission (another path, other code) is refused unless forced (docs/grading.md, "Replay files").
    const other = { properties: standInProperties, driverModule: STAND_IN_DRIVER };
    await expect(replayScenario(file, submission("units-good"), { scenarioTimeoutMs: 500 }, other)).rejects.toMatchObject({ code: "SCENARIO_FILE_OTHER_SUBMISSION" });
    const fixed = await replayScenario(file, submission("units-good"), { scenarioTimeoutMs: 500 }, { ...other, force: true });
    expect(fixed.verdict).toEqual({ ok: true });
    expect(fixed.notes.join()).toMatch(/recorded for another submission, .*units-utf16; replayed on .*units-good anyway \(--force\)/);
  });

  it("a missing export fails its properties at the conformance gate, not by crashes", async () => {
    const result = await gradeWith(fileURLToPath(new URL("../fixtures/empty-submission", import.meta.url)));
    expect(result.score).toBe(0);
    expect(result.properties.map((p) => p.message)).toEqual([
      "not run: export estimateContextUnits is missing (contract §1: a function)",
      "not run: export groupToolRounds is missing (contract §1: a function)",
    ]);
    expect(result.properties.every((p) => p.numRuns === 0)).toBe(true);
  });

  it("a submission that does not compile scores 0 with the compiler's message", async () => {
    const result = await gradeWith(fileURLToPath(new URL("../fixtures/tamper/syntax-error", import.meta.url)));
    expect(result.score).toBe(0);
    expect(result.sandbox.kind).toBe("none");
    for (const p of result.properties) expect(p.message).toMatch(/not run: the submission does not compile: .*index\.ts:2/);
  });

  it("the JSON report of a run is readable back", async () => {
    const json = join(reportsDir, "g.json");
    const { jsonReporter } = await import("../../src/grader/report/json");
    await grade({ submission: submission("units-good"), properties: standInProperties, driverModule: STAND_IN_DRIVER, numRuns: 5, reference: null, reportsDir: null, reporters: [jsonReporter(json)] });
    expect(JSON.parse(await readFile(json, "utf8"))).toMatchObject({ tool: "compaction-check", score: 3, maxScore: 3, seed: 20261129 });
  });
});
