// Writes docs/latitude.md (issue 12): every valid variant of test/variants/catalogue.ts against
// every property of the suites (in-process hosts, fixed seed), with the §8 rows and their
// variants. Half the distinct cases are graded in this process, half in a child process, as
// test/variants/full-marks.test.ts does. Exits non-zero when a variant fails a property.
//
//   npm run latitude [-- --seed 20261129 --num-runs 100 --out docs/latitude.md]
import { writeFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { suiteProperties } from "../test/mutants/matrix";
import { variants } from "../test/variants/catalogue";
import { contractLatitudeRows } from "../test/variants/contract-rows";
import { catalogueHash, shrinkFailures } from "../test/variants/grade";
import { gradeShard, gradeShardInChild } from "../test/variants/grade-shard";
import { LATITUDE_DOC_PATH, renderLatitudeDoc } from "../test/variants/latitude-doc";
import { mergeFailures } from "../test/variants/shared-run";

function option(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? undefined : process.argv[at + 1];
}

const seed = Number(option("seed") ?? 20261129);
const numRuns = Number(option("num-runs") ?? 100);
const out = option("out") ?? LATITUDE_DOC_PATH;

async function main(): Promise<void> {
  const started = performance.now();
  const [mine, theirs] = await Promise.all([gradeShard(0, 2, { seed, numRuns }), gradeShardInChild(1, 2, { seed, numRuns }).result]);
  const failures = await shrinkFailures(mergeFailures([mine.failures, theirs.failures]), { seed, numRuns });
  for (const f of failures) console.error(`${f.subjectId} × ${f.propertyId}: ${f.status}: ${f.message?.slice(0, 300)}`);
  const propertyIds = suiteProperties().map((p) => p.id);
  const rows = contractLatitudeRows();
  const text = renderLatitudeDoc({
    hash: catalogueHash(rows, variants, propertyIds),
    rows,
    seed,
    numRuns,
    variants,
    identical: mine.identical,
    observedKinds: mine.observedKinds,
    propertyIds,
    failures,
  });
  writeFileSync(out, text);
  const seconds = (performance.now() - started) / 1000;
  console.log(`wrote ${out} (${variants.length} variants × ${propertyIds.length} properties, ${failures.length} failure(s), ${seconds.toFixed(0)} s)`);
  for (const [name, r] of [["this process", mine], ["child", theirs]] as const) {
    console.log(`  ${name}: ${r.stats.distinct} distinct of ${r.stats.cases} cases, ${r.stats.observed} observations, ${r.stats.seconds.toFixed(0)} s`);
  }
  if (failures.length > 0) process.exitCode = 1;
}

await main();
