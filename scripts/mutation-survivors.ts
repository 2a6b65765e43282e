// `npm run mutation:survivors [-- report.json]`: the mutants of the last `npm run mutation`
// that no property killed (Survived, NoCoverage), one line each, with the score per file,
// for the review in docs/mutation.md.
import { readFileSync } from "node:fs";

interface Mutant {
  readonly mutatorName: string;
  readonly replacement?: string;
  readonly status: string;
  readonly location: { readonly start: { readonly line: number; readonly column: number } };
}
interface Report {
  readonly files: Record<string, { readonly source: string; readonly mutants: readonly Mutant[] }>;
}

const DETECTED = new Set(["Killed", "Timeout"]);
const UNDETECTED = new Set(["Survived", "NoCoverage"]);

const file = process.argv[2] ?? "reports/mutation/mutation.json";
let report: Report;
try {
  report = JSON.parse(readFileSync(file, "utf8")) as Report;
} catch (error) {
  console.error(`Cannot read a Stryker JSON report at ${file} (${(error as Error).message}). Run \`npm run mutation\` first.`);
  process.exit(2);
}

let detected = 0;
let undetected = 0;
const rows: string[] = [];
for (const [name, entry] of Object.entries(report.files).sort(([a], [b]) => a.localeCompare(b))) {
  const lines = entry.source.split("\n");
  const counts = { detected: 0, undetected: 0, ignored: 0 };
  for (const m of entry.mutants) {
    if (DETECTED.has(m.status)) counts.detected++;
    else if (UNDETECTED.has(m.status)) counts.undetected++;
    else counts.ignored++;
  }
  detected += counts.detected;
  undetected += counts.undetected;
  const score = counts.detected + counts.undetected === 0 ? 100 : (100 * counts.detected) / (counts.detected + counts.undetected);
  rows.push(`## ${name}: ${score.toFixed(1)}% (${counts.detected} detected, ${counts.undetected} undetected, ${counts.ignored} ignored)`);
  const survivors = entry.mutants.filter((m) => UNDETECTED.has(m.status)).sort((a, b) => a.location.start.line - b.location.start.line || a.location.start.column - b.location.start.column);
  for (const m of survivors) {
    const { line, column } = m.location.start;
    const replacement = (m.replacement ?? "").replace(/\s+/g, " ").slice(0, 80);
    rows.push(`- ${line}:${column} ${m.status} ${m.mutatorName} → \`${replacement}\` in \`${(lines[line - 1] ?? "").trim().slice(0, 100)}\``);
  }
}
console.log(rows.join("\n"));
console.log(`\nall files: ${((100 * detected) / Math.max(1, detected + undetected)).toFixed(2)}% (${detected} detected, ${undetected} undetected)`);
