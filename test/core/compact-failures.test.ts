// Contract §7 steps 1–7: each failing step rejects with its code, in the contract's order,
// and leaves the input exactly as it was (deep-equal and still frozen) with no record.
import { describe, expect, it } from "vitest";
import { ContextCompactionError, MAX_CONTEXT_STRING_UNITS, selectCompactionBoundary } from "../../src/core/index";
import {
  type Context,
  build,
  compact,
  compactionOptions,
  deepSnapshot,
  recordingSummarizer,
  rejectionCode,
  result,
  seedRequirements,
  seedSummary,
  summaryUnits,
  toolContext,
  toolTranscript,
  user,
} from "./fixtures";

const usedRecord = { id: "compaction-001", summaryId: "s", boundary: 1, compactedMessageIds: ["x"], unitsBefore: 1, unitsAfter: 1 };
const abortedSignal = () => {
  const controller = new AbortController();
  controller.abort();
  return controller.signal;
};

/** A genuine ContextCompactionError, obtained the way a caller can: from a failing call. */
function realError(): unknown {
  try {
    build(null);
    return undefined;
  } catch (error) {
    return error;
  }
}

/** Runs a compaction due to happen and returns its rejection code, after checking that nothing changed. */
async function failingCompaction(reply: (request: unknown, signal: unknown) => unknown, overrides = {}, context: Context = toolContext()) {
  const { summarizer, calls } = recordingSummarizer(reply);
  const options = compactionOptions(context, summarizer, summaryUnits(seedSummary()), overrides);
  const before = deepSnapshot(context);
  const code = await rejectionCode(compact(context, options));
  expect(deepSnapshot(context)).toEqual(before);
  return { code, calls };
}

describe("step 1: build", () => {
  it("rejects an invalid transcript with CONTEXT_INVALID_TRANSCRIPT", async () => {
    const options = compactionOptions(toolContext(), () => "summary", 23);
    expect(await rejectionCode(compact({ messages: [result("r", "missing", "t")] }, options))).toBe("CONTEXT_INVALID_TRANSCRIPT");
  });

  it("rejects an input over a limit with CONTEXT_LIMIT_EXCEEDED", async () => {
    const options = compactionOptions(toolContext(), () => "summary", 23);
    const input = { messages: [user("u", "x".repeat(MAX_CONTEXT_STRING_UNITS + 1))] };
    expect(await rejectionCode(compact(input, options))).toBe("CONTEXT_LIMIT_EXCEEDED");
  });

  it("rejects (never throws synchronously) when the input is invalid", () => {
    let promise: Promise<unknown> | undefined;
    expect(() => {
      promise = compact(null, null);
    }).not.toThrow();
    return expect(promise).rejects.toBeInstanceOf(ContextCompactionError);
  });
});

describe("step 3: cancellation, record id, boundary", () => {
  it("rejects an already aborted signal with CONTEXT_CANCELLED without calling the summarizer", async () => {
    const { code, calls } = await failingCompaction(() => "summary", { signal: abortedSignal() });
    expect([code, calls.length]).toEqual(["CONTEXT_CANCELLED", 0]);
  });

  it("checks the signal before the record id and the boundary", async () => {
    const context = build({ requirements: seedRequirements(), messages: toolTranscript(), compactions: [usedRecord] });
    const { code } = await failingCompaction(() => "summary", { signal: abortedSignal(), retainRecentMessages: 5 }, context);
    expect(code).toBe("CONTEXT_CANCELLED");
  });

  it("rejects a recordId already used with CONTEXT_INVALID_INPUT without calling the summarizer", async () => {
    const context = build({ requirements: seedRequirements(), messages: toolTranscript(), compactions: [usedRecord] });
    const { code, calls } = await failingCompaction(() => "summary", {}, context);
    expect([code, calls.length]).toEqual(["CONTEXT_INVALID_INPUT", 0]);
  });

  it("checks the record id before the boundary", async () => {
    const context = build({ requirements: seedRequirements(), messages: toolTranscript(), compactions: [usedRecord] });
    const { code } = await failingCompaction(() => "summary", { retainRecentMessages: 5 }, context);
    expect(code).toBe("CONTEXT_INVALID_INPUT");
  });

  it("rejects with CONTEXT_BOUNDARY_UNAVAILABLE without calling the summarizer when all messages must be retained", async () => {
    const context = toolContext();
    const options = compactionOptions(context, () => "summary", summaryUnits(seedSummary()), { retainRecentMessages: 5 });
    expect(selectCompactionBoundary(context, options as never)).toBeNull();
    const { code, calls } = await failingCompaction(() => "summary", { retainRecentMessages: 5 }, context);
    expect([code, calls.length]).toEqual(["CONTEXT_BOUNDARY_UNAVAILABLE", 0]);
  });

  it("rejects with CONTEXT_BOUNDARY_UNAVAILABLE when no whole-group cut fits the target", async () => {
    const context = toolContext();
    const options = compactionOptions(context, () => "summary", summaryUnits(seedSummary()));
    const { code } = await failingCompaction(() => "summary", { targetUnits: (options.targetUnits as number) - 1 }, context);
    expect(code).toBe("CONTEXT_BOUNDARY_UNAVAILABLE");
  });
});

describe("step 4: calling the summarizer", () => {
  it.each([
    ["an Error", new Error("boom")],
    ["a string", "boom"],
    ["undefined", undefined],
    ["a real ContextCompactionError", realError()],
    ["a forged error object with a code", { name: "ContextCompactionError", code: "CONTEXT_CANCELLED" }],
  ])("turns a synchronous throw of %s into CONTEXT_SUMMARIZER_FAILED", async (_name, thrown) => {
    const { code } = await failingCompaction(() => {
      throw thrown;
    });
    expect(code).toBe("CONTEXT_SUMMARIZER_FAILED");
  });
});

describe("step 6: the settled value", () => {
  const countedToString = { calls: 0 };
  it.each([
    ["a number", 42],
    ["null", null],
    ["undefined", undefined],
    ["a String object", new String("summary")],
    ["an object shaped like an assistant message", { id: "m", role: "assistant", content: [{ type: "text", text: "hi" }] }],
    ["an object shaped like a tool call", { type: "toolCall", id: "c", name: "t", arguments: {} }],
    ["an array of text blocks", [{ type: "text", text: "summary" }]],
    ["an object with its own toString", { toString: () => (countedToString.calls++, "summary") }],
  ])("rejects %s with CONTEXT_SUMMARY_INVALID", async (_name, value) => {
    const { code } = await failingCompaction(() => value);
    expect(code).toBe("CONTEXT_SUMMARY_INVALID");
    expect(countedToString.calls).toBe(0);
  });

  it("rejects a summary of 65537 code points with CONTEXT_LIMIT_EXCEEDED", async () => {
    const { code } = await failingCompaction(() => "x".repeat(MAX_CONTEXT_STRING_UNITS + 1));
    expect(code).toBe("CONTEXT_LIMIT_EXCEEDED");
  });

  it("checks the length before the whitespace (65537 spaces → CONTEXT_LIMIT_EXCEEDED)", async () => {
    const { code } = await failingCompaction(() => " ".repeat(MAX_CONTEXT_STRING_UNITS + 1));
    expect(code).toBe("CONTEXT_LIMIT_EXCEEDED");
  });

  it.each([["spaces", "   "], ["the empty string", ""], ["mixed whitespace", "\n\t\u00a0 "]])(
    "rejects a summary of %s with CONTEXT_SUMMARY_INSUFFICIENT",
    async (_name, value) => {
      const { code } = await failingCompaction(() => value);
      expect(code).toBe("CONTEXT_SUMMARY_INSUFFICIENT");
    },
  );

  it("rejects a summary one unit over summaryMaxUnits with CONTEXT_SUMMARY_INSUFFICIENT", async () => {
    // summaryMaxUnits = 5 + u("summary-001") + 7; eight code points are one too many.
    const { code } = await failingCompaction(() => "x".repeat(8));
    expect(code).toBe("CONTEXT_SUMMARY_INSUFFICIENT");
  });

  it("accepts a summary of exactly 65536 code points when the budgets allow it", async () => {
    const messages = [user("old-1", "a".repeat(60_000)), user("old-2", "b".repeat(60_000)), user("recent", "c")];
    const context = build({ messages });
    const summaryMaxUnits = 5 + "summary-001".length + MAX_CONTEXT_STRING_UNITS;
    const options = compactionOptions(context, () => "s".repeat(MAX_CONTEXT_STRING_UNITS), summaryMaxUnits);
    expect((await compact(context, options)).status).toBe("compacted");
  });
});

describe("nothing changes on failure", () => {
  it("leaves a plain-object input deep-equal and unfrozen after a failed compaction", async () => {
    const input = { requirements: seedRequirements(), messages: toolTranscript() };
    const before = deepSnapshot(input);
    const options = compactionOptions(build(input), () => "   ", summaryUnits(seedSummary()));
    expect(await rejectionCode(compact(input, options))).toBe("CONTEXT_SUMMARY_INSUFFICIENT");
    expect(deepSnapshot(input)).toEqual(before);
  });

  it("leaves a context with earlier records deep-equal and frozen, with no new record", async () => {
    const earlier = { ...usedRecord, id: "compaction-000" };
    const context = build({ requirements: seedRequirements(), messages: toolTranscript(), compactions: [earlier] });
    const { code } = await failingCompaction(() => 7, {}, context);
    expect(code).toBe("CONTEXT_SUMMARY_INVALID");
    expect(context.compactions).toEqual([earlier]);
  });

  it("uses the contract's error class, frozen, with a readonly code", async () => {
    const context = toolContext();
    const options = compactionOptions(context, () => 7, 23);
    const error = await compact(context, options).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContextCompactionError);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).name).toBe("ContextCompactionError");
    expect(Object.isFrozen(error)).toBe(true);
    expect(() => ((error as { code: string }).code = "CONTEXT_CANCELLED")).toThrow(TypeError);
    expect((error as { code: string }).code).toBe("CONTEXT_SUMMARY_INVALID");
  });
});

// Step 7 (suffix validation, target after the summary) cannot fail from the outside: a boundary
// is a whole-group cut of a valid transcript, and a summary within summaryMaxUnits keeps the
// total within the target the boundary was chosen for. compact-success.test.ts checks the
// consequences (unitsAfter <= targetUnits, a summary filling summaryMaxUnits exactly).
