import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { afterAll, describe, expect, it } from "vitest";
import { reporters } from "../../src/grader/report/index";
import { terminalReporter } from "../../src/grader/report/terminal";
import { escapeHtml } from "../../src/grader/report/html-timeline";
import { GRADE_SCHEMA_VERSION, type GradeResult } from "../../src/grader/result";
import { exitCodeFor, totals } from "../../src/grader/score";
import { scoreByCriteria } from "../../src/grader/rubric/score-criteria";
import { DEFAULT_RUBRIC } from "../../src/grader/rubric/rubric";
import type { CriterionId } from "../../src/grader/criteria";

// Reporters against one fixed grade: the documented fields, and nothing else, in every format.

const dir = await mkdtemp(join(tmpdir(), "cc-reports-"));
afterAll(() => rm(dir, { recursive: true, force: true }));

const counterexample = { operation: { kind: "units" as const, prebuilt: false, input: { messages: [{ id: "u", role: "user", content: "😀" }] } } };
const replay = "node bin/compaction-check.mjs replay reports/counterexamples/units.exact.json examples/submission";
const ungraded: Omit<GradeResult, "score" | "maxScore" | "scoring" | "rubric" | "criteria" | "propertyScore"> = {
  tool: "compaction-check",
  version: "0.1.0",
  submission: "examples/submission",
  seed: 42,
  numRuns: 100,
  durationMs: 1234,
  sandbox: { kind: "child-process", isolation: ["no network"], limits: { scenarioTimeoutMs: 2000, totalTimeoutMs: 600000, memoryMb: 256 } },
  properties: [
    { id: "units.exact", title: "units are exact", family: "units", status: "failed", points: 0, maxPoints: 3, numRuns: 7, message: "expected 12, observed 13", counterexample, replay, durationMs: 10, rootCause: "units" },
    { id: "groups.tile", title: "groups tile <the> transcript & more", family: "groups", status: "passed", points: 2, maxPoints: 2, numRuns: 100, durationMs: 20 },
    { id: "boundary.weird", title: "harness broke", family: "boundary", status: "error", points: 0, maxPoints: 0.5, numRuns: 1, message: "TypeError: x", durationMs: 1 },
  ],
  rootCauses: [
    {
      id: "units",
      title: "Units are counted differently from contract §4",
      explanation: "u(s) counts code points.",
      counterexample,
      counterexampleOf: "units.exact",
      differences: [{ layer: "units", question: 'u("😀")', subject: "2", contract: "1" }],
      replay,
      properties: ["units.exact"],
    },
  ],
  warnings: ["network not isolated: test"],
  schemaVersion: GRADE_SCHEMA_VERSION,
};
// The fixture's three properties in three criteria of a rubric worth their weights.
const CRITERION_OF: Readonly<Record<string, CriterionId>> = { "units.exact": "units", "groups.tile": "grouping", "boundary.weird": "boundary-selection" };
const rubric = { ...DEFAULT_RUBRIC.points, units: 3, grouping: 2, "boundary-selection": 0.5 };
const scored = scoreByCriteria(ungraded.properties, ungraded.rootCauses, "rubric", rubric, (id) => CRITERION_OF[id]);
const grade: GradeResult = {
  ...ungraded,
  properties: ungraded.properties.map((p) => ({ ...p, criterion: CRITERION_OF[p.id]! })),
  rootCauses: ungraded.rootCauses.map((c) => ({ ...c, ...scored.causes.get(c.id) })),
  score: scored.score,
  maxScore: scored.maxScore,
  scoring: "rubric",
  rubric: { source: "test", points: rubric },
  criteria: scored.criteria,
  propertyScore: totals(ungraded.properties),
};


describe("score", () => {
  it("adds the points and the weights", () => {
    expect(totals(grade.properties)).toEqual({ score: 2, maxScore: 5.5 });
  });
  it("exits 0 only when every property passed, 2 when the harness erred", () => {
    const passed = grade.properties.filter((p) => p.status === "passed");
    expect(exitCodeFor(passed)).toBe(0);
    expect(exitCodeFor(grade.properties.slice(0, 2))).toBe(1);
    expect(exitCodeFor(grade.properties)).toBe(2);
  });
});

describe("reports", () => {
  it("--json has exactly the documented fields", async () => {
    const file = join(dir, "grade.json");
    await reporters.json(file).onGradeEnd?.(grade);
    const json = JSON.parse(await readFile(file, "utf8"));
    expect(Object.keys(json).sort()).toEqual(["criteria", "durationMs", "maxScore", "properties", "propertyScore", "rootCauses", "rubric", "sandbox", "schemaVersion", "score", "scoring", "seed", "submission", "tool", "version", "warnings"]);
    expect(Object.keys(json.properties[0]).sort()).toEqual(["counterexample", "criterion", "id", "maxPoints", "message", "numRuns", "points", "replay", "rootCause", "status", "title"]);
    expect(Object.keys(json.rootCauses[0]).sort()).toEqual(["counterexample", "counterexampleOf", "criterion", "differences", "explanation", "id", "pointsLost", "properties", "replay", "title"]);
    expect(json.properties[0].rootCause).toBe(json.rootCauses[0].id);
    expect(Object.keys(json.properties[1]).sort()).toEqual(["criterion", "id", "maxPoints", "numRuns", "points", "status", "title"]);
    expect(Object.keys(json.criteria[0]).sort()).toEqual(["excused", "id", "losses", "maxPoints", "points", "shown", "title"]);
    expect(json.criteria.map((c: { id: string; points: number; maxPoints: number }) => `${c.id} ${c.points}/${c.maxPoints}`)).toEqual(["grouping 2/2", "units 0/3", "boundary-selection 0/0.5"]);
    expect(json.criteria[1].losses).toEqual([{ rootCause: "units", properties: ["units.exact"], points: 3 }]);
    expect(json.rootCauses[0]).toMatchObject({ criterion: "units", pointsLost: 3 });
    expect(json).toMatchObject({ scoring: "rubric", score: 2, maxScore: 5.5, propertyScore: { score: 2, maxScore: 5.5 } });
    expect(json.properties.map((p: { status: string }) => p.status)).toEqual(["failed", "passed", "error"]);
    expect(json.properties[0].counterexample).toEqual(counterexample);
    expect(json.schemaVersion).toBe(GRADE_SCHEMA_VERSION);
  });

  it("--junit has one case per property, a failure and an error, escaped, and one case per criterion", async () => {
    const file = join(dir, "junit.xml");
    await reporters.junit(file).onGradeEnd?.(grade);
    const xml = await readFile(file, "utf8");
    expect(xml).toMatch(/<testsuites tests="6" failures="3" errors="1"/);
    expect(xml.match(/<testcase /g)).toHaveLength(6);
    expect(xml).toMatch(/<testcase classname="compaction-check\.criteria" name="units — Units"[\s\S]*?<failure message="0\/3: −3 root cause 1 \[units\]" type="CriterionLostPoints"/);
    expect(xml).toMatch(/<failure message="\[root cause 1: units\] expected 12, observed 13" type="PropertyFailed">/);
    expect(xml).toMatch(/<property name="rootCauses" value="1\. units: Units are counted differently from contract §4 \(1\)"/);
    expect(xml).toMatch(/<error message="TypeError: x" type="HarnessError">/);
    expect(xml).toMatch(/groups tile &lt;the(&gt;|>) transcript &amp; more/);
    expect(xml).toContain("replay: node bin/compaction-check.mjs replay");
  });

  it("--gradescope is a results.json with the documented fields", async () => {
    const file = join(dir, "results.json");
    await reporters.gradescope(file).onGradeEnd?.(grade);
    const results = JSON.parse(await readFile(file, "utf8"));
    expect(Object.keys(results).sort()).toEqual(["execution_time", "output", "score", "tests"]);
    expect(results.score).toBe(2);
    expect(results.execution_time).toBe(1);
    expect(results.output).toMatch(/2\/5\.50/);
    expect(results.output).toMatch(/warning: network not isolated/);
    // Under the rubric the points are the criteria's tests'; the properties' tests carry none.
    const [criteria, properties] = [results.tests.slice(0, 3), results.tests.slice(3)];
    for (const test of criteria) expect(Object.keys(test).sort()).toEqual(["max_score", "name", "output", "score", "status", "visibility"]);
    for (const test of properties) expect(Object.keys(test).sort()).toEqual(["name", "output", "status", "visibility"]);
    expect(criteria.map((t: { name: string; score: number; max_score: number }) => `${t.name} ${t.score}/${t.max_score}`)).toEqual(["criterion grouping: Grouping tool rounds 2/2", "criterion units: Units 0/3", "criterion boundary-selection: Boundary selection 0/0.5"]);
    expect(criteria[1].output).toMatch(/^Lost 3 of 3 points:\n−3 for root cause 1: Units are counted differently from contract §4 \(tests units\.exact\)$/);
    expect(properties.map((t: { status: string }) => t.status)).toEqual(["failed", "passed", "failed"]);
    expect(results.output).toMatch(/By acceptance criterion[^\n]*\n {2}✓ Grouping tool rounds +2\/2\n {2}✗ Units +0\/3 +−3 root cause 1\n/);
    expect(results.output).toMatch(/Root causes[\s\S]*1\. Units are counted differently[\s\S]*your u\("😀"\) = 2; the contract's = 1/);
    expect(properties[0].output).toMatch(/counterexample:\nestimateContextUnits\(input\):\n {2}#0 user u: "😀"/);
  });

  it("the terminal report shows the score and root causes first, then the table, the replay line and the score", () => {
    let text = "";
    const out = new Writable({ write: (chunk, _enc, done) => ((text += String(chunk)), done()) });
    const progress = Object.assign(new Writable({ write: (_c, _e, done) => done() }), { isTTY: false }) as unknown as NodeJS.WriteStream;
    const reporter = terminalReporter({ out, progress });
    reporter.onGradeEnd?.(grade);
    expect(text).toMatch(/✗ {2}units\.exact +0\/3 +7/);
    expect(text).toMatch(/✓ {2}groups\.tile +2\/2 +100/);
    const first = text.indexOf("Score: 2/5.50");
    expect(first).toBeGreaterThanOrEqual(0);
    expect(text.indexOf("1. Units are counted differently from contract §4")).toBeGreaterThan(first);
    expect(text.indexOf("   property")).toBeGreaterThan(text.indexOf("1. Units are counted"));
    expect(text).toMatch(/your u\("😀"\) = 2; the contract's = 1\n {3}smallest counterexample \(units\.exact\):\n {5}estimateContextUnits\(input\):\n {7}#0 user u: "😀"/);
    expect(text).toMatch(/replay: node bin\/compaction-check\.mjs replay reports\/counterexamples\/units\.exact\.json examples\/submission/);
    expect(text).toMatch(/Score: 2\/5\.50 +\(1\/3 properties passed/);
    expect(text).toMatch(/\n {2}✗ Units +0\/3 +−3 root cause 1\n/);
    expect(text).toMatch(/1\. Units are counted differently from contract §4 — 1 failed property \[units\] · −3 points \(Units\)/);
  });

  it("--html is one self-contained page: the score, the root cause drawn, every property", async () => {
    const file = join(dir, "report.html");
    await reporters.html(file).onGradeEnd?.(grade);
    const html = await readFile(file, "utf8");
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).not.toMatch(/<script|<link|https?:\/\/(?!www\.w3\.org\/2000\/svg)/);
    expect(html).toContain('id="score">2 / 5.50<');
    expect(html).toContain('data-root-cause="units"');
    expect(html).toMatch(/<svg class="timeline"[\s\S]*data-id="u"/);
    expect(html.match(/<tr data-status=/g)).toHaveLength(3);
    expect(html).toMatch(/<tr data-criterion="units"><td>Units<\/td><td class="failed">0\/3<\/td><td>−3 <a href="#cause-units">root cause 1<\/a>/);
    expect(html).toContain('<p class="charge">This mistake costs −3 points (Units).</p>');
    expect(html).toContain("groups tile &lt;the&gt; transcript &amp; more");
  });

  it("an id with a carriage return survives the HTML parser in every attribute (a character reference, not a raw CR)", () => {
    expect(escapeHtml('a\r\nb"<&')).toBe("a&#13;\nb&quot;&lt;&amp;");
  });
});
