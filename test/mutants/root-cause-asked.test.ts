import { afterAll, describe, expect, it } from "vitest";
import * as core from "../../src/core";
import { createInProcessHost } from "../../src/grader/in-process-host";
import { UpstreamProbe } from "../../src/grader/root-cause/probe";
import { unitsBattery } from "../../src/grader/root-cause/units-battery";
import { make as unitsThree } from "../heldout/multi-units-three/compose";
import { make as jsonShapes } from "../heldout/s12-units-json-shapes/compose";
import { make as jsonText } from "../heldout/s15-units-json-text/compose";
import { make as assistantBase } from "../heldout/s15-assistant-base-record-ids/compose";
import { make as erin } from "../heldout/student-erin/compose";
import * as erinExports from "../heldout/student-erin/index";
import { cancelBattery } from "../../src/grader/root-cause/cancel-battery";
import { make as optionsThree } from "../heldout/s12-options-retain-summarymax-fraction/compose";
import { optionsBattery } from "../../src/grader/root-cause/options-battery";
import { coreReference } from "../variants/grade";
import { analysisOf, analysisOn } from "./root-cause-analysis";

// Session 15: a units mistake that no counterexample shows, because another row of §4 departs
// first in every one, is found by asking the battery of small contexts (units-battery.ts), one
// more root cause with no property of its own; likewise a check of the options behind another
// (options-battery.ts). Seen failing before the change: the three implementations below got two
// root causes for their three mistakes.

const reference = coreReference();
afterAll(() => reference.close());
const hostOf = (exports: Record<string, unknown>) => ({ subject: createInProcessHost({ ...core, ...exports }), reference });
const UNITS = ["units.exact-formula", "units.additive", "units.key-order-irrelevant"];

describe("units rows found by asking", () => {
  it("the reference departs on no question of either battery", async () => {
    const host = createInProcessHost({ ...core });
    expect(await unitsBattery(new UpstreamProbe(host), new Set())).toEqual([]);
    expect(await optionsBattery(new UpstreamProbe(host), new Set())).toEqual([]);
    expect(await cancelBattery(new UpstreamProbe(host))).toBeNull();
  });

  it("an abort missed, with no failure of its own beside a units mistake, is found by asking the aborts", async () => {
    const { analysis } = await analysisOn(hostOf({ ...erinExports, ...erin(new Set(["requirement-base-4", "signal-only-listened"])) }), ["units.exact-formula"]);
    expect(analysis.rootCauses.map((c) => [c.id, c.foundByAsking === true])).toEqual([["units.requirement", false], ["step5.abort", true]]);
  }, 300_000);

  it("a fractional targetUnits taken, behind a refused edge and a broken check, is found by asking the options", async () => {
    const { analysis } = await analysisOn(hostOf(optionsThree.all()), ["strength.option-budget-edges", "boundary.options-validation-codes"], false);
    const asked = analysis.rootCauses.filter((c) => c.foundByAsking === true);
    expect(asked.map((c) => c.title)).toEqual([expect.stringMatching(/accepted although they break targetUnits/)]);
    expect(asked[0]!.differences?.[0]?.question).toMatch(/"targetUnits":10\.5/);
    expect(analysis.rootCauses).toHaveLength(3);
  }, 300_000);

  it("three units mistakes are three root causes, the hidden one found by asking", async () => {
    const { analysis } = await analysisOn(hostOf(unitsThree.all()), UNITS, false);
    const ids = analysis.rootCauses.map((c) => c.id).sort();
    expect(ids).toEqual(["units.J(boolean)", "units.J(number)", "units.toolPair"]);
    const asked = analysis.rootCauses.filter((c) => c.foundByAsking === true);
    expect(asked.every((c) => c.properties.length === 0 && c.differences?.[0]?.question.startsWith("J(") === true)).toBe(true);
  }, 300_000);

  it("an array's separators left out is found behind two other rows", async () => {
    const { analysis } = await analysisOn(hostOf(jsonShapes.all()), UNITS, false);
    expect(analysis.rootCauses.map((c) => c.id)).toContain("units.J(array)");
    expect(new Set(analysis.rootCauses.map((c) => c.id)).size).toBe(analysis.rootCauses.length);
  }, 300_000);

  it("a key counted with its quotes hides no value's row: numbers and arrays are asked apart from their key", async () => {
    const { analysis } = await analysisOn(hostOf(jsonText.all()), UNITS, false);
    expect(analysis.rootCauses.map((c) => c.id).sort()).toEqual(["units.J(array)", "units.J(number)", "units.J(object)"]);
  }, 300_000);

  it("an assistant's base left out is one row, whether its message holds text or calls", async () => {
    const { analysis } = await analysisOn(hostOf(assistantBase(new Set(["assistant-base-missing"]))), UNITS);
    expect(analysis.rootCauses.map((c) => c.id)).toEqual(["units.assistant"]);
  }, 300_000);

  it("one units mistake asks nothing more: numbers without their base stay one root cause", async () => {
    const { analysis } = await analysisOf("units-number-without-base", ["units.exact-formula", "units.additive"], reference);
    expect(analysis.rootCauses.map((c) => c.id)).toEqual(["units.J(number)"]);
  }, 300_000);
});
