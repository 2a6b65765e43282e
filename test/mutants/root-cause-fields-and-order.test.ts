import { afterAll, describe, expect, it } from "vitest";
import * as core from "../../src/core";
import { createInProcessHost } from "../../src/grader/in-process-host";
import { analyzeRootCauses } from "../../src/grader/root-cause/analyze";
import { UpstreamProbe } from "../../src/grader/root-cause/probe";
import { recordBattery } from "../../src/grader/root-cause/record-battery";
import { make as recordsKeptIdCopy } from "../heldout/s16-records-kept-id-copy/compose";
import { make as signalLateSummaryBase } from "../heldout/s16-signal-late-summary-base/compose";
import { make as mixedFourReaderAwait } from "../heldout/s16-mixed-four-reader-await/compose";
import { make as objectBaseUnhandled } from "../heldout/s16-object-base-unhandled/compose";
import { make as abortedReasonRequest } from "../heldout/s17-cancel-aborted-reason-request/compose";
import { make as stringBudgetFrozenInput } from "../heldout/s13-string-budget-frozen-input/compose";
import { coreReference } from "../variants/grade";
import { expectedFor } from "../../src/model/index";
import type { Scenario } from "../../src/scenario/scenario";
import { failuresOn } from "./root-cause-analysis";
import { suiteProperties } from "./matrix";

// Session 17, on the s16 held-out implementations (DEV): mistakes that always show together in a
// submission's answers, told apart by asking or by the order of §7's checks.
// - Three mistakes of the record in one result (the kept messages' ids as compactedMessageIds,
//   the record's id taken from summaryId, result.record a copy): every failure named the first
//   differing field, one root cause for three (record-battery.ts asks plain compactions field by
//   field; a verdict that turned on result.record's identity is that mistake's, ./focus).
// - The signal checked only after the fast path: a signal that is no AbortSignal and an accessor
//   as the signal were two root causes (the signal's check, the options' reading); one mistake
//   of order (late-check.ts).
// - The boundary looked for before the fast path: the fast path missed, and a cancellation
//   answered with CONTEXT_BOUNDARY_UNAVAILABLE, were two root causes; one mistake of order.
// - Every option checked only after the fast path (session 18): the budgets, the ids and the
//   signal each a root cause, and the options battery found five more on the empty context it
//   asks on; one mistake of order, also where no context can need compaction under maxUnits.
// - Two mistakes no rule named (each titled by the property that showed it): the caller's signal
//   put into the summarizer's request (step 4's signal), a frozen input returned as it is (§3's copy).
// - J({}) of a call's arguments counted 0: signed by the result's row (a call and its result
//   are measured together), beside the object's row; one row.
// Each case had one root cause more or fewer than its mistakes with the analysis of session 16.

const reference = coreReference();
afterAll(() => reference.close());
const suite = suiteProperties();

async function analysed(exports: Record<string, unknown>, propertyIds: readonly string[], seed?: number) {
  const hosts = { subject: createInProcessHost({ ...core, ...exports }), reference };
  const { failed } = await failuresOn(hosts, propertyIds, seed);
  expect(failed.map((v) => v.propertyId).sort(), "each fails (else the test proves nothing)").toEqual([...propertyIds].sort());
  const input = failed.map((v) => ({ ...v, id: v.propertyId, title: v.propertyId }));
  return (await analyzeRootCauses(input, { definitions: suite, subject: hosts.subject, reference })).rootCauses;
}

const ids = (causes: readonly { id: string }[]) => causes.map((c) => c.id);

describe("mistakes that always show together, told apart", () => {
  it("the reference departs on no field of the record battery", async () => {
    expect(await recordBattery(new UpstreamProbe(createInProcessHost({ ...core })), new Set())).toEqual([]);
  }, 60_000);

  it("three record mistakes in one result are three root causes, each with the failures its field explains", async () => {
    const causes = await analysed(recordsKeptIdCopy.all(), ["compaction.compacted-ids-are-prefix-ids", "compaction.record-fields-exact", "compaction.one-record-appended"]);
    expect(ids(causes).sort()).toEqual(["identity.record", "step8.result", "step8.result-2"]);
    const titled = (text: string) => causes.filter((c) => c.title.includes(text)).length;
    expect([titled("another record.compactedMessageIds)"), titled("another record.id)"), titled("result.record is not the last record")]).toEqual([1, 1, 1]);
    expect(causes.find((c) => c.id === "identity.record")!.properties).toEqual(["compaction.one-record-appended"]);
  }, 300_000);

  it("one record mistake asks nothing more: the compacted ids alone stay one root cause", async () => {
    const causes = await analysed(recordsKeptIdCopy(new Set(["compacted-ids-of-kept"])), ["compaction.compacted-ids-are-prefix-ids", "compaction.record-fields-exact"]);
    expect(ids(causes)).toEqual(["step8.result"]);
  }, 300_000);

  it("a signal checked only after the fast path is one mistake, whichever bad signal shows it", async () => {
    const causes = await analysed(signalLateSummaryBase(new Set(["signal-checked-after-fastpath"])), ["strength.non-signal-rejected-before-fast-path", "strength.signal-accessor-rejected"]);
    expect(ids(causes)).toEqual(["options.signal"]);
    expect(causes[0]!.title).toContain("checked only after the fast path");
  }, 300_000);

  it("every option checked only after the fast path is one mistake, whichever option is bad and whether or not a context can need compaction under it", async () => {
    // A student's wrapper: a context that fits is returned unchanged before any option is checked.
    const compactContext = (context: unknown, options: { readonly maxUnits?: unknown }) => {
      const units = core.estimateContextUnits(core.buildActiveContext(context as never));
      const fits = typeof options?.maxUnits === "number" && units <= options.maxUnits;
      return fits ? core.compactContext(context as never, { targetUnits: 1, summaryMaxUnits: 1, retainRecentMessages: 0, maxUnits: 1_000_000, summaryId: "s", recordId: "r", summarizer: () => "" }) : core.compactContext(context as never, options as never);
    };
    const causes = await analysed({ compactContext }, ["strength.option-budget-edges", "strength.non-signal-rejected-before-fast-path", "strength.signal-accessor-rejected"]);
    expect(ids(causes)).toEqual(["step2.fastPath"]);
    expect(causes[0]!.title).toContain("checked only after the fast path");
  }, 300_000);

  it("the boundary looked for before the fast path is one mistake, also where the contract cancels", async () => {
    const subject = createInProcessHost({ ...core, ...mixedFourReaderAwait(new Set(["fastpath-after-boundary-check"])) });
    const options = (maxUnits: number) => ({ maxUnits, targetUnits: maxUnits, summaryMaxUnits: maxUnits, retainRecentMessages: 0, summaryId: "x", recordId: "r" });
    const compaction = (requirements: unknown[], maxUnits: number, signal: "none" | "controller", abort: "none" | "beforeCall"): Scenario =>
      ({ operation: { kind: "compact", context: { requirements, summary: null, messages: [], compactions: [] }, prebuilt: false, options: options(maxUnits), summarizer: { kind: "text", text: "x", delivery: "sync" }, summarizerSlot: "script", signal, abort } }) as Scenario;
    // No message, so no boundary: one context that fits (the fast path), one that does not, aborted before the call.
    const cases = [
      ["fast-path.status-unchanged", compaction([], 1, "none", "none")],
      ["cancel.outcome-per-abort-point", compaction([{ id: "q", content: "x".repeat(30) }], 20, "controller", "beforeCall")],
    ] as const;
    const failures = [];
    for (const [id, scenario] of cases) {
      const observation = await subject.observe(scenario);
      const expected = expectedFor(scenario);
      expect(observation.outcome.kind === "threw" && observation.outcome.error.code, "the subject looks for the boundary first").toBe("CONTEXT_BOUNDARY_UNAVAILABLE");
      expect(expected.kind === "returns" || (expected.kind === "throws" && expected.codes.includes("CONTEXT_CANCELLED")), "the contract answers before the boundary").toBe(true);
      failures.push({ id, title: id, counterexample: scenario, observation, expected });
    }
    const { rootCauses } = await analyzeRootCauses(failures, { definitions: suite, subject, reference });
    expect(ids(rootCauses)).toEqual(["step2.fastPath"]);
  }, 300_000);

  it("the caller's signal put into the request is named by step 4's signal, not by the property that shows it", async () => {
    const causes = await analysed(abortedReasonRequest(new Set(["signal-passed-in-request"])), ["compaction.request-exact"]);
    expect(ids(causes)).toEqual(["step4.signal"]);
  }, 300_000);

  it("a frozen input returned as it is is named by §3's copy, not by the property that shows it", async () => {
    const causes = await analysed(stringBudgetFrozenInput(new Set(["frozen-input-returned"])), ["strength.frozen-input-copied"]);
    expect(ids(causes)).toEqual(["build.shape"]);
  }, 300_000);

  it("J({}) counted 0 is the object's row, also where a call's result is what the counterexample shows", async () => {
    const causes = await analysed(objectBaseUnhandled(new Set(["json-object-base-missing"])), ["units.exact-formula", "units.additive"]);
    expect(ids(causes)).toEqual(["units.J(object)"]);
  }, 300_000);
});
