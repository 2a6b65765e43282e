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

  const bench = new Bench({ time: 1_500, warmupTime: 300 });
  bench
    .add(BASELINE, () => {
      structuredClone(input);
    })
    .add("buildActiveContext(plain input)", () => {
      buildActiveContext(input as never);
    })
    .add("estimateContextUnits(plain input)", () => {
      estimateContextUnits(input as never);
    })
    .add("estimateContextUnits(built)", () => {
      estimateContextUnits(built);
    })
    .add("groupToolRounds(built.messages)", () => {
      groupToolRounds(built.messages);
    })
    .add("groupToolRounds(plain messages)", () => {
      groupToolRounds(input.messages as never);
    })
    .add("selectCompactionBoundary(built)", () => {
      selectCompactionBoundary(built, boundaryOptions);
    })
    .add("compactContext(built)", async () => {
      await compactContext(built, compactOptions);
    });
  await bench.run();

  const median = (name: string): number => {
    const task = bench.getTask(name);
    const result = task?.result;
    if (result === undefined || !("latency" in result)) throw new Error(`benchmark task "${name}" did not complete`);
    return result.latency.p50;
  };
  const baseline = median(BASELINE);
  const targets: Record<string, number> = {
    "buildActiveContext(plain input)": 1.0,
    "compactContext(built)": 0.2,
    "estimateContextUnits(built)": 0.001,
  };
  const rows: Row[] = bench.tasks.map((task) => {
    const value = median(task.name);
    return { name: task.name, median: value, ratio: value / baseline, target: targets[task.name] };
  });
  return print(rows);
}

function formatMs(ms: number): string {
  return ms >= 1 ? `${ms.toFixed(2)} ms` : ms >= 0.001 ? `${(ms * 1000).toFixed(2)} µs` : `${(ms * 1e6).toFixed(0)} ns`;
}

function print(rows: readonly Row[]): boolean {
  const header = ["task", "median", "× structuredClone", "target", "verdict"];
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
