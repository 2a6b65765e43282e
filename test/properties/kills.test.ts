import { describe, it } from "vitest";
import { scenarioEngineProperties } from "../../properties";
import { KILLS } from "./kill-table";
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
    expectEveryModuleUsed(KILLS, brokenNames);
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
