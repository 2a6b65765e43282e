// Writes examples/submission/src/internal from src/core with the two planted bugs of
// test/examples/planted-bugs.ts, and (with --readme) the list of properties the example fails
// into examples/README.md, each with the planted bug that fails it on its own.
//
//   npx tsx scripts/example-submission.ts [--readme] [--seed 20261129] [--num-runs 100]
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import {
  EXAMPLE_INTERNAL_DIR,
  EXAMPLE_README,
  PLANTED_BUGS,
  asMutant,
  committedExampleSources,
  exampleSources,
  withFailuresSection,
} from "../test/examples/planted-bugs";
import { failedProperties } from "../test/examples/failed-properties";
import { loadMutant } from "../test/mutants/loader";

function option(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? undefined : process.argv[at + 1];
}

const settings = { seed: Number(option("seed") ?? 20261129), numRuns: Number(option("num-runs") ?? 100) };

function writeSources(): void {
  const sources = exampleSources();
  for (const file of committedExampleSources().keys()) if (!sources.has(file)) rmSync(EXAMPLE_INTERNAL_DIR + file);
  for (const [file, text] of sources) writeFileSync(EXAMPLE_INTERNAL_DIR + file, text);
  console.log(`wrote ${sources.size} files to examples/submission/src/internal (src/core with ${PLANTED_BUGS.length} planted bugs)`);
}

async function writeReadme(): Promise<void> {
  const example = (await import(pathToFileURL(`${EXAMPLE_INTERNAL_DIR}../index.ts`).href)) as Record<string, unknown>;
  const failed = (await failedProperties(example, settings)).map((v) => v.propertyId);
  const alone = new Map<string, Set<string>>();
  for (const bug of PLANTED_BUGS) {
    const ids = (await failedProperties(await loadMutant(asMutant(bug)), settings)).map((v) => v.propertyId);
    alone.set(bug.id, new Set(ids));
  }
  const lines = [
    `${failed.length} properties fail (seed ${settings.seed}, ${settings.numRuns} runs); after each, the planted bug that fails it on its own:`,
    "",
    ...failed.map((id) => {
      const bugs = PLANTED_BUGS.filter((bug) => alone.get(bug.id)!.has(id)).map((bug) => bug.id);
      return `- \`${id}\` — ${bugs.length === 0 ? "only both bugs together" : bugs.join(", ")}`;
    }),
  ];
  writeFileSync(EXAMPLE_README, withFailuresSection(readFileSync(EXAMPLE_README, "utf8"), lines.join("\n")));
  console.log(`examples/README.md: ${failed.length} failing properties listed`);
}

writeSources();
if (process.argv.includes("--readme")) await writeReadme();
