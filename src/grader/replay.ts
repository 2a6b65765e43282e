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

// `replay`: one scenario, the same sandbox and the same verdict rules as `grade`.

export interface ReplayResult {
  readonly observation: Observation;
  readonly expected: Expected;
  readonly reference: Observation | null;
  readonly verdict: Verdict;
}

export async function replayScenario(
  file: ScenarioFile,
  submission: string,
  limits: Partial<SandboxLimits> = {},
  options: { properties?: readonly PropertyDefinition[]; driverModule?: string } = {},
): Promise<ReplayResult> {
  const properties = options.properties ?? (await import("../../properties/index")).allProperties;
  const def = properties.find((p) => p.id === file.propertyId);
  if (def === undefined) throw new GraderError("UNKNOWN_PROPERTY", `No property ${JSON.stringify(file.propertyId)} in this version. Known ids start with: ${[...new Set(properties.map((p) => p.family))].join(", ")}.`);
  const { expectedFor } = await import("../model/index");
  const expected = expectedFor(file.scenario);
  const prepared = await prepareSubmission(submission, { ...DEFAULT_LIMITS, ...limits }, options.driverModule === undefined ? {} : { driverModule: options.driverModule });
  try {
    const observation =
      prepared.failure !== null || prepared.host === null
        ? stub({ kind: "crash", reason: prepared.failure ?? "no sandbox" }, 0)
        : await prepared.host.observe(file.scenario);
    const reference = def.needsReference === true ? await referenceObservation(file) : null;
    const verdict = judge(guardProperty(def, prepared.host), { scenario: file.scenario, observation, expected, reference });
    return { observation, expected, reference, verdict };
  } finally {
    await prepared.dispose();
  }
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
