import { afterAll, beforeAll, describe, test } from "vitest";
import { allProperties } from "../../properties/index";
import { corpusExamplesLookup, DEFAULT_CORPUS_DIR } from "../grader/corpus";
import { coreReference, DEFAULT_RUNS, DEFAULT_SEED } from "../grader/grade";
import { gradeProperty } from "../grader/grade-property";
import { prepareSubmission, type Prepared } from "../grader/prepare";
import { prepareInProcess } from "../grader/prepare-in-process";
import { failureDetails } from "../grader/report/format";
import { DEFAULT_LIMITS, type SandboxLimits } from "../grader/sandbox/plan";
import { selectProperties } from "../grader/select-properties";
import type { Host } from "../scenario/host";
import type { Scenario } from "../scenario/scenario";

// `contractSuite`: every property as a vitest test, one describe per family, graded by the
// same gradeProperty as `compaction-check grade` (gates, judge, shrinking, counterexample file,
// replay line), so a failing test prints exactly the failure text of the grade's report.

export interface ContractSuiteOptions {
  /** fast-check seed (default: $FC_SEED, else the one `grade` uses, so both find the same counterexamples). */
  readonly seed?: number;
  /** Generated cases per property (default: $FC_NUM_RUNS, else 100 as `grade`). */
  readonly runs?: number;
  /** Only these families or property ids (e.g. ["units", "groups"]); default every property. */
  readonly families?: readonly string[];
  /**
   * "in-process" (default): the module from `load` runs in the vitest worker, fast and debuggable,
   * for your own code. "sandboxed": `submission` is bundled and run in the sandboxed child of `grade`.
   */
  readonly isolation?: "in-process" | "sandboxed";
  /** The submission's path: what "sandboxed" runs and what replay lines name. Default "." (the project root). */
  readonly submission?: string;
  /** Where counterexample scenario files go; null writes none (and prints no replay line). Default "reports". */
  readonly reportsDir?: string | null;
  /** Regression corpus replayed first, as `grade` does; default "corpus" (skipped when absent); null for none. */
  readonly corpusDir?: string | null;
  /** Limits of the sandboxed child ("sandboxed" only). */
  readonly limits?: Partial<SandboxLimits>;
  /** vitest timeout of each property test in milliseconds (default 120000). */
  readonly testTimeoutMs?: number;
}

export type SubjectLoader = () => unknown;

const DEFAULT_TEST_TIMEOUT_MS = 120_000;

/** FC_SEED / FC_NUM_RUNS, the variables fast-check users already set to rerun a suite differently. */
function fromEnvironment(name: "FC_SEED" | "FC_NUM_RUNS"): number | undefined {
  const text = process.env[name];
  if (text === undefined || text === "") return undefined;
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < (name === "FC_SEED" ? 0 : 1)) throw new Error(`compaction-check: ${name} must be an integer >= ${name === "FC_SEED" ? 0 : 1}, got ${JSON.stringify(text)}`);
  return value;
}

/** A failed property: its message is the grade report's failure text, without a harness stack. */
class ContractPropertyFailed extends Error {
  override readonly name = "ContractPropertyFailed";
  constructor(message: string) {
    super(message);
    this.stack = `${this.name}: ${message}`;
  }
}

export function contractSuite(load: SubjectLoader, options: ContractSuiteOptions = {}): void {
  const properties = selectProperties(allProperties, options.families?.join(","));
  const submission = options.submission ?? ".";
  const timeout = options.testTimeoutMs ?? DEFAULT_TEST_TIMEOUT_MS;
  const run = {
    seed: options.seed ?? fromEnvironment("FC_SEED") ?? DEFAULT_SEED,
    numRuns: options.runs ?? fromEnvironment("FC_NUM_RUNS") ?? DEFAULT_RUNS,
    reportsDir: options.reportsDir === undefined ? "reports" : options.reportsDir,
    submission,
  };
  let prepared: Prepared | null = null;
  let reference: Host | null = null;
  let examplesFor: (id: string) => Scenario[] = () => [];

  describe("compaction-check contract", () => {
    beforeAll(async () => {
      prepared =
        options.isolation === "sandboxed"
          ? await prepareSubmission(submission, { ...DEFAULT_LIMITS, ...options.limits })
          : await prepareInProcess(load);
      if (properties.some((p) => p.needsReference === true)) reference = await coreReference();
      examplesFor = await corpusExamplesLookup(options.corpusDir === undefined ? DEFAULT_CORPUS_DIR : options.corpusDir, properties);
    }, timeout);
    afterAll(async () => {
      await prepared?.dispose();
      await reference?.close();
    });

    for (const family of new Set(properties.map((p) => p.family))) {
      describe(family, () => {
        for (const def of properties.filter((p) => p.family === family)) {
          test(`${def.id}: ${def.title}`, async () => {
            if (prepared === null) throw new Error("compaction-check: the submission was not prepared (see the beforeAll error above)");
            const result = await gradeProperty(def, { ...run, prepared, reference, examples: examplesFor(def.id) });
            if (result.status !== "passed") throw new ContractPropertyFailed(failureDetails(result));
          }, timeout);
        }
      });
    }
  });
}
