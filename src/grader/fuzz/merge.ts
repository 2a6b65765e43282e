import { readFile } from "node:fs/promises";
import { GraderError } from "../errors";
import type { GradeResult, JsonReport, JsonReportProperty, PropertyResult, PropertyStatus } from "../result";
import { gradeScore } from "../rubric/grade-score";
import { healthIssues, type PropertyStats } from "./health";
import type { FuzzReport, FuzzSection } from "./report";

// Shards of one campaign, as one report. A property passes only if it passed in every shard;
// its cases add up; the first shard that failed it gives the message and counterexample.
// Statistics add up too, and the health checks are recomputed over the sums (a label reached
// by any shard is reached).

const SEVERITY: Readonly<Record<PropertyStatus, number>> = { passed: 0, failed: 1, error: 2 };

type JsonProperty = JsonReportProperty;

/** A fuzz shard's JSON report: the grader's JSON report plus the campaign's section. */
interface ShardJson extends JsonReport {
  readonly file: string;
  readonly fuzz: FuzzSection;
}

export async function readShardReport(file: string): Promise<ShardJson> {
  let data: unknown;
  try {
    data = JSON.parse(await readFile(file, "utf8"));
  } catch (error) {
    throw new GraderError("USAGE", `Cannot read ${file} as a JSON report: ${(error as Error).message}.`);
  }
  const report = data as Partial<ShardJson> | null;
  if (report === null || typeof report !== "object" || !Array.isArray(report.properties) || typeof report.fuzz !== "object" || report.fuzz === null || !Array.isArray(report.fuzz.stats)) {
    throw new GraderError("USAGE", `${file} is not a fuzz report: write one with \`compaction-check fuzz --json ${file}\`.`);
  }
  return { ...(report as ShardJson), file };
}

export function mergeReports(shards: readonly ShardJson[]): FuzzReport {
  const first = shards[0];
  if (first === undefined) throw new GraderError("USAGE", "merge needs at least one report.");
  const properties = mergeProperties(shards);
  const stats = mergeStats(shards);
  const minGenerationRate = first.fuzz.minGenerationRate;
  const health = healthIssues(stats, minGenerationRate);
  const cases = shards.reduce((sum, s) => sum + s.fuzz.cases, 0);
  const durationMs = Math.max(...shards.map((s) => s.fuzz.durationMs));
  const scored = gradeScore(properties, [], "properties");
  const grade: GradeResult = {
    tool: first.tool,
    version: first.version,
    submission: unique(shards.map((s) => s.submission)).join(", "),
    seed: first.seed,
    numRuns: cases,
    ...scored.fields,
    durationMs,
    sandbox: first.sandbox,
    properties: scored.properties,
    // Fuzz campaigns report failures per property; root causes are a grade's (grade.ts).
    rootCauses: [],
    warnings: [
      ...unique(shards.flatMap((s) => s.warnings.filter((w) => !w.startsWith("health: ")))),
      ...health.map((h) => `health: ${h.propertyId}: ${h.message}`),
      ...(unique(shards.map((s) => String(s.fuzz.campaignSeed))).length > 1 ? ["the merged shards come from different campaign seeds"] : []),
    ],
    schemaVersion: first.schemaVersion,
  };
  const fuzz: FuzzSection = {
    campaignSeed: first.fuzz.campaignSeed,
    shards: shards.flatMap((s) => s.fuzz.shards),
    cases,
    durationMs,
    // Shards run in parallel: the campaign's throughput is its cases over its longest shard.
    casesPerSecond: durationMs <= 0 ? 0 : Math.round((cases / (durationMs / 1000)) * 10) / 10,
    stoppedBy: unique(shards.map((s) => s.fuzz.stoppedBy)).join("+"),
    minGenerationRate,
    corpus: {
      dir: first.fuzz.corpus.dir,
      replayed: shards.reduce((sum, s) => sum + s.fuzz.corpus.replayed, 0),
      newFiles: unique(shards.flatMap((s) => s.fuzz.corpus.newFiles)),
    },
    stats,
    health,
  };
  return { grade, fuzz };
}

function mergeProperties(shards: readonly ShardJson[]): PropertyResult[] {
  const byId = new Map<string, JsonProperty[]>();
  for (const shard of shards) for (const p of shard.properties) byId.set(p.id, [...(byId.get(p.id) ?? []), p]);
  const runMs = new Map<string, number>();
  for (const shard of shards) for (const s of shard.fuzz.stats) runMs.set(s.id, (runMs.get(s.id) ?? 0) + s.runMs);
  return [...byId].map(([id, entries]) => {
    const worst = entries.reduce((a, b) => (SEVERITY[b.status] > SEVERITY[a.status] ? b : a));
    const failing = entries.find((e) => e.status !== "passed");
    const head = entries[0] as JsonProperty;
    return {
      id,
      title: head.title,
      family: id.split(".")[0] ?? id,
      status: worst.status,
      points: worst.status === "passed" ? head.maxPoints : 0,
      maxPoints: head.maxPoints,
      numRuns: entries.reduce((sum, e) => sum + e.numRuns, 0),
      durationMs: runMs.get(id) ?? 0,
      ...(failing?.message === undefined ? {} : { message: failing.message }),
      ...(failing?.counterexample === undefined ? {} : { counterexample: failing.counterexample }),
      ...(failing?.replay === undefined ? {} : { replay: failing.replay }),
    };
  });
}

function mergeStats(shards: readonly ShardJson[]): PropertyStats[] {
  const merged = new Map<string, PropertyStats>();
  for (const shard of shards) {
    for (const s of shard.fuzz.stats) {
      const seen = merged.get(s.id);
      if (seen === undefined) {
        merged.set(s.id, { ...s, labels: { ...s.labels } });
        continue;
      }
      const labels: Record<string, number> = { ...seen.labels };
      for (const [label, count] of Object.entries(s.labels)) labels[label] = (labels[label] ?? 0) + count;
      merged.set(s.id, {
        ...seen,
        cases: seen.cases + s.cases,
        corpusCases: seen.corpusCases + s.corpusCases,
        generated: seen.generated + s.generated,
        generateMs: seen.generateMs + s.generateMs,
        runMs: seen.runMs + s.runMs,
        labels,
      });
    }
  }
  return [...merged.values()];
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}
