import { cp, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gradeClass, type ClassResult } from "../../src/grader/class/grade-class";
import { CRITERION_IDS } from "../../src/grader/criteria";

// grade-class on a small class where good submissions sit between tamper fixtures (crash, hang,
// memory bomb, patched globals, a planted toJSON to forge replies, a syntax error), graded two at a time with the
// stand-in properties and driver: the good ones get exactly their own grade, the bad ones are
// named in the summary, and a rerun with the same settings grades nobody again.

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const STUDENTS: Readonly<Record<string, string>> = {
  alice: "./submissions/units-good",
  bob: "./submissions/units-utf16",
  carol: "../fixtures/tamper/exit-mid-run",
  dave: "../fixtures/tamper/loop-in-call",
  erin: "../fixtures/tamper/out-of-memory",
  frank: "../fixtures/tamper/patch-promise",
  grace: "../security/fixtures/forge-tojson",
  heidi: "../fixtures/tamper/syntax-error",
};

let work: string;
let first: ClassResult;
const run = () =>
  gradeClass({
    dir: join(work, "class"),
    outDir: join(work, "out"),
    jobs: 2,
    seed: 7,
    numRuns: 5,
    limits: { scenarioTimeoutMs: 300, loadTimeoutMs: 5000, memoryMb: 64, totalTimeoutMs: 30_000 },
    corpusDir: null,
    progress: null,
    propertiesModule: here("./stand-in/class-properties.ts"),
    driverModule: here("./stand-in/driver.ts"),
    // The tamper fixtures share ../_shared/contract.js (copied next to the students): trusted, widened root.
    importRoot: join(work, "class"),
  });

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "cc-class-"));
  for (const [name, path] of Object.entries(STUDENTS)) await cp(here(path), join(work, "class", name), { recursive: true });
  await cp(here("../fixtures/tamper/_shared"), join(work, "class", "_shared"), { recursive: true });
  // A student who handed in one file.
  await cp(here("./submissions/units-good/index.ts"), join(work, "class", "ivan.ts"));
  first = await run();
}, 240_000);
afterAll(() => rm(work, { recursive: true, force: true }));

const scoreOf = (result: ClassResult, student: string) => {
  const report = result.records.find((r) => r.student === student)?.report;
  return report ? `${report.score}/${report.maxScore}` : "none";
};

describe("grade-class", () => {
  it("grades every student, good ones exactly as alone, whatever their neighbours did", () => {
    expect(first.records.map((r) => r.student)).toEqual([...Object.keys(STUDENTS), "ivan"].sort());
    expect(first.records.every((r) => r.status === "graded")).toBe(true);
    expect(["alice", "ivan", "bob"].map((s) => scoreOf(first, s))).toEqual(["3/3", "3/3", "1/3"]);
    for (const bad of ["carol", "dave", "erin", "frank", "grace", "heidi"]) expect(scoreOf(first, bad)).toBe("0/3");
  });

  it("writes class.csv, class.json and a summary naming what went wrong and with whom", async () => {
    const csv = (await readFile(first.files.csv, "utf8")).trim().split("\n");
    expect(csv[0]).toBe(`student,score,max,root causes,time (s),warnings,${CRITERION_IDS.join(",")},"points lost (criterion, root causes)"`);
    // bob's one failure is diagnosed by the contract's rule it departs from (the stand-in submission
    // validates nothing: the real contract refuses the counterexample's message, bob counts it).
    expect(csv.find((l) => l.startsWith("bob,"))).toMatch(/^bob,1,3,"build\.transcript: Messages are accepted or refused otherwise/);
    const json = JSON.parse(await readFile(first.files.json, "utf8")) as { seed: number; students: unknown[]; recordFiles: Record<string, string> };
    expect(json.seed).toBe(7);
    expect(json.students).toHaveLength(9);
    expect(json.recordFiles.bob).toBe("students/bob.json");
    const summary = await readFile(first.files.summary, "utf8");
    expect(summary).toMatch(/## Score histogram/);
    // Root causes of the grade: the students who tampered or did not load have those as their causes instead.
    // Names and causes are shown as code spans (untrusted text: docs/security.md).
    expect(summary).toMatch(/- 1 × `build\.transcript: .*` — `bob`\n/);
    expect(summary).toMatch(/- \d+ × `standin\.units-count-code-points: .*` — `carol`, `dave`, `erin`\n/);
    expect(summary).toMatch(/- did not load: `heidi`/);
    expect(summary).toMatch(/- crashed: .*`carol`/);
    expect(summary).toMatch(/- timed out: .*`dave`/);
    // A memory bomb is killed when the heap cap is reached, or by the timeout on a loaded machine first.
    expect(summary).toMatch(/- (crashed|timed out): .*`erin`/);
    expect(summary).toMatch(/- tampered: `frank`, `grace`/);
  });

  it("a rerun with the same settings keeps every grade and grades nobody", async () => {
    const again = await run();
    expect([again.graded, again.skipped]).toEqual([0, 9]);
    expect(again.records.map((r) => scoreOf(again, r.student))).toEqual(first.records.map((r) => scoreOf(first, r.student)));
  });
});
