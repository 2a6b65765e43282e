// Issue 13's two rates alone, without the rest of the kill matrix: for every mutant of the
// catalogue, every property is run (in-process host, fixed seed, first failing case), the
// failures are grouped into root causes as a grade groups them, and each root cause's
// counterexample is shrunk and measured (test/mutants/root-causes.ts).
//
//   npx tsx scripts/root-causes.ts [--mutants id,id] [--shard i/n] [--num-runs 100] [--no-shrink]
//                                  [--dump dir] [--from dir] [--json file] [--doc docs/kill-matrix.md]
//                                  [--losses file]
//
// --dump writes each mutant's failures (scenarios and observations) to dir; --from reads them
// back instead of running the properties, for the mutants it has (to try a change of the
// grouping quickly; a change of the properties or arbitraries needs a fresh run). --json writes the rows; --merge a,b
// reads rows written by shards and, with --doc, rewrites the section "Root causes and
// counterexample size" of the kill-matrix doc in place (scripts/kill-matrix.ts writes it whole).
// --losses writes, from the same run, each mutant's row of the rubric's one-mistake losses
// (scripts/rubric/loss-rows.ts): `npx tsx scripts/rubric-losses.ts merge file,…` sums them up.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import * as core from "../src/core";
import { createInProcessHost } from "../src/grader/in-process-host";
import { mutants } from "../test/mutants/catalogue";
import { hostsFor, runOne, suiteProperties, type PropertyVerdict } from "../test/mutants/matrix";
import { mutantRootCauses } from "../test/mutants/root-causes";
import { measuringMutant } from "../test/mutants/stray-errors";
import { catalogueRow, type Row } from "./rubric/loss-rows";
import { replaceRootCauseSection, ROOT_CAUSES_FILE, rootCauseSection, type RootCauseRow } from "../test/mutants/root-cause-section";

function option(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? undefined : process.argv[at + 1];
}

const seed = Number(option("seed") ?? 20261129);
const numRuns = Number(option("num-runs") ?? 100);
const shrink = !process.argv.includes("--no-shrink");
const only = option("mutants")?.split(",");
const [shard, shards] = (option("shard") ?? "0/1").split("/").map(Number) as [number, number];
const selected = (only === undefined ? mutants : mutants.filter((m) => only.includes(m.id))).filter((_, i) => i % shards === shard);
const dump = option("dump");
const from = option("from");
const jsonOut = option("json");
const merge = option("merge");
const doc = option("doc");
const lossesOut = option("losses");
if (lossesOut !== undefined && from !== undefined) throw new Error("--losses needs every property run: not with --from");

async function rows(): Promise<RootCauseRow[]> {
  const properties = suiteProperties();
  const reference = createInProcessHost(core as unknown as Record<string, unknown>);
  const out: RootCauseRow[] = [];
  const losses: Row[] = [];
  if (dump !== undefined) mkdirSync(dump, { recursive: true });
  for (const mutant of selected) {
    measuringMutant(mutant.id);
    const started = performance.now();
    const hosts = await hostsFor(mutant, reference);
    let failed: PropertyVerdict[];
    const verdicts = new Map<string, PropertyVerdict>();
    if (from !== undefined && existsSync(join(from, `${mutant.id}.json`))) {
      failed = JSON.parse(readFileSync(join(from, `${mutant.id}.json`), "utf8")) as PropertyVerdict[];
    } else {
      failed = [];
      for (const property of properties) {
        const verdict = await runOne(property, hosts, { seed, numRuns, shrink: false });
        verdicts.set(property.id, verdict);
        if (verdict.status === "failed") failed.push(verdict);
      }
      if (dump !== undefined) writeFileSync(join(dump, `${mutant.id}.json`), JSON.stringify(failed));
    }
    const causes = await mutantRootCauses(hosts, properties, failed, { seed, numRuns, shrink }, async (analyzed) => {
      if (lossesOut === undefined) return;
      losses.push(await catalogueRow(mutant.id, properties, verdicts, analyzed, hosts, { seed, numRuns }));
      writeFileSync(lossesOut, JSON.stringify(losses));
    });
    out.push({ mutantId: mutant.id, killed: failed.length > 0, failures: failed.map((v) => v.propertyId), causes });
    console.log(`${mutant.id}: ${failed.length} failed, root causes ${causes.map((c) => `${c.id}[${c.properties}](${c.messages ?? "-"}/${c.printed ?? "-"})`).join(" ")}, ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  await reference.close();
  return out;
}

async function main(): Promise<void> {
  const all = merge !== undefined ? merge.split(",").flatMap((file) => JSON.parse(readFileSync(file, "utf8")) as RootCauseRow[]) : await rows();
  const ordered = mutants.map((m) => all.find((row) => row.mutantId === m.id)).filter((row): row is RootCauseRow => row !== undefined);
  if (jsonOut !== undefined) writeFileSync(jsonOut, JSON.stringify(ordered, null, 1));
  // Every mutant measured with the default settings: the file the test reads.
  if (doc !== undefined && ordered.length === mutants.length) writeFileSync(ROOT_CAUSES_FILE, `${JSON.stringify({ seed, numRuns, rows: ordered }, null, 1)}\n`);
  const section = rootCauseSection(ordered);
  if (doc !== undefined) {
    writeFileSync(doc, replaceRootCauseSection(readFileSync(doc, "utf8"), section));
    console.log(`rewrote the root-cause section of ${doc}`);
  } else {
    console.log(section.slice(0, 6).join("\n"));
  }
}

await main();
