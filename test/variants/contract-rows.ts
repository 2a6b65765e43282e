import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

// The §8 latitude table as docs/contract.md states it, so the catalogue's rows
// (./catalogue.ts LATITUDE_ROWS) are checked against the project's contract, not copied blind.

export const CONTRACT_DOC_PATH = fileURLToPath(new URL("../../docs/contract.md", import.meta.url));

export interface ContractRow {
  readonly situation: string;
  readonly core: string;
  readonly accepted: string;
}

/** Splits a markdown table line into cells (a `\|` inside a cell is not a separator). */
function cells(line: string): string[] {
  return line
    .trim()
    .replace(/^\||\|$/g, "")
    .split(/(?<!\\)\|/)
    .map((c) => c.trim());
}

/** The rows of the table whose header is `| situation | core | accepted |`. */
export function contractLatitudeRows(text: string = readFileSync(CONTRACT_DOC_PATH, "utf8")): ContractRow[] {
  const lines = text.split("\n");
  const header = lines.findIndex((line) => /^\|\s*situation\s*\|\s*core\s*\|\s*accepted\s*\|\s*$/.test(line));
  if (header === -1) throw new Error("docs/contract.md has no table headed | situation | core | accepted |");
  const rows: ContractRow[] = [];
  for (let i = header + 2; i < lines.length && lines[i]!.startsWith("|"); i++) {
    const [situation = "", core = "", accepted = ""] = cells(lines[i]!);
    rows.push({ situation, core, accepted });
  }
  return rows;
}
