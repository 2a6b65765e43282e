import { describe, expect, it } from "vitest";
import { fixture, gradeStandIn, reportText } from "./support";

// Issue 24, forged replies: three ways a submission whose functions are wrong made the grade say
// they were right (3/3 on the stand-in properties). Each must score 0 and say why.

describe("a submission cannot forge the driver's replies", () => {
  it("through an inherited toJSON on Object.prototype (the reply is serialised by the grader's own code, the tampering note cannot be dropped)", async () => {
    const result = await gradeStandIn(fixture("forge-tojson"));
    expect(result.score).toBe(0);
    expect(reportText(result)).toMatch(/global tampering/);
  });

  it("through fs.writeSync replaced and module.syncBuiltinESMExports() (node:fs and node:module cannot be imported)", async () => {
    const result = await gradeStandIn(fixture("forge-writesync"));
    expect(result.score).toBe(0);
    expect(reportText(result)).toMatch(/imports node:fs, which a submission may not use/);
  });

  it("with the reply key read from v8.getHeapSnapshot() (node:v8 cannot be imported)", async () => {
    const result = await gradeStandIn(fixture("forge-heap-key"));
    expect(result.score).toBe(0);
    expect(reportText(result)).toMatch(/imports node:v8, which a submission may not use/);
  });
});
