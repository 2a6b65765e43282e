// Writes docs/audits.md and docs/audits.json: every built-in adapter (src/adapters/registry.ts)
// audited with the universal properties on a fixed seed and a fixed number of cases.
//
//   npm run audits [-- --seed 20261129 --runs 1000]
import { writeFileSync } from "node:fs";
import { runAudit } from "../src/adapters/audit";
import { AUDITS_DOC_PATH, AUDITS_JSON_PATH, renderAuditsDoc, type AuditsRecord } from "../src/adapters/audits-doc";
import { BUILTIN_ADAPTERS } from "../src/adapters/registry";
import { DEFAULT_SEED } from "../src/grader/grade";

function option(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? undefined : process.argv[at + 1];
}

const seed = Number(option("seed") ?? DEFAULT_SEED);
const runs = Number(option("runs") ?? 1000);

const record: AuditsRecord = { seed, runs, reports: [] };
for (const [name, load] of Object.entries(BUILTIN_ADAPTERS)) {
  const report = await runAudit(await load(), { seed, runs });
  const found = report.results.filter((r) => r.finding !== undefined).map((r) => `${r.property} (${r.finding!.classification})`);
  console.error(`${name}: ${(report.timeMs / 1000).toFixed(1)} s, ${found.length === 0 ? "every property holds" : found.join(", ")}`);
  record.reports.push(report);
}
writeFileSync(AUDITS_JSON_PATH, `${JSON.stringify(record, null, 1)}\n`);
writeFileSync(AUDITS_DOC_PATH, `${renderAuditsDoc(record)}\n`);
console.error(`wrote ${AUDITS_DOC_PATH} and ${AUDITS_JSON_PATH}`);
