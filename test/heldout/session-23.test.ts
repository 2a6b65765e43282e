// What session 23's analysis tells apart, on the material that showed it, graded as `npm run
// heldout:measure` grades them: selectCompactionBoundary throwing CONTEXT_BOUNDARY_UNAVAILABLE
// where the contract answers null is the boundary's answer (§6), neither a refusal of the input
// nor, on the empty context the options are asked on, a refusal of the options.
import { describe, expect, it } from "vitest";
import { heldoutRootCauses } from "../_helpers/heldout-grades";

const rootCauses = await heldoutRootCauses("session-23");
const S23_BOUNDARY = "s23-boundary-retaineduncounted-nullthrown";

describe.concurrent("session 23: one root cause per mistake on the DEV material", () => {
  it("no boundary thrown, alone: one root cause, the boundary's answer", { timeout: 300_000 }, async () => {
    const { ids } = await rootCauses(S23_BOUNDARY, "no-boundary-thrown");
    expect(ids).toEqual(["boundary.answer"]);
  });

  it("with the retained messages left uncounted: two root causes, both the boundary's", { timeout: 300_000 }, async () => {
    const { ids } = await rootCauses(S23_BOUNDARY, null);
    expect(ids.sort()).toEqual(["boundary.answer", "boundary.answer-2"]);
  });
});
