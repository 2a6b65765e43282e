import { describe, expect, it } from "vitest";
import { fixture, gradeStandIn, reportText } from "./support";

// Issue 24, capabilities: what a bundle cannot import but the runtime used to hand out anyway
// (process.binding, getBuiltinModule, kill, report, file-descriptor streams, fetch, dynamic
// import of node: and data: specifiers...) is gone before the submission loads; node:util stays.

describe("the submission's capabilities", () => {
  it("none of the removed capabilities is left in the child (process.binding, getBuiltinModule, kill, report, fd streams, fetch, dynamic import...)", async () => {
    const result = await gradeStandIn(fixture("probe-capabilities"));
    expect(reportText(result)).toMatch(/present: none/);
  });

  it("a data: import (code from a string) is refused at bundle time, naming it", async () => {
    const result = await gradeStandIn(fixture("data-import"));
    expect(result.score).toBe(0);
    expect(reportText(result)).toMatch(/imports data:text\/javascript,export const units.*which a submission may not use/);
  });

  it("a submission importing node:util, as the course's code does, still grades in full", async () => {
    const result = await gradeStandIn(fixture("util-user"));
    expect(result.score).toBe(3);
  });
});
