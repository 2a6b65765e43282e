import { describe, expect, it } from "vitest";
import { dataLimitBytes, probeConfinement } from "../../../src/grader/sandbox/plan";
import { gradeStandIn, onLinux, QUICK_LIMITS } from "../support";
import { redteamFixture } from "./support";

// Red-team pass (session 10): resources a submission can take beyond its limits, at the cost of
// the machine and of every other student graded on it at the same time.

// Where prlimit is missing the report warns ("memory outside the heap not capped").
describe.runIf(onLinux && probeConfinement().dataLimit)("the child's memory is capped, not only its heap", () => {
  it("array buffers stop at the data limit (a 128 MB heap held 2 GiB of them)", async () => {
    const result = await gradeStandIn(redteamFixture("external-memory"), { numRuns: 1 });
    const held = Number(/"value":(\d+)/.exec(result.properties[0]!.message ?? "")?.[1]);
    expect(held).toBeGreaterThan(0);
    expect(held * 2 ** 20).toBeLessThanOrEqual(dataLimitBytes(QUICK_LIMITS.memoryMb));
    expect(result.sandbox.isolation.join("\n")).toMatch(/maps at most \d+ MiB of memory in all/);
  });
});
