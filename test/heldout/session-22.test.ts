// What session 22's analysis tells apart, on the material that showed it, graded as `npm run
// heldout:measure` grades them: in a program, a compaction step whose only departure is the
// request its summarizer got (step 4) is where a failure departs only when the property's verdict
// turns on that call; a verdict read from a later step's record belongs to the later step's mistake.
import { describe, expect, it } from "vitest";
import { heldoutRootCauses } from "../_helpers/heldout-grades";

const rootCauses = await heldoutRootCauses("session-22");

describe.concurrent("session 22: one root cause per mistake on the DEV material", () => {
  it("a request asked otherwise early in a program does not take a later record's failures", { timeout: 300_000 }, async () => {
    const { ids, properties } = await rootCauses("s22-flow-numberbase-noretain-textbudget-beforesummary", null);
    expect(ids.sort()).toEqual(["step3.boundary", "step4.request", "step8.result", "units.J(number)"]);
    expect(properties.get("step4.request")).toEqual(["compaction.request-exact"]);
    expect(properties.get("step8.result")).toEqual(expect.arrayContaining(["sequence.record-units-match", "strength.compacted-context-limits"]));
  });
});

describe.concurrent("session 22: the s23- material (DEV)", () => {
  it("three record mistakes: three root causes, frozen-ness not merged with the record's units", { timeout: 300_000 }, async () => {
    const { ids, properties } = await rootCauses("s23-records-summaryid-unfrozen-afterbase", null);
    expect(ids.sort()).toEqual(["frozen.results", "step8.result", "step8.result-2"]);
    expect(properties.get("frozen.results")).toEqual(["compaction.all-frozen"]);
  });
});
