import { afterAll, describe, expect, it } from "vitest";
import { analysisOf } from "./root-cause-analysis";
import { coreReference } from "../variants/grade";

// Readings of decorated inputs and options (src/grader/root-cause/decorated.ts): the subject's
// own buildActiveContext of the very input with its decorations (getters, proxies,
// prototypes, values no JSON has), or the operation with the very options on an empty context,
// explains a failure under build (options) only when it differs from the contract's reading
// and the failure is that reading, failed as it did, or passes judged over the subject's
// reading. The root cause is named by the reading rule broken (src/grader/root-cause/signature.ts):
// a caller's getter run is the input's reading (§3); null taken for a record is one mistake
// whether the input or the options hold it. A failure where the reading agrees with the
// contract is diagnosed by what it needs (a disguised signal ignored after the call: the
// watching of the signal while waiting, with the aborts it also misses).

const reference = coreReference();
afterAll(() => reference.close());

describe("the reading of decorated inputs and options", () => {
  it("input-invokes-getters (fields read with record[key]): every failure under the input's reading, the getter's call named", async () => {
    const { analysis } = await analysisOf("input-invokes-getters", ["strength.accessors-never-called", "hostile.rejects-with-channel-code", "hostile.accessor-never-invoked"], reference);
    expect(analysis.rootCauses.map((c) => c.id)).toEqual(["read.input"]);
    expect(analysis.rootCauses[0]!.criterion).toBe("immutable-snapshots-and-ceilings");
    expect(analysis.rootCauses[0]!.differences?.[0]?.question).toMatch(/^buildActiveContext\(.*\) with the input.s .* is a getter$/);
  }, 300_000);

  it("options-prototype-unchecked: options with another prototype accepted, under the options' reading (no reading of an input differs)", async () => {
    const { analysis } = await analysisOf("options-prototype-unchecked", ["hostile.rejects-with-channel-code", "strength.non-plain-options-rejected"], reference);
    expect(analysis.rootCauses.map((c) => c.id)).toEqual(["read.options"]);
    expect(analysis.rootCauses[0]!.criterion).toBe("boundary-selection");
    expect(analysis.rootCauses[0]!.differences?.[0]?.contract).toMatch(/^rejects with CONTEXT_INVALID_INPUT/);
  }, 300_000);

  it("null-read-as-a-record: a TypeError out of the reading of plain data, under null taken for a record", async () => {
    const { analysis } = await analysisOf("null-read-as-a-record", ["strength.reading-null-records"], reference);
    expect(analysis.rootCauses.map((c) => c.id)).toEqual(["read.null"]);
    expect(analysis.rootCauses[0]!.differences?.[0]?.subject).toMatch(/^throws an Error \(TypeError\), not a ContextCompactionError/);
  }, 300_000);

  it("null-read-as-a-record: the readings of the input and of the options (null) one root cause, titled for both", async () => {
    const ids = ["strength.reading-null-records", "boundary.options-validation-codes"];
    const { analysis } = await analysisOf("null-read-as-a-record", ids, reference);
    expect(analysis.rootCauses.map((c) => c.id)).toEqual(["read.null"]);
    expect([...analysis.rootCauses[0]!.properties].sort()).toEqual([...ids].sort());
    expect(analysis.rootCauses[0]!.title).toMatch(/^Inputs and options are read with null taken for a record/);
    expect(analysis.rootCauses[0]!.criterion).toBe("immutable-snapshots-and-ceilings");
  }, 300_000);

  it("a disguised signal the subject reads as the contract may, then ignores after the call (abort-ignored-after-call): the same mistake as the abort it misses", async () => {
    // The subject reads the disguised signal on an empty context as the contract may (§8: it
    // works as the signal); what fails is that it stops watching the signal once the
    // summarizer is called. Asked without the signal, it answers right: the signal is what the
    // mistake needs, and the rule is the watching of the signal while waiting (§7 step 5).
    const ids = ["strength.proxied-signal-rejected", "cancel.arrives-when-summarizer-never-settles"];
    const { analysis } = await analysisOf("abort-ignored-after-call", ids, reference);
    expect(analysis.rootCauses.map((c) => c.id)).toEqual(["step5.abort"]);
    expect([...analysis.rootCauses[0]!.properties].sort()).toEqual([...ids].sort());
    expect(analysis.rootCauses[0]!.criterion).toBe("cancellation");
  }, 300_000);
});
