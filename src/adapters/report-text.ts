import type { AuditReport, Finding } from "./audit";
import { inline, perMessage } from "./notation";

// The audit as text: one line per property, then each finding with its counterexample (one line
// per message), the options, why it fails, how the docs stand, and a replay command.

/** `target` is what the command line named: a built-in adapter or the adapter's file. */
export function replayCommand(target: string, f: Finding): string {
  return `compaction-check audit ${target} --only ${f.property} --scope ${f.scope} --seed ${f.seed} --path "${f.path}"`;
}

export function formatFinding(target: string, f: Finding): string {
  const output = typeof f.output === "string" ? [f.output] : perMessage(f.output);
  const lines = [
    `✗ ${f.property}: ${f.title}`,
    `  ${f.classification}${f.shapes.length > 0 ? ` (shapes: ${f.shapes.join(", ")})` : ""} · docs: ${f.docs}`,
    `  input   ${inline(f.transcript)}`,
    `  output  ${typeof f.output === "string" ? f.output : inline(f.output)}`,
    `  options ${JSON.stringify(f.options)}`,
    `  why     ${f.violation}`,
    "  input, one message a line:",
    ...perMessage(f.transcript).map((l) => `    ${l}`),
    "  output, one message a line:",
    ...output.map((l) => `    ${l}`),
    `  replay  ${replayCommand(target, f)}`,
  ];
  return lines.join("\n");
}

/** "@langchain/core 1.4.0: trimMessages", or the subject alone when the adapter names no library. */
export function auditedText(report: Pick<AuditReport, "subject" | "library">): string {
  return report.library === undefined ? report.subject : `${report.library.name} ${report.library.version}: ${report.subject}`;
}

/** What the library printed during the audit, summed up in a few lines. */
export function consoleLines(report: Pick<AuditReport, "console">): string[] {
  const c = report.console;
  if (c === undefined) return [];
  return [`the library printed ${c.lines} line${c.lines === 1 ? "" : "s"} (${c.distinct} distinct) during the audit, captured and not shown; the first:`, ...c.samples.map((s) => `  | ${s}`)];
}

export function formatAudit(report: AuditReport, target: string = report.adapter): string {
  const head = `audit ${report.adapter} (${auditedText(report)}), seed ${report.seed}, ${(report.timeMs / 1000).toFixed(1)} s`;
  const rows = report.results.map((r) => {
    const verdict = r.finding === undefined ? "holds" : `FAILS (${r.finding.classification})`;
    return `  ${r.finding === undefined ? "✓" : "✗"} ${r.property.padEnd(26)} ${String(r.cases).padStart(7)} cases  ${verdict}`;
  });
  const findings = report.results.flatMap((r) => (r.finding === undefined ? [] : [formatFinding(target, r.finding)]));
  const printed = consoleLines(report);
  return [head, ...rows, ...(printed.length > 0 ? ["", ...printed] : []), ...(findings.length > 0 ? ["", ...findings.flatMap((f) => [f, ""])] : [])].join("\n");
}
