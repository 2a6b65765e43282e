import type { Host } from "../scenario/host";
import type { PropertyDefinition } from "../scenario/property";
import { corpusExamplesLookup, DEFAULT_CORPUS_DIR } from "./corpus";
import { gradeProperties, type Scheduled } from "./schedule";
import type { LossBudget } from "./sandbox/child-host";
import { prepareSubmission, type Prepared } from "./prepare";
import { selectProperties } from "./select-properties";
import { analyzeRootCauses, type RootCauseAnalysis } from "./root-cause/analyze";
import type { Reporter } from "./report/reporter";
import { GRADE_SCHEMA_VERSION, TOOL_NAME, type GradeResult, type PropertyResult, type RootCause } from "./result";
import { DEFAULT_LIMITS, type SandboxLimits } from "./sandbox/plan";
import { shownKept, type EvidenceOptions } from "./rubric/evidence";
import { gradeScore } from "./rubric/grade-score";
import type { Rubric, ScoringMode } from "./rubric/rubric";
import { joinSkippedFailures } from "./skipped-causes";
import { DEFAULT_RUNS, DEFAULT_SEED } from "./defaults";
import { toolVersion } from "../package/version";

// `grade`: prepare the sandbox, run every property (schedule.ts: over `jobs` children, in the
// properties' order), score, and hand the result to the reporters.

export { DEFAULT_RUNS, DEFAULT_SEED, toolVersion };

export interface GradeOptions {
  readonly submission: string;
  readonly seed?: number;
  readonly numRuns?: number;
  readonly limits?: Partial<SandboxLimits>;
  /** Defaults to properties/index.ts allProperties. */
  readonly properties?: readonly PropertyDefinition[];
  /** Defaults to our core in-process (trusted), for differential properties; null for none. */
  readonly reference?: Host | null;
  readonly reportsDir?: string | null;
  readonly reporters?: readonly Reporter[];
  /** Regression corpus replayed first (docs/fuzzing.md); default corpus/ with allProperties, none with test properties; null for none. */
  readonly corpusDir?: string | null;
  /** Test seam: replaces src/driver/index.ts in the child program. */
  readonly driverModule?: string;
  readonly lossBudget?: LossBudget;
  /** Only these properties (comma-separated ids or families, as `--only`). */
  readonly only?: string;
  /** Sandboxed children grading properties at once (default 1); the report is the same for any number. */
  readonly jobs?: number;
  /** Where the submission's imports must stay (PrepareOptions.importRoot: trusted, never from the command line). */
  readonly importRoot?: string;
  /** "rubric" (default: points per acceptance criterion, lost once per mistake) or "properties" (each property its weight). */
  readonly scoring?: ScoringMode;
  /** The rubric's points per criterion (default DEFAULT_RUBRIC, src/grader/rubric/rubric.ts). */
  readonly rubric?: Rubric;
}

export async function grade(options: GradeOptions): Promise<GradeResult> {
  const started = Date.now();
  const seed = options.seed ?? DEFAULT_SEED;
  const numRuns = options.numRuns ?? DEFAULT_RUNS;
  const limits: SandboxLimits = { ...DEFAULT_LIMITS, ...options.limits };
  const reporters = options.reporters ?? [];
  const suite = options.properties ?? (await import("../../properties/index")).allProperties;
  const properties = selectProperties(suite, options.only);
  // The corpus is checked against the whole suite: --only leaves the other properties' files alone.
  const examplesFor = await corpusExamplesLookup(options.corpusDir !== undefined ? options.corpusDir : options.properties === undefined ? DEFAULT_CORPUS_DIR : null, suite);
  const prepared = await prepareSubmission(options.submission, limits, {
    ...(options.driverModule === undefined ? {} : { driverModule: options.driverModule }),
    ...(options.lossBudget === undefined ? {} : { lossBudget: options.lossBudget }),
    ...(options.importRoot === undefined ? {} : { importRoot: options.importRoot }),
  });
  let ownReference = options.reference === undefined && properties.some((p) => p.needsReference === true) ? await coreReference() : null;
  let reference = options.reference === undefined ? ownReference : options.reference;
  let scheduled: Scheduled = { results: [], hosts: [], tampering: null };
  let analysis: RootCauseAnalysis = { rootCauses: [], causeOf: new Map(), combined: new Map(), probes: 0 };
  let rootCauses: readonly RootCause[] = [];
  let shown: ReadonlySet<string> = new Set();
  try {
    for (const reporter of reporters) {
      await reporter.onGradeStart?.({
        submission: options.submission,
        seed,
        numRuns,
        properties: properties.map((p) => ({ id: p.id, title: p.title, maxPoints: p.weight })),
        isolation: prepared.host?.description.isolation ?? [],
      });
    }
    scheduled = await gradeProperties({
      prepared,
      properties,
      jobs: options.jobs ?? 1,
      reference,
      seed,
      numRuns,
      reportsDir: options.reportsDir === undefined ? "reports" : options.reportsDir,
      submission: options.submission,
      examplesFor,
      reporters,
    });
    // The analysis compares observed facts with the reference core's (./root-cause/facts)
    // whichever properties were selected: loaded for it when none of them needed it.
    if (options.reference === undefined && reference === null && scheduled.results.some((r) => r.status === "failed")) reference = ownReference = await coreReference();
    analysis = await explainFailures(scheduled.results, properties, prepared, reference, scheduled.tampering !== null);
    rootCauses = joinSkippedFailures(scheduled.results, analysis.rootCauses);
    if ((options.scoring ?? "rubric") === "rubric") shown = await evidence(scheduled, rootCauses, properties, prepared, { seed, numRuns, reference, examplesFor });
  } finally {
    await ownReference?.close();
    await prepared.dispose();
  }
  const causeOf = new Map(rootCauses.flatMap((cause) => cause.properties.map((id): [string, string] => [id, cause.id])));
  const results = scheduled.results.map((result) => {
    const id = causeOf.get(result.id);
    return result.status === "passed" || id === undefined ? result : { ...result, rootCause: id };
  });
  const scored = gradeScore(results, rootCauses, options.scoring, options.rubric, shown);
  const warnings = [
    ...new Set(scheduled.hosts.flatMap((host) => host.warnings())),
    ...[...prepared.problems.values()].map((problem) => `conformance: ${problem}`),
    ...(scheduled.tampering ? [`global tampering: ${scheduled.tampering.message}`] : []),
    ...scored.warnings,
  ];
  const gradeResult: GradeResult = {
    tool: TOOL_NAME,
    version: toolVersion(),
    submission: options.submission,
    seed,
    numRuns,
    ...scored.fields,
    durationMs: Date.now() - started,
    sandbox: {
      kind: prepared.host === null ? "none" : "child-process",
      isolation: prepared.host?.description.isolation ?? [],
      limits: { scenarioTimeoutMs: limits.scenarioTimeoutMs, totalTimeoutMs: limits.totalTimeoutMs, memoryMb: limits.memoryMb },
    },
    properties: scored.properties,
    rootCauses: scored.rootCauses,
    warnings,
    schemaVersion: GRADE_SCHEMA_VERSION,
  };
  for (const reporter of reporters) await reporter.onGradeEnd?.(gradeResult);
  return gradeResult;
}

/**
 * Root causes of the failures (src/grader/root-cause): the subject is asked for its upstream
 * answers in the same sandbox, as one more "property" for the loss budgets. Nothing is
 * attributed when tampering was seen, before or during the analysis.
 */
async function explainFailures(results: readonly PropertyResult[], definitions: readonly PropertyDefinition[], prepared: Prepared, reference: Host | null, tampered: boolean): Promise<RootCauseAnalysis> {
  const failures = results.filter((r) => r.status === "failed");
  const host = prepared.host;
  const trusted = host !== null && host.tampering === null && !tampered;
  host?.beginProperty("root causes");
  try {
    const analysis = await analyzeRootCauses(failures, { definitions, subject: trusted ? host : null, reference, conformance: prepared.problems });
    if (!trusted || host.tampering === null) return analysis;
  } catch {
    // The analysis only explains failures: if asking the submission for its upstream answers
    // goes wrong (hostile answers, a lost child), each failure is its own root cause.
  }
  return analyzeRootCauses(failures, { definitions, subject: null, reference, conformance: prepared.problems });
}

/**
 * Evidence for the rubric (./rubric/evidence.ts): the excused failures of criteria where nothing
 * passes, shown kept on another of their cases, asked in the same sandbox as one more "property"
 * for the loss budgets. None when tampering was seen, before or during, or when asking fails.
 */
async function evidence(scheduled: Scheduled, rootCauses: readonly RootCause[], definitions: readonly PropertyDefinition[], prepared: Prepared, options: EvidenceOptions): Promise<ReadonlySet<string>> {
  const host = prepared.host;
  if (host === null || host.tampering !== null || scheduled.tampering !== null) return new Set();
  host.beginProperty("evidence");
  try {
    const shown = await shownKept(scheduled.results, rootCauses, definitions, host, options);
    return host.tampering === null ? shown : new Set();
  } catch {
    return new Set();
  }
}

/** Our own core, trusted, in this process: the differential oracle. */
export async function coreReference(): Promise<Host> {
  const [{ createInProcessHost }, core] = await Promise.all([import("./in-process-host"), import("../core/index")]);
  return createInProcessHost(core as unknown as Record<string, unknown>);
}

