import { mutants } from "./catalogue";
import { ROOT_CAUSE_EXCEPTIONS } from "./root-cause-exceptions";
import { isSmall, MAX_SMALL_MESSAGES, MAX_SMALL_PRINTED_CHARACTERS, type MutantRootCause } from "./root-causes";

// The section "Root causes and counterexample size" of docs/kill-matrix.md (issue 13): the two
// rates over the killed mutants and every exception, with the reason written down for it
// (root-cause-exceptions.ts). Written whole by scripts/kill-matrix.ts, or alone by
// scripts/root-causes.ts.

/** The rows as measured (scripts/kill-matrix.ts or scripts/root-causes.ts), read by the test. */
export const ROOT_CAUSES_FILE = "docs/root-causes.json";

export interface RootCauseRow {
  readonly mutantId: string;
  readonly killed: boolean;
  /** Ids of the properties that failed on it (first failing case, unshrunk). */
  readonly failures: readonly string[];
  readonly causes: readonly MutantRootCause[];
}

export const SECTION_TITLE = "## Root causes and counterexample size (issue 13)";

export interface RootCauseRates {
  readonly killed: number;
  readonly oneCause: readonly string[];
  readonly small: readonly string[];
}

export function rootCauseRates(rows: readonly RootCauseRow[]): RootCauseRates {
  const killed = rows.filter((row) => row.killed);
  return {
    killed: killed.length,
    oneCause: killed.filter((row) => row.causes.length === 1).map((row) => row.mutantId),
    small: killed.filter((row) => row.causes.length > 0 && row.causes.every(isSmall)).map((row) => row.mutantId),
  };
}

export function rootCauseSection(rows: readonly RootCauseRow[]): string[] {
  const rates = rootCauseRates(rows);
  const killed = rows.filter((row) => row.killed);
  const pct = (n: number) => `${((100 * n) / Math.max(rates.killed, 1)).toFixed(1)}%`;
  const reason = (id: string) => (ROOT_CAUSE_EXCEPTIONS[id] === undefined ? "" : ` — ${ROOT_CAUSE_EXCEPTIONS[id]}`);
  const lines = [
    SECTION_TITLE,
    "",
    `For each killed mutant (one defect each) the grade's root causes (\`src/grader/root-cause\`) are computed from its failures, and each root cause's counterexample is shrunk and printed in the report's notation. **One root cause: ${rates.oneCause.length} of ${rates.killed} (${pct(rates.oneCause.length)}).** **Every root cause's counterexample at most ${MAX_SMALL_MESSAGES} messages and ${MAX_SMALL_PRINTED_CHARACTERS} printed characters: ${rates.small.length} of ${rates.killed} (${pct(rates.small.length)}).** Issue 13's target is 90% for each. \`test/mutants/root-cause-rates.test.ts\` holds both rates at this measurement (\`docs/root-causes.json\`) and measures a fixed sample of mutants again in \`npm test\`; \`npm run root-causes\` regenerates this section alone. The reason after a mutant is written by hand (\`test/mutants/root-cause-exceptions.ts\`).`,
    "",
    "Mutants with more than one root cause (their failures are not all explained by one re-check):",
    "",
  ];
  const many = killed.filter((row) => row.causes.length > 1);
  for (const row of many) lines.push(`- \`${row.mutantId}\`: ${row.causes.map((c) => `\`${c.id}\` (${c.properties})`).join(", ")}${reason(row.mutantId)}`);
  if (many.length === 0) lines.push("- none");
  lines.push("", "Mutants with a larger counterexample:", "");
  const large = killed.filter((row) => !(row.causes.length > 0 && row.causes.every(isSmall)));
  for (const row of large) lines.push(`- \`${row.mutantId}\`: ${row.causes.filter((c) => !isSmall(c)).map((c) => `\`${c.id}\` ${c.messages ?? "?"} messages, ${c.printed ?? "?"} characters`).join("; ")}${reason(row.mutantId)}`);
  if (large.length === 0) lines.push("- none");
  return lines;
}

/** `text` (the kill-matrix doc) with its root-cause section replaced by `section`. */
export function replaceRootCauseSection(text: string, section: readonly string[]): string {
  const lines = text.split("\n");
  let start = lines.indexOf(SECTION_TITLE);
  if (start === -1) {
    // Not there yet: it goes before the table.
    const table = lines.findIndex((line) => line.startsWith("| mutant |"));
    if (table === -1) throw new Error(`no "${SECTION_TITLE}" nor table in the kill-matrix doc: regenerate it whole (npm run kill-matrix)`);
    return [...lines.slice(0, table), ...section, "", ...lines.slice(table)].join("\n");
  }
  let end = start + 1;
  while (end < lines.length && !lines[end]!.startsWith("| ") && !lines[end]!.startsWith("## ")) end++;
  // Keep the blank line before the table.
  while (end > start + 1 && lines[end - 1] === "") end--;
  return [...lines.slice(0, start), ...section, ...lines.slice(end)].join("\n");
}

/** Mutant ids of the catalogue, so a reason cannot outlive its mutant. */
export function unknownExceptions(): string[] {
  return Object.keys(ROOT_CAUSE_EXCEPTIONS).filter((id) => !mutants.some((m) => m.id === id));
}
