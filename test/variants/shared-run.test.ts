import { afterAll, describe, expect, it } from "vitest";
import { createInProcessHost } from "../../src/grader/in-process-host";
import { runProperty } from "../../src/grader/run-property";
import type { Host, Scenario } from "../../src/scenario";
import { settings } from "../properties/_run";
import { mutants } from "../mutants/catalogue";
import { loadMutant, loadUnpatchedCore } from "../mutants/loader";
import { runOne, suiteProperties } from "../mutants/matrix";
import { coreReference } from "./grade";
import { casesOf, distinctCases, mergeFailures, runCasesOnMany, scenarioKey } from "./shared-run";

// The shared runner (./shared-run.ts) grades many subjects on the distinct cases of many
// properties; it must judge each (property, subject) as a run of its own would
// (src/grader/run-property.ts): the same cases in the same order, the same first failure.

const reference = coreReference();
afterAll(async () => {
  await reference.close();
});

const property = (id: string) => suiteProperties().find((p) => p.id === id)!;

describe("the shared runner", () => {
  it("generates exactly the cases runProperty runs, in its order", async () => {
    const def = property("boundary.earliest-fit");
    const seen: Scenario[] = [];
    const recording: Host = { ...reference, observe: (scenario) => (seen.push(scenario), reference.observe(scenario)) };
    await runProperty(def, recording, { ...settings(), reference });
    const { scenarios } = await casesOf(def, settings());
    expect(scenarios.map(scenarioKey)).toEqual(seen.map(scenarioKey));
  });

  it("keys -0 apart from 0, and undefined apart from an absent field", () => {
    const base = { operation: { kind: "units", input: {}, prebuilt: false } } as unknown as Scenario;
    const keys = [
      scenarioKey(base),
      scenarioKey({ ...base, labels: [0] } as unknown as Scenario),
      scenarioKey({ ...base, labels: [-0] } as unknown as Scenario),
      scenarioKey({ ...base, labels: undefined } as unknown as Scenario),
      scenarioKey({ ...base, labels: ["\u0000-0"] } as unknown as Scenario),
    ];
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("fails a mutant at the case its own run fails, and passes the core, in one run", async () => {
    const mutant = mutants.find((m) => m.id === "units-utf16-code-units")!;
    const defs = [property("units.astral-counts-one"), property("units.exact-formula")];
    const all = await Promise.all(defs.map((def) => casesOf(def, settings())));
    expect(distinctCases(all).length).toBeLessThanOrEqual(all.reduce((n, c) => n + c.scenarios.length, 0));
    const subjects = [
      { id: "core", host: createInProcessHost(await loadUnpatchedCore()) },
      { id: mutant.id, host: createInProcessHost(await loadMutant(mutant)) },
    ];
    // Two shards, merged, as full-marks.test.ts runs them.
    const shards = await Promise.all([0, 1].map((shard) => runCasesOnMany(all, subjects, reference, (d) => d % 2 === shard)));
    const failures = mergeFailures(shards.map((s) => s.failures));
    expect(failures.filter((f) => f.subjectId === "core")).toEqual([]);
    for (const def of defs) {
      const failure = failures.find((f) => f.subjectId === mutant.id && f.propertyId === def.id);
      const alone = await runOne(def, { subject: subjects[1]!.host, reference }, { ...settings(), shrink: false });
      expect(alone.status, def.id).toBe("failed");
      expect(failure?.status, def.id).toBe("failed");
      expect(scenarioKey(failure!.counterexample!), def.id).toBe(scenarioKey(alone.counterexample!));
    }
  });
});
