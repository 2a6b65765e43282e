import fc from "fast-check";
import type { PropertyDefinition } from "../../scenario/property";
import type { Scenario } from "../../scenario/scenario";
import { checkCorpusProperties, corpusExamples, loadCorpus, saveCorpusEntry, type CorpusFile } from "../corpus";
import { toolVersion } from "../grade";
import { TOOL_NAME } from "../result";
import type { PropertyRun } from "../run-property";
import { DEFAULT_MIN_GENERATION_RATE, healthIssues, type HealthIssue, type PropertyStats } from "./health";
import { instrument, newGenerationStats, type GenerationStats } from "./instrument";
import { silentProgress, type CampaignProgress } from "./progress";
import { chunkSeed, WHOLE, type Shard } from "./seeds";
import type { FuzzSubject } from "./subject";

// A campaign: every property, round-robin, until the budget is spent. Round 0 replays each
// property's corpus scenarios (as fast-check examples) before its first random cases. In time
// mode each round gives every live property one slice of about `sliceMs`, sized from its
// measured rate, so time is shared evenly whatever a property costs per case; in runs mode each
// property gets exactly `runs` cases in one chunk (deterministic, for tests and shards). A
// property that fails is saved to the corpus and retired: its first (shrunk) failure is the one
// worth keeping, and further search would mostly re-find it.

export interface CampaignOptions {
  readonly subject: FuzzSubject;
  readonly properties: readonly PropertyDefinition[];
  /** Every property of this version, to validate corpus files of properties not run now (default: `properties`). */
  readonly knownProperties?: readonly PropertyDefinition[];
  readonly seed: number;
  readonly shard?: Shard;
  /** Time budget; with `runs` too, a cap on the runs. At least one of the two. */
  readonly timeMs?: number;
  readonly runs?: number;
  /** Corpus directory (replayed first, failures saved), or null for none. */
  readonly corpusDir: string | null;
  readonly sliceMs?: number;
  readonly minGenerationRate?: number;
  readonly progress?: CampaignProgress;
  /** Test seam: every generated scenario, per property. */
  readonly onScenario?: (propertyId: string, scenario: Scenario) => void;
}

export interface PropertyOutcome {
  readonly def: PropertyDefinition;
  status: "passed" | "failed" | "error";
  /** The failing run (shrunk counterexample), or the reason it could not run. */
  failure: PropertyRun | null;
  message?: string;
  corpusFile?: string;
  cases: number;
  corpusCases: number;
  runMs: number;
  readonly generation: GenerationStats;
}

export interface CampaignResult {
  readonly seed: number;
  readonly shard: Shard;
  readonly subject: string;
  readonly startedAt: string;
  readonly durationMs: number;
  readonly cases: number;
  readonly stoppedBy: "time" | "runs";
  readonly minGenerationRate: number;
  readonly corpusDir: string | null;
  readonly corpusReplayed: number;
  readonly newCorpusFiles: readonly string[];
  readonly warnings: readonly string[];
  readonly properties: readonly PropertyOutcome[];
  readonly stats: readonly PropertyStats[];
  readonly health: readonly HealthIssue[];
}

const FIRST_CHUNK = 10;
const MAX_CHUNK = 5000;

export function defaultSliceMs(timeMs: number, propertyCount: number): number {
  return Math.min(5000, Math.max(200, timeMs / Math.max(1, propertyCount) / 20));
}

export async function runCampaign(options: CampaignOptions): Promise<CampaignResult> {
  const started = Date.now();
  const shard = options.shard ?? WHOLE;
  const progress = options.progress ?? silentProgress;
  if (options.timeMs === undefined && options.runs === undefined) throw new Error("runCampaign needs timeMs or runs");
  const deadline = options.timeMs === undefined ? Infinity : started + options.timeMs;
  const sliceMs = options.sliceMs ?? defaultSliceMs(options.timeMs ?? 0, options.properties.length);
  const corpus: CorpusFile[] = options.corpusDir === null ? [] : await loadCorpus(options.corpusDir);
  checkCorpusProperties(corpus, options.knownProperties ?? options.properties);

  const outcomes: PropertyOutcome[] = options.properties.map((def) => ({ def, status: "passed", failure: null, cases: 0, corpusCases: 0, runMs: 0, generation: newGenerationStats() }));
  const newCorpusFiles: string[] = [];
  const warnings: string[] = [];
  let cases = 0;
  // Cases of the running chunk, for progress; capped at its size since onCase also counts shrink attempts.
  let chunkCases = 0;
  let chunkTotal = 0;
  let failures = 0;
  let current = "";
  const total = options.runs !== undefined ? options.runs * outcomes.length : (options.timeMs ?? 0);
  progress.start(options.runs !== undefined ? `${total} cases` : `${Math.round(total / 1000)} s`, total);
  const tick = () => {
    const elapsedMs = Date.now() - started;
    const live = cases + Math.min(chunkCases, chunkTotal);
    progress.update({ elapsedMs, cases: live, failures, property: current }, options.runs !== undefined ? Math.min(live, total) : Math.min(elapsedMs, total));
  };
  const timer = setInterval(tick, 1000);
  timer.unref();

  const fail = async (outcome: PropertyOutcome, run: PropertyRun) => {
    outcome.status = run.status === "error" ? "error" : "failed";
    outcome.failure = run;
    failures++;
    if (run.counterexample === undefined || options.corpusDir === null) return;
    // A failure that cannot be stored is still a failure of the campaign, not a crash of it.
    const saved = await saveCorpusEntry(options.corpusDir, {
      propertyId: outcome.def.id,
      scenario: run.counterexample,
      seed: run.seed,
      ...(run.path === undefined ? {} : { path: run.path }),
      tool: TOOL_NAME,
      toolVersion: toolVersion(),
      fastCheckVersion: fc.__version,
      foundAt: new Date().toISOString(),
      subject: options.subject.name,
    }, corpus).catch((error: unknown) => {
      warnings.push(`${outcome.def.id}: the counterexample was not saved to the corpus: ${error instanceof Error ? error.message : String(error)}`);
      return null;
    });
    if (saved === null) return;
    outcome.corpusFile = saved.file;
    if (saved.created) {
      newCorpusFiles.push(saved.file);
      corpus.push({ file: saved.file, hash: saved.hash, entry: { propertyId: outcome.def.id, scenario: run.counterexample } });
    }
  };

  try {
    for (const outcome of outcomes) {
      const reason = options.subject.blocked(outcome.def);
      if (reason !== null) {
        outcome.status = "failed";
        outcome.message = reason;
        failures++;
      }
    }
    for (let round = 0; ; round++) {
      // Runs mode is one round: `runs` cases per property in a single chunk.
      const live = outcomes.filter((o) => o.status === "passed" && (options.runs === undefined || round === 0));
      if (live.length === 0) break;
      let ranAny = false;
      for (const outcome of live) {
        // Round 0 always runs: the corpus replay is not optional, whatever the budget.
        if (round > 0 && Date.now() >= deadline) break;
        const def = outcome.def;
        const examples = round === 0 ? corpusExamples(corpus, def.id) : [];
        // A property's edge cases run before its corpus, in round 0 only (runProperty runs them
        // in every run it is given, so later rounds get the property without them).
        const edges = round === 0 ? (def.edgeCases?.().length ?? 0) : 0;
        const numRuns = options.runs !== undefined ? options.runs : chunkSize(outcome, sliceMs);
        current = def.id;
        const before = Date.now();
        chunkCases = 0;
        chunkTotal = numRuns + edges + examples.length;
        const instrumented = { ...def, ...(round === 0 ? {} : { edgeCases: undefined }), arbitrary: instrument(def.arbitrary, outcome.generation, options.onScenario && ((s) => options.onScenario?.(def.id, s))) };
        const run = await options.subject.runChunk(instrumented, {
          seed: chunkSeed(options.seed, shard, def.id, round),
          numRuns,
          examples,
          onCase: () => chunkCases++,
        });
        outcome.runMs += Date.now() - before;
        outcome.cases += run.numRuns;
        cases += run.numRuns;
        chunkCases = 0;
        outcome.corpusCases += Math.min(examples.length, Math.max(0, run.numRuns - edges));
        ranAny = true;
        if (run.status !== "passed") await fail(outcome, run);
      }
      if (!ranAny || Date.now() >= deadline) break;
    }
  } finally {
    clearInterval(timer);
    tick();
    progress.stop();
  }

  const stats = outcomes.map((o): PropertyStats => ({
    id: o.def.id,
    cases: o.cases,
    corpusCases: o.corpusCases,
    generated: o.generation.generated,
    generateMs: Math.round(o.generation.generateMs * 10) / 10,
    runMs: o.runMs,
    labels: Object.fromEntries([...o.generation.labels].sort(([a], [b]) => (a < b ? -1 : 1))),
    ...(o.def.expectedLabels === undefined ? {} : { expectedLabels: o.def.expectedLabels }),
  }));
  return {
    seed: options.seed,
    shard,
    subject: options.subject.name,
    startedAt: new Date(started).toISOString(),
    durationMs: Date.now() - started,
    cases,
    stoppedBy: options.runs !== undefined && Date.now() < deadline ? "runs" : "time",
    minGenerationRate: options.minGenerationRate ?? DEFAULT_MIN_GENERATION_RATE,
    corpusDir: options.corpusDir,
    corpusReplayed: outcomes.reduce((sum, o) => sum + o.corpusCases, 0),
    newCorpusFiles,
    warnings,
    properties: outcomes,
    stats,
    health: healthIssues(stats, options.minGenerationRate),
  };
}

/** Cases for one slice: the property's measured rate times the slice, within bounds. */
function chunkSize(outcome: PropertyOutcome, sliceMs: number): number {
  if (outcome.cases === 0 || outcome.runMs <= 0) return FIRST_CHUNK;
  const rate = outcome.cases / outcome.runMs;
  return Math.max(1, Math.min(MAX_CHUNK, Math.round(rate * sliceMs)));
}
