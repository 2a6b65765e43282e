import { describe, expect, it } from "vitest";
import { allProperties, scenarioEngineProperties } from "../../properties";
import { EDGE_KILLS, KILLS } from "./kill-table";
import { brokenModules, eachPropertyFails, expectEveryModuleUsed, expectNamesEveryProperty, expectOnlyKnownModules } from "./_kills";

// Every property of the scenario-engine families fails on at least one deliberately broken
// implementation (test/fixtures/broken/<name>.ts: src/core with one realistic bug). The other
// families have their own kill tests (hostile-, async-, sequences-kills; strength properties are
// killed in test/mutants/kill-matrix.test.ts). A property that no
// broken implementation can fail would be a test that cannot fail.

/** Generous: a run stops at its first failure, so this bounds only a (never seen) miss. */
const KILL_RUNS = 500;

const brokenNames = brokenModules("broken");

describe("every property fails on a broken implementation", () => {
  it("the kill table names every property, and only known broken modules", () => {
    expectNamesEveryProperty(KILLS, scenarioEngineProperties);
    expectOnlyKnownModules(KILLS, brokenNames);
  });

  it("every broken module is used by the kill table", () => {
    const byEdge = Object.fromEntries(Object.keys(EDGE_KILLS).map((module) => [`edge:${module}`, module]));
    expectEveryModuleUsed({ ...KILLS, ...byEdge }, brokenNames);
  });

  it("the edge table names known broken modules and known properties", () => {
    const ids = allProperties.map((p) => p.id);
    for (const [module, property] of Object.entries(EDGE_KILLS)) {
      expect(brokenNames).toContain(module);
      expect(ids).toContain(property);
    }
  });

  eachPropertyFails({
    folder: "broken",
    properties: scenarioEngineProperties,
    kills: KILLS,
    reference: true,
    numRuns: KILL_RUNS,
    message: { pattern: /expected/, says: "the message says what was expected" },
  });
});

// The edges of the contract (EDGE_KILLS): each broken module fails the property that reaches its
// edge, whichever family that property belongs to.
describe("every edge's broken implementation fails the property that reaches the edge", () => {
  const edgeProperties = Object.values(EDGE_KILLS).filter((id, i, all) => all.indexOf(id) === i);
  for (const [module, property] of Object.entries(EDGE_KILLS)) {
    const def = allProperties.find((p) => p.id === property);
    if (def === undefined) continue;
    describe(module, () => {
      eachPropertyFails({
        folder: "broken",
        properties: [def],
        kills: { [property]: module },
        reference: true,
        numRuns: KILL_RUNS,
      });
    });
  }
  it("names its properties", () => expect(edgeProperties.length).toBeGreaterThan(0));
});
