import { mergeReports, readShardReport } from "../fuzz/merge";
import { summaryLines, writeFuzzJson } from "../fuzz/report";
import { reporters } from "../report/index";

/** `compaction-check merge <report.json…>`: one report from shard reports; exit 1 if any shard failed a property. */
export async function mergeCommand(files: readonly string[], options: Record<string, unknown>): Promise<number> {
  const shards = [];
  for (const file of files) shards.push(await readShardReport(file));
  const report = mergeReports(shards);
  for (const line of summaryLines(report)) process.stdout.write(`${line}\n`);
  if (typeof options.json === "string") await writeFuzzJson(options.json, report);
  if (typeof options.junit === "string") await reporters.junit(options.junit).onGradeEnd?.(report.grade);
  return report.grade.properties.some((p) => p.status !== "passed") ? 1 : 0;
}
