// Fuzzing overhead (issue 7): cases per second of the harness against a bare fast-check loop
// over the SAME arbitrary and the SAME in-process call, in one run, on src/core.
//   bare     fc.assert(fc.asyncProperty(def.arbitrary, (s) => driver.observe(s)))
//   harness  runProperty(def, in-process host)  (+ the model's expected answer and the verdict)
//   campaign what `fuzz` runs per chunk: runProperty with the grader's guard and the
//            instrumented arbitrary (generation timing, label counts)
// Same seed for all three, so they see the same scenarios. Variants alternate and the median
// of REPEATS is kept, so a noisy neighbour hits all of them alike. Target: harness ≤ 1.3× bare.
// Run alone with `npx tsx bench/fuzz-overhead.ts [property-id] [cases]`, or as a suite of bench/index.ts.
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { allProperties } from "../properties/index";
import { createDriver } from "../src/driver/index";
import { instrument, newGenerationStats } from "../src/grader/fuzz/instrument";
import { guardProperty } from "../src/grader/guard";
import { createInProcessHost } from "../src/grader/in-process-host";
import { runProperty } from "../src/grader/run-property";
import * as core from "../src/core/index";

export const TARGET_RATIO = 1.3;
export const DEFAULT_PROPERTY = "compaction.request-exact";
const REPEATS = 5;
const SEED = 20261129;

export interface FuzzOverhead {
  readonly property: string;
  readonly cases: number;
  readonly bareCasesPerSecond: number;
  readonly harnessCasesPerSecond: number;
  readonly campaignCasesPerSecond: number;
  /** bare rate / harness rate: how many times slower the harness is. */
  readonly harnessRatio: number;
  readonly campaignRatio: number;
  readonly withinTarget: boolean;
}

export async function benchFuzzOverhead(propertyId = DEFAULT_PROPERTY, cases = 300): Promise<FuzzOverhead> {
  const def = allProperties.find((p) => p.id === propertyId);
  if (def === undefined) throw new Error(`no property ${propertyId}`);
  const subject = core as unknown as Record<string, unknown>;
  const driver = createDriver(subject);
  const host = createInProcessHost(subject);
  const reference = def.needsReference === true ? createInProcessHost(subject) : null;

  const variants: Record<"bare" | "harness" | "campaign", () => Promise<void>> = {
    bare: () => fc.assert(fc.asyncProperty(def.arbitrary, async (s) => void (await driver.observe(s))), { seed: SEED, numRuns: cases }),
    harness: async () => {
      const run = await runProperty(def, host, { seed: SEED, numRuns: cases, reference });
      if (run.status !== "passed") throw new Error(`${def.id} ${run.status}: ${run.message}`);
    },
    campaign: async () => {
      const instrumented = { ...guardProperty(def, null), arbitrary: instrument(def.arbitrary, newGenerationStats()) };
      const run = await runProperty(instrumented, host, { seed: SEED, numRuns: cases, reference, onCase: () => {} });
      if (run.status !== "passed") throw new Error(`${def.id} ${run.status}: ${run.message}`);
    },
  };
  const times: Record<keyof typeof variants, number[]> = { bare: [], harness: [], campaign: [] };
  for (const run of Object.values(variants)) await run(); // warm-up: JIT, lazy imports
  for (let i = 0; i < REPEATS; i++) {
    for (const [name, run] of Object.entries(variants) as [keyof typeof variants, () => Promise<void>][]) {
      const started = performance.now();
      await run();
      times[name].push(performance.now() - started);
    }
  }
  const rate = (name: keyof typeof variants) => cases / (median(times[name]) / 1000);
  const bare = rate("bare");
  const harness = rate("harness");
  const campaign = rate("campaign");
  return {
    property: def.id,
    cases,
    bareCasesPerSecond: Math.round(bare),
    harnessCasesPerSecond: Math.round(harness),
    campaignCasesPerSecond: Math.round(campaign),
    harnessRatio: round2(bare / harness),
    campaignRatio: round2(bare / campaign),
    withinTarget: bare / harness <= TARGET_RATIO && bare / campaign <= TARGET_RATIO,
  };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

/** The bench/index.ts suite interface. */
export async function run(): Promise<boolean> {
  const result = await benchFuzzOverhead();
  console.table([result]);
  return result.withinTarget;
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  const result = await benchFuzzOverhead(process.argv[2], process.argv[3] === undefined ? undefined : Number(process.argv[3]));
  console.table([result]);
  if (!result.withinTarget) process.exitCode = 1;
}
