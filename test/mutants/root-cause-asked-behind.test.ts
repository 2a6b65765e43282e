import { afterAll, describe, expect, it } from "vitest";
import * as core from "../../src/core";
import { createInProcessHost } from "../../src/grader/in-process-host";
import { analyzeRootCauses } from "../../src/grader/root-cause/analyze";
import { asyncBattery } from "../../src/grader/root-cause/async-battery";
import { UpstreamProbe } from "../../src/grader/root-cause/probe";
import { readingBattery } from "../../src/grader/root-cause/reading-battery";
import { cancelBattery } from "../../src/grader/root-cause/cancel-battery";
import { make as mixedFour12 } from "../heldout/s12-mixed-four/compose";
import { make as mixedFour15 } from "../heldout/s15-mixed-four/compose";
import { make as multiFive } from "../heldout/multi-five/compose";
import { coreReference } from "../variants/grade";
import { failuresOn } from "./root-cause-analysis";
import { suiteProperties } from "./matrix";

// Session 16: a mistake of observing the summarizer's value, or of reading the input, that shows
// in no failure of its own because a mistake of another kind departs first in every
// counterexample, is found by asking: fixed questions judged by the async (or hostile)
// properties' own checks (async-battery.ts, reading-battery.ts), asked on the first small
// context the subject compacts (builds) right. Seen failing before the change: each case below
// had one root cause fewer than its mistakes (then-read-twice, outcome-inside-resolver and
// trap-escapes were missed).

const reference = coreReference();
afterAll(() => reference.close());
const suite = suiteProperties();
const family = (name: string) => suite.filter((d) => d.family === name);

/** The root causes of an implementation's failures on a few properties, judged with the whole suite's definitions (as a grade is). */
async function analysed(exports: Record<string, unknown>, propertyIds: readonly string[]) {
  const hosts = { subject: createInProcessHost({ ...core, ...exports }), reference };
  const { failed } = await failuresOn(hosts, propertyIds);
  expect(failed.map((v) => v.propertyId).sort(), "each fails (else the test proves nothing)").toEqual([...propertyIds].sort());
  const input = failed.map((v) => ({ ...v, id: v.propertyId, title: v.propertyId }));
  return analyzeRootCauses(input, { definitions: suite, subject: hosts.subject, reference });
}

const summary = (causes: readonly { id: string; foundByAsking?: true }[]) => causes.map((c) => [c.id, c.foundByAsking === true]);

describe("mistakes behind one of another kind, found by asking", () => {
  it("the reference departs on no question of the async, reading or cancellation batteries", async () => {
    const host = createInProcessHost({ ...core });
    expect(await asyncBattery(new UpstreamProbe(host), family("async"), new Set(), reference)).toBeNull();
    expect(await readingBattery(new UpstreamProbe(host), family("hostile"), new Set(), reference)).toBeNull();
    expect(await cancelBattery(new UpstreamProbe(host))).toBeNull();
  }, 120_000);

  it("then read twice, behind a boundary that refuses a group ending at latest, is asked on two messages", async () => {
    const causes = (await analysed(mixedFour12(new Set(["latest-off-by-one", "then-read-twice"])), ["boundary.earliest-fit", "async.thenable-reached-twice-called-once"])).rootCauses;
    expect(summary(causes)).toEqual([["boundary.answer", false], ["step5.thenable", true]]);
    expect(causes[1]!.properties).toEqual([]);
  }, 300_000);

  it("a then's returned Proxy never looked at, behind a reader that refuses summary: null, is asked with the summary left out", async () => {
    const causes = (await analysed(mixedFour15(new Set(["summary-null-refused", "outcome-inside-resolver"])), ["async.outcome-per-script", "async.unobservable-promise-refused"])).rootCauses;
    expect(summary(causes)).toEqual([["build.records", false], ["step5.thenReturns", true]]);
  }, 300_000);

  it("a trap's exception let out, behind a rejection left unhandled on every failure, is asked on a small build", async () => {
    const causes = (await analysed(multiFive(new Set(["unhandled-on-failure", "trap-escapes"])), ["hostile.only-contract-errors-escape", "async.no-unhandled-rejection"])).rootCauses;
    expect(summary(causes)).toEqual([["read.input", true], ["step5.unhandled", false]]);
  }, 300_000);

  it("a grade with no failed property is told of a mistake found by asking, in words that say so", async () => {
    const subject = createInProcessHost({ ...core, ...mixedFour12(new Set(["then-read-twice"])) });
    const { rootCauses } = await analyzeRootCauses([], { definitions: suite, subject, reference });
    expect(summary(rootCauses)).toEqual([["step5.thenable", true]]);
    expect(rootCauses[0]!.explanation).toMatch(/No property failed on it .*costs no points/);
  }, 120_000);

  it("one async mistake asks nothing more: then read twice alone stays one root cause", async () => {
    const causes = (await analysed(mixedFour12(new Set(["then-read-twice"])), ["async.thenable-reached-twice-called-once"])).rootCauses;
    expect(summary(causes)).toEqual([["step5.thenable", false]]);
  }, 300_000);
});
