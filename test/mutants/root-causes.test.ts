import { afterAll, describe, expect, it } from "vitest";
import { mutants } from "./catalogue";
import { hostsFor, runOne, suiteProperties, type PropertyVerdict } from "./matrix";
import { mutantRootCauses } from "./root-causes";
import { coreReference } from "../variants/grade";

// Root causes over a few mutants of the catalogue (one defect each), on the downstream
// properties where upstream mistakes show: a mistake in units, groups or the boundary is named
// once, by the rule it breaks, for every failure it causes; a mistake elsewhere is never put
// under those rules. The whole
// catalogue, with every property and shrinking, is measured by `npm run kill-matrix`
// (docs/kill-matrix.md, "Root causes and counterexample size").

const SETTINGS = { seed: 20261129, numRuns: 40 };
const FAMILIES = new Set(["units", "groups", "boundary", "compaction", "fast-path", "differential"]);
const properties = suiteProperties().filter((p) => FAMILIES.has(p.family));
const reference = coreReference();
afterAll(() => reference.close());

async function causesOf(mutantId: string) {
  const mutant = mutants.find((m) => m.id === mutantId)!;
  const hosts = await hostsFor(mutant, reference);
  const failed: PropertyVerdict[] = [];
  for (const property of properties) {
    const verdict = await runOne(property, hosts, { ...SETTINGS, shrink: false });
    if (verdict.status === "failed") failed.push(verdict);
  }
  return { failed, causes: await mutantRootCauses(hosts, properties, failed, { ...SETTINGS, shrink: false }) };
}

describe("root causes of one-defect mutants", () => {
  it.each([
    ["units-utf16-code-units", "units.u"],
    ["groups-adjacent-results-only", "groups.rounds"],
    ["boundary-latest-fit", "boundary.answer"],
  ])("%s: every failure under one root cause, %s", async (mutantId, layer) => {
    const { failed, causes } = await causesOf(mutantId);
    expect(failed.length, "failures of downstream properties (else the test proves nothing)").toBeGreaterThanOrEqual(4);
    expect(causes.map((c) => c.id)).toEqual([layer]);
    expect(causes[0]!.properties).toBe(failed.length);
  }, 120_000);

  it("fast-path-new-object: nothing is put under a rule of the build, units, groups or the boundary, whose answers as data are the contract's; its failures are the fast path's identity", async () => {
    const { failed, causes } = await causesOf("fast-path-new-object");
    expect(failed.length).toBeGreaterThanOrEqual(1);
    expect(causes.map((c) => c.id).filter((id) => /^(build|read|units|groups|boundary)\./.test(id))).toEqual([]);
    expect(causes.map((c) => c.id)).toEqual(["identity.fastPath"]);
  }, 120_000);
});
