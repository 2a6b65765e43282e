import { expect } from "vitest";
import { analyzeRootCauses } from "../../src/grader/root-cause/analyze";
import type { Host } from "../../src/scenario/host";
import { mutants } from "./catalogue";
import { hostsFor, runOne, suiteProperties, type MutantHosts, type PropertyVerdict } from "./matrix";

// The root-cause tests' common step: a mutant's verdicts on a few properties (fixed seed,
// unshrunk, as the matrix measures them), and the grade's grouping of those that failed.

const SETTINGS = { seed: 20261129, numRuns: 100 };

/**
 * The seed where the grade's default seed does not make every listed property fail: a test
 * that needs several failures of one mistake names the seed that shows them (the generators
 * change between revisions; the mistake and the analysis under test do not).
 */
export const SECOND_SEED = 1;

export async function failuresOf(mutantId: string, propertyIds: readonly string[], reference: Host, seed = SETTINGS.seed) {
  return failuresOn(await hostsFor(mutants.find((m) => m.id === mutantId)!, reference), propertyIds, seed);
}

/** The verdicts of any subject (a mutant, a held-out implementation) on a few properties. */
export async function failuresOn(hosts: MutantHosts, propertyIds: readonly string[], seed = SETTINGS.seed) {
  const properties = suiteProperties().filter((p) => propertyIds.includes(p.id));
  const failed: PropertyVerdict[] = [];
  for (const property of properties) {
    const verdict = await runOne(property, hosts, { ...SETTINGS, seed, shrink: false });
    if (verdict.status === "failed") failed.push(verdict);
  }
  return { properties, hosts, failed };
}

/** The root causes of the mutant's failures on these properties; `expectAll` requires each to fail (else a test proves nothing). */
export async function analysisOf(mutantId: string, propertyIds: readonly string[], reference: Host, expectAll = true, seed = SETTINGS.seed) {
  return analysisOn(await hostsFor(mutants.find((m) => m.id === mutantId)!, reference), propertyIds, expectAll, seed);
}

/** The root causes of any subject's failures on these properties, as analysisOf. */
export async function analysisOn(hosts: MutantHosts, propertyIds: readonly string[], expectAll = true, seed = SETTINGS.seed) {
  const { properties, failed } = await failuresOn(hosts, propertyIds, seed);
  if (expectAll) expect(failed.map((v) => v.propertyId).sort(), "each fails (else the test proves nothing)").toEqual([...propertyIds].sort());
  const input = failed.map((v) => ({ ...v, id: v.propertyId, title: v.propertyId }));
  return { failed, hosts, analysis: await analyzeRootCauses(input, { definitions: properties, subject: hosts.subject, reference: hosts.reference }) };
}
