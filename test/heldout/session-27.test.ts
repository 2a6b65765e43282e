// What session 27's analysis tells apart, on the material that showed it (the fourth set, measured
// once blind and opened as DEV this session), graded as `npm run heldout:measure` grades them:
// one mistake, one root cause, where each used to give two; three mistakes, three.
import { describe, expect, it } from "vitest";
import { heldoutRootCauses } from "../_helpers/heldout-grades";

const rootCauses = await heldoutRootCauses("session-27");

describe.concurrent("session 27: one root cause per mistake on the fourth set", () => {
  it("the summary's budget checked with the requirements added, alone: one root cause, the size check measured otherwise", { timeout: 300_000 }, async () => {
    const { ids, titles } = await rootCauses("b4m-ivy-flow-summary-budget-keeps-previous", "summary-budget-counts-requirements");
    expect(ids).toEqual(["step6.size"]);
    expect(titles[0]).toContain("measured otherwise");
  });

  it("a summaryMaxUnits below 7 refused, alone: one root cause of the budgets (the battery asks on a base the submission accepts)", { timeout: 300_000 }, async () => {
    const { ids } = await rootCauses("b4m-jon-reader-typecode-summarymin", "summarymax-below-smallest-summary-refused");
    expect(ids).toEqual(["options.budgets"]);
  });

  it("tool rounds listed before the other groups, alone: one root cause, the grouping (the walk cuts where its groups allow)", { timeout: 300_000 }, async () => {
    const { ids } = await rootCauses("b4m-kim-groups-order-chain", "rounds-listed-first");
    expect(ids).toEqual(["groups.rounds"]);
  });

  it("an over-long summaryId refused with CONTEXT_INVALID_INPUT, alone: the ids' check, not a budget at its edge", { timeout: 300_000 }, async () => {
    const { ids } = await rootCauses("b4m-jon-wrapper-nullbudget-idcode-signalrelay", "overlong-id-invalid-input");
    expect(ids).toEqual(["options.ids"]);
  });

  it("invisible characters free, a group priced by its first message, results listed by call id: three root causes", { timeout: 300_000 }, async () => {
    const { ids, titles } = await rootCauses("b4m-ivy-estimator-walk-resultids", null);
    expect(ids).toHaveLength(3);
    expect(titles.find((_, i) => ids[i]!.startsWith("step8.result"))).toContain("record.compactedMessageIds");
  });
});
