import { allProperties } from "../../properties/index";
import { GraderError } from "../grader/errors";
import { coreReference, DEFAULT_RUNS, DEFAULT_SEED } from "../grader/grade";
import { createInProcessHost } from "../grader/in-process-host";
import { runProperty, type PropertyRun } from "../grader/run-property";
import type { PropertyDefinition } from "../scenario/property";

// `runProperty` of the package: one property against a module in this process (trusted code:
// your own implementation, not a student's), with the judge and shrinking of every run.

export interface RunPropertyOptions {
  /** fast-check seed (default: the one `grade` uses). */
  readonly seed?: number;
  /** Generated cases (default 100). */
  readonly runs?: number;
  /** fast-check's counterexample path, to replay one failure instead of searching. */
  readonly path?: string;
  /** Per-call timeout of asynchronous operations, in milliseconds. */
  readonly timeoutMs?: number;
}

/** Runs one property (an id from `properties`, or a definition) against `subject`, a module exporting the contract. */
export async function runSubjectProperty(property: string | PropertyDefinition, subject: Record<string, unknown>, options: RunPropertyOptions = {}): Promise<PropertyRun> {
  const def = typeof property === "string" ? allProperties.find((p) => p.id === property) : property;
  if (def === undefined) throw new GraderError("UNKNOWN_PROPERTY", `No property ${JSON.stringify(property)}. Pick an id from \`properties\` (e.g. "units.exact-formula").`);
  const host = createInProcessHost(subject, options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs });
  const reference = def.needsReference === true ? await coreReference() : null;
  try {
    return await runProperty(def, host, {
      seed: options.seed ?? DEFAULT_SEED,
      numRuns: options.runs ?? DEFAULT_RUNS,
      reference,
      ...(options.path === undefined ? {} : { path: options.path }),
    });
  } finally {
    await host.close();
    await reference?.close();
  }
}
