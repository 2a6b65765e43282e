import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { writeClassReports } from "../../../src/grader/class/class-report";
import type { StudentRecord } from "../../../src/grader/class/student-record";
import { grade } from "../../../src/grader/grade";
import { toJsonReport, type JsonReport } from "../../../src/grader/result";
import { csvRows, QUICK_LIMITS } from "../support";
import { redteamFixture } from "./support";
import { tempDir } from "../../_helpers/temp-dir";

// Red-team pass (session 10): what a submission's text can do to the grader and its reports
// beyond escaping (test/security/injection.test.ts): their size, and cells a spreadsheet splits.

describe("text from the child is bounded", () => {
  it("a 20-million-character error at import leaves every property a short message, and the grader a report", async () => {
    const result = await grade({ submission: redteamFixture("huge-load-error"), numRuns: 1, reportsDir: null, limits: QUICK_LIMITS });
    expect(result.score).toBe(0);
    expect(result.properties.length).toBeGreaterThan(100);
    for (const property of result.properties) {
      expect(property.message).toMatch(/^not run: it threw at import: Error: broken x+… \(\d+ more characters\)$/);
      expect(property.message!.length).toBeLessThan(5000);
    }
    expect(JSON.stringify(toJsonReport(result)).length).toBeLessThan(2_000_000);
  });
});

describe("class.csv read with another separator", () => {
  it("a spreadsheet that splits cells on semicolons (the list separator of many locales) finds no formula either", async () => {
    const student = "x;=HYPERLINK(1);+1;-1;@SUM(1)";
    const files = await writeClassReports(await tempDir("cc-redteam-csv-"), [record(student)], { seed: 7, numRuns: 5, version: "0" });
    const cells = csvRows(await readFile(files.csv, "utf8"), ";").flat();
    expect(cells.some((cell) => cell.includes("HYPERLINK"))).toBe(true);
    for (const cell of cells) expect(cell).not.toMatch(/^[=+\-@]/);
  });
});

function record(student: string): StudentRecord {
  const report = { score: 0, maxScore: 3, properties: [], rootCauses: [], warnings: [] } as unknown as JsonReport;
  return { student, submission: student, seed: 7, numRuns: 5, version: "0", status: "graded", report, error: null, durationMs: 1 };
}
