import { afterAll, describe, expect, it } from "vitest";
import { analysisOf } from "./root-cause-analysis";
import { coreReference } from "../variants/grade";

// Readings of decorated inputs and options (src/grader/root-cause/decorated.ts): the subject's
// own buildActiveContext of the very input with its decorations (getters, proxies,
// prototypes, values no JSON has), or the operation with the very options on an empty context,
// explains a failure under build (options) only when it differs from the contract's reading
// and the failure is that reading, failed as it did, or passes judged over the subject's
// reading. A failure where the reading agrees with the contract stays its own root cause.

const reference = coreReference();
afterAll(() => reference.close());

describe("the reading of decorated inputs and options", () => {
  it("input-invokes-getters (fields read with record[key]): every failure under build, the getter's call named", async () => {
    const { analysis } = await analysisOf("input-invokes-getters", ["strength.accessors-never-called", "hostile.rejects-with-channel-code", "hostile.accessor-never-invoked"], reference);
    expect(analysis.rootCauses.map((c) => c.id)).toEqual(["build"]);
    expect(analysis.rootCauses[0]!.differences?.[0]?.question).toMatch(/^buildActiveContext\(.*\) with the input.s .* is a getter$/);
  }, 300_000);

  it("options-prototype-unchecked: options with another prototype accepted, under options (no reading of an input differs)", async () => {
    const { analysis } = await analysisOf("options-prototype-unchecked", ["hostile.rejects-with-channel-code", "strength.non-plain-options-rejected"], reference);
    expect(analysis.rootCauses.map((c) => c.id)).toEqual(["options"]);
    expect(analysis.rootCauses[0]!.differences?.[0]?.contract).toMatch(/^rejects with CONTEXT_INVALID_INPUT/);
  }, 300_000);

  it("null-read-as-a-record: a TypeError out of the reading of plain data, under build", async () => {
    const { analysis } = await analysisOf("null-read-as-a-record", ["strength.reading-null-records"], reference);
    expect(analysis.rootCauses.map((c) => c.id)).toEqual(["build"]);
    expect(analysis.rootCauses[0]!.differences?.[0]?.subject).toMatch(/^throws an Error \(TypeError\), not a ContextCompactionError/);
  }, 300_000);

  it("null-read-as-a-record: the readings of the input and of the options (null) one root cause, build, titled for both", async () => {
    const { analysis } = await analysisOf("null-read-as-a-record", ["strength.reading-null-records", "boundary.options-validation-codes"], reference);
    expect(analysis.rootCauses.map((c) => c.id)).toEqual(["build"]);
    expect(analysis.rootCauses[0]!.title).toMatch(/^Inputs and options are read/);
    expect(analysis.rootCauses[0]!.differences?.map((d) => d.layer).sort()).toEqual(["build", "options"]);
  }, 300_000);

  it("a failure on decorated options whose reading agrees with the contract stays its own (abort-ignored-after-call, a disguised signal)", async () => {
    // The subject reads the disguised signal on an empty context as the contract may (§8: it
    // works as the signal); what fails is what it does with it after the summarizer call.
    const { analysis } = await analysisOf("abort-ignored-after-call", ["strength.proxied-signal-rejected"], reference);
    expect(analysis.rootCauses.map((c) => c.id)).toEqual(["strength.proxied-signal-rejected"]);
  }, 300_000);
});
