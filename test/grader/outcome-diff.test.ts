import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { outcomeLines, rootCauseLines } from "../../src/grader/report/format";
import { reporters } from "../../src/grader/report/index";
import { terminalReporter } from "../../src/grader/report/terminal";
import type { PropertyResult, RootCause } from "../../src/grader/result";
import type { Json } from "../../src/scenario/data";
import type { Expected } from "../../src/scenario/expected";
import type { Observation } from "../../src/scenario/observation";
import type { Scenario } from "../../src/scenario/scenario";
import { compactScenario, gradeOf, observationOf } from "../_helpers/report-fixtures";
import { cli } from "../_helpers/run-cli";

// Observed and expected printed so that the difference shows (issue 26, item 5): where both
// returned values have fields, or the summarizer got a request, the first differing fields
// follow, in every report that prints observed and expected, escaped as each report escapes.

const dir = await mkdtemp(join(tmpdir(), "cc-outcome-diff-"));
afterAll(() => rm(dir, { recursive: true, force: true }));

const OLD = "an old message worth summarizing";
const context = (summary: Json) => ({ requirements: [{ id: "r", content: "keep" }], summary, messages: [{ id: "old", role: "user", content: OLD }], compactions: [] });
const compaction = (summary: Json = null): Scenario => compactScenario(context(summary));
const record = { id: "rec", summaryId: "x", boundary: 1, compactedMessageIds: ["old"], unitsBefore: 47, unitsAfter: 15 };
const result = (unitsAfter = 15) => ({ status: "compacted", context: { requirements: [{ id: "r", content: "keep" }], summary: { id: "x", content: "x" }, messages: [], compactions: [{ ...record, unitsAfter }] }, record: { ...record, unitsAfter } });
const expected: Expected = { kind: "returns", value: result(), summarizerCalls: 1 };
const observed = (request: Json, value: Json = result()): Observation => observationOf({ kind: "returned", value }, [request]);
const request = (fields: Record<string, Json> = {}) => ({ requirements: [{ id: "r", content: "keep" }], previousSummary: null, messages: [{ id: "old", role: "user", content: OLD }], boundary: 1, maxSummaryUnits: 7, ...fields });

describe("observed and expected with where they differ", () => {
  it("compaction.request-exact: the results look alike, the line names the request's field that differs", () => {
    const lines = outcomeLines({ counterexample: compaction(), observation: observed(request({ messages: [] })), expected });
    expect(lines[0]).toBe(lines[1]!.replace("expected: returns", "observed: returned").replace(" after 1 summarizer call(s)", ""));
    expect(lines.slice(2)).toEqual(["differs at request.messages.length: yours 0, contract's 1"]);
    const summary = { id: "s0", content: "earlier" };
    expect(outcomeLines({ counterexample: compaction(summary), observation: observed(request()), expected }).slice(2)).toEqual(['differs at request.previousSummary: yours null, contract\'s {"id":"s0","content":"earlier"}']);
  });

  it("a result that prints alike: each differing field by its path, up to three, the contract's key order", () => {
    const value = result() as { context: Record<string, Json>; record: Record<string, Json> };
    const yours = { ...value, context: { ...value.context, summary: { id: "x", content: "y" } }, record: { ...value.record, id: "other" } };
    const lines = outcomeLines({ counterexample: compaction(), observation: observed(request(), yours), expected });
    expect(lines[0]).toBe(lines[1]!.replace("expected: returns", "observed: returned").replace(" after 1 summarizer call(s)", ""));
    expect(lines.slice(2)).toEqual(['differs at result.context.summary.content: yours "y", contract\'s "x"', 'differs at result.record.id: yours "other", contract\'s "rec"']);
  });

  it("a result printed differently already: the first path only", () => {
    const lines = outcomeLines({ counterexample: compaction(), observation: observed(request(), result(16)), expected });
    expect(lines[0]).toMatch(/units 47 → 16/);
    expect(lines.slice(2)).toEqual(["differs at result.context.compactions[0].unitsAfter: yours 16, contract's 15"]);
  });

  it("returned groups printed differently already: the first path only", () => {
    const groups: Scenario = { operation: { kind: "groups", transcript: [] } } as unknown as Scenario;
    const group = (kind: string, startIndex: number, endIndex: number) => ({ kind, startIndex, endIndex });
    const observation = observationOf({ kind: "returned", value: [group("message", 0, 1), group("message", 1, 2), group("message", 2, 3)] });
    const lines = outcomeLines({ counterexample: groups, observation, expected: { kind: "returns", value: [group("message", 0, 1), group("toolRound", 1, 3)], summarizerCalls: 0 } });
    expect(lines).toEqual(["observed: returned groups [0] [1] [2]", "expected: returns groups [0] [1–2]", 'differs at groups[1].kind: yours "message", contract\'s "toolRound"']);
  });

  it("nothing more where nothing has fields, or nothing differs: a number, a throw, the same request", () => {
    expect(outcomeLines({ counterexample: compaction(), observation: observed(request()), expected })).toHaveLength(2);
    const units = observationOf({ kind: "returned", value: 13 });
    expect(outcomeLines({ observation: units, expected: { kind: "returns", value: 12, summarizerCalls: 0 } })).toEqual(["observed: returned 13", "expected: returns 12"]);
    const threw = { ...observed(request()), outcome: { kind: "threw", error: { isContextCompactionError: true, isError: true, typeOf: "object", name: "ContextCompactionError", code: "INVALID_INPUT", message: "", frozen: false } } } as Observation;
    expect(outcomeLines({ counterexample: compaction(), observation: threw, expected })).toHaveLength(2);
  });
});

describe("every report that prints observed and expected prints where they differ, escaped", () => {
  // The submission's request holds text meant to clear a terminal (the 8-bit CSI, which JSON
  // leaves as it is), reverse the line, open an HTML tag and close a CDATA section.
  const hostile = "\u009b2J\u202e<b>]]>";
  const observation = observed(request({ messages: [{ id: "old", role: "user", content: hostile }] }));
  const failure: PropertyResult = { id: "compaction.request-exact", title: "request exact", family: "compaction", status: "failed", points: 0, maxPoints: 2, numRuns: 1, message: "summarizer request.messages differ", counterexample: compaction(), observation, expected, durationMs: 1, rootCause: "compaction.request-exact" };
  const cause: RootCause = { id: "compaction.request-exact", title: "request exact", explanation: "", counterexample: compaction(), counterexampleOf: failure.id, observation, expected, properties: [failure.id] };
  const grade = gradeOf([failure], [cause]);
  const where = "differs at request.messages[0].content: yours ";

  it("the root cause's lines (terminal, Gradescope's output) and the terminal, with controls written as escapes", () => {
    expect(rootCauseLines(cause, 0).join("\n")).toContain(`${where}${JSON.stringify(hostile)}, contract's ${JSON.stringify(OLD)}`);
    let text = "";
    const out = new Writable({ write: (chunk, _enc, done) => ((text += String(chunk)), done()) });
    const progress = Object.assign(new Writable({ write: (_c, _e, done) => done() }), { isTTY: false }) as unknown as NodeJS.WriteStream;
    terminalReporter({ out, progress }).onGradeEnd?.(grade);
    expect(text).toContain(`   ${where}"\\x9b2J\\u202e<b>]]>", contract's`);
    expect(text).not.toMatch(/[\u009b\u202e]/);
  });

  it("HTML: in the counterexample's block, as text", async () => {
    const file = join(dir, "report.html");
    await reporters.html(file).onGradeEnd?.(grade);
    const html = await readFile(file, "utf8");
    expect(html).toContain(`${where}&quot;\u009b2J\u202e&lt;b&gt;]]&gt;&quot;, contract's &quot;${OLD}&quot;`);
    expect(html).not.toContain("<b>");
  });

  it("JUnit and Gradescope: in the failure's details", async () => {
    const junit = join(dir, "junit.xml");
    await reporters.junit(junit).onGradeEnd?.(grade);
    const xml = await readFile(junit, "utf8");
    expect(xml).toContain(`${where}"\u009b2J\u202e<b>]]\\x3e", contract's`);
    const gradescope = join(dir, "results.json");
    await reporters.gradescope(gradescope).onGradeEnd?.(grade);
    const results = JSON.parse(await readFile(gradescope, "utf8"));
    expect(results.tests.find((t: { name: string }) => t.name.startsWith(failure.id)).output).toContain(`${where}${JSON.stringify(hostile)}, contract's`);
    expect(results.output).toContain(where);
  });
});

describe("replay", () => {
  it("prints where the observed request differs from the contract's, under observed and expected", async () => {
    // src/core sending the summarizer the prefix without its last message (the catalogue's request-prefix-off-by-one).
    const submission = join(dir, "prefix-off-by-one");
    await cp(fileURLToPath(new URL("../../src/core", import.meta.url)), submission, { recursive: true });
    const file = join(submission, "compaction.ts");
    const source = await readFile(file, "utf8");
    expect(source).toContain("sliceOf(info.messages, 0, boundary)");
    await writeFile(file, source.replace("sliceOf(info.messages, 0, boundary)", "sliceOf(info.messages, 0, boundary - 1)"));
    const scenarioFile = join(dir, "request-exact.json");
    await writeFile(scenarioFile, JSON.stringify({ propertyId: "compaction.request-exact", scenario: compaction() }));
    const run = await cli("replay", scenarioFile, submission);
    expect(run.code, run.stderr).toBe(1);
    expect(run.stdout).toMatch(/\nobserved: returned \{ status compacted, boundary 1, [^\n]*\nexpected: returns \{ status compacted, boundary 1, [^\n]*\ndiffers at request\.messages\.length: yours 0, contract's 1\n/);
  }, 60_000);
});
