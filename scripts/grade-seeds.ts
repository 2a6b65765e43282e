// The course's own solution must get full marks whatever the seed (issue 27): grades src/core
// with the command users run (`compaction-check grade src/core --seed N`, sandboxed, every
// property, 100 cases each, the corpus first) under 20 seeds and fails unless every grade is
// full. Not part of npm test (about 20 s a seed on 2 cores); npm test grades src/core at one
// seed (test/grader/grade-real.test.ts).
//
//   npm run grade:seeds -- [--first 1] [--count 20] [--jobs 2] [--submission src/core]
// Seeds are first + i * 7919, as `npm run test:seeds` draws them.
import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(name);
  return at >= 0 && process.argv[at + 1] !== undefined ? process.argv[at + 1]! : fallback;
}

const root = fileURLToPath(new URL("../", import.meta.url));
const first = Number(option("--first", "1"));
const count = Number(option("--count", "20"));
const jobs = Math.max(1, Number(option("--jobs", "2")));
const submission = option("--submission", "src/core");
const seeds = Array.from({ length: count }, (_, i) => first + i * 7919);

interface SeedResult {
  readonly seed: number;
  readonly score: number;
  readonly maxScore: number;
  readonly failed: readonly string[];
  readonly seconds: number;
  readonly exitCode: number | null;
}

async function gradeSeed(seed: number, dir: string): Promise<SeedResult> {
  const json = join(dir, `seed-${seed}.json`);
  const started = Date.now();
  const args = ["bin/compaction-check.mjs", "grade", submission, "--seed", String(seed), "--json", json, "--reports", join(dir, `reports-${seed}`), "--jobs", "1"];
  // The grade's progress goes to stderr: kept, and shown only when the grade has no report.
  let stderr = "";
  const exitCode = await new Promise<number | null>((resolve) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: ["ignore", "ignore", "pipe"] });
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (chunk: string) => (stderr = (stderr + chunk).slice(-4000)));
    child.on("close", resolve);
  });
  const seconds = (Date.now() - started) / 1000;
  try {
    const report = JSON.parse(await readFile(json, "utf8")) as { score: number; maxScore: number; properties: { id: string; status: string }[] };
    return { seed, score: report.score, maxScore: report.maxScore, failed: report.properties.filter((p) => p.status !== "passed").map((p) => p.id), seconds, exitCode };
  } catch {
    process.stderr.write(stderr);
    return { seed, score: 0, maxScore: 0, failed: [`(no report; exit code ${exitCode})`], seconds, exitCode };
  }
}

const dir = await mkdtemp(join(tmpdir(), "cc-grade-seeds-"));
const results: SeedResult[] = [];
let next = 0;
async function worker(): Promise<void> {
  while (next < seeds.length) {
    const seed = seeds[next++]!;
    const result = await gradeSeed(seed, dir);
    results.push(result);
    const mark = result.score === result.maxScore && result.maxScore > 0 ? "full" : `FAILED ${result.failed.join(", ")}`;
    console.log(`seed ${String(seed).padStart(6)}: ${result.score}/${result.maxScore} (${result.seconds.toFixed(0)} s) ${mark}  [${results.length}/${seeds.length}]`);
  }
}
await Promise.all(Array.from({ length: Math.min(jobs, seeds.length) }, worker));
await rm(dir, { recursive: true, force: true });

const short = results.filter((r) => r.score !== r.maxScore || r.maxScore === 0).sort((a, b) => a.seed - b.seed);
console.log(short.length === 0 ? `${submission}: full marks on all ${results.length} seeds` : `${submission}: not full on ${short.length} of ${results.length} seeds: ${short.map((r) => r.seed).join(", ")}`);
process.exitCode = short.length === 0 ? 0 : 1;
