import { describe, expect, it } from "vitest";
import { expectedFor, modelContextUnits } from "../../src/model";
import type { Json } from "../../src/scenario/data";
import { acceptedOutcomes } from "../../src/scenario/expected";
import type { AbortPoint, Operation, SignalSlot, SummarizerScript, SummarizerSlot } from "../../src/scenario/scenario";
import { seedContext, toolTranscript } from "./fixtures";

const ctx = seedContext();
const summaryMaxUnits = 23;
const targetUnits = modelContextUnits({ requirements: ctx.requirements, messages: [toolTranscript()[4]!] }) + summaryMaxUnits;
const boundaryOptions = { targetUnits, summaryMaxUnits, retainRecentMessages: 1 };
const compactOptions = { ...boundaryOptions, maxUnits: targetUnits, summaryId: "summary-001", recordId: "compaction-001" };
const text = (t: string, delivery: "sync" | "promise" = "sync"): SummarizerScript => ({ kind: "text", text: t, delivery });

function compact(over: {
  options?: Json;
  context?: Json;
  summarizer?: SummarizerScript;
  summarizerSlot?: SummarizerSlot;
  signal?: SignalSlot;
  abort?: AbortPoint;
}): Operation {
  return {
    kind: "compact",
    context: over.context ?? (ctx as Json),
    prebuilt: false,
    options: over.options ?? compactOptions,
    summarizer: over.summarizer ?? text("summary"),
    summarizerSlot: over.summarizerSlot ?? "script",
    signal: over.signal ?? "controller",
    abort: over.abort ?? "none",
  };
}
const expectOf = (operation: Operation) => expectedFor({ operation });
const codes = (operation: Operation) => {
  const e = expectOf(operation);
  return e.kind === "throws" ? [...e.codes].sort() : e.kind;
};

describe("model boundary operation (contract §6)", () => {
  const op = (options: Json, context: Json = ctx as Json): Operation => ({ kind: "boundary", context, prebuilt: true, options });
  it("answers 4 for the seed and reads options only after the context is built", () => {
    expect(expectOf(op(boundaryOptions))).toEqual({ kind: "returns", value: 4, summarizerCalls: 0 });
    expect(codes(op({ ...boundaryOptions, targetUnits: 0 }, { messages: 5 }))).toEqual(["CONTEXT_INVALID_TRANSCRIPT"]);
  });
  it("maps each bad option to its code", () => {
    expect(codes(op(null))).toEqual(["CONTEXT_INVALID_INPUT"]);
    expect(codes(op([1, 2]))).toEqual(["CONTEXT_INVALID_INPUT"]);
    expect(codes(op({ targetUnits, summaryMaxUnits }))).toEqual(["CONTEXT_INVALID_INPUT"]);
    expect(codes(op({ ...boundaryOptions, targetUnits: 0 }))).toEqual(["CONTEXT_INVALID_BUDGET"]);
    expect(codes(op({ ...boundaryOptions, targetUnits: 1_000_001, summaryMaxUnits: 1 }))).toEqual(["CONTEXT_INVALID_BUDGET"]);
    expect(codes(op({ ...boundaryOptions, targetUnits: "50" }))).toEqual(["CONTEXT_INVALID_BUDGET"]);
    expect(codes(op({ ...boundaryOptions, summaryMaxUnits: targetUnits + 1 }))).toEqual(["CONTEXT_INVALID_BUDGET"]);
    expect(codes(op({ ...boundaryOptions, retainRecentMessages: 4097 }))).toEqual(["CONTEXT_INVALID_BUDGET"]);
    expect(codes(op({ ...boundaryOptions, retainRecentMessages: -1 }))).toEqual(["CONTEXT_INVALID_BUDGET"]);
    expect(codes(op({ ...boundaryOptions, retainRecentMessages: 1.5 }))).toEqual(["CONTEXT_INVALID_BUDGET"]);
    expect(codes(op({ ...boundaryOptions, retainRecentMessages: { $cc: "NaN" } }))).toEqual(["CONTEXT_INVALID_BUDGET"]);
    expect(expectOf(op({ ...boundaryOptions, retainRecentMessages: { $cc: "-0" } }))).toMatchObject({ kind: "returns" });
    expect(codes(op({ summaryMaxUnits, retainRecentMessages: 1, targetUnits: 0.5 }))).toEqual(["CONTEXT_INVALID_BUDGET"]);
    expect(codes(op({ summaryMaxUnits: 0, retainRecentMessages: 1 }))).toEqual(["CONTEXT_INVALID_BUDGET", "CONTEXT_INVALID_INPUT"]);
  });
});

describe("model compactContext (contract §7)", () => {
  it("compacts the seed at boundary 4 with the script's exact text", () => {
    const e = expectOf(compact({ summarizer: text("summary", "promise") }));
    const summary = { id: "summary-001", content: "summary" };
    const after = { requirements: ctx.requirements, summary, messages: [toolTranscript()[4]], compactions: [] as Json[] };
    const record = {
      id: "compaction-001",
      summaryId: "summary-001",
      boundary: 4,
      compactedMessageIds: ["old-user", "tool-round", "result-a", "result-b"],
      unitsBefore: modelContextUnits(ctx),
      unitsAfter: modelContextUnits(after as never),
    };
    after.compactions = [record];
    expect(e).toEqual({ kind: "returns", value: { status: "compacted", context: after, record }, summarizerCalls: 1 });
    expect(record.unitsAfter).toBe(targetUnits);
  });

  it("returns unchanged without calling the summarizer at or below maxUnits, even with an abort", () => {
    const options = { ...compactOptions, maxUnits: modelContextUnits(ctx) };
    expect(expectOf(compact({ options, abort: "beforeCall" }))).toEqual({
      kind: "returns",
      value: { status: "unchanged", context: ctx, record: null },
      summarizerCalls: 0,
    });
  });

  it("checks cancellation, then the record id, then the boundary (step 3)", () => {
    const used = { id: "compaction-001", summaryId: "s", boundary: 1, compactedMessageIds: ["x"], unitsBefore: 1, unitsAfter: 1 };
    const withRecord = { ...ctx, compactions: [used] } as Json;
    const noBoundary = { ...compactOptions, retainRecentMessages: 5 };
    expect(codes(compact({ context: withRecord, options: noBoundary, abort: "beforeCall" }))).toEqual(["CONTEXT_CANCELLED"]);
    expect(codes(compact({ context: withRecord, options: noBoundary }))).toEqual(["CONTEXT_INVALID_INPUT"]);
    expect(expectOf(compact({ options: noBoundary }))).toEqual({ kind: "throws", codes: ["CONTEXT_BOUNDARY_UNAVAILABLE"], summarizerCalls: 0 });
  });

  it("validates the extra compact options", () => {
    expect(codes(compact({ options: { ...compactOptions, maxUnits: targetUnits - 1 } }))).toEqual(["CONTEXT_INVALID_BUDGET"]);
    expect(codes(compact({ options: { ...compactOptions, maxUnits: 1_000_001 } }))).toEqual(["CONTEXT_INVALID_BUDGET"]);
    expect(codes(compact({ options: { ...compactOptions, summaryId: " " } }))).toEqual(["CONTEXT_INVALID_INPUT"]);
    expect(codes(compact({ options: { ...compactOptions, recordId: 7 } }))).toEqual(["CONTEXT_INVALID_INPUT"]);
    expect(codes(compact({ summarizerSlot: "missing" }))).toEqual(["CONTEXT_INVALID_INPUT"]);
    expect(codes(compact({ summarizerSlot: { value: "f" } }))).toEqual(["CONTEXT_INVALID_INPUT"]);
    expect(codes(compact({ signal: "fakeSignal" }))).toEqual(["CONTEXT_INVALID_INPUT"]);
    // signal: null is no signal, or refused (§8): both outcomes are accepted.
    const nullSignal = expectOf(compact({ signal: { value: null } }));
    expect(acceptedOutcomes(nullSignal).map((e) => (e.kind === "throws" ? e.codes : e.kind))).toEqual(["returns", ["CONTEXT_INVALID_INPUT"]]);
    expect(codes(compact({ options: { ...compactOptions, summaryId: "s".repeat(65_537) } }))).toEqual(["CONTEXT_LIMIT_EXCEEDED"]);
    expect(expectOf(compact({ signal: "none", abort: "beforeCall" }))).toMatchObject({ kind: "returns" });
    expect(codes(compact({ options: "options" }))).toEqual(["CONTEXT_INVALID_INPUT"]);
    expect(codes(compact({ options: { ...compactOptions, maxUnits: 0, summaryId: "" } }))).toEqual(["CONTEXT_INVALID_BUDGET", "CONTEXT_INVALID_INPUT"]);
  });

  it("maps each summarizer outcome to its code, after one call", () => {
    const calls = (summarizer: SummarizerScript) => expectOf(compact({ summarizer }));
    const failing = (code: string) => ({ kind: "throws", codes: [code], summarizerCalls: 1 });
    expect(calls({ kind: "throw", value: "boom" })).toEqual(failing("CONTEXT_SUMMARIZER_FAILED"));
    expect(calls({ kind: "reject", value: { name: "ContextCompactionError", code: "CONTEXT_CANCELLED" } })).toEqual(failing("CONTEXT_SUMMARIZER_FAILED"));
    expect(calls({ kind: "thenableChain", depth: 64, text: "summary" })).toMatchObject({ kind: "returns", summarizerCalls: 1 });
    expect(calls({ kind: "thenableChain", depth: 65, text: "summary" })).toEqual(failing("CONTEXT_SUMMARIZER_FAILED"));
    expect(calls({ kind: "value", value: { id: "m", role: "assistant", content: [] }, delivery: "sync" })).toEqual(failing("CONTEXT_SUMMARY_INVALID"));
    expect(calls({ kind: "value", value: 42, delivery: "promise" })).toEqual(failing("CONTEXT_SUMMARY_INVALID"));
    expect(calls(text("x".repeat(65537)))).toEqual(failing("CONTEXT_LIMIT_EXCEEDED"));
    expect(calls(text(" \n "))).toEqual(failing("CONTEXT_SUMMARY_INSUFFICIENT"));
    expect(calls(text(""))).toEqual(failing("CONTEXT_SUMMARY_INSUFFICIENT"));
    // 5 + 11 + 8 = 24 > 23.
    expect(calls(text("summary!"))).toEqual(failing("CONTEXT_SUMMARY_INSUFFICIENT"));
    // Leading/trailing whitespace is stored as returned and counted: " ab " costs 5 + 11 + 4 = 20.
    expect(calls(text(" ab "))).toMatchObject({ kind: "returns", value: { record: { summaryId: "summary-001" } } });
  });

  it("follows the AbortPoint semantics of src/scenario/scenario.ts", () => {
    const at = (abort: AbortPoint, summarizer: SummarizerScript = text("summary", "promise")) => codes(compact({ abort, summarizer }));
    expect(at("inSummarizer")).toEqual(["CONTEXT_CANCELLED"]);
    expect(at("whilePending")).toEqual(["CONTEXT_CANCELLED"]);
    expect(at("whilePending", { kind: "never" })).toEqual(["CONTEXT_CANCELLED"]);
    expect(at("atSettlement")).toEqual(["CONTEXT_CANCELLED"]);
    expect(at("afterSettlement")).toBe("returns");
    expect(at("inSummarizer", { kind: "reject", value: 1 })).toEqual(["CONTEXT_CANCELLED", "CONTEXT_SUMMARIZER_FAILED"]);
    expect(at("whilePending", { kind: "reject", value: 1 })).toEqual(["CONTEXT_CANCELLED"]);
    expect(() => expectOf(compact({ summarizer: { kind: "never" } }))).toThrow(/never settles/);
  });

  it("fails at step 8 when the new record would be the 257th", () => {
    const records = Array.from({ length: 256 }, (_, i) => ({
      id: `k${i}`, summaryId: "s", boundary: 1, compactedMessageIds: ["x"], unitsBefore: 1, unitsAfter: 1,
    }));
    expect(expectOf(compact({ context: { ...ctx, compactions: records } as Json }))).toEqual({
      kind: "throws", codes: ["CONTEXT_LIMIT_EXCEEDED"], summarizerCalls: 1,
    });
  });
});
