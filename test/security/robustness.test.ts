import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { fixture, gradeStandIn, QUICK_LIMITS, reportText, UNITS_GOOD } from "./support";

// Issue 24, the parent's robustness: whatever comes out of the child, the grader survives it,
// within bounded memory, and says what happened. An endless reply line used to crash it
// ("Invalid string length"); ~60 MB per answer drove it to gigabytes.

describe("the grader survives what the child sends", () => {
  it("an endless reply line is cut at the line cap, as tampering with a clear reason", async () => {
    const result = await gradeStandIn(UNITS_GOOD, {
      driverModule: fileURLToPath(new URL("./drivers/endless-line.ts", import.meta.url)),
      limits: { ...QUICK_LIMITS, scenarioTimeoutMs: 2000 },
    });
    expect(result.score).toBe(0);
    expect(reportText(result)).toMatch(/protocol violation: the child sent a reply line longer than \d+ MiB/);
  });

  it("an observation over the size cap is tampering, named as such, and never reaches the parent", async () => {
    const result = await gradeStandIn(fixture("huge-observation"), { numRuns: 2, limits: { ...QUICK_LIMITS, memoryMb: 512, scenarioTimeoutMs: 10_000 } });
    expect(result.score).toBe(0);
    expect(reportText(result)).toMatch(/global tampering: an observation of more than \d+ MiB/);
  });
});
