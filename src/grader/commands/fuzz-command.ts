export { selectProperties } from "../select-properties";
import { selectProperties } from "../select-properties";
import { DEFAULT_CORPUS_DIR } from "../corpus";
import { GraderError } from "../errors";
import { runCampaign } from "../fuzz/campaign";
import { campaignReport, summaryLines, writeFuzzJson } from "../fuzz/report";
import { printable } from "../report/escape";
import { stderrProgress } from "../fuzz/progress";
import { parseDuration, parseShard, WHOLE } from "../fuzz/seeds";
import { inProcessSubject, sandboxedSubject } from "../fuzz/subject";
import { DEFAULT_FUZZ_TIME, DEFAULT_SEED } from "../defaults";
import { reporters } from "../report/index";
import { DEFAULT_LIMITS, type SandboxLimits } from "../sandbox/plan";

// `compaction-check fuzz [submission]`: a time- or runs-bounded campaign over every property,
// corpus first; new failures are saved to the corpus. Exit 0 when nothing failed, 1 otherwise.

/** A submission's child may live as long as the campaign plus this margin (shrinking, slow last chunk). */
const TOTAL_TIMEOUT_MARGIN_MS = 5 * 60_000;

export async function fuzzCommand(submission: string | undefined, options: Record<string, unknown>): Promise<number> {
  const runs = typeof options.runs === "number" ? options.runs : undefined;
  const timeText = typeof options.time === "string" ? options.time : runs === undefined ? DEFAULT_FUZZ_TIME : undefined;
  const timeMs = timeText === undefined ? undefined : parseDuration(timeText);
  if (timeMs === null) throw new GraderError("USAGE", `--time must be a duration such as 90s, 10m or 2h, got ${JSON.stringify(timeText)}.`);
  const shard = typeof options.shard === "string" ? parseShard(options.shard) : WHOLE;
  if (shard === null) throw new GraderError("USAGE", `--shard must be i/n with 1 <= i <= n (e.g. 2/4), got ${JSON.stringify(options.shard)}.`);
  const seed = typeof options.seed === "number" ? options.seed : DEFAULT_SEED;
  const corpusDir = options.corpus === false ? null : typeof options.corpus === "string" ? options.corpus : DEFAULT_CORPUS_DIR;

  const limits: SandboxLimits = {
    ...DEFAULT_LIMITS,
    ...(typeof options.timeout === "number" ? { scenarioTimeoutMs: options.timeout } : {}),
    ...(typeof options.memory === "number" ? { memoryMb: options.memory } : {}),
    totalTimeoutMs: timeMs === undefined ? 24 * 3_600_000 : timeMs + TOTAL_TIMEOUT_MARGIN_MS,
  };
  const { allProperties } = await import("../../../properties/index");
  const properties = selectProperties(allProperties, typeof options.only === "string" ? options.only : undefined);
  const subject = submission === undefined ? await inProcessSubject() : await sandboxedSubject(submission, limits);
  let campaign;
  let warnings: string[];
  try {
    campaign = await runCampaign({
      subject,
      properties,
      knownProperties: allProperties,
      seed,
      shard,
      ...(timeMs === undefined ? {} : { timeMs }),
      ...(runs === undefined ? {} : { runs }),
      corpusDir,
      ...(typeof options.minGenRate === "number" ? { minGenerationRate: options.minGenRate } : {}),
      progress: stderrProgress(),
    });
    warnings = subject.warnings();
  } finally {
    await subject.close();
  }
  const report = campaignReport(campaign, { kind: subject.kind, isolation: subject.isolation, warnings, ...(submission === undefined ? {} : { limits }) });
  for (const line of summaryLines(report)) process.stdout.write(`${printable(line)}\n`);
  if (typeof options.json === "string") await writeFuzzJson(options.json, report);
  if (typeof options.junit === "string") await reporters.junit(options.junit).onGradeEnd?.(report.grade);
  return report.grade.properties.some((p) => p.status !== "passed") ? 1 : 0;
}
