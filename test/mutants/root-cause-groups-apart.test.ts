import { afterAll, describe, expect, it } from "vitest";
import * as core from "../../src/core";
import { createInProcessHost } from "../../src/grader/in-process-host";
import { analyzeRootCauses } from "../../src/grader/root-cause/analyze";
import { groupsBattery } from "../../src/grader/root-cause/groups-battery";
import { UpstreamProbe } from "../../src/grader/root-cause/probe";
import { make as kindStart } from "../heldout/s19-groups-kind-start/compose";
import { coreReference } from "../variants/grade";
import { failuresOn } from "./root-cause-analysis";
import { suiteProperties } from "./matrix";

// Session 18, on the s19 held-out material (DEV): two grouping mistakes in one answer, plain
// messages labelled by their role and every later group started one message late. Every groups
// counterexample showed the label first, so the two were one root cause. The verdict of a
// property that does not look at labels (the groups tile the transcript) is named by the spans
// (focus.ts labelsAside), and the groups battery asks each shape of §5 once (groups-battery.ts).

const reference = coreReference();
afterAll(() => reference.close());
const suite = suiteProperties();

describe("two grouping mistakes in one answer, told apart", () => {
  it("the reference departs on no transcript of the groups battery", async () => {
    expect(await groupsBattery(new UpstreamProbe(createInProcessHost({ ...core })), new Set())).toEqual([]);
  }, 60_000);

  it("labels and starts are two root causes, each named in §5's words", async () => {
    const hosts = { subject: createInProcessHost({ ...core, ...kindStart.all() }), reference };
    const ids = ["groups.tile-transcript-in-order", "groups.finest-split", "differential.groups-same-as-reference"];
    const { failed } = await failuresOn(hosts, ids);
    expect(failed.map((v) => v.propertyId).sort(), "each fails (else the test proves nothing)").toEqual([...ids].sort());
    const input = failed.map((v) => ({ ...v, id: v.propertyId, title: v.propertyId }));
    const { rootCauses } = await analyzeRootCauses(input, { definitions: suite, subject: hosts.subject, reference });
    const details = rootCauses.map((c) => /\(([^)]*)\)/.exec(c.title)?.[1]).sort();
    expect(details).toEqual(["a group labelled neither message nor toolRound", "a group starts elsewhere"]);
  }, 300_000);
});
