import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { variants } from "./catalogue";
import { performance } from "node:perf_hooks";
import { coreReference, gradedVariants, suiteCases, type GradeSettings, type GradedVariants } from "./grade";
import { runCasesOnMany, type ManyRunStats, type SubjectVerdict } from "./shared-run";

// One shard of the distinct cases of every property, against every graded variant, in this
// process or in a child process. vitest runs test files in one worker on a two-core machine
// (its default is one worker fewer than the cores), so test/variants/full-marks.test.ts grades
// one shard itself and the other in a child, on the core that would otherwise idle. Both
// generate every property's cases (cheap next to observing them) and take every other
// distinct case. The child is this file:
//
//   node --import tsx test/variants/grade-shard.ts <shard> <shards> <seed> <numRuns> <out.json>

const REPO = fileURLToPath(new URL("../../", import.meta.url));
const SELF = fileURLToPath(import.meta.url);

export interface ShardResult {
  /** Failures and errors only, the earliest case per (property, variant). */
  readonly failures: readonly SubjectVerdict[];
  readonly identical: readonly string[];
  readonly observedKinds: GradedVariants["observedKinds"];
  readonly stats: ManyRunStats & { readonly cases: number; readonly seconds: number };
}

/** Grades shard `index` of `count` of the distinct cases here. */
export async function gradeShard(index: number, count: number, settings: GradeSettings): Promise<ShardResult> {
  const started = performance.now();
  const reference = coreReference();
  const [{ subjects, identical, observedKinds }, all] = await Promise.all([gradedVariants(variants), suiteCases(settings)]);
  try {
    const { failures, stats } = await runCasesOnMany(all, subjects, reference, (d) => d % count === index);
    const cases = all.reduce((sum, c) => sum + c.scenarios.length, 0);
    return { failures, identical, observedKinds, stats: { ...stats, cases, seconds: (performance.now() - started) / 1000 } };
  } finally {
    for (const subject of subjects) await subject.host.close();
    await reference.close();
  }
}

export interface ChildShard {
  readonly result: Promise<ShardResult>;
  /** Stops the child if it is still running (e.g. the tests that wait for it were skipped). */
  kill(): void;
}

/** Grades shard `index` of `count` in a child process (node with tsx). */
export function gradeShardInChild(index: number, count: number, settings: GradeSettings): ChildShard {
  const dir = mkdtempSync(join(tmpdir(), "cc-variants-"));
  const out = join(dir, "verdicts.json");
  const args = ["--import", "tsx", SELF, String(index), String(count), String(settings.seed), String(settings.numRuns), out];
  const child = spawn(process.execPath, args, { cwd: REPO, stdio: ["ignore", "ignore", "pipe"] });
  const result = new Promise<ShardResult>((resolve, reject) => {
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4000);
    });
    child.on("error", reject);
    child.on("exit", (code, signal) => {
      try {
        if (code !== 0) return reject(new Error(`the grading child for shard ${index + 1} of ${count} exited with ${signal ?? `code ${code}`}: ${stderr}`));
        resolve(JSON.parse(readFileSync(out, "utf8")) as ShardResult);
      } catch (error) {
        reject(error);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
  result.catch(() => {}); // reported by whoever awaits it
  return {
    result,
    kill: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill();
    },
  };
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [shard, shards, seed, numRuns, out] = process.argv.slice(2);
  const result = await gradeShard(Number(shard), Number(shards), { seed: Number(seed), numRuns: Number(numRuns) });
  writeFileSync(out!, JSON.stringify(result));
}
