import { afterAll, describe, expect, it } from "vitest";
import * as core from "../../src/core";
import { createInProcessHost } from "../../src/grader/in-process-host";
import { make } from "../heldout/s12-records-dropped-appended/compose";
import { coreReference } from "../variants/grade";
import { analysisOn } from "./root-cause-analysis";

// A compaction result that differs in several fields shows several mistakes at once; the field
// a failure is signed by is the one its property's verdict turned on
// (src/grader/root-cause/focus.ts), not the first in the contract's order. Subject: held-out
// DEV s12-records-dropped-appended (old records dropped, the summary appended to the previous
// one, unitsBefore of the messages only), seen failing before the change: the records'
// property (sequence.nothing-lost) signed by the summary's field, one root cause from two
// mistakes.

const reference = coreReference();
afterAll(() => reference.close());

const BY_MISTAKE: Record<string, readonly string[]> = {
  "old-records-dropped": ["compaction.one-record-appended", "sequence.nothing-lost"],
  "summary-appended-to-previous": ["compaction.summary-stored-exactly", "sequence.target-met"],
  "units-before-messages-only": ["compaction.record-fields-exact", "compaction.units-before-after"],
};

describe("a result differing in several fields", () => {
  it("each failure goes with the mistake its verdict is about: three mistakes, three root causes", async () => {
    const subject = createInProcessHost({ ...core, ...make(new Set(Object.keys(BY_MISTAKE))) });
    const { analysis } = await analysisOn({ subject, reference }, Object.values(BY_MISTAKE).flat());
    const groups = analysis.rootCauses.map((c) => [...c.properties].sort());
    expect(groups.sort()).toEqual(Object.values(BY_MISTAKE).map((ids) => [...ids].sort()).sort());
  }, 300_000);
});
