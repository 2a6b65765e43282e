import { afterAll, describe, expect, it } from "vitest";
import * as core from "../../src/core";
import { createInProcessHost } from "../../src/grader/in-process-host";
import { make as overlapS12 } from "../heldout/s12-grouping-overlap-inclusive/compose";
import { make as surrogateS15 } from "../heldout/s15-surrogate-cut-by-message/compose";
import { coreReference } from "../variants/grade";
import { analysisOn } from "./root-cause-analysis";

// Session 15: a boundary that departs because of what it stands on. Its cut, given by §6's walk
// with the submission's own units, is the units' mistake (refine-boundary.ts unitsBehindCut: a
// boundary that counts with the student's estimator while compactContext's checks count with
// another, so re-judging the whole compaction with its units does not pass); a cut inside one of
// the contract's rounds, from a submission whose own groups of the transcript differ, is the
// grouping's (groupsBehindCut). Seen failing before the change: a lone surrogate counted 0 got
// units.u and boundary.answer; two grouping mistakes got a third root cause, boundary.answer.

const reference = coreReference();
afterAll(() => reference.close());
const hostOf = (exports: Record<string, unknown>) => ({ subject: createInProcessHost({ ...core, ...exports }), reference });

describe("a boundary answered otherwise because of its units or its groups", () => {
  it("a lone surrogate counted 0, by the estimator the boundary uses, is one root cause", async () => {
    const { analysis } = await analysisOn(hostOf(surrogateS15(new Set(["lone-surrogate-zero"]))), ["units.exact-formula", "boundary.earliest-fit", "compaction.record-fields-exact"]);
    expect(analysis.rootCauses.map((c) => c.id)).toEqual(["units.u"]);
  }, 300_000);

  it("two grouping mistakes are two root causes, the boundary's failures under the groups", async () => {
    const { analysis, failed } = await analysisOn(hostOf(overlapS12.all()), ["groups.tile-transcript-in-order", "groups.finest-split", "boundary.earliest-fit", "boundary.null-or-group-end", "differential.boundary-same-as-reference"], false);
    const boundary = failed.map((f) => f.propertyId).filter((id) => id.includes("boundary"));
    expect(boundary.length, "a boundary property fails (else the test proves nothing)").toBeGreaterThan(0);
    for (const id of boundary) expect(analysis.causeOf.get(id)).toMatch(/^groups\.rounds/);
  }, 300_000);
});
