// The held-out measure (issue 26): grade every implementation of test/heldout/ as a submission
// (src/grader/grade.ts, sandboxed, the default seed and runs), and each mistake of a
// several-mistake implementation alone (its compose.ts `make(new Set([id]))`), then compare the
// grade's root causes with the ground truth (scripts/heldout/rates.ts) and print the rates of
// DEV (with detail), BLIND (totals only: test/heldout/split.ts) and ALL.
//
//   npm run heldout:measure [-- --jobs 2] [--dir reports/heldout] [--only all|dev|blind|blind1|blind2|blind3|blind4|blind5|blind6|blind7|blind8|opened]
//                           [--ids a,b (DEV only)] [--doc docs/heldout.md --label before|after]
//
// Each grade runs in a child process of its own (`--jobs` at once), writes its answer to
// <dir>/grades/ and is used again while the sources it depends on are unchanged
// (scripts/heldout/fingerprint.ts): the measure is resumable. A grade of one mistake alone is
// used again while the verdicts are unchanged; its root causes are found again from its kept
// failures when the analysis changed (scripts/heldout/analyse-again.ts). Nothing of a BLIND implementation
// is printed but counts; its grades stay in their files, which nobody tuning the analysis reads.
import { spawn } from "node:child_process";
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, isAbsolute, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { HELDOUT, type Implementation } from "../test/heldout/manifest";
import { isBlind, isBlind1, isBlind2, isBlind3, isBlind4, isBlind5, isBlind6, isBlind7, isBlind8, isOpened } from "../test/heldout/split";
import { measurementBlock, withMeasurement } from "./heldout/doc";
import { fingerprint, readSources } from "./heldout/fingerprint";
import { coreReference } from "../src/grader/grade";
import { analyseAgain } from "./heldout/analyse-again";
import { entryFor, gradeHeldout, type GradeFile } from "./heldout/grade-one";
import { blindUnshared } from "./heldout/unshared";
import { gradedCause, judgeImplementation, rateLines, ratesOf, type ImplementationVerdict } from "./heldout/rates";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const SCRIPT = fileURLToPath(import.meta.url);

function option(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? undefined : process.argv[at + 1];
}

const seed = Number(option("seed") ?? 20261129);
const numRuns = Number(option("runs") ?? 100);
const dir = resolve(option("dir") ?? join(ROOT, "reports/heldout"));
// A mistake alone is graded through an entry module under <dir>/entries that imports its folder's
// compose.ts: it must lie in this project's tree (the sandbox bundles the submission's own tree),
// else every grade of a mistake alone is refused at bundle time and the rates are read from nothing.
const fromRoot = relative(ROOT, dir);
if (fromRoot.startsWith("..") || isAbsolute(fromRoot)) {
  console.error(`heldout-measure: --dir must lie inside this project (${ROOT}), given ${dir}: the grades of a mistake alone import the implementations from there`);
  process.exit(2);
}

interface Task {
  readonly impl: Implementation;
  /** null: every mistake on (the submission); else this mistake alone. */
  readonly mistake: string | null;
  readonly file: string;
  readonly fingerprint: string;
  /** One mistake alone: the fingerprint of every source, which its root causes are from. */
  readonly analysis?: string;
}

const fileOf = (id: string, mistake: string | null) => join(dir, "grades", mistake === null ? `${id}.json` : `${id}--${mistake}.json`);

/** Child mode: one grade, written to `--out`. */
async function gradeOne(id: string, mistake: string | null, out: string, print: string, analysis: string | undefined): Promise<void> {
  const { answer, result } = await gradeHeldout(id, mistake, { seed, numRuns, dir, fingerprint: print, ...(analysis === undefined ? {} : { analysis }) });
  // DEV's whole grade, to read and debug (never a BLIND one's).
  if (mistake === null && !isBlind(id)) writeAtomically(join(dir, "detail", `${id}.json`), JSON.stringify({ ...result, properties: result.properties.filter((p) => p.status !== "passed") }));
  writeAtomically(out, JSON.stringify(answer));
}

function writeAtomically(file: string, text: string): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(`${file}.part`, text);
  renameSync(`${file}.part`, file);
}

function cached(task: Task): GradeFile | null {
  if (!existsSync(task.file)) return null;
  const answer = JSON.parse(readFileSync(task.file, "utf8")) as GradeFile;
  return answer.fingerprint === task.fingerprint ? answer : null;
}

function runChild(task: Task): Promise<boolean> {
  const log = join(dir, "logs", `${task.impl.id}${task.mistake === null ? "" : `--${task.mistake}`}.log`);
  mkdirSync(dirname(log), { recursive: true });
  const args = ["--import", "tsx", SCRIPT, "--grade", task.impl.id, "--out", task.file, "--print", task.fingerprint, "--seed", String(seed), "--runs", String(numRuns), "--dir", dir];
  if (task.mistake !== null) args.push("--mistake", task.mistake);
  if (task.analysis !== undefined) args.push("--analysis", task.analysis);
  return new Promise((done) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
    const output: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => output.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => output.push(chunk));
    child.on("close", (code) => {
      writeFileSync(log, Buffer.concat(output));
      done(code === 0);
    });
  });
}

function selected(): Implementation[] {
  const only = option("only") ?? "all";
  const ids = option("ids")?.split(",");
  if (ids !== undefined) {
    const blind = ids.filter(isBlind);
    if (blind.length > 0) throw new Error(`--ids takes DEV implementations only (${blind.length} BLIND given)`);
    return HELDOUT.filter((impl) => ids.includes(impl.id));
  }
  // blind: every blind implementation; blind1: the first blind set (35; its 11 several-mistake
  // implementations, "opened", DEV since session 28); blind2: the second (b2-, b2m-), DEV since
  // session 25; blind3: the third (b3-, b3m-, session 26), DEV since; blind4: the fourth (b4m-,
  // session 27), DEV since; blind5: the fifth (b5m-, session 28), DEV since session 29; blind6:
  // the sixth (b6m-, session 29), DEV since session 30; blind7: the seventh (b7m-, session 30),
  // DEV since session 31; blind8: the eighth (b8m-, session 31), blind; dev: the rest.
  const sets: Record<string, (id: string) => boolean> = { blind: isBlind, blind1: isBlind1, opened: isOpened, blind2: isBlind2, blind3: isBlind3, blind4: isBlind4, blind5: isBlind5, blind6: isBlind6, blind7: isBlind7, blind8: isBlind8, dev: (id) => !isBlind(id) };
  const chosen = sets[only];
  if (only !== "all" && chosen === undefined) throw new Error(`--only takes all, ${Object.keys(sets).join(", ")} (given ${only})`);
  return HELDOUT.filter((impl) => chosen === undefined || chosen(impl.id));
}

async function measure(): Promise<void> {
  const jobs = Number(option("jobs") ?? 2);
  const impls = selected();
  const sources = readSources(ROOT);
  const tasks: Task[] = impls.flatMap((impl) => {
    const full = fingerprint(ROOT, { seed, numRuns }, false, impl.id, sources);
    const verdicts = fingerprint(ROOT, { seed, numRuns }, true, impl.id, sources);
    return [
      { impl, mistake: null, file: fileOf(impl.id, null), fingerprint: full },
      ...(impl.mistakes.length > 1 ? impl.mistakes.map((m) => ({ impl, mistake: m.id, file: fileOf(impl.id, m.id), fingerprint: verdicts, analysis: full })) : []),
    ];
  });
  const todo = tasks.filter((task) => cached(task) === null);
  console.log(`held-out measure: ${impls.length} implementations, ${tasks.length} grades, ${tasks.length - todo.length} cached, ${todo.length} to run (${jobs} at once)`);
  let done = 0, blindDone = 0, failures = 0;
  const blindTodo = todo.filter((t) => isBlind(t.impl.id)).length;
  const queue = [...todo];
  const started = Date.now();
  await Promise.all(
    Array.from({ length: jobs }, async () => {
      for (let task = queue.shift(); task !== undefined; task = queue.shift()) {
        const t0 = Date.now();
        const ok = await runChild(task);
        done++;
        if (!ok) failures++;
        const elapsed = `${((Date.now() - t0) / 1000).toFixed(0)} s`;
        if (isBlind(task.impl.id)) {
          blindDone++;
          if (blindDone === blindTodo || blindDone % 5 === 0) console.log(`  [${done}/${todo.length}] BLIND: ${blindDone} of ${blindTodo} grades done`);
        } else {
          const answer = ok ? cached(task) : null;
          const what = answer === null ? "FAILED (see the log)" : `${answer.score}/${answer.maxScore}, ${answer.rootCauses.length} root causes`;
          console.log(`  [${done}/${todo.length}] ${task.impl.id}${task.mistake === null ? "" : ` / ${task.mistake} alone`}: ${what} (${elapsed})`);
        }
      }
    }),
  );
  if (todo.length > 0) console.log(`graded in ${((Date.now() - started) / 60000).toFixed(1)} min${failures > 0 ? `; ${failures} grades failed (DEV: see the logs; BLIND: counted only)` : ""}`);
  await aloneAnalysedAgain(tasks);
  report(impls, tasks);
}

/**
 * The root causes of grades of one mistake alone, kept while the verdicts are unchanged, found
 * again where the analysis changed since (the measure attributes a root cause found by asking to
 * the mistakes whose grade alone has it: both sides by one analysis). A grade kept without its
 * failures (an older measure) keeps its root causes, and is counted.
 */
async function aloneAnalysedAgain(tasks: readonly Task[]): Promise<void> {
  const stale = tasks.flatMap((task) => {
    const answer = task.mistake === null ? null : cached(task);
    return answer !== null && answer.analysis !== task.analysis ? [{ task, answer }] : [];
  });
  if (stale.length === 0) return;
  const reference = await coreReference();
  let again = 0, kept = 0;
  try {
    for (const { task, answer } of stale) {
      if (answer.failures === undefined) {
        kept++;
        continue;
      }
      const causes = await analyseAgain(entryFor(task.impl.id, task.mistake!, dir), answer.failures, reference);
      writeAtomically(task.file, JSON.stringify({ ...answer, rootCauses: causes.map(gradedCause), analysis: task.analysis }));
      again++;
    }
  } finally {
    await reference.close();
  }
  console.log(`grades of one mistake alone: ${again} analysed again (the analysis changed since they were graded)${kept > 0 ? `, ${kept} kept with the root causes of an older analysis (graded without their failures)` : ""}`);
}

function report(impls: readonly Implementation[], tasks: readonly Task[]): void {
  const judged: (ImplementationVerdict & { readonly form: string; readonly blind: boolean; readonly unshared: boolean })[] = [];
  let incomplete = 0;
  for (const impl of impls) {
    const answers = tasks.filter((t) => t.impl === impl).map(cached);
    if (answers.some((a) => a === null)) {
      incomplete++;
      continue;
    }
    const whole = answers.find((a) => a!.mistake === null)!;
    const alone = new Map(impl.mistakes.length === 1 ? [[impl.mistakes[0]!.id, new Set(whole.failed)]] : answers.filter((a) => a!.mistake !== null).map((a) => [a!.mistake!, new Set(a!.failed)] as const));
    const aloneCauses = new Map(impl.mistakes.length === 1 ? [[impl.mistakes[0]!.id, new Set(whole.rootCauses.map((c) => c.title))]] : answers.filter((a) => a!.mistake !== null).map((a) => [a!.mistake!, new Set(a!.rootCauses.map((c) => c.title))] as const));
    const aloneCriteria = new Map(answers.filter((a) => a!.mistake !== null).map((a) => [a!.mistake!, a!.rootCauses.map((c) => c.criterion)] as const));
    const verdict = judgeImplementation({ id: impl.id, mistakes: impl.mistakes.map((m) => ({ id: m.id, criterion: m.criterion })), rootCauses: whole.rootCauses, alone, aloneCauses, aloneCriteria, loss: { points: whole.maxScore - whole.score, criteria: (whole.criteriaLost ?? []).length } });
    judged.push({ ...verdict, form: impl.form, blind: isBlind(impl.id), unshared: blindUnshared(impl) });
  }
  if (incomplete > 0) console.log(`${incomplete} implementations lack a grade (a grade failed): left out of the rates`);
  const dev = judged.filter((v) => !v.blind);
  console.log("\nDEV:");
  for (const v of dev) {
    const causes = v.causes.map((c) => `${c.id}[${c.properties}]${c.pure ? (c.owners.length === 0 ? "·" : `=${c.owners.join("=")}`) : `?${c.touches.join("+")}`}`).join(" ");
    console.log(`  ${v.countRight && v.pure && v.missed.length === 0 ? "✓" : "✗"} ${v.id} (${v.mistakes} mistakes): ${v.causes.length} root causes ${causes}${v.missed.length > 0 ? `; missed ${v.missed.join(", ")}` : ""}`);
  }
  const rates = { dev: ratesOf(dev), blind: ratesOf(judged.filter((v) => isBlind1(v.id))), blind8: ratesOf(judged.filter((v) => isBlind8(v.id))), blind7: ratesOf(judged.filter((v) => isBlind7(v.id))), blind6: ratesOf(judged.filter((v) => isBlind6(v.id))), blind5: ratesOf(judged.filter((v) => isBlind5(v.id))), opened: ratesOf(judged.filter((v) => isOpened(v.id))), blind3: ratesOf(judged.filter((v) => isBlind3(v.id))), blind4: ratesOf(judged.filter((v) => isBlind4(v.id))), blind2: ratesOf(judged.filter((v) => isBlind2(v.id))), unshared: ratesOf(judged.filter((v) => v.unshared)), all: ratesOf(judged) };
  for (const [name, r] of Object.entries(rates)) {
    console.log(`\n${name.toUpperCase()} (${r.implementations} implementations):`);
    for (const [what, value] of rateLines(r)) console.log(`  ${what}: ${value}`);
  }
  const doc = option("doc");
  if (doc !== undefined) {
    if (incomplete > 0 || impls.length !== HELDOUT.length) throw new Error("the doc is written from a whole measure only (every implementation graded)");
    const label = option("label") ?? "after";
    const commit = option("commit") ?? execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: ROOT, encoding: "utf8" }).trim();
    const block = measurementBlock({ label, settings: { seed, numRuns }, commit, ...rates, detail: dev });
    writeFileSync(doc, withMeasurement(readFileSync(doc, "utf8"), block, label));
    console.log(`\nwrote the "${label}" measurement into ${doc}`);
  }
}

const one = option("grade");
if (one !== undefined) await gradeOne(one, option("mistake") ?? null, option("out")!, option("print")!, option("analysis"));
else await measure();
