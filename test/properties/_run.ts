import { pathToFileURL } from "node:url";
import fc from "fast-check";
import type { Host, PropertyDefinition } from "../../src/scenario";
import { createInProcessHost } from "../../src/grader/in-process-host";
import { runProperty, type PropertyRun } from "../../src/grader/run-property";
import * as core from "../../src/core";

// Runs properties the way `npm test` should: in-process host, the global fixed seed and
// numRuns (test/setup/fast-check-seed.ts), the core as the differential reference.

export function settings(): { seed: number; numRuns: number } {
  const config = fc.readConfigureGlobal();
  return { seed: Number(config.seed ?? 0), numRuns: config.numRuns ?? 100 };
}

export function hostFor(subject: Record<string, unknown>): Host {
  return createInProcessHost(subject);
}

export function coreHost(): Host {
  return createInProcessHost(core as unknown as Record<string, unknown>);
}

/**
 * The differential oracle. Normally src/core itself; under StrykerJS src/core is the mutant,
 * so `npm run mutation` bundles the unmutated core first and names it in CC_REFERENCE_CORE
 * (otherwise differential properties would compare a mutant with itself and never fail).
 */
export async function referenceHost(): Promise<Host> {
  const file = process.env.CC_REFERENCE_CORE;
  if (file === undefined || file === "") return coreHost();
  return createInProcessHost((await import(pathToFileURL(file).href)) as Record<string, unknown>);
}

export async function run(def: PropertyDefinition, subject: Host, reference: Host | null, numRuns?: number): Promise<PropertyRun> {
  const { seed, numRuns: globalRuns } = settings();
  return runProperty(def, subject, { seed, numRuns: numRuns ?? globalRuns, reference: def.needsReference ? reference : null });
}

/** A failure report for expect(...) messages: the verdict and the counterexample. */
export function explain(result: PropertyRun): string {
  return `${result.id}: ${result.status} after ${result.numRuns} runs (seed ${result.seed}, path ${result.path ?? "-"})\n${result.message ?? ""}\ncounterexample: ${JSON.stringify(result.counterexample)?.slice(0, 2000)}`;
}
