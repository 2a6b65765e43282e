import { afterAll, describe, expect, it } from "vitest";
import * as core from "../../src/core";
import { createInProcessHost } from "../../src/grader/in-process-host";
import { make } from "../heldout/s12-records-dropped-appended/compose";
import { coreReference } from "../variants/grade";
import { analyzeRootCauses } from "../../src/grader/root-cause/analyze";
import { runOne, suiteProperties } from "./matrix";

// A compaction result that differs in several fields shows several mistakes at once; the field
// a failure is signed by is the one its property's verdict turned on
// (src/grader/root-cause/focus.ts), not the first in the contract's order. Subject: held-out
// DEV s12-records-dropped-appended (old records dropped, the summary appended to the previous
// one, unitsBefore of the messages only), seen failing before the change: the records'
// property (sequence.nothing-lost) signed by the summary's field, one root cause from two
// mistakes. Shrunk as a grade shrinks (a result differing in one field alone shows that field is
// a mistake of its own; fields that always differ together are one mistake, as the catalogue's
// compacted-ids-off-by-one shows in src/grader/root-cause/focus.ts `separable`).

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
    const ids = Object.values(BY_MISTAKE).flat();
    const properties = suiteProperties().filter((p) => ids.includes(p.id));
    const hosts = { subject, reference };
    const failed = [];
    for (const property of properties) failed.push(await runOne(property, hosts, { seed: 20261129, numRuns: 100, shrink: true }));
    expect(failed.filter((v) => v.status === "failed").map((v) => v.propertyId).sort()).toEqual([...ids].sort());
    const analysis = await analyzeRootCauses(
      failed.map((v) => ({ ...v, id: v.propertyId, title: v.propertyId })),
      { definitions: properties, subject, reference },
    );
    const groups = analysis.rootCauses.map((c) => [...c.properties].sort());
    expect(groups.sort()).toEqual(Object.values(BY_MISTAKE).map((ids) => [...ids].sort()).sort());
  }, 300_000);
});
