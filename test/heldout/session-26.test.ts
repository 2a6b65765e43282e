// What session 26's analysis tells apart, on the material that showed it (the third set, measured
// once blind and opened as DEV this session), graded as `npm run heldout:measure` grades them:
// one mistake, one root cause, where each used to give two; two mistakes of the record, two.
import { describe, expect, it } from "vitest";
import { heldoutRootCauses } from "../_helpers/heldout-grades";

const rootCauses = await heldoutRootCauses("session-26");

describe.concurrent("session 26: one root cause per mistake on the third set", () => {
  it("step 6's limit taken on the summary's units, alone: one root cause, the summary's length", { timeout: 300_000 }, async () => {
    const { ids } = await rootCauses("b3-student-gus", "summary-limit-on-units");
    expect(ids).toEqual(["step6.tooLong"]);
  });

  it("every missing option refused as a budget, alone: one root cause of the options, whichever field", { timeout: 300_000 }, async () => {
    const { ids } = await rootCauses("b3-student-hana", "missing-option-as-budget");
    expect(ids).toEqual(["options.budgets"]);
  });

  it("arguments' units carried from one call of a tool to the next, alone: one root cause, the sum's", { timeout: 300_000 }, async () => {
    const { ids } = await rootCauses("b3m-gus-estimator-walk", "arguments-units-cached-by-tool-name");
    expect(ids).toEqual(["units.context"]);
  });

  it("requirements reserved without their base, alone: one root cause, the requirements reckoned otherwise", { timeout: 300_000 }, async () => {
    const { ids, titles } = await rootCauses("b3m-hana-walk-replyround-reserves", "requirements-without-base");
    expect(ids).toEqual(["boundary.answer"]);
    expect(titles[0]).toContain("requirements");
  });

  it("a record's boundary counting the kept messages and its ids one per group: two root causes of the result", { timeout: 300_000 }, async () => {
    const { ids, titles } = await rootCauses("b3-student-hana", null);
    const result = titles.filter((_, i) => ids[i]!.startsWith("step8.result"));
    expect(result).toHaveLength(2);
    expect(result.some((t) => t.includes("record.boundary"))).toBe(true);
    expect(result.some((t) => t.includes("record.compactedMessageIds"))).toBe(true);
  });
});
