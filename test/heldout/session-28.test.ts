// What session 28's analysis tells apart, on the material that showed it (the first blind set's
// several-mistake implementations, opened as DEV this session), graded as `npm run
// heldout:measure` grades them: one mistake, one root cause, where each used to give two; two
// mistakes of the boundary, two root causes where they were one.
import { describe, expect, it } from "vitest";
import { heldoutRootCauses } from "../_helpers/heldout-grades";

const rootCauses = await heldoutRootCauses("session-28");

describe.concurrent("session 28: one root cause per mistake on the first set's opened part", () => {
  it("summaryMaxUnits equal to targetUnits refused, alone: one root cause at that edge (the step off it keeps maxUnits valid)", { timeout: 300_000 }, async () => {
    const { ids, titles } = await rootCauses("multi-options-equal-maxunits", "summarymax-equal-target-refused");
    expect(ids).toEqual(["options.budgets"]);
    expect(titles[0]).toContain("summaryMaxUnits <= targetUnits holds exactly");
  });

  it("strings measured in UTF-16 units for 65536, alone: one root cause, the text of its strings (also at the total's limit)", { timeout: 300_000 }, async () => {
    const { ids } = await rootCauses("multi-reading-getter-utf16", "string-limit-utf16");
    expect(ids).toEqual(["build.limits"]);
  });

  it("the new summary keeping the old summary's id, alone: one root cause, not a text trimmed", { timeout: 300_000 }, async () => {
    const { ids, titles } = await rootCauses("multi-record-three", "new-summary-keeps-old-id");
    expect(ids).toEqual(["step8.result"]);
    expect(titles[0]).toContain("context.summary.id");
  });

  it("the current summary counted and a group past the retained messages accepted: two root causes of the boundary", { timeout: 300_000 }, async () => {
    const { ids, titles } = await rootCauses("multi-boundary-two", null);
    expect(ids).toHaveLength(2);
    expect(titles.some((t) => t.includes("the current summary reckoned"))).toBe(true);
    expect(titles.some((t) => t.includes("past messages.length - retainRecentMessages"))).toBe(true);
  });

  it("a throw after resolving taken as a failure, alone: one root cause, the resolvers", { timeout: 300_000 }, async () => {
    const { ids } = await rootCauses("student-carol", "throw-after-resolve-fails");
    expect(ids).toEqual(["step5.resolvers"]);
  });
});
