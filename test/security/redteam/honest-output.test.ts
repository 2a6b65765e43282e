import { describe, expect, it } from "vitest";
import { gradeStandIn } from "../support";
import { redteamFixture } from "./support";

// Red-team pass (session 10): the hardened child must still run honest code. console.log and
// console.error are the first thing a student reaches for; they crashed the child (every
// property failed with "the child exited with code 1").

describe("an honest submission may write to the console", () => {
  it("console.log, console.error, console.warn and console.info keep full marks, and the output is noted, not graded", async () => {
    const result = await gradeStandIn(redteamFixture("console-output"));
    expect(result.properties.map((p) => p.message ?? "passed")).toEqual(["passed", "passed"]);
    expect(result.score).toBe(3);
    expect(result.warnings.join("\n")).toMatch(/the submission wrote \d+ characters to stdout\/stderr .*estimating 1 message/);
    expect(result.warnings.join("\n")).not.toMatch(/replaced/);
  });
});
