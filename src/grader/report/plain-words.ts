import { internalNames } from "./glossary";

// What a student cannot act on in a report's words: an internal name of the scenario data
// (./glossary lists the plain words for each) or a word printed twice in a row ("delivered
// twice twice"). Used by tests over the catalogue's root causes and by the held-out measure.

let names: RegExp | null = null;

/** The problems of one title or explanation: internal names found, doubled words; empty when none. */
export function wordProblems(text: string): string[] {
  names ??= new RegExp(`\\b(${internalNames().map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")})\\b`, "g");
  const problems = [...text.matchAll(names)].map((m) => `internal name ${m[1]}`);
  for (const m of text.matchAll(/\b([A-Za-z]{2,})\s+\1\b/gi)) problems.push(`doubled word "${m[1]} ${m[1]}"`);
  return problems;
}
