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
import type { PropertyResult } from "../src/grader/result";
import { analyzeRootCauses } from "../src/grader/root-cause/analyze";
import { gradeScore } from "../src/grader/rubric/grade-score";
import { HELDOUT } from "../test/heldout/manifest";
import { isBlind } from "../test/heldout/split";
import { mutants } from "../test/mutants/catalogue";
import { hostsFor, runOne, suiteProperties, type PropertyVerdict } from "../test/mutants/matrix";

interface Row {
  readonly set: "catalogue" | "heldout";
  readonly id: string;
  /** The criterion the ground truth names (held-out set only). */
  readonly truth?: string;
  readonly score: number;
  readonly maxScore: number;
  readonly propertyScore: number;
  /** Criteria that lost points, with the points lost. */
  readonly losing: readonly { readonly id: string; readonly lost: number }[];
  readonly rootCauses: number;
}

function option(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? undefined : process.argv[at + 1];
}

const SEED = 20261129;
const RUNS = 100;
const [shard, shards] = (option("shard") ?? "0/1").split("/").map(Number) as [number, number];
const ids = option("ids")?.split(",");
const pick = <T extends { id: string }>(all: readonly T[]) => (ids === undefined ? all : all.filter((x) => ids.includes(x.id))).filter((_, i) => i % shards === shard);

function rowOf(set: Row["set"], id: string, scored: { score: number; maxScore: number; propertyScore: { score: number }; criteria: readonly { id: string; points: number; maxPoints: number }[]; rootCauses: readonly unknown[] }, truth?: string): Row {
  return {
    set,
    id,
    ...(truth === undefined ? {} : { truth }),
    score: scored.score,
    maxScore: scored.maxScore,
    propertyScore: scored.propertyScore.score,
    losing: scored.criteria.filter((c) => c.points < c.maxPoints).map((c) => ({ id: c.id, lost: Math.round((c.maxPoints - c.points) * 1000) / 1000 })),
    rootCauses: scored.rootCauses.length,
  };
}

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
    const results: PropertyResult[] = properties.map((p) => {
      const v = verdicts.get(p.id)!;
      return { id: p.id, title: p.title, family: p.family, status: v.status, points: v.status === "passed" ? p.weight : 0, maxPoints: p.weight, numRuns: RUNS, durationMs: 0, ...(v.counterexample === undefined ? {} : { counterexample: v.counterexample }) };
    });
    const scored = gradeScore(results, analysis.rootCauses);
    const row = rowOf("catalogue", mutant.id, { ...scored.fields, rootCauses: scored.rootCauses });
    rows.push(row);
    console.log(line(row));
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
      const row = rowOf("heldout", implementation.id, result, implementation.mistakes[0]!.criterion);
      // A BLIND implementation is kept only as part of the totals: not even its id is written.
      rows.push(isBlind(row.id) ? { ...row, id: BLIND_ROW } : row);
      console.log(isBlind(row.id) ? `(a BLIND implementation graded)` : line(row));
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return rows;
}

const BLIND_ROW = "(blind)";
const blind = (row: Row) => row.id === BLIND_ROW;

function line(row: Row): string {
  const losing = row.losing.map((c) => `${c.id} −${c.lost}`).join(", ") || "nothing";
  return `${row.id}: ${row.score}/${row.maxScore} (property by property ${row.propertyScore}), ${row.rootCauses} root cause(s), lost in ${row.losing.length} criteri${row.losing.length === 1 ? "on" : "a"}: ${losing}${row.truth === undefined ? "" : ` (ground truth: ${row.truth})`}`;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return 0;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Totals of a group of rows: how many, largest and median loss, how many lose more than one criterion. */
function totals(name: string, rows: readonly Row[]): string {
  const losses = rows.map((r) => r.maxScore - r.score);
  const propertyLosses = rows.map((r) => r.maxScore - r.propertyScore);
  const spread = rows.filter((r) => r.losing.length > 1).length;
  const home = rows.filter((r) => r.truth !== undefined && r.losing.length === 1 && r.losing[0]!.id === r.truth).length;
  return [
    `${name}: ${rows.length} one-mistake implementations`,
    `  loss under the rubric: largest ${Math.max(0, ...losses)}, median ${median(losses)} (property by property: largest ${Math.max(0, ...propertyLosses)}, median ${median(propertyLosses)})`,
    `  losing more than one criterion: ${spread}; losing exactly one: ${rows.filter((r) => r.losing.length === 1).length}; losing nothing: ${rows.filter((r) => r.losing.length === 0).length}`,
    ...(rows.some((r) => r.truth !== undefined) ? [`  losing exactly the ground truth's criterion: ${home}`] : []),
  ].join("\n");
}

function summary(rows: readonly Row[]): void {
  const cat = rows.filter((r) => r.set === "catalogue");
  const held = rows.filter((r) => r.set === "heldout");
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
const out = option("json");
if (out !== undefined) writeFileSync(out, JSON.stringify(rows, null, 1));
summary(rows);
