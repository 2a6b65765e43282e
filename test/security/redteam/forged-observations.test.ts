import { describe, expect, it } from "vitest";
import { gradeStandIn, reportText } from "../support";
import { redteamProperties, setterProperties } from "./properties";
import { redteamFixture } from "./support";

// Red-team pass (session 10): forging what the driver observed without writing a reply. The
// submission cannot reach the reply pipe, the key or the serialiser; but the observation travels
// from the driver to the reply through promises, and the engine looks up `then` (resolving with
// an object) and `constructor` (awaiting a promise) on values whose prototypes the submission can
// change for a moment and put back before the globals check after the case. Each fixture's
// functions are wrong: 0 of 4 points is the honest grade.

describe("a submission cannot forge an observation through the promises that carry it", () => {
  it("a self-removing `then` getter on Object.prototype sees no record of the driver", async () => {
    const result = await gradeStandIn(redteamFixture("forge/then-getter.js"), { properties: redteamProperties });
    expect(result.properties.map((p) => p.status)).toEqual(["failed", "failed", "failed"]);
    expect(result.score).toBe(0);
  });

  it("Promise.prototype.constructor and then, replaced and put back, hijack no await of the driver or the child program", async () => {
    for (const numRuns of [1, 5]) {
      const result = await gradeStandIn(redteamFixture("forge/await-hijack.js"), { properties: redteamProperties, numRuns });
      expect(reportText(result)).not.toMatch(/"status":"passed"/);
      expect(result.score).toBe(0);
    }
  });
});

describe("a submission cannot rewrite what the driver records after a call", () => {
  it("setters planted for a moment on Array.prototype and Object.prototype write nothing of the driver's", async () => {
    const result = await gradeStandIn(redteamFixture("forge/setters.js"), { properties: setterProperties });
    expect(result.properties.map((p) => p.status)).toEqual(["failed", "failed"]);
    expect(result.score).toBe(0);
  });
});
