// What session 21's analysis tells apart, on the fresh material that showed it (the `s22-`
// implementations, DEV), graded as `npm run heldout:measure` grades them: three units mistakes of
// one student's estimator are three rows (an empty context that costs something no longer signs
// every units failure; a container's per-item term is one row, not J(null) and J(array) and
// J(object)); a result that returns no record is one mistake, whichever record field a verdict read.
import { describe, expect, it } from "vitest";
import { heldoutRootCauses } from "../_helpers/heldout-grades";

const rootCauses = await heldoutRootCauses("session-21");

describe.concurrent("session 21: one root cause per mistake on the s22- material", () => {
  it("three units mistakes in one estimator: three rows of §4", { timeout: 300_000 }, async () => {
    expect((await rootCauses("s22-units-nosummary-calltext-commas", null)).ids.sort()).toEqual(["units.J(object)", "units.context", "units.text"]);
  });

  it("result.record one back (no record, or an old one): one root cause", { timeout: 300_000 }, async () => {
    expect((await rootCauses("s22-records-summarytext-recordoneback", "result-record-one-back")).ids).toEqual(["step8.result"]);
  });
});
