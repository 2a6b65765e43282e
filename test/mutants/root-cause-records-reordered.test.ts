import { afterAll, describe, expect, it } from "vitest";
import * as core from "../../src/core";
import { createInProcessHost } from "../../src/grader/in-process-host";
import { make as erin } from "../heldout/student-erin/compose";
import * as erinExports from "../heldout/student-erin/index";
import { coreReference } from "../variants/grade";
import { analysisOn } from "./root-cause-analysis";

// Session 15: the new record put first in context.compactions (Erin's record-prepended), the
// right record returned, is one mistake, the list of records, whichever old record happens to sit
// last where the new one belongs. Seen failing before the change: two root causes, one named by
// record.compactedMessageIds (the old record's, read as the new one's), one by context.compactions.

const reference = coreReference();
afterAll(() => reference.close());

describe("records kept in another order", () => {
  it("a record prepended is one root cause, the list of records", async () => {
    const subject = createInProcessHost({ ...core, ...erinExports, ...erin(new Set(["record-prepended"])) });
    const { analysis } = await analysisOn({ subject, reference }, ["compaction.one-record-appended", "sequence.nothing-lost", "strength.derived-context-limits", "strength.compacted-context-limits"]);
    expect(analysis.rootCauses.map((c) => [c.id, c.properties.length])).toEqual([["step8.result", 4]]);
    expect(analysis.rootCauses[0]!.title).toMatch(/returns another context\.compactions/);
  }, 300_000);
});
