import { expect } from "vitest";
import { analyzeRootCauses } from "../../src/grader/root-cause/analyze";
import type { Host } from "../../src/scenario/host";
import { mutants } from "./catalogue";
import { hostsFor, runOne, suiteProperties, type PropertyVerdict } from "./matrix";

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
  const properties = suiteProperties().filter((p) => propertyIds.includes(p.id));
  const hosts = await hostsFor(mutants.find((m) => m.id === mutantId)!, reference);
  const failed: PropertyVerdict[] = [];
  for (const property of properties) {
    const verdict = await runOne(property, hosts, { ...SETTINGS, seed, shrink: false });
    if (verdict.status === "failed") failed.push(verdict);
  }
  return { properties, hosts, failed };
}

/** The root causes of the mutant's failures on these properties; `expectAll` requires each to fail (else a test proves nothing). */
export async function analysisOf(mutantId: string, propertyIds: readonly string[], reference: Host, expectAll = true, seed = SETTINGS.seed) {
  const { properties, hosts, failed } = await failuresOf(mutantId, propertyIds, reference, seed);
  if (expectAll) expect(failed.map((v) => v.propertyId).sort(), "each fails (else the test proves nothing)").toEqual([...propertyIds].sort());
  const input = failed.map((v) => ({ ...v, id: v.propertyId, title: v.propertyId }));
  return { failed, hosts, analysis: await analyzeRootCauses(input, { definitions: properties, subject: hosts.subject, reference: hosts.reference }) };
}
