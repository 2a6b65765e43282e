import { describe, expect, it } from "vitest";
import { failedText, rootCauseLines } from "../../src/grader/report/format";
import type { RootCause } from "../../src/grader/result";
import { joinSkippedFailures } from "../../src/grader/skipped-causes";
import { judgeImplementation } from "../../scripts/heldout/rates";

// A mistake found by asking (root-cause/units-battery.ts) explains no property: reports say so
// instead of "0 failed properties", the grade keeps it, and the held-out measure gives it to the
// mistake whose grade alone names the same rule.

const asked: RootCause = {
  id: "units.J(number)",
  title: "Numbers in tool arguments are counted otherwise — §4: J(number) = 1 + String(n).length",
  explanation: "…",
  criterion: "units",
  differences: [{ layer: "units", question: "J(-1)", subject: "2", contract: "3" }],
  properties: [],
  foundByAsking: true,
};

describe("a root cause found by asking", () => {
  it("is worded as found by asking, with the answers side by side", () => {
    expect(failedText(asked)).toBe("found by asking, no failed property of its own");
    expect(rootCauseLines(asked, 2)).toEqual([`3. ${asked.title} — found by asking, no failed property of its own [units.J(number)]`, "   your J(-1) = 2; the contract's = 3"]);
  });

  it("stays in the grade when failures are moved between root causes", () => {
    expect(joinSkippedFailures([], [asked])).toEqual([asked]);
  });

  it("belongs to the mistake whose grade alone has a root cause of its title", () => {
    const verdict = judgeImplementation({
      id: "x",
      mistakes: [{ id: "a", criterion: "units" }, { id: "b", criterion: "units" }],
      rootCauses: [{ id: "units.toolResult", title: "t", properties: ["p"] }, { id: asked.id, title: asked.title, properties: [], foundByAsking: true }],
      alone: new Map([["a", new Set(["p"])], ["b", new Set(["p"])]]),
      aloneCauses: new Map([["a", new Set(["t"])], ["b", new Set([asked.title])]]),
    });
    expect(verdict.causes.map((c) => c.owners)).toEqual([["a", "b"], ["b"]]);
    expect(verdict.missed).toEqual([]);
    expect(verdict.countRight).toBe(true);
  });
});
