import { afterAll, describe, expect, it } from "vitest";
import * as core from "../../src/core";
import { createInProcessHost } from "../../src/grader/in-process-host";
import { make as asyncS12 } from "../heldout/s12-async-then-twice-function-forged/compose";
import { make as boundaryS13 } from "../heldout/s13-boundary-reqs-removal/compose";
import { make as cancelS13 } from "../heldout/s13-cancel-undefined-aborted/compose";
import { coreReference } from "../variants/grade";
import { analysisOf, analysisOn } from "./root-cause-analysis";

// Session 14's questions of the explain phase (src/grader/root-cause), each seen failing before
// its change on the failures below (seed 20261129, 100 runs, shrunk as a grade shrinks):
// - a function with a then, answered right as an object's then: one mistake however the script
//   uses its resolvers (was two root causes, step5.resolvers and step5.reachedTwice);
// - `signal: undefined` refused: the signal's rule, whatever budgets the options have (was two
//   root causes under options.budgets, one per edge of the budgets shown);
// - a boundary whose answer changes when the requirements' units are taken off targetUnits,
//   beside a boundary mistake of what fits: two root causes (was one, from both mistakes);
// - a size check (§7 step 6) passed by a summary counted without its id, which the record's
//   unitsAfter shows too: one root cause (was step6.size and step8.result, in two criteria).

const reference = coreReference();
afterAll(() => reference.close());
const hostOf = (exports: Record<string, unknown>) => ({ subject: createInProcessHost({ ...core, ...exports }), reference });

describe("parts of a counterexample asked apart", () => {
  it("a function thenable ignored is one root cause, step5.functionThenable", async () => {
    const { analysis } = await analysisOn(hostOf(asyncS12(new Set(["function-thenable-ignored"]))), ["strength.resolvers-called-once", "strength.adoption-failures"]);
    expect(analysis.rootCauses.map((c) => [c.id, [...c.properties].sort()])).toEqual([["step5.functionThenable", ["strength.adoption-failures", "strength.resolvers-called-once"]]]);
  }, 300_000);

  it("signal: undefined refused is one root cause, options.signal", async () => {
    const { analysis } = await analysisOn(hostOf(cancelS13(new Set(["undefined-signal-refused"]))), ["strength.non-signal-rejected", "strength.non-signal-rejected-before-fast-path"]);
    expect(analysis.rootCauses.map((c) => c.id)).toEqual(["options.signal"]);
  }, 300_000);

  it("requirements left out and a fit checked before the cut are two boundary root causes", async () => {
    const { analysis } = await analysisOn(hostOf(boundaryS13(new Set(["requirements-not-reserved", "fit-checked-before-removal"]))), ["boundary.budget-met", "boundary.earliest-fit"]);
    const causes = analysis.rootCauses.map((c) => [c.id, [...c.properties]]);
    expect(causes).toHaveLength(2);
    expect(causes).toContainEqual(["boundary.answer", ["boundary.earliest-fit"]]);
    expect(analysis.rootCauses.find((c) => c.properties.includes("boundary.budget-met"))!.title).toMatch(/requirements reckoned otherwise/);
  }, 300_000);

  it("a summary counted without its id, in the size check and the record, is one root cause", async () => {
    const { analysis } = await analysisOf("summary-size-ignores-id", ["atomicity.failure-rejects", "compaction.units-before-after"], reference);
    expect(analysis.rootCauses.map((c) => [c.id, [...c.properties].sort()])).toEqual([["step8.result", ["atomicity.failure-rejects", "compaction.units-before-after"]]]);
  }, 300_000);
});
