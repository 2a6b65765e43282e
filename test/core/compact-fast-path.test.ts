// Contract §7 step 2: at or below maxUnits the context comes back unchanged, the
// summarizer is never called and the signal is not consulted.
import { describe, expect, it } from "vitest";
import {
  build,
  compact,
  compactionOptions,
  isDeepFrozen,
  recordingSummarizer,
  seedRequirements,
  seedSummary,
  summaryUnits,
  toolContext,
  toolTranscript,
  units,
} from "./fixtures";

/** Options whose maxUnits equals the context's units: exactly at the threshold. */
function atThreshold(context: ReturnType<typeof toolContext>, summarizer: unknown, overrides = {}) {
  return compactionOptions(context, summarizer, summaryUnits(seedSummary()), { maxUnits: units(context), ...overrides });
}

describe("below or at maxUnits", () => {
  it("resolves unchanged with the very context object passed in", async () => {
    const context = toolContext();
    const result = await compact(context, atThreshold(context, () => "summary"));
    expect(result).toEqual({ status: "unchanged", context, record: null });
    expect(result.context).toBe(context);
  });

  it("never calls the summarizer", async () => {
    const context = toolContext();
    const { summarizer, calls } = recordingSummarizer();
    await compact(context, atThreshold(context, summarizer));
    expect(calls).toHaveLength(0);
  });

  it("returns a frozen result", async () => {
    const context = toolContext();
    const result = await compact(context, atThreshold(context, () => "summary"));
    expect(isDeepFrozen(result)).toBe(true);
  });

  it("ignores an already aborted signal", async () => {
    const context = toolContext();
    const controller = new AbortController();
    controller.abort();
    const result = await compact(context, atThreshold(context, () => "summary", { signal: controller.signal }));
    expect(result.status).toBe("unchanged");
  });

  it("does not check whether recordId is already used", async () => {
    const record = { id: "compaction-001", summaryId: "s", boundary: 1, compactedMessageIds: ["x"], unitsBefore: 1, unitsAfter: 1 };
    const context = build({ requirements: seedRequirements(), messages: toolTranscript(), compactions: [record] });
    const result = await compact(context, atThreshold(context, () => "summary"));
    expect(result.status).toBe("unchanged");
  });

  it("does not need a boundary", async () => {
    const context = toolContext();
    const result = await compact(context, atThreshold(context, () => "summary", { retainRecentMessages: 5 }));
    expect(result.status).toBe("unchanged");
  });

  it("returns a built, frozen copy when given a plain input", async () => {
    const input = { requirements: seedRequirements(), messages: toolTranscript() };
    const result = await compact(input, atThreshold(build(input), () => "summary"));
    expect(result.context).toEqual({ ...input, summary: null, compactions: [] });
    expect(isDeepFrozen(result.context)).toBe(true);
    expect(Object.isFrozen(input)).toBe(false);
  });

  it("compacts one unit above the threshold", async () => {
    const context = toolContext();
    const result = await compact(context, atThreshold(context, () => "summary", { maxUnits: units(context) - 1 }));
    expect(result.status).toBe("compacted");
  });
});
