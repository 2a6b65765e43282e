// The class measurement of issue 14 (not part of npm test): builds a class of 30 submissions
// (copies of the example, mutants of the core as one-file submissions, tamper fixtures), grades it
// with grade-class, and prints the wall time, the first lines of class.csv and the summary.
//
//   npm run class:measure -- [--jobs 2] [--runs 100] [--out /tmp/cc-class-measure]
// Resumable like grade-class: rerun with the same --out to finish an interrupted measurement.
import { cp, mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gradeClass } from "../src/grader/class/grade-class";
import { DEFAULT_RUNS, DEFAULT_SEED } from "../src/grader/grade";
import { mutants } from "../test/mutants/catalogue";
import { bundleMutant } from "../test/mutants/loader";

const EXAMPLES = 8;
const MUTANTS = 12;
const TAMPER = 10;

function option(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

const root = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));
const out = option("--out") ?? "/tmp/cc-class-measure";
const jobs = Number(option("--jobs") ?? availableParallelism());
const numRuns = Number(option("--runs") ?? DEFAULT_RUNS);
const classDir = join(out, "class");

await mkdir(classDir, { recursive: true });
for (let i = 1; i <= EXAMPLES; i++) await cp(root("examples/submission"), join(classDir, `example-${String(i).padStart(2, "0")}`), { recursive: true });
// Spread over the catalogue, so that different areas of the contract are broken.
const step = Math.floor(mutants.length / MUTANTS);
for (let i = 0; i < MUTANTS; i++) {
  const mutant = mutants[i * step]!;
  await writeFile(join(classDir, `mutant-${mutant.id}.mjs`), await bundleMutant(mutant));
}
const fixtures = (await readdir(root("test/fixtures/tamper"))).filter((n) => !n.startsWith("_")).sort();
const tamperStep = Math.max(1, Math.floor(fixtures.length / TAMPER));
for (let i = 0; i < TAMPER && i * tamperStep < fixtures.length; i++) {
  const name = fixtures[i * tamperStep]!;
  await cp(root(`test/fixtures/tamper/${name}`), join(classDir, `tamper-${name}`), { recursive: true });
}
await cp(root("test/fixtures/tamper/_shared"), join(classDir, "_shared"), { recursive: true });

const started = Date.now();
// The tamper fixtures share ../_shared (copied next to the students): our own code, so the
// imports of every student may reach the class folder (trusted; grade-class never does this).
const result = await gradeClass({ dir: classDir, outDir: join(out, "report"), jobs, seed: DEFAULT_SEED, numRuns, importRoot: classDir });
const wall = (Date.now() - started) / 1000;
const csv = (await readFile(result.files.csv, "utf8")).split("\n").slice(0, 6).join("\n");
console.log(`\n${result.records.length} submissions, --jobs ${jobs}, ${numRuns} runs: ${wall.toFixed(1)} s wall (${result.graded} graded now, ${result.skipped} kept)`);
console.log(`\nclass.csv (first lines):\n${csv}\n`);
console.log(await readFile(result.files.summary, "utf8"));
