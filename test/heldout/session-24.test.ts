// What session 24's analysis tells apart, on the material that showed it, graded as `npm run
// heldout:measure` grades them: a result built past the prefix (a raw throw where nothing is
// kept, a wrong field where a message is) is one mistake of step 8; a summary measured with
// another id, which departs both ways, is one size mistake; two forgotten ceilings of §3 are two.
import { describe, expect, it } from "vitest";
import { heldoutRootCauses } from "../_helpers/heldout-grades";

const rootCauses = await heldoutRootCauses("session-24");

describe.concurrent("session 24: one root cause per mistake on the DEV material", () => {
  it("the record's ids collected one past the prefix, alone: one root cause, the result's", { timeout: 300_000 }, async () => {
    const { ids } = await rootCauses("s23-flow-userquote-resultblank-idsshifted-nullsignal", "compacted-ids-shifted");
    expect(ids).toEqual(["step8.result"]);
  });

  it("Frank's summary measured with the record's id, alone: one root cause, the size check's", { timeout: 300_000 }, async () => {
    const { ids } = await rootCauses("student-frank", "summary-measured-with-record-id");
    expect(ids).toEqual(["step6.size"]);
  });

  it("Frank, all five mistakes: five root causes, the two ceilings apart", { timeout: 300_000 }, async () => {
    const { ids, titles } = await rootCauses("student-frank", null);
    expect(ids.sort()).toEqual(["boundary.answer", "build.limits", "build.limits-2", "step5.depth", "step6.size"]);
    expect(titles.filter((t) => t.includes("collection items") || t.includes("compactedMessageIds in one record"))).toHaveLength(2);
  });
});
