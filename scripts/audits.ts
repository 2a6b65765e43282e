// Writes docs/audits.md and docs/audits.json: every built-in adapter (src/adapters/registry.ts),
// and the earlier versions docs/audits.md also audits (AUDIT_TARGETS), audited with the universal
// properties on a fixed seed and a fixed number of cases. Some libraries need Node >= 22.19, so
// this runs under the Node 22 of node22/ (npm run audits: scripts/node22.sh).
//
//   npm run audits [-- --seed 20261129 --runs 1000]
import { writeFileSync } from "node:fs";
import { runAudit } from "../src/adapters/audit";
import { AUDIT_TARGETS, AUDITS_DOC_PATH, AUDITS_JSON_PATH, renderAuditsDoc, type AuditsRecord } from "../src/adapters/audits-doc";
import { nodeMeets } from "../src/adapters/installed";
import { loadAdapter } from "../src/adapters/load";
import { DEFAULT_SEED } from "../src/grader/grade";

function option(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? undefined : process.argv[at + 1];
}

if (!nodeMeets(">=22.19")) {
  console.error(`npm run audits needs Node >= 22.19 (this is ${process.versions.node}): it runs under node22/'s Node (scripts/node22.sh).`);
  process.exit(2);
}
const seed = Number(option("seed") ?? DEFAULT_SEED);
const runs = Number(option("runs") ?? 1000);

const record: AuditsRecord = { seed, runs, node: process.versions.node, reports: [] };
for (const target of AUDIT_TARGETS) {
  const { adapter, library } = await loadAdapter(target);
  const report = await runAudit(adapter, { seed, runs, ...(library === undefined ? {} : { library }) });
  const found = report.results.filter((r) => r.finding !== undefined).map((r) => `${r.property} (${r.finding!.classification})`);
  console.error(`${target} (${report.library?.name} ${report.library?.version}): ${(report.timeMs / 1000).toFixed(1)} s, ${found.length === 0 ? "every property holds" : found.join(", ")}`);
  record.reports.push({ ...report, target });
}
writeFileSync(AUDITS_JSON_PATH, `${JSON.stringify(record, null, 1)}\n`);
writeFileSync(AUDITS_DOC_PATH, `${renderAuditsDoc(record)}\n`);
console.error(`wrote ${AUDITS_DOC_PATH} and ${AUDITS_JSON_PATH}`);
