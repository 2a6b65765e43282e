// Benchmark of the compaction core against the platform baseline, structuredClone of the
// same input, measured in one run so that the ratios compare like with like (the machine's
// speed and load cancel out). Targets (issue 2): building a context costs at most one
// structuredClone; compacting a built context at most 0.2 of one; estimating a built
// context at most 0.001 of one.
import { Bench } from "tinybench";
import {
  buildActiveContext,
  compactContext,
  estimateContextUnits,
  groupToolRounds,
  selectCompactionBoundary,
} from "../src/core/index";
import { benchContext } from "./fixtures";

type Row = { name: string; median: number; ratio?: number; target?: number };

const BASELINE = "structuredClone(plain input)";

export async function run(): Promise<boolean> {
  const input = benchContext();
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
  const targets: Record<string, number> = {
    "buildActiveContext(plain input)": 1.0,
    "compactContext(built)": 0.2,
    "estimateContextUnits(built)": 0.001,
  };

  // Several short rounds, the task order reversed every other round, each task's median
  // divided by the same round's structuredClone median: a ratio compares two measurements
  // taken moments apart, so the load of a shared machine and the garbage one task leaves
  // to the next mostly cancel. The report gives the median over rounds.
  const times = new Map<string, number[]>(tasks.map(([name]) => [name, []]));
  const ratios = new Map<string, number[]>(tasks.map(([name]) => [name, []]));
  for (let round = 0; round < ROUNDS; round++) {
    const bench = new Bench({ time: 400, warmupTime: 100 });
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
    median: median(times.get(name)!),
    ratio: median(ratios.get(name)!),
    target: targets[name],
  }));
  return print(rows);
}

const ROUNDS = 5;

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
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
  const header = ["task", "median", "× structuredClone (median of rounds)", "target", "verdict"];
  const lines = rows.map((row) => {
    const pass = row.target === undefined ? "" : row.ratio! <= row.target ? "pass" : "FAIL";
    return [
      row.name,
      formatMs(row.median),
      row.ratio!.toPrecision(3),
      row.target === undefined ? "" : `≤ ${row.target}`,
      pass,
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((line) => line[i]!.length)));
  const format = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i]!)).join("  ");
  console.log(format(header));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const line of lines) console.log(format(line));
  return rows.every((row) => row.target === undefined || row.ratio! <= row.target);
}
