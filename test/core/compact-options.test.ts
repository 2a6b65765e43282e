// Contract §7 options (step 1): the §6 fields plus maxUnits, ids, summarizer and signal.
// Bad options are rejected before the fast path, and the summarizer is never called.
import { describe, expect, it } from "vitest";
import {
  compact,
  compactionOptions,
  deepSnapshot,
  recordingSummarizer,
  rejectionCode,
  seedSummary,
  summaryUnits,
  toolContext,
  units,
  withAccessor,
} from "./fixtures";

const context = toolContext();
const baseOptions = () => compactionOptions(context, () => "summary", summaryUnits(seedSummary()));
const FIELDS = ["targetUnits", "summaryMaxUnits", "retainRecentMessages", "maxUnits", "summaryId", "recordId", "summarizer"];

const without = (key: string) => {
  const options = baseOptions();
  delete options[key];
  return options;
};
const fakeSignal = { aborted: false, reason: undefined, addEventListener() {}, removeEventListener() {}, throwIfAborted() {} };

async function expectRejected(options: Record<string, unknown> | unknown, code: string) {
  const before = deepSnapshot(context);
  expect(await rejectionCode(compact(context, options))).toBe(code);
  expect(deepSnapshot(context)).toEqual(before);
}

describe("CONTEXT_INVALID_INPUT", () => {
  it.each(FIELDS.map((field) => [field]))("rejects options missing %s", async (field) => {
    await expectRejected(without(field), "CONTEXT_INVALID_INPUT");
  });

  it.each([...FIELDS, "signal"].map((field) => [field]))("rejects %s given as a getter, without calling it", async (field) => {
    const options = without(field);
    const counter = withAccessor(options, field);
    await expectRejected(options, "CONTEXT_INVALID_INPUT");
    expect(counter.calls).toBe(0);
  });

  it.each([
    ["null", null],
    ["undefined", undefined],
    ["a string", "options"],
    ["an array", []],
    ["a class instance", Object.assign(new (class Options {})(), baseOptions())],
    ["summaryId empty", { ...baseOptions(), summaryId: "" }],
    ["summaryId whitespace", { ...baseOptions(), summaryId: " \t" }],
    ["summaryId a number", { ...baseOptions(), summaryId: 1 }],
    ["recordId empty", { ...baseOptions(), recordId: "" }],
    ["recordId whitespace", { ...baseOptions(), recordId: "  " }],
    ["recordId a String object", { ...baseOptions(), recordId: new String("r") }],
    ["summarizer a string", { ...baseOptions(), summarizer: "summarize" }],
    ["summarizer an object", { ...baseOptions(), summarizer: { call: () => "x" } }],
    ["summarizer null", { ...baseOptions(), summarizer: null }],
    ["signal a look-alike object", { ...baseOptions(), signal: fakeSignal }],
    ["signal an object inheriting from AbortSignal.prototype", { ...baseOptions(), signal: Object.create(AbortSignal.prototype) }],
    ["signal an AbortController", { ...baseOptions(), signal: new AbortController() }],
    ["signal a string", { ...baseOptions(), signal: "abort" }],
  ])("rejects options with %s", async (_name, options) => {
    await expectRejected(options, "CONTEXT_INVALID_INPUT");
  });

  it("rejects bad options even when the context is below maxUnits (step 1 before step 2)", async () => {
    await expectRejected({ ...baseOptions(), maxUnits: units(context), summaryId: "" }, "CONTEXT_INVALID_INPUT");
  });
});

describe("CONTEXT_INVALID_BUDGET", () => {
  it.each([
    ["maxUnits 0", { maxUnits: 0 }],
    ["maxUnits above 1,000,000", { maxUnits: 1_000_001 }],
    ["maxUnits fractional", { maxUnits: 10.5 }],
    ["maxUnits a string", { maxUnits: "1000" }],
    ["maxUnits below targetUnits", { maxUnits: (baseOptions().targetUnits as number) - 1 }],
    ["targetUnits 0", { targetUnits: 0 }],
    ["targetUnits above 1,000,000", { targetUnits: 1_000_001, maxUnits: 1_000_000 }],
    ["summaryMaxUnits above targetUnits", { summaryMaxUnits: (baseOptions().targetUnits as number) + 1 }],
    ["summaryMaxUnits negative", { summaryMaxUnits: -5 }],
    ["retainRecentMessages above 4096", { retainRecentMessages: 4097 }],
    ["retainRecentMessages NaN", { retainRecentMessages: NaN }],
  ])("rejects options with %s", async (_name, override) => {
    await expectRejected({ ...baseOptions(), ...override }, "CONTEXT_INVALID_BUDGET");
  });

  it("rejects a bad budget even when the context is below maxUnits", async () => {
    await expectRejected({ ...baseOptions(), maxUnits: units(context), summaryMaxUnits: 0 }, "CONTEXT_INVALID_BUDGET");
  });
});

describe("accepted options", () => {
  it("accepts a genuine AbortSignal", async () => {
    const result = await compact(context, { ...baseOptions(), signal: new AbortController().signal });
    expect(result.status).toBe("compacted");
  });

  it("accepts an absent signal", async () => {
    const options = baseOptions();
    delete options.signal;
    expect((await compact(context, options)).status).toBe("compacted");
  });

  it("accepts targetUnits equal to maxUnits", async () => {
    const options = baseOptions();
    const result = await compact(context, { ...options, maxUnits: options.targetUnits });
    expect(result.status).toBe("compacted");
  });

  it("never calls the summarizer when the options are rejected", async () => {
    const { summarizer, calls } = recordingSummarizer();
    await rejectionCode(compact(context, { ...baseOptions(), summarizer, recordId: "" }));
    expect(calls).toHaveLength(0);
  });

  it("builds the context before reading the options", async () => {
    const options = without("maxUnits");
    const counter = withAccessor(options, "maxUnits");
    expect(await rejectionCode(compact({ messages: {} }, options))).toBe("CONTEXT_INVALID_TRANSCRIPT");
    expect(counter.calls).toBe(0);
  });
});
