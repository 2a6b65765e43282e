// Benchmark of the compaction core against the platform baseline, structuredClone of the
// same input, measured in one run so that the ratios compare like with like (the machine's
// speed and load cancel out). Two inputs of 4,000 messages:
// - "mixed" (issue 2): building a context costs at most one structuredClone; compacting a
//   built context at most 0.2 of one; estimating a built context at most 0.001 of one;
// - "astral" (issue 12): astral-heavy text, two parallel calls per round, results separated
//   from their calls by a user message: build at most 0.8, compact(built) at most 0.02.
//
// The core is measured as the grader loads a submission: bundled by esbuild into one ESM
// file (src/grader/sandbox/bundle.ts). Loaded through tsx instead, every call across the core's
// modules goes through an export getter, which costs the build about a fifth of its time
// and measures the loader rather than the core.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { Bench } from "tinybench";
import type * as CoreModule from "../src/core/index";
import { astralBenchContext, benchContext, type PlainContext } from "./fixtures";

type Core = typeof CoreModule;

async function loadBundledCore(): Promise<Core> {
  const dir = await mkdtemp(join(tmpdir(), "cc-bench-"));
  const file = join(dir, "core.mjs");
  try {
    // CC_BENCH_CORE=path/to/index.ts measures another core the same way (e.g. an older one).
    const entry = process.env.CC_BENCH_CORE ?? new URL("../src/core/index.ts", import.meta.url).pathname;
    await build({ entryPoints: [entry], bundle: true, format: "esm", platform: "node", outfile: file, logLevel: "warning" });
    return (await import(pathToFileURL(file).href)) as Core;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

type Row = { name: string; median: number; ratio: number; spread: readonly [number, number]; target?: number };

const BASELINE = "structuredClone(plain input)";

type Input = { readonly name: string; readonly input: PlainContext; readonly targets: Record<string, number> };

export async function run(): Promise<boolean> {
  const inputs: readonly Input[] = [
    {
      name: "mixed",
      input: benchContext(),
      targets: { "buildActiveContext(plain input)": 1.0, "compactContext(built)": 0.2, "estimateContextUnits(built)": 0.001 },
    },
    {
      name: "astral",
      input: astralBenchContext(),
      targets: { "buildActiveContext(plain input)": 0.8, "compactContext(built)": 0.02, "estimateContextUnits(built)": 0.001 },
    },
  ];
  // `npm run bench -- core astral` (or mixed) measures one input only.
  const only = inputs.filter((entry) => process.argv.includes(entry.name));
  const core = await loadBundledCore();
  let pass = true;
  for (const entry of only.length > 0 ? only : inputs) {
    console.log(`\n-- input: ${entry.name} --`);
    pass = (await measure(core, entry.input, entry.targets)) && pass;
  }
  return pass;
}

async function measure(core: Core, input: PlainContext, targets: Record<string, number>): Promise<boolean> {
  const { buildActiveContext, compactContext, estimateContextUnits, groupToolRounds, selectCompactionBoundary } = core;
  const built = buildActiveContext(input as never);
  const total = estimateContextUnits(built);
  const boundaryOptions = { targetUnits: Math.floor(total / 2), summaryMaxUnits: 2_000, retainRecentMessages: 16 };
  const compactOptions = {
    ...boundaryOptions,
    maxUnits: total - 1,
    summaryId: "summary-bench",
    recordId: "record-bench",
    summarizer: () => "The first half of the session, summarized.",
  };
  // A compaction that does not happen would measure the fast path, not the work.
  const check = await compactContext(built, compactOptions);
  if (check.status !== "compacted") throw new Error("the benchmark compaction must compact");

  console.log(
    `context: ${input.messages.length} messages, ${total} units, ` +
      `${groupToolRounds(built.messages).length} groups, boundary ${check.record.boundary}`,
  );

  const tasks: readonly (readonly [string, () => unknown])[] = [
    [BASELINE, () => structuredClone(input)],
    ["buildActiveContext(plain input)", () => buildActiveContext(input as never)],
    ["estimateContextUnits(plain input)", () => estimateContextUnits(input as never)],
    ["estimateContextUnits(built)", () => estimateContextUnits(built)],
    ["groupToolRounds(built.messages)", () => groupToolRounds(built.messages)],
    ["groupToolRounds(plain messages)", () => groupToolRounds(input.messages as never)],
    ["selectCompactionBoundary(built)", () => selectCompactionBoundary(built, boundaryOptions)],
    ["compactContext(built)", () => compactContext(built, compactOptions)],
  ];

  // Several short rounds, the task order reversed every other round, each task's median
  // divided by the same round's structuredClone median: a ratio compares two measurements
  // taken moments apart, so the load of a shared machine and the garbage one task leaves
  // to the next mostly cancel. The report gives the median over ROUNDS rounds and the middle
  // half of the rounds' ratios. Under the load of other processes a round's ratio still
  // swings (0.4 to 1.1 for the astral build at a load of 4 on 2 cores), so there are 9 rounds:
  // with 5 the median moved by about 15% between runs; with 9, three runs at that load gave
  // 0.66, 0.69 and 0.78.
  //
  // Measures considered and not taken: the fastest call per task (interference only adds
  // time) is steadier, but it is another measure, not a steadier estimate of this one:
  // it leaves out what a call costs in garbage collection and fresh memory, and
  // structuredClone, which copies every string, pays much more of that than the core (its
  // median call took 1.7 times its fastest, a build's 1.15 times), so the ratio rose by 0.1
  // (astral build) to 0.3 of itself (compaction). Process CPU time per call was as unsteady
  // as wall time.
  const times = new Map<string, number[]>(tasks.map(([name]) => [name, []]));
  const ratios = new Map<string, number[]>(tasks.map(([name]) => [name, []]));
  for (let round = 0; round < ROUNDS; round++) {
    const bench = new Bench({ time: 300, warmupTime: 100 });
    const ordered = round % 2 === 0 ? tasks : [...tasks].reverse();
    for (const [name, fn] of ordered) bench.add(name, fn);
    await bench.run();
    const baseline = medianOf(bench, BASELINE);
    for (const [name] of tasks) {
      const value = medianOf(bench, name);
      times.get(name)!.push(value);
      ratios.get(name)!.push(value / baseline);
    }
  }
  const rows: Row[] = tasks.map(([name]) => ({
    name,
    median: quantile(times.get(name)!, 0.5),
    ratio: quantile(ratios.get(name)!, 0.5),
    spread: [quantile(ratios.get(name)!, 0.25), quantile(ratios.get(name)!, 0.75)],
    target: targets[name],
  }));
  return print(rows);
}

const ROUNDS = 9;

/** The q-quantile of values, interpolated between the two nearest ranks (q = 0.5: the median). */
function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const position = (sorted.length - 1) * q;
  const below = Math.floor(position);
  const above = Math.ceil(position);
  return sorted[below]! + (sorted[above]! - sorted[below]!) * (position - below);
}

function medianOf(bench: Bench, name: string): number {
  const result = bench.getTask(name)?.result;
  if (result === undefined || !("latency" in result)) throw new Error(`benchmark task "${name}" did not complete`);
  return result.latency.p50;
}

function formatMs(ms: number): string {
  return ms >= 1 ? `${ms.toFixed(2)} ms` : ms >= 0.001 ? `${(ms * 1000).toFixed(2)} µs` : `${(ms * 1e6).toFixed(0)} ns`;
}

function print(rows: readonly Row[]): boolean {
  const header = ["task", "median", "× structuredClone (median of rounds)", "middle half of rounds", "target", "verdict"];
  const lines = rows.map((row) => {
    const pass = row.target === undefined ? "" : row.ratio <= row.target ? "pass" : "FAIL";
    return [
      row.name,
      formatMs(row.median),
      row.ratio.toPrecision(3),
      `${row.spread[0].toPrecision(3)} – ${row.spread[1].toPrecision(3)}`,
      row.target === undefined ? "" : `≤ ${row.target}`,
      pass,
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((line) => line[i]!.length)));
  const format = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i]!)).join("  ");
  console.log(format(header));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const line of lines) console.log(format(line));
  return rows.every((row) => row.target === undefined || row.ratio <= row.target);
}
