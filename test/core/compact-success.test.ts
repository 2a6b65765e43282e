// Contract §7 steps 4 and 8: the request the summarizer sees, and the state a successful
// compaction exposes (one new frozen record, the summary as returned, the exact suffix).
import { describe, expect, it } from "vitest";
import { compactContext, estimateContextUnits } from "../../src/core/index";
import {
  build,
  compact,
  compactionOptions,
  deepSnapshot,
  isDeepFrozen,
  recordingSummarizer,
  seedRequirements,
  seedSummary,
  summaryUnits,
  toolContext,
  toolTranscript,
  units,
  user,
} from "./fixtures";

async function seedCompaction(reply: (request: unknown, signal: unknown) => unknown = () => "summary", overrides = {}) {
  const context = toolContext();
  const { summarizer, calls } = recordingSummarizer(reply);
  const summaryMaxUnits = summaryUnits(seedSummary());
  const result = await compact(context, compactionOptions(context, summarizer, summaryMaxUnits, overrides));
  return { context, result, calls, summaryMaxUnits };
}

describe("the seed's focused success test", () => {
  it("compacts the old prefix at boundary 4 and keeps recent-user", async () => {
    const context = toolContext();
    const summary = seedSummary();
    const summaryMaxUnits = summaryUnits(summary);
    const summarizer = () => summary.content;
    const result = await compactContext(context, compactionOptions(context, summarizer, summaryMaxUnits) as never);

    expect(result.status).toBe("compacted");
    if (result.status !== "compacted") throw new Error("compaction expected");
    expect(result.context.requirements).toEqual(context.requirements);
    expect(result.context.summary).toEqual(summary);
    expect(result.context.messages.map((message) => message.id)).toEqual(["recent-user"]);
    expect(result.context.compactions).toHaveLength(1);
    expect(result.record).toMatchObject({
      id: "compaction-001",
      summaryId: "summary-001",
      boundary: 4,
      compactedMessageIds: ["old-user", "tool-round", "result-a", "result-b"],
      unitsBefore: estimateContextUnits(context),
      unitsAfter: estimateContextUnits(result.context),
    });
  });
});

describe("the result", () => {
  it("has exactly status, context and record", async () => {
    const { result } = await seedCompaction();
    expect(Object.keys(result).sort()).toEqual(["context", "record", "status"]);
  });

  it("is deeply frozen, record and context included", async () => {
    const { result } = await seedCompaction();
    expect(isDeepFrozen(result)).toBe(true);
  });

  it("exposes the record as the last element of context.compactions", async () => {
    const { result } = await seedCompaction();
    expect(result.record).toBe(result.context.compactions.at(-1));
  });

  it("records exactly the six record fields", async () => {
    const { result } = await seedCompaction();
    expect(Object.keys(result.record ?? {}).sort()).toEqual(
      ["boundary", "compactedMessageIds", "id", "summaryId", "unitsAfter", "unitsBefore"],
    );
  });

  it("keeps the retained messages equal to the old suffix", async () => {
    const { context, result } = await seedCompaction();
    expect(result.context.messages).toEqual(context.messages.slice(4));
  });

  it("stores a whitespace-surrounded summary exactly as returned", async () => {
    const { result } = await seedCompaction(() => "  sum \n");
    expect(result.context.summary).toEqual({ id: "summary-001", content: "  sum \n" });
  });

  it("accepts a summary that fills summaryMaxUnits exactly and still fits the target", async () => {
    const { result, summaryMaxUnits } = await seedCompaction(() => "x".repeat(7));
    expect(units({ summary: result.context.summary })).toBe(summaryMaxUnits);
    expect(result.status).toBe("compacted");
  });

  it("leaves the new context within targetUnits", async () => {
    const context = toolContext();
    const options = compactionOptions(context, () => "s", summaryUnits(seedSummary()));
    const result = await compact(context, options);
    expect(result.record!.unitsAfter).toBeLessThanOrEqual(options.targetUnits as number);
  });

  it("returns a context that buildActiveContext recognises as its own", async () => {
    const { result } = await seedCompaction();
    expect(build(result.context)).toBe(result.context);
  });

  it("keeps earlier records and appends exactly one", async () => {
    const earlier = { id: "compaction-000", summaryId: "s0", boundary: 1, compactedMessageIds: ["x"], unitsBefore: 9, unitsAfter: 3 };
    const context = build({ requirements: seedRequirements(), messages: toolTranscript(), compactions: [earlier] });
    const options = compactionOptions(context, () => "summary", summaryUnits(seedSummary()));
    const result = await compact(context, options);
    expect(result.context.compactions).toHaveLength(2);
    expect(result.context.compactions[0]).toEqual(earlier);
  });
});

describe("the summarizer request", () => {
  it("calls the summarizer exactly once", async () => {
    const { calls } = await seedCompaction();
    expect(calls).toHaveLength(1);
  });

  it("passes (request, signal) with the caller's signal", async () => {
    const signal = new AbortController().signal;
    const { calls } = await seedCompaction(() => "summary", { signal });
    expect(calls[0]!.signal).toBe(signal);
  });

  it("has exactly requirements, previousSummary, messages, boundary and maxSummaryUnits", async () => {
    const { calls } = await seedCompaction();
    expect(Object.keys(calls[0]!.request as object).sort()).toEqual(
      ["boundary", "maxSummaryUnits", "messages", "previousSummary", "requirements"],
    );
  });

  it("is deeply frozen", async () => {
    const { calls } = await seedCompaction();
    expect(isDeepFrozen(calls[0]!.request)).toBe(true);
  });

  it("carries the exact prefix before the boundary, the boundary and the summary limit", async () => {
    const { context, calls, summaryMaxUnits } = await seedCompaction();
    expect(calls[0]!.request).toEqual({
      requirements: context.requirements,
      previousSummary: null,
      messages: context.messages.slice(0, 4),
      boundary: 4,
      maxSummaryUnits: summaryMaxUnits,
    });
  });

  it("propagates a prior summary into the next request and keeps both records", async () => {
    const { result: first } = await seedCompaction();
    const grown = build({
      ...first.context,
      messages: [...first.context.messages, user("next-1", "x".repeat(200)), user("next-2", "latest")],
    });
    const { summarizer, calls } = recordingSummarizer(() => "second");
    const summaryMaxUnits = summaryUnits({ id: "summary-002", content: "second" });
    const options = compactionOptions(grown, summarizer, summaryMaxUnits, { summaryId: "summary-002", recordId: "compaction-002" });
    const second = await compact(grown, options);
    expect((calls[0]!.request as { previousSummary: unknown }).previousSummary).toEqual(seedSummary());
    expect(second.context.compactions.map((record) => record.id)).toEqual(["compaction-001", "compaction-002"]);
  });
});

describe("plain inputs", () => {
  it("compacts a plain-object input without mutating or freezing it", async () => {
    const input = { requirements: seedRequirements(), messages: toolTranscript() };
    const before = deepSnapshot(input);
    const context = build(input);
    const result = await compact(input, compactionOptions(context, () => "summary", summaryUnits(seedSummary())));
    expect(result.status).toBe("compacted");
    expect(deepSnapshot(input)).toEqual(before);
  });

  it("reports unitsBefore of the plain input as built", async () => {
    const input = { requirements: seedRequirements(), messages: toolTranscript() };
    const context = build(input);
    const result = await compact(input, compactionOptions(context, () => "summary", summaryUnits(seedSummary())));
    expect(result.record!.unitsBefore).toBe(units(input));
  });
});
