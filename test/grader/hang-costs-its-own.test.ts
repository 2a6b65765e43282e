import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { allProperties } from "../../properties/index";
import { grade } from "../../src/grader/grade";
import type { PropertyDefinition, Scenario } from "../../src/scenario";
import { mutants } from "../mutants/catalogue";
import { bundleMutant } from "../mutants/loader";

// Issue 26, item 4: a hang costs its own properties only. A submission whose one mistake is
// ignoring an abort once its summarizer has started hangs whenever the summarizer never
// settles and the abort comes while it runs. After a few such lost calls the grader stops
// running scenarios of that kind, and keeps grading every other one: no property fails
// whose cases (the very cases the grade draws) never wait on a summarizer that never settles.
// Before, six lost compact calls made every later compact property fail as "not run".

const SEED = 20261129;
const RUNS = 100;
const FAMILIES = ["async", "cancel", "strength"];
const properties = allProperties.filter((p) => FAMILIES.includes(p.family));
const root = (relative: string) => fileURLToPath(new URL(`../../${relative}`, import.meta.url));

const dir = await mkdtemp(join(tmpdir(), "cc-hang-"));
afterAll(() => rm(dir, { recursive: true, force: true }));

/** One self-contained module file (the submission as one file, whatever it imports). */
async function oneFile(name: string, code: Promise<string>): Promise<string> {
  const file = join(dir, `${name}.mjs`);
  await writeFile(file, await code);
  return file;
}

async function bundled(entry: string): Promise<string> {
  const result = await build({ entryPoints: [entry], bundle: true, format: "esm", platform: "node", target: "node20", write: false, logLevel: "silent" });
  return result.outputFiles[0]!.text;
}

/** A scenario that calls a summarizer which never settles (alone, or as a step of a program). */
function waitsOnNeverSettling(scenario: Scenario): boolean {
  const op = scenario.operation;
  if (op.kind === "compact") return op.summarizer.kind === "never";
  if (op.kind === "program") return op.steps.some((step) => step.kind === "compact" && step.summarizer.kind === "never");
  return false;
}

/** The cases a grade draws for a property: its edge cases, then its generated cases (no corpus here). */
function drawnCases(def: PropertyDefinition): Scenario[] {
  const examples = def.edgeCases?.() ?? [];
  const total = Math.min(def.numRuns ?? RUNS, RUNS) + examples.length;
  return fc.sample(def.arbitrary, { seed: SEED, numRuns: total, examples: [...examples] });
}

const SUBMISSIONS: readonly [string, () => Promise<string>][] = [
  ["held-out abort-during-call-lost", () => oneFile("abort-during-call-lost", bundled(root("test/heldout/abort-during-call-lost/index.ts")))],
  ["mutant abort-not-raced-while-pending", () => oneFile("abort-not-raced-while-pending", bundleMutant(mutants.find((m) => m.id === "abort-not-raced-while-pending")!))],
];

describe("a hang costs its own properties only", () => {
  it.each(SUBMISSIONS)("%s: every failed property draws a case that waits on a summarizer that never settles", { timeout: 240_000 }, async (_name, submission) => {
    const result = await grade({ submission: await submission(), properties, seed: SEED, numRuns: RUNS, reportsDir: null, corpusDir: null, limits: { scenarioTimeoutMs: 500 } });
    const failed = result.properties.filter((p) => p.status !== "passed").map((p) => p.id);
    const waiting = new Set(properties.filter((def) => drawnCases(def).some(waitsOnNeverSettling)).map((def) => def.id));
    expect(failed.filter((id) => !waiting.has(id)), "failed without ever waiting on a summarizer that never settles").toEqual([]);
    expect(failed.length, "the mistake is caught").toBeGreaterThan(0);
    expect(result.warnings.join("\n")).toMatch(/not run: compactContext with a summarizer that never settles, aborted [a-z ]+, after \d+ such calls timed out or crashed/);
  });
});
