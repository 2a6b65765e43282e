import type fc from "fast-check";
import { describe, expect, it } from "vitest";
import { COMPACT_REGIMES, abortReasonScenario, boundaryScenario, buildScenario, compactScenario, frozenBuildScenario, groupsScenario, repeatedIdsScenario, unitsScenario } from "../../generators";
import type { Scenario } from "../../src/scenario/scenario";
import { assertOnlyValid, assertSameSeedSameValues, assertShrinkKeepsValid } from "./_checks";
import { scenarioProblems } from "./_validity";

const cases: [string, () => fc.Arbitrary<Scenario>][] = [
  ["buildScenario", () => buildScenario()],
  ["frozenBuildScenario", () => frozenBuildScenario()],
  ["unitsScenario", () => unitsScenario()],
  ["groupsScenario", () => groupsScenario()],
  ["boundaryScenario", () => boundaryScenario()],
  ["compactScenario any", () => compactScenario()],
  ...COMPACT_REGIMES.map((regime): [string, () => fc.Arbitrary<Scenario>] => [`compactScenario ${regime}`, () => compactScenario({ regime })]),
  ["abortReasonScenario", () => abortReasonScenario()],
  ["repeatedIdsScenario", () => repeatedIdsScenario()],
];

describe.each(cases)("%s", (_name, arb) => {
  it("gives the same scenarios for the same seed", () => assertSameSeedSameValues(arb(), [1, 2]));
  it("generates only scenarios that reach the class their labels claim", () => {
    expect(assertOnlyValid(arb(), scenarioProblems, 100)).toBe(100);
  });
  it("keeps scenarios valid while shrinking", () => {
    expect(assertShrinkKeepsValid(arb(), scenarioProblems, [3, 5, 8])).toBeGreaterThanOrEqual(10);
  });
});
