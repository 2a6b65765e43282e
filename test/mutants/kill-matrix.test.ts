import { afterAll, describe, expect, it } from "vitest";
import { createInProcessHost } from "../../src/grader/in-process-host";
import * as core from "../../src/core";
import { settings } from "../properties/_run";
import { LONG_RUN, longSample } from "../_helpers/long-sample";
import { MAX_SMALL_COUNTEREXAMPLE_MESSAGES, SMALL_COUNTEREXAMPLE_AREAS, mutants } from "./catalogue";
import { loadUnpatchedCore } from "./loader";
import { firstKill, hostsFor, runOne, suiteProperties } from "./matrix";
import { patchedSources } from "./patch";

// The kill matrix (issue 5): every mutant of the catalogue is killed by at least one
// property of the suites, run the way `npm test` runs them (in-process host, fixed seed,
// at most 100 runs). Each mutant stops at its first killing property; tool-pairing and
// boundary mutants are shrunk and must come down to a counterexample a student can read.
// The full matrix (every mutant × every property) is scripts/kill-matrix.ts. `npm test` runs every
// third mutant of the catalogue, `npm run test:long` the others (test/_helpers/long-sample.ts).

const NUM_RUNS = Math.min(settings().numRuns, 100);
const properties = suiteProperties();
const reference = createInProcessHost(core as unknown as Record<string, unknown>);

afterAll(async () => {
  await reference.close();
});

describe.skipIf(LONG_RUN)("mutant catalogue", () => {
  it("has at least 30 mutants with unique ids and one-line descriptions", () => {
    expect(mutants.length).toBeGreaterThanOrEqual(30);
    expect(new Set(mutants.map((m) => m.id)).size).toBe(mutants.length);
    for (const mutant of mutants) expect(mutant.description, mutant.id).toMatch(/^[^\n]{10,200}$/);
  });

  it("every patch still applies exactly once", () => {
    for (const mutant of mutants) expect(() => patchedSources(mutant), mutant.id).not.toThrow();
  });

  it("names only properties that exist as kill hints", () => {
    const ids = new Set(properties.map((p) => p.id));
    for (const mutant of mutants) for (const id of mutant.killers ?? []) expect(ids.has(id), `${mutant.id}: ${id}`).toBe(true);
  });

  // The control: the loader's own copy of the core, unpatched, passes every property, so a
  // kill below is the patch's doing and not the bundling's.
  it("the unpatched core, loaded as mutants are, passes every property", async () => {
    const hosts = { subject: createInProcessHost(await loadUnpatchedCore()), reference };
    const failures: string[] = [];
    for (const property of properties) {
      const verdict = await runOne(property, hosts, { ...settings(), numRuns: 5, shrink: false });
      if (verdict.status !== "passed") failures.push(`${property.id}: ${verdict.message ?? verdict.status}`);
    }
    expect(failures).toEqual([]);
  });
});

describe("kill matrix: every mutant is killed", () => {
  for (const mutant of longSample(mutants, 3)) {
    const small = SMALL_COUNTEREXAMPLE_AREAS.includes(mutant.area);
    it(`${mutant.id} (${mutant.area})`, async () => {
      const hosts = await hostsFor(mutant, reference);
      const { kill, errors } = await firstKill(mutant, hosts, properties, { seed: settings().seed, numRuns: NUM_RUNS, shrink: small });
      expect(kill, `survived every property; harness errors: ${errors.map((e) => e.message).join(" | ")}`).not.toBeNull();
      if (small) {
        expect(kill!.messages, `${kill!.propertyId} shrank to ${kill!.messages} messages: ${JSON.stringify(kill!.counterexample)?.slice(0, 1500)}`).not.toBeNull();
        expect(kill!.messages!).toBeLessThanOrEqual(MAX_SMALL_COUNTEREXAMPLE_MESSAGES);
      }
    });
  }
});
