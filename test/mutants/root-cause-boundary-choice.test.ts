import { afterAll, describe, expect, it } from "vitest";
import * as core from "../../src/core";
import { createInProcessHost } from "../../src/grader/in-process-host";
import * as countsOldSummary from "../heldout/boundary-counts-old-summary/index";
import { make } from "../heldout/s12-boundary-latest-cut/compose";
import { coreReference } from "../variants/grade";
import { analysisOn } from "./root-cause-analysis";

// Two mistakes answer a later cut than §6's earliest one that fits: one reckons otherwise what
// fits (the current summary counted, a strict comparison, an off-by-one in the latest cut), the
// other chooses another cut among those that fit (the latest). They are one rule and two
// mistakes (src/grader/root-cause/refine-boundary.ts): asked again with targetUnits at its
// largest, a mistake of the choice still answers a later whole-group cut. Subjects: held-out DEV
// s12-boundary-latest-cut (seen failing before the change: one root cause, boundary.answer, for
// both of its mistakes) and boundary-counts-old-summary (one mistake, one root cause).

const reference = coreReference();
afterAll(() => reference.close());
const CHOICE = "a later whole-group cut than the earliest that fits";

describe("a boundary that is not the earliest that fits", () => {
  it("the latest cut chosen: its own root cause, named for the choice", async () => {
    const subject = createInProcessHost({ ...core, ...make(new Set(["latest-cut-chosen"])) });
    const { analysis } = await analysisOn({ subject, reference }, ["boundary.earliest-fit"]);
    expect(analysis.rootCauses.map((c) => c.id)).toEqual(["boundary.answer"]);
    expect(analysis.rootCauses[0]!.title).toContain(CHOICE);
  }, 300_000);

  it("what fits reckoned otherwise (the current summary counted): one root cause, not named for the choice", async () => {
    const subject = createInProcessHost({ ...countsOldSummary });
    const { analysis } = await analysisOn({ subject, reference }, ["boundary.earliest-fit", "boundary.monotone-in-target"]);
    expect(analysis.rootCauses.map((c) => c.id)).toEqual(["boundary.answer"]);
    expect(analysis.rootCauses[0]!.title).not.toContain(CHOICE);
  }, 300_000);

  it("both mistakes of s12-boundary-latest-cut: two root causes", async () => {
    const subject = createInProcessHost({ ...core, ...make(new Set(["latest-off-by-one", "latest-cut-chosen"])) });
    const ids = ["boundary.earliest-fit", "sequence.record-units-match"];
    const { analysis } = await analysisOn({ subject, reference }, ids);
    expect(analysis.rootCauses.map((c) => [c.id, c.title.includes(CHOICE)])).toEqual([
      ["boundary.answer", false],
      ["boundary.answer-2", true],
    ]);
  }, 300_000);
});
