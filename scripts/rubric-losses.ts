// What one mistake costs under the rubric (issue 26, item 3): for every one-mistake
// implementation, the points it loses and how many acceptance criteria lose points (the target:
// at most one). Two sets:
//
//   npx tsx scripts/rubric-losses.ts catalogue [--shard i/n] [--ids a,b] [--json file]
//   npx tsx scripts/rubric-losses.ts heldout   [--shard i/n] [--ids a,b] [--json file] [--jobs n]
//   npx tsx scripts/rubric-losses.ts merge a.json,b.json
//
// The catalogue (test/mutants) is run as its root-cause rates are measured (scripts/root-causes.ts):
// in-process, every property to its first failing case, the failures grouped into root causes,
// then scored. The held-out set's one-mistake implementations (test/heldout/manifest.ts) are
// graded as a teacher grades them: each bundled into one file and graded in the sandbox. Its
// BLIND half (test/heldout/split.ts) is printed as totals only, never one by one.
// Long: about 25 minutes for the catalogue and 30 for the held-out set on 2 idle cores.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import * as core from "../src/core";
import { grade } from "../src/grader/grade";
import { createInProcessHost } from "../src/grader/in-process-host";
import { analyzeRootCauses } from "../src/grader/root-cause/analyze";
import { HELDOUT } from "../test/heldout/manifest";
import { isBlind } from "../test/heldout/split";
import { mutants } from "../test/mutants/catalogue";
import { hostsFor, runOne, suiteProperties, type PropertyVerdict } from "../test/mutants/matrix";
import { BLIND_ROW, blind, catalogueRow, line, rowOf, scored, totals, type Row } from "./rubric/loss-rows";

function option(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? undefined : process.argv[at + 1];
}

const SEED = 20261129;
const RUNS = 100;
const [shard, shards] = (option("shard") ?? "0/1").split("/").map(Number) as [number, number];
const ids = option("ids")?.split(",");
const pick = <T extends { id: string }>(all: readonly T[]) => (ids === undefined ? all : all.filter((x) => ids.includes(x.id))).filter((_, i) => i % shards === shard);

async function catalogue(): Promise<Row[]> {
  const properties = suiteProperties();
  const reference = createInProcessHost(core as unknown as Record<string, unknown>);
  const rows: Row[] = [];
  for (const mutant of pick(mutants)) {
    const hosts = await hostsFor(mutant, reference);
    const verdicts = new Map<string, PropertyVerdict>();
    for (const property of properties) verdicts.set(property.id, await runOne(property, hosts, { seed: SEED, numRuns: RUNS, shrink: false }));
    const failures = [...verdicts.values()].filter((v) => v.status === "failed").map((v) => ({ ...v, id: v.propertyId, title: v.propertyId }));
    const analysis = await analyzeRootCauses(failures, { definitions: properties, subject: hosts.subject, reference });
    const row = await catalogueRow(mutant.id, properties, verdicts, analysis.rootCauses, hosts, { seed: SEED, numRuns: RUNS });
    rows.push(row);
    save(rows);
    console.log(line(scored(row)));
  }
  return rows;
}

async function heldout(): Promise<Row[]> {
  const dir = await mkdtemp(join(tmpdir(), "cc-rubric-losses-"));
  const rows: Row[] = [];
  try {
    for (const implementation of pick(HELDOUT.filter((h) => h.mistakes.length === 1))) {
      const entry = fileURLToPath(new URL(`../test/heldout/${implementation.id}/index.ts`, import.meta.url));
      const bundled = await build({ entryPoints: [entry], bundle: true, format: "esm", platform: "node", target: "node20", write: false, logLevel: "silent" });
      const file = join(dir, `${implementation.id}.mjs`);
      await writeFile(file, bundled.outputFiles[0]!.text);
      const result = await grade({ submission: file, seed: SEED, numRuns: RUNS, reportsDir: null, jobs: Number(option("jobs") ?? 1) });
      // The analysis' own root causes: the grade's carry the rubric's charge, applied again when scored.
      const causes = result.rootCauses.map(({ criterion: _charged, pointsLost: _lost, ...cause }) => cause);
      const row = rowOf("heldout", implementation.id, result.properties, causes, implementation.mistakes[0]!.criterion, result.criteria.flatMap((c) => c.shown ?? []));
      // A BLIND implementation is kept only as part of the totals: not even its id is written.
      rows.push(isBlind(row.id) ? { ...row, id: BLIND_ROW } : row);
      save(rows);
      console.log(isBlind(row.id) ? `(a BLIND implementation graded)` : line(scored(row)));
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return rows;
}

/** --json: every row so far, after each one (a long run can be summed up before it ends: `merge`). */
function save(rows: readonly Row[]): void {
  const out = option("json");
  if (out !== undefined) writeFileSync(out, JSON.stringify(rows));
}

function summary(raw: readonly Row[]): void {
  const rows = raw.map(scored);
  const cat = rows.filter((r) => r.row.set === "catalogue");
  const held = rows.filter((r) => r.row.set === "heldout");
  if (cat.length > 0) {
    console.log(totals("catalogue", cat));
    for (const r of cat.filter((r) => r.losing.length > 1)) console.log(`  more than one: ${line(r)}`);
  }
  if (held.length > 0) {
    console.log(totals("held-out (all)", held));
    console.log(totals("held-out DEV", held.filter((r) => !blind(r))));
    for (const r of held.filter((r) => !blind(r) && r.losing.length > 1)) console.log(`  more than one (DEV): ${line(r)}`);
    console.log(totals("held-out BLIND", held.filter(blind)));
  }
}

const command = process.argv[2];
const rows =
  command === "merge"
    ? process.argv[3]!.split(",").flatMap((file) => JSON.parse(readFileSync(file, "utf8")) as Row[])
    : command === "catalogue"
      ? await catalogue()
      : command === "heldout"
        ? await heldout()
        : (() => {
            throw new Error("usage: rubric-losses.ts catalogue|heldout|merge …");
          })();
save(rows);
summary(rows);
