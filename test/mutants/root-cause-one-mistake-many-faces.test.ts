import { afterAll, describe, expect, it } from "vitest";
import * as core from "../../src/core";
import { createInProcessHost } from "../../src/grader/in-process-host";
import { analyzeRootCauses } from "../../src/grader/root-cause/analyze";
import { make as unchangedRawInput } from "../heldout/s17-unchanged-raw-input/compose";
import { make as leadingCallThrowEscapes } from "../heldout/s17-leading-call-throw-escapes/compose";
import { make as estimatorFlow } from "../heldout/s17-mixed-four-estimator-flow/compose";
import { make as extraSurrogateIds } from "../heldout/s17-reading-extra-surrogate-ids/compose";
import { make as targetDefaultTruncated } from "../heldout/s17-target-default-truncated/compose";
import { make as unitsRecord } from "../heldout/s17-mixed-four-units-record/compose";
import { make as abortedReasonRequest } from "../heldout/s17-cancel-aborted-reason-request/compose";
import { make as rejectionEscapes } from "../heldout/s18-rejection-escapes/compose";
import { coreReference } from "../variants/grade";
import { failuresOn } from "./root-cause-analysis";
import { suiteProperties } from "./matrix";

// Session 17, on the s17 and s18 held-out implementations (measured once as written, then DEV): one
// mistake that shows on several rules is one root cause, and a mistake behind another is found.
// Each case below had another number of root causes than its mistakes with the analysis of
// session 16 (and of the start of session 17).

const reference = coreReference();
afterAll(() => reference.close());
const suite = suiteProperties();

async function analysed(exports: Record<string, unknown>, propertyIds: readonly string[]) {
  const hosts = { subject: createInProcessHost({ ...core, ...exports }), reference };
  const { failed } = await failuresOn(hosts, propertyIds);
  expect(failed.map((v) => v.propertyId).sort(), "each fails (else the test proves nothing)").toEqual([...propertyIds].sort());
  const input = failed.map((v) => ({ ...v, id: v.propertyId, title: v.propertyId }));
  return (await analyzeRootCauses(input, { definitions: suite, subject: hosts.subject, reference })).rootCauses;
}

const summary = (causes: readonly { id: string; foundByAsking?: true }[]) => causes.map((c) => [c.id, c.foundByAsking === true]);

describe("one mistake, several faces: one root cause", () => {
  it("the fast path answering with the caller's own input, whichever field the built context adds", async () => {
    const causes = await analysed(unchangedRawInput.all(), ["fast-path.status-unchanged", "hostile.benign-reads-like-data", "strength.non-signal-rejected-before-fast-path", "differential.compact-same-as-reference"]);
    expect(summary(causes)).toEqual([["identity.fastPath", false]]);
  }, 300_000);

  it("the summarizer's throw let out, whether it threw a string or a forged error, with an abort or not", async () => {
    const causes = await analysed(leadingCallThrowEscapes(new Set(["summarizer-throw-escapes"])), ["async.forged-code-is-summarizer-failed", "atomicity.failure-rejects", "cancel.outcome-per-abort-point"]);
    expect(summary(causes)).toEqual([["step5.rejection", false]]);
    expect(causes[0]!.title).toContain("a throw let out as it is");
  }, 300_000);

  it("a rejection's reason let out, whether through a native promise, a thenable's reject or a forged error", async () => {
    const causes = await analysed(rejectionEscapes.all(), ["atomicity.failure-rejects", "async.forged-code-is-summarizer-failed", "async.outcome-per-script"]);
    expect(summary(causes)).toEqual([["step5.rejection", false]]);
    expect(causes[0]!.title).toContain("a rejection let out as it is");
  }, 300_000);

  it("tool arguments counted by their JSON text: one row of J, not one per kind", async () => {
    const causes = await analysed(estimatorFlow(new Set(["arguments-as-json-text"])), ["units.exact-formula", "units.additive"]);
    expect(causes.filter((c) => c.id.startsWith("units."))).toHaveLength(1);
  }, 300_000);

  it("a genuine signal refused is one mistake, whether a listener of the caller's mutes it or not", async () => {
    const causes = await analysed(abortedReasonRequest(new Set(["aborted-signal-invalid-input"])), ["cancel.outcome-per-abort-point", "strength.muted-abort-still-cancels"]);
    expect(summary(causes)).toEqual([["options.signal", false]]);
  }, 300_000);
});

describe("valid inputs refused, named by what the refusal turns on", () => {
  it("a lone surrogate refused and a field the contract does not name refused are two mistakes, whichever channel and code shows them", async () => {
    const causes = await analysed(extraSurrogateIds(new Set(["lone-surrogate-refused", "extra-field-refused"])), ["units.exact-formula", "strength.reading-string-edges", "hostile.benign-reads-like-data", "differential.build-same-as-reference"]);
    const titles = causes.map((c) => c.title);
    expect(titles.filter((t) => t.includes("refused for the text of its strings"))).toHaveLength(1);
    expect(titles.filter((t) => t.includes("refused for a field the contract does not name"))).toHaveLength(1);
    expect(causes).toHaveLength(2);
  }, 300_000);
});

describe("a mistake behind one of another kind, found by asking", () => {
  it("a missing targetUnits accepted, behind an oversized summary cut to fit", async () => {
    const causes = await analysed(targetDefaultTruncated.all(), ["atomicity.failure-rejects"]);
    // (The summary cut to fit is stored otherwise than delivered: step 6's text, ./refine-stored-summary.)
    expect(summary(causes)).toEqual([["options.budgets", true], ["step6.text", false]]);
  }, 300_000);

  it("a summary of exactly 65,536 code points refused, behind a record limit left unchecked", async () => {
    const causes = await analysed(unitsRecord(new Set(["derived-record-limit-unchecked", "summary-length-limit-inclusive"])), ["strength.derived-context-limits"]);
    expect(summary(causes)).toEqual([["step6.tooLong", true], ["step8.result", false]]);
  }, 300_000);
});
