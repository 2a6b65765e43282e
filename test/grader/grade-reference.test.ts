import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { allProperties } from "../../properties/index";
import { grade } from "../../src/grader/grade";

// The root-cause analysis compares observed facts (frozen-ness, identity…) with the reference
// core's observation of the same scenario (src/grader/root-cause/facts.ts). A grade loads the
// reference for it even when no selected property needs it, so a selection names the same
// root cause as the whole suite.

const submission = fileURLToPath(new URL("./submissions/groups-unfrozen", import.meta.url));
// It re-exports src/core: trusted, its imports may reach the project's root.
const importRoot = fileURLToPath(new URL("../..", import.meta.url));

describe("the reference core for the root-cause analysis", () => {
  it("a selection without a differential property still names the observed fact (groups not frozen: frozen results)", async () => {
    const properties = allProperties.filter((p) => p.id === "groups.frozen");
    expect(properties.map((p) => p.needsReference === true), "no selected property needs the reference (else the test proves nothing)").toEqual([false]);
    const result = await grade({ submission, properties, seed: 7, numRuns: 20, reportsDir: null, importRoot });
    expect(result.properties.map((p) => [p.id, p.status])).toEqual([["groups.frozen", "failed"]]);
    expect(result.rootCauses.map((c) => c.id)).toEqual(["frozen.results"]);
  }, 120_000);

  it("none is loaded when the caller says there is none (reference: null): the failure is its own root cause", async () => {
    const properties = allProperties.filter((p) => p.id === "groups.frozen");
    const result = await grade({ submission, properties, seed: 7, numRuns: 20, reportsDir: null, reference: null, importRoot });
    expect(result.rootCauses.map((c) => c.id)).toEqual(["groups.frozen"]);
  }, 120_000);
});
