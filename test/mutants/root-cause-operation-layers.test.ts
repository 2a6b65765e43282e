import { afterAll, describe, expect, it } from "vitest";
import * as core from "../../src/core";
import { createInProcessHost } from "../../src/grader/in-process-host";
import { make } from "../heldout/multi-five/compose";
import { make as makeAlice } from "../heldout/student-alice/compose";
import * as aliceExports from "../heldout/student-alice/index";
import { coreReference } from "../variants/grade";
import { analysisOn } from "./root-cause-analysis";

// A failure is explained only by the contract's steps its call goes through
// (src/grader/root-cause/recheck.ts operationLayers, decorated.ts): groupToolRounds counts no
// units (§5), so a units mistake that departs on every context (estimateContextUnits one too
// many, even for an empty context) does not take a grouping mistake's failure, and groups
// returned where the contract returns groups are the grouping's departure, not the reading's.
// The subject: held-out DEV implementation multi-five with two of its five mistakes (seen
// failing before the change: one root cause, units.context, for both mistakes' failures).
// Also: a then's returned promise left without handlers is that one mistake of step 5, the leak
// it leaves what shows (held-out DEV student-alice with its mistake then-return-ignored alone;
// seen failing before: a second root cause, step5.unhandled).

const reference = coreReference();
afterAll(() => reference.close());

describe("the layers a failing call goes through", () => {
  it("a units mistake on every context and a grouping mistake: two root causes, the grouping's under groups.rounds", async () => {
    const subject = createInProcessHost({ ...core, ...make(new Set(["estimate-plus-one", "assistant-group-kind"])) });
    const { analysis } = await analysisOn({ subject, reference }, ["groups.finest-split", "units.exact-formula"]);
    const causeOf = (id: string) => analysis.rootCauses.find((c) => c.properties.includes(id))?.id;
    expect(causeOf("groups.finest-split")).toBe("groups.rounds");
    expect(causeOf("units.exact-formula")).toBe("units.context");
  }, 300_000);
});

describe("a leak that is a then's return value left without handlers", () => {
  it("a then that delivers the text and returns a rejecting promise, ignored: step5.thenReturns, not a second root cause for the leak", async () => {
    const subject = createInProcessHost({ ...aliceExports, ...makeAlice(new Set(["then-return-ignored"])) });
    const ids = ["async.no-unhandled-rejection", "async.resolution-wins"];
    const { analysis } = await analysisOn({ subject, reference }, ids);
    expect(analysis.rootCauses.map((c) => [c.id, [...c.properties].sort()])).toEqual([["step5.thenReturns", [...ids].sort()]]);
  }, 300_000);
});
