import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { TOOL_NAME, type JsonReport } from "../result";
import { csvText, markdownCode } from "../report/escape";
import { points } from "../report/format";
import type { GradeSettingsKey, StudentRecord } from "./student-record";
import { criterionCells, criterionHeader, criterionRow, criterionSummary, type CriterionCells } from "./class-criteria";

// The class reports: class.csv (one line per student, with its points per criterion), class.json (the same rows, and where
// each student's record is) and summary.md (score histogram, the most common root causes and who shares
// them, the submissions that crashed, hung, tampered or did not load). Names and messages come
// from students' folders and submissions: escaped for each format (../report/escape.ts).

export interface ClassFiles {
  readonly csv: string;
  readonly json: string;
  readonly summary: string;
}

/**
 * Why a student lost points, one short label per root cause of the grade (src/grader/root-cause:
 * a failure is put under an upstream mistake only when a re-check shows it); a report without
 * root causes (an older one) falls back to its failed properties.
 */
export function rootCausesOf(report: {
  readonly properties: readonly { readonly id: string; readonly title: string; readonly status: string }[];
  readonly rootCauses?: readonly { readonly id: string; readonly title: string }[];
}): string[] {
  if (report.rootCauses !== undefined && report.rootCauses.length > 0) return report.rootCauses.map((cause) => `${cause.id}: ${cause.title}`);
  return report.properties.filter((p) => p.status !== "passed").map((p) => `${p.id}: ${p.title}`);
}

export type Trouble = "did not load" | "crashed" | "timed out" | "tampered";

/** What went wrong with the submission itself, read from the report's messages and warnings. */
export function troublesOf(report: JsonReport): Trouble[] {
  const messages = report.properties.map((p) => p.message ?? "").join("\n");
  const all = `${messages}\n${report.warnings.join("\n")}`;
  const troubles: Trouble[] = [];
  if (/does not compile|refused at bundle time|not bundled within|threw at import|did not finish loading|stopped while loading/.test(messages)) troubles.push("did not load");
  if (/exited with code|ran out of memory|was stopped by SIG|observed a crash: the child|could not restart the child/.test(all)) troubles.push("crashed");
  if (/did not settle|no settlement within|total time limit/.test(all)) troubles.push("timed out");
  if (/global tampering|protocol violation/.test(all)) troubles.push("tampered");
  return troubles;
}

export interface ClassRow {
  readonly student: string;
  readonly score: number | null;
  readonly max: number | null;
  readonly rootCauses: readonly string[];
  readonly troubles: readonly string[];
  readonly seconds: number;
  readonly warnings: readonly string[];
  /** Points per acceptance criterion and the root causes behind each loss (./class-criteria). */
  readonly criteria: CriterionCells;
}

export function classRows(records: readonly StudentRecord[]): ClassRow[] {
  return records.map((record) => {
    const report = record.report;
    return {
      student: record.student,
      score: report?.score ?? null,
      max: report?.maxScore ?? null,
      rootCauses: report === null ? [] : rootCausesOf(report),
      troubles: report === null ? ["grader error"] : troublesOf(report),
      seconds: Math.round(record.durationMs / 100) / 10,
      warnings: report === null ? [record.error ?? "no report"] : [...report.warnings],
      criteria: criterionCells(report),
    };
  });
}

/**
 * A cell of class.csv: untrusted text made one inert line (csvText), quoted when it holds a
 * comma, a quote or a semicolon. A spreadsheet whose locale separates values with semicolons split
 * an unquoted "x;=HYPERLINK(...)" into a cell that was a formula (red-team pass).
 */
function csvField(value: string): string {
  const text = csvText(value);
  return /[",;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(rows: readonly ClassRow[], reports: readonly (JsonReport | null)[] = []): string {
  const header = ["student", "score", "max", "root causes", "time (s)", "warnings", ...criterionHeader(reports)];
  const lines = rows.map((r) =>
    [r.student, r.score === null ? "" : points(r.score), r.max === null ? "" : points(r.max), r.rootCauses.join("; "), String(r.seconds), [...r.troubles.map((t) => `[${t}]`), ...r.warnings].join(" | "), ...criterionRow(r.criteria)].map(csvField).join(","),
  );
  return `${[header.map(csvField).join(","), ...lines].join("\n")}\n`;
}

export function toSummary(rows: readonly ClassRow[], key: GradeSettingsKey, reports: readonly (JsonReport | null)[] = []): string {
  const graded = rows.filter((r) => r.score !== null && r.max !== null);
  const max = graded[0]?.max ?? 0;
  const scores = graded.map((r) => r.score!).sort((a, b) => a - b);
  const mean = scores.length === 0 ? 0 : scores.reduce((a, b) => a + b, 0) / scores.length;
  const median = scores.length === 0 ? 0 : scores.length % 2 === 1 ? scores[(scores.length - 1) / 2]! : (scores[scores.length / 2 - 1]! + scores[scores.length / 2]!) / 2;
  const lines = [
    `# Class summary`,
    ``,
    `${rows.length} students, ${graded.length} graded (${TOOL_NAME} ${key.version}, seed ${key.seed}, ${key.numRuns} runs per property).`,
    `Score out of ${points(max)}: mean ${points(Math.round(mean * 10) / 10)}, median ${points(median)}.`,
    ``,
    `## Score histogram`,
    ``,
    "```",
    ...histogram(scores, max),
    "```",
    ``,
    ...criterionSummary(rows, reports),
    `## Most common root causes`,
    ``,
    ...commonCauses(rows),
    ``,
    `## Submissions in trouble`,
    ``,
    ...troubleLines(rows),
    ``,
  ];
  return lines.join("\n");
}

function histogram(scores: readonly number[], max: number): string[] {
  const buckets = 10;
  const counts = new Array<number>(buckets).fill(0);
  for (const score of scores) counts[max <= 0 ? 0 : Math.min(buckets - 1, Math.floor((score / max) * buckets))]!++;
  return counts.map((count, i) => `${String(i * 10).padStart(3)}–${i === buckets - 1 ? "100" : String(i * 10 + 9).padStart(3)} % | ${"#".repeat(count)} ${count}`);
}

function commonCauses(rows: readonly ClassRow[], top = 10): string[] {
  const byCause = new Map<string, string[]>();
  for (const row of rows) for (const cause of row.rootCauses) byCause.set(cause, [...(byCause.get(cause) ?? []), row.student]);
  const sorted = [...byCause].sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]));
  if (sorted.length === 0) return ["None: every graded student has full marks."];
  return sorted.slice(0, top).map(([cause, students]) => `- ${students.length} × ${markdownCode(cause)} — ${students.map(markdownCode).join(", ")}`);
}

function troubleLines(rows: readonly ClassRow[]): string[] {
  const kinds = ["grader error", "did not load", "crashed", "timed out", "tampered"];
  const lines = kinds.flatMap((kind) => {
    const students = rows.filter((r) => r.troubles.includes(kind)).map((r) => r.student);
    return students.length === 0 ? [] : [`- ${kind}: ${students.map(markdownCode).join(", ")}`];
  });
  return lines.length === 0 ? ["None."] : lines;
}

export async function writeClassReports(outDir: string, records: readonly StudentRecord[], key: GradeSettingsKey): Promise<ClassFiles> {
  const rows = classRows(records);
  const files = { csv: join(outDir, "class.csv"), json: join(outDir, "class.json"), summary: join(outDir, "summary.md") };
  await writeFile(files.csv, toCsv(rows, records.map((r) => r.report)));
  // Each student's full report stays in students/<name>.json (counterexamples make them large).
  const recordFiles = Object.fromEntries(records.map((r) => [r.student, `students/${r.student}.json`]));
  await writeFile(files.json, `${JSON.stringify({ tool: TOOL_NAME, ...key, students: rows, recordFiles }, null, 2)}\n`);
  await writeFile(files.summary, toSummary(rows, key, records.map((r) => r.report)));
  return files;
}
