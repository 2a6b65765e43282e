import { afterAll, describe, expect, it } from "vitest";
import { SECOND_SEED, analysisOf } from "./root-cause-analysis";
import { coreReference } from "../variants/grade";

// What follows from a subject's upstream answer the contract never gives, judged again with
// it (src/model/compact.ts, src/grader/root-cause/probe.ts, recheck.ts): a boundary of 0 builds
// a record the contract's rebuild would refuse, a summary counted without its id may be counted
// apart in the compaction, a string the subject counts past its limit is asked in pieces, and
// units are asked before a rejection of the input as plain data is put under build. Each
// mutant has one defect; its failures here were two root causes before these rules.

const reference = coreReference();
afterAll(() => reference.close());

describe("failures that follow from an upstream answer", () => {
  it("boundary-answers-zero: the compactions over its boundary 0 (a record the rebuild would refuse) under the boundary's answer", async () => {
    const ids = ["boundary.retention-kept", "compaction.record-fields-exact", "compaction.units-before-after", "differential.compact-same-as-reference"];
    const { analysis } = await analysisOf("boundary-answers-zero", ids, reference);
    expect(analysis.rootCauses.map((c) => c.id)).toEqual(["boundary.answer"]);
    expect(analysis.rootCauses[0]!.criterion).toBe("boundary-selection");
  }, 300_000);

  it("units-summary-id-forgotten: a compaction that counts its new summary with the id (not as its estimate does) under the summary's row of §4", async () => {
    const { analysis } = await analysisOf("units-summary-id-forgotten", ["units.exact-formula", "strength.option-budget-edges"], reference, true, SECOND_SEED);
    expect(analysis.rootCauses.map((c) => c.id)).toEqual(["units.summary"]);
    expect(analysis.rootCauses[0]!.criterion).toBe("units");
  }, 300_000);

  it("units-utf16-code-units: options with astral ids it counts past the limit (asked in pieces), and a proxied input it refuses at the limit as plain data too, under u(s)", async () => {
    const ids = ["units.astral-counts-one", "strength.derived-context-limits", "limits.at-limit-builds"];
    const { analysis, failed } = await analysisOf("units-utf16-code-units", ids, reference, false);
    expect(failed.length, "each fails (else the test proves nothing)").toBe(3);
    expect(analysis.rootCauses.map((c) => c.id)).toEqual(["units.u"]);
  }, 300_000);
});
