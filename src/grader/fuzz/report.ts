import { mkdir, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import type { Json } from "../../scenario/data";
import { toolVersion } from "../grade";
import { replayCommand } from "../replay-file";
import { GRADE_SCHEMA_VERSION, TOOL_NAME, toJsonReport, type GradeResult, type PropertyResult } from "../result";
import { truncate } from "../report/format";
import { DEFAULT_LIMITS, type SandboxLimits } from "../sandbox/plan";
import { pointsFor } from "../score";
import { gradeScore } from "../rubric/grade-score";
import type { CampaignResult } from "./campaign";
import type { HealthIssue, PropertyStats } from "./health";
import { rateOf } from "./progress";

// A campaign as the grader's GradeResult, so the JSON and JUnit reporters of `grade` write it,
// plus a `fuzz` section in the JSON report with what only a campaign has (cases, rate, shard,
// corpus, per-property statistics, health). `merge` reads that section back.

export interface FuzzSection {
  readonly campaignSeed: number;
  readonly shards: readonly string[];
  readonly cases: number;
  readonly durationMs: number;
  readonly casesPerSecond: number;
  readonly stoppedBy: string;
  readonly minGenerationRate: number;
  readonly corpus: { readonly dir: string | null; readonly replayed: number; readonly newFiles: readonly string[] };
  readonly stats: readonly PropertyStats[];
  readonly health: readonly HealthIssue[];
}

export interface FuzzReport {
  readonly grade: GradeResult;
  readonly fuzz: FuzzSection;
}

export interface SubjectInfo {
  readonly kind: "in-process" | "child-process";
  readonly isolation: readonly string[];
  readonly warnings: readonly string[];
  readonly limits?: SandboxLimits;
}

export function campaignReport(campaign: CampaignResult, subject: SubjectInfo): FuzzReport {
  const limits = subject.limits ?? DEFAULT_LIMITS;
  const properties = campaign.properties.map((o): PropertyResult => {
    const run = o.failure;
    const replay = o.corpusFile === undefined ? undefined : replayCommand(o.corpusFile, campaign.subject);
    return {
      id: o.def.id,
      title: o.def.title,
      family: o.def.family,
      status: o.status,
      points: pointsFor(o.def, o.status),
      maxPoints: o.def.weight,
      numRuns: o.cases,
      durationMs: o.runMs,
      ...(o.message !== undefined ? { message: o.message } : run?.message !== undefined ? { message: run.message } : {}),
      ...(run?.counterexample === undefined ? {} : { counterexample: run.counterexample }),
      ...(run?.observation === undefined ? {} : { observation: run.observation }),
      ...(run?.expected === undefined ? {} : { expected: run.expected }),
      ...(replay === undefined ? {} : { replay }),
    };
  });
  const scored = gradeScore(properties, [], "properties");
  const grade: GradeResult = {
    tool: TOOL_NAME,
    version: toolVersion(),
    submission: campaign.subject,
    seed: campaign.seed,
    // In a campaign report numRuns is the campaign's total number of cases.
    numRuns: campaign.cases,
    ...scored.fields,
    durationMs: campaign.durationMs,
    sandbox: {
      kind: subject.kind === "child-process" ? "child-process" : "none",
      isolation: subject.isolation,
      limits: { scenarioTimeoutMs: limits.scenarioTimeoutMs, totalTimeoutMs: limits.totalTimeoutMs, memoryMb: limits.memoryMb },
    },
    properties: scored.properties,
    // Fuzz campaigns report failures per property; root causes are a grade's (grade.ts).
    rootCauses: [],
    warnings: [...subject.warnings, ...campaign.warnings, ...campaign.health.map((h) => `health: ${h.propertyId}: ${h.message}`)],
    schemaVersion: GRADE_SCHEMA_VERSION,
  };
  const fuzz: FuzzSection = {
    campaignSeed: campaign.seed,
    shards: [`${campaign.shard.index}/${campaign.shard.count}`],
    cases: campaign.cases,
    durationMs: campaign.durationMs,
    casesPerSecond: Math.round(rateOf(campaign.cases, campaign.durationMs) * 10) / 10,
    stoppedBy: campaign.stoppedBy,
    minGenerationRate: campaign.minGenerationRate,
    corpus: { dir: campaign.corpusDir, replayed: campaign.corpusReplayed, newFiles: campaign.newCorpusFiles },
    stats: campaign.stats,
    health: campaign.health,
  };
  return { grade, fuzz };
}

/** The JSON report: the grade's documented fields plus `fuzz`. */
export function fuzzJson(report: FuzzReport): Json {
  return { ...(toJsonReport(report.grade) as { [key: string]: Json }), fuzz: report.fuzz as unknown as Json };
}

export async function writeFuzzJson(file: string, report: FuzzReport): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify(fuzzJson(report), null, 2)}\n`);
}

/** The end-of-campaign summary for humans (stdout). */
export function summaryLines(report: FuzzReport): string[] {
  const { grade, fuzz } = report;
  const failed = grade.properties.filter((p) => p.status !== "passed");
  const lines = [
    `compaction-check fuzz: ${grade.submission} (seed ${fuzz.campaignSeed}, shard ${fuzz.shards.join("+")})`,
    `  cases: ${fuzz.cases} in ${(fuzz.durationMs / 1000).toFixed(1)} s (${fuzz.casesPerSecond.toFixed(1)} cases/s), stopped by ${fuzz.stoppedBy}`,
    `  corpus: ${fuzz.corpus.replayed} scenario(s) replayed first${fuzz.corpus.dir === null ? "" : ` from ${fuzz.corpus.dir}`}, ${fuzz.corpus.newFiles.length} new file(s)`,
    `  failures: ${failed.length} of ${grade.properties.length} ${grade.properties.length === 1 ? "property" : "properties"}`,
  ];
  for (const p of failed) {
    lines.push(`  ✗ ${p.id}: ${firstLine(p.message ?? p.status)}`);
    if (p.counterexample !== undefined) lines.push(`      counterexample: ${truncate(JSON.stringify(p.counterexample), 400)}`);
    if (p.replay !== undefined) lines.push(`      replay: ${p.replay}`);
  }
  for (const file of fuzz.corpus.newFiles) lines.push(`  + ${file}`);
  if (fuzz.health.length > 0) {
    lines.push("  health:");
    for (const issue of fuzz.health) lines.push(`    - ${issue.propertyId} (${issue.kind}): ${issue.message}`);
  }
  const undeclared = fuzz.stats.filter((s) => s.expectedLabels === undefined).length;
  if (undeclared > 0) lines.push(`  note: ${undeclared} ${undeclared === 1 ? "property declares" : "properties declare"} no expectedLabels (class coverage not checked)`);
  for (const warning of grade.warnings.filter((w) => !w.startsWith("health: "))) lines.push(`  warning: ${warning}`);
  return lines;
}

function firstLine(text: string): string {
  return truncate(text.split("\n")[0] ?? "", 300);
}
