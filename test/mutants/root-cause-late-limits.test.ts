import { afterAll, describe, expect, it } from "vitest";
import { coreReference } from "../variants/grade";
import { analysisOf } from "./root-cause-analysis";

// Session 15: a refusal of step 6 where the contract lets the summary through is one departure
// whatever the contract does later (CONTEXT_LIMIT_EXCEEDED after a short text is a limit of the
// new context, step 8, not step 6's length rule); and a refusal at the new context's limit of
// strings that the submission's miscount of the compacted context explains is that units
// mistake's (refine-limit.ts). Seen failing before the change: each mutant got two root causes
// (step6.size and step6.tooLong; units.summary and step6.tooLong, in two criteria).

const reference = coreReference();
afterAll(() => reference.close());

describe("refusals at step 6 and at the new context's limits", () => {
  it("a summary at exactly summaryMaxUnits refused is one root cause, also where the contract refuses later at a limit", async () => {
    const { analysis } = await analysisOf("summary-size-strict", ["compaction.record-fields-exact", "differential.compact-same-as-reference"], reference);
    expect(analysis.rootCauses.map((c) => c.id)).toEqual(["step6.size"]);
  }, 300_000);

  it("a summary counted without its id is one root cause, also where its count refuses the new context's strings", async () => {
    const { analysis } = await analysisOf("units-summary-id-forgotten", ["units.exact-formula", "strength.derived-context-limits"], reference);
    expect(analysis.rootCauses.map((c) => c.id)).toEqual(["units.summary"]);
  }, 300_000);
});
