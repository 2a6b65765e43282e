import { writeFileSync } from "node:fs";
import type { PropertyId } from "../../adapters/adapter";
import type { AuditSettings, Scope } from "../../adapters/audit";
import { GraderError } from "../errors";
import { parseDuration } from "../fuzz/seeds";
import { DEFAULT_SEED } from "../grade";

// `compaction-check audit <adapter|file>`: runs the universal properties against a compactor
// through its adapter (docs/adapters.md). Exit 0 when every property holds, 1 when one fails.

export async function auditCommand(target: string, options: Record<string, unknown>): Promise<number> {
  const { loadAdapter } = await import("../../adapters/load");
  const { runAudit } = await import("../../adapters/audit");
  const { formatAudit } = await import("../../adapters/report-text");
  const { UNIVERSAL_PROPERTIES } = await import("../../adapters/properties");
  const timeMs = typeof options.time === "string" ? parseDuration(options.time) : undefined;
  if (timeMs === null) throw new GraderError("USAGE", `--time must be a duration such as 90s, 10m or 2h, got ${JSON.stringify(options.time)}.`);
  const scope = options.scope;
  if (scope !== undefined && scope !== "shapes" && scope !== "all") throw new GraderError("USAGE", `--scope must be "shapes" or "all", got ${JSON.stringify(scope)}.`);
  if (options.path !== undefined && scope === undefined) throw new GraderError("USAGE", "--path replays one case: give the --scope it was found in too (the replay line printed with each finding has both).");
  const ids = UNIVERSAL_PROPERTIES.map((p) => p.id as string);
  const only = typeof options.only === "string" ? options.only.split(",").map((s) => s.trim()) : undefined;
  const unknown = only?.filter((id) => !ids.includes(id)) ?? [];
  if (unknown.length > 0) throw new GraderError("UNKNOWN_PROPERTY", `Unknown property ${unknown.join(", ")}. Properties: ${ids.join(", ")}.`);

  const { adapter, library, warnings } = await loadAdapter(target, { resolveFrom: [process.cwd()] });
  for (const warning of warnings) process.stderr.write(`compaction-check audit: warning: ${warning}\n`);
  const settings: AuditSettings = {
    ...(library === undefined ? {} : { library }),
    seed: typeof options.seed === "number" ? options.seed : DEFAULT_SEED,
    ...(typeof options.runs === "number" ? { runs: options.runs } : {}),
    ...(timeMs !== undefined ? { timeMs } : {}),
    ...(only !== undefined ? { only: only as PropertyId[] } : {}),
    ...(scope !== undefined ? { scope: scope as Scope } : {}),
    ...(typeof options.path === "string" ? { path: options.path } : {}),
    ...(process.stderr.isTTY ? { onProgress: (p: string, s: Scope) => process.stderr.write(`\r\x1b[Kaudit ${adapter.name}: ${p} (${s})`) } : {}),
  };
  const report = await runAudit(adapter, settings);
  if (process.stderr.isTTY) process.stderr.write("\r\x1b[K");
  process.stdout.write(`${formatAudit(report, target)}\n`);
  if (typeof options.json === "string") writeFileSync(options.json, `${JSON.stringify(report, null, 2)}\n`);
  return report.results.some((r) => r.finding !== undefined) ? 1 : 0;
}
