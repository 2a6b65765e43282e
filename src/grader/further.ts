import type { Host } from "../scenario/host";
import type { PropertyDefinition } from "../scenario/property";
import type { Scenario } from "../scenario/scenario";
import type { Prepared } from "./prepare";
import { replayCommand, writeScenarioFile } from "./replay-file";
import type { PropertyResult } from "./result";
import type { FailureInput } from "./root-cause/analyze";
import { furtherFailure } from "./run-property";
import { guardProperty } from "./sandbox/guard";
import { identityOf } from "./submission-identity";

// Further failures (docs/grading.md, "Root causes"): once every property is graded, each failed
// property's later cases are judged again for a failure of another origin than its first, shrunk
// on its own (./run-property.ts furtherFailure). Two mistakes that fail one property show on two
// counterexamples, and the analysis can name the second, whose failures the first's would hide.
// A further failure costs nothing (the property's points follow its first failure). This runs
// after the grading, like the rubric's evidence, in the same sandbox as one more "property" for
// the loss budgets: a call lost here cannot change a verdict.

export interface FurtherOptions {
  readonly seed: number;
  readonly numRuns: number;
  readonly reference: Host | null;
  readonly examplesFor: (propertyId: string) => Scenario[];
  /** Where counterexample files go; null writes none. */
  readonly reportsDir: string | null;
  readonly submission: string;
}

/** The results, each failure with a counterexample given its further failure where one is found. */
export async function withFurtherFailures(results: readonly PropertyResult[], definitions: readonly PropertyDefinition[], prepared: Prepared, options: FurtherOptions): Promise<PropertyResult[]> {
  const host = prepared.host;
  if (host === null || host.tampering !== null) return [...results];
  host.beginProperty("further failures");
  const out: PropertyResult[] = [];
  for (const result of results) {
    const def = definitions.find((d) => d.id === result.id);
    const index = firstFailingCase(result);
    if (def === undefined || index === null || result.origin === undefined || host.tampering !== null) {
      out.push(result);
      continue;
    }
    const reference = def.needsReference === true ? options.reference : null;
    const run = await furtherFailure(guardProperty(def, host), host, { seed: options.seed, numRuns: options.numRuns, reference, examples: options.examplesFor(def.id) }, { index, origin: result.origin });
    if (run === null || run.status !== "failed" || run.counterexample === undefined || run.origin === undefined || run.origin === result.origin || host.tampering !== null) {
      out.push(result);
      continue;
    }
    let replay: string | undefined;
    if (options.reportsDir !== null) {
      const file = await writeScenarioFile(
        options.reportsDir,
        { propertyId: def.id, scenario: run.counterexample, seed: run.seed, ...(run.path === undefined ? {} : { path: run.path }), submission: options.submission, submissionId: identityOf(options.submission, prepared.fingerprint) },
        true,
      );
      replay = replayCommand(file, options.submission);
    }
    out.push({
      ...result,
      further: {
        message: run.message ?? "",
        origin: run.origin,
        counterexample: run.counterexample,
        ...(run.observation === undefined ? {} : { observation: run.observation }),
        ...(run.expected === undefined ? {} : { expected: run.expected }),
        ...(replay === undefined ? {} : { replay }),
      },
    });
  }
  return host.tampering === null ? out : [...results];
}

/** The index (fast-check's order) of a failure's first failing case, from its path; null for a failure that is no shrunk search's (not run, cut short, skipped). */
function firstFailingCase(result: PropertyResult): number | null {
  if (result.status !== "failed" || result.counterexample === undefined || result.skipped !== undefined || result.path === undefined) return null;
  const index = Number(result.path.split(":")[0]);
  return Number.isSafeInteger(index) && index >= 0 ? index : null;
}

/** The failures the analysis groups: each failed property's first failure, then its further one. */
export function failureInputs(results: readonly PropertyResult[]): FailureInput[] {
  return results.filter((r) => r.status === "failed").flatMap((r): FailureInput[] => {
    const { further, ...first } = r;
    return further === undefined ? [first] : [first, { id: r.id, title: r.title, ...further, isFurther: true }];
  });
}
