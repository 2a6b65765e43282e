import { readFileSync } from "node:fs";

// The README's copy-paste examples that the package test runs: each is the fenced block right
// after a `<!-- package-test: <path> -->` line, <path> being where it goes in the installed
// course repository (or, under examples/, the committed file it must equal).

export interface ReadmeExample {
  readonly path: string;
  readonly code: string;
}

const MARKER = /^<!-- package-test: (\S+) -->\n```\w*\n([\s\S]*?)```$/gm;

export function readmeExamples(readmeFile: string): ReadmeExample[] {
  const text = readFileSync(readmeFile, "utf8");
  return [...text.matchAll(MARKER)].map((match) => ({ path: match[1] as string, code: match[2] as string }));
}
