import type { Expected } from "../scenario/expected";
import type { Observation } from "../scenario/observation";
import type { PropertyDefinition, Verdict } from "../scenario/property";
import { stub } from "./sandbox/child-host";
import { GraderError } from "./errors";
import { guardProperty } from "./sandbox/guard";
import { judge } from "./run/judge";
import { prepareSubmission } from "./prepare";
import type { ScenarioFile } from "./replay-file";
import { DEFAULT_LIMITS, type SandboxLimits } from "./sandbox/plan";
import { identityOf, sameSubmission } from "./submission-identity";

// `replay`: one scenario, the same sandbox and the same verdict rules as `grade`.

export interface ReplayResult {
  readonly observation: Observation;
  readonly expected: Expected;
  readonly reference: Observation | null;
  readonly verdict: Verdict;
  /** What the report should say about the submission the file was recorded for (moved, changed, or replayed anyway). */
  readonly notes: readonly string[];
}

export async function replayScenario(
  file: ScenarioFile,
  submission: string,
  limits: Partial<SandboxLimits> = {},
  options: { properties?: readonly PropertyDefinition[]; driverModule?: string; force?: boolean } = {},
): Promise<ReplayResult> {
  const properties = options.properties ?? (await import("../../properties/index")).allProperties;
  const def = properties.find((p) => p.id === file.propertyId);
  if (def === undefined) throw new GraderError("UNKNOWN_PROPERTY", `No property ${JSON.stringify(file.propertyId)} in this version. Known ids start with: ${[...new Set(properties.map((p) => p.family))].join(", ")}.`);
  const { expectedFor } = await import("../model/index");
  const expected = expectedFor(file.scenario);
  const prepared = await prepareSubmission(submission, { ...DEFAULT_LIMITS, ...limits }, options.driverModule === undefined ? {} : { driverModule: options.driverModule });
  try {
    const notes = submissionNotes(file, submission, prepared.fingerprint, options.force === true);
    const observation =
      prepared.failure !== null || prepared.host === null
        ? stub({ kind: "crash", reason: prepared.failure ?? "no sandbox" }, 0)
        : await prepared.host.observe(file.scenario);
    const reference = def.needsReference === true ? await referenceObservation(file) : null;
    const verdict = judge(guardProperty(def, prepared.host), { scenario: file.scenario, observation, expected, reference });
    return { observation, expected, reference, verdict, notes };
  } finally {
    await prepared.dispose();
  }
}

/**
 * A file recorded for another submission (neither its path nor its code) is refused unless
 * forced: its scenario was found on that one, and a verdict on this one would read as if it were
 * this one's counterexample (docs/grading.md, "Replay files").
 */
function submissionNotes(file: ScenarioFile, submission: string, fingerprint: string | null, force: boolean): string[] {
  if (file.submissionId === undefined) return [];
  const target = identityOf(submission, fingerprint);
  const { same, note } = sameSubmission(file.submissionId, target);
  if (same) return note === null ? [] : [note];
  if (force) return [`this counterexample was recorded for another submission, ${file.submissionId.path}; replayed on ${target.path} anyway (--force)`];
  throw new GraderError(
    "SCENARIO_FILE_OTHER_SUBMISSION",
    `This counterexample was recorded for another submission: ${file.submissionId.path} (code ${file.submissionId.sha256?.slice(0, 12) ?? "unknown"}), not ${target.path} (code ${target.sha256?.slice(0, 12) ?? "unknown"}). Replay it on its own submission (leave the submission out: the file names it), use that submission's own counterexample files (reports/<submission>/counterexamples/), or pass --force to run this scenario here anyway.`,
  );
}

async function referenceObservation(file: ScenarioFile): Promise<Observation> {
  const [{ createInProcessHost }, core] = await Promise.all([import("./in-process-host"), import("../core/index")]);
  const host = createInProcessHost(core as unknown as Record<string, unknown>);
  try {
    return await host.observe(file.scenario);
  } finally {
    await host.close();
  }
}
