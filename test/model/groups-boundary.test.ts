import { describe, expect, it } from "vitest";
import { modelBoundary, modelBoundaryWalk, modelContextUnits, modelGroups } from "../../src/model";
import type { MessageData } from "../../src/scenario/data";
import { seedContext, toolTranscript } from "./fixtures";

const call = (id: string) => ({ type: "toolCall" as const, id, name: "t", arguments: {} });
const result = (id: string, callId: string): MessageData => ({ id, role: "toolResult", toolCallId: callId, toolName: "t", content: "", isError: false });
const user = (id: string): MessageData => ({ id, role: "user", content: "" });
const assistant = (id: string, ...callIds: string[]): MessageData => ({ id, role: "assistant", content: callIds.map(call) });

describe("model groups (contract §5)", () => {
  it("groups the seed transcript as message, round [1,4), message", () => {
    expect(modelGroups(toolTranscript())).toEqual([
      { kind: "message", startIndex: 0, endIndex: 1 },
      { kind: "toolRound", startIndex: 1, endIndex: 4 },
      { kind: "message", startIndex: 4, endIndex: 5 },
    ]);
  });

  it("merges overlapping and nested intervals and keeps adjacent ones apart", () => {
    // A [0..3], B [1..2] nested; C [4..6] overlaps D [5..7]; E [8..9] adjacent, separate.
    const transcript = [
      assistant("A", "a"), assistant("B", "b"), result("rb", "b"), result("ra", "a"),
      assistant("C", "c"), assistant("D", "d"), result("rc", "c"), result("rd", "d"),
      assistant("E", "e"), result("re", "e"), user("u"),
    ];
    expect(modelGroups(transcript)).toEqual([
      { kind: "toolRound", startIndex: 0, endIndex: 4 },
      { kind: "toolRound", startIndex: 4, endIndex: 8 },
      { kind: "toolRound", startIndex: 8, endIndex: 10 },
      { kind: "message", startIndex: 10, endIndex: 11 },
    ]);
  });

  it("keeps a user message between a call and its result inside the round", () => {
    expect(modelGroups([user("0"), assistant("A", "a"), user("x"), result("r", "a")])).toEqual([
      { kind: "message", startIndex: 0, endIndex: 1 },
      { kind: "toolRound", startIndex: 1, endIndex: 4 },
    ]);
  });

  it("makes an assistant without calls its own message group", () => {
    expect(modelGroups([{ id: "a", role: "assistant", content: [{ type: "text", text: "hi" }] }])).toEqual([
      { kind: "message", startIndex: 0, endIndex: 1 },
    ]);
    expect(modelGroups([])).toEqual([]);
  });
});

describe("model boundary (contract §6)", () => {
  const ctx = seedContext();
  const summaryMaxUnits = modelContextUnits({ summary: { id: "summary-001", content: "summary" } });
  const targetUnits = modelContextUnits({ requirements: ctx.requirements, messages: [toolTranscript()[4]!] }) + summaryMaxUnits;

  it("returns 4 for the seed's failure experiment, never 2 or 3", () => {
    expect(summaryMaxUnits).toBe(23);
    expect(modelBoundary(ctx, { targetUnits, summaryMaxUnits, retainRecentMessages: 1 })).toBe(4);
  });

  it("returns null when the whole transcript is retained", () => {
    expect(modelBoundaryWalk(ctx, { targetUnits, summaryMaxUnits, retainRecentMessages: 5 })).toEqual({ boundary: null, reason: "retention" });
  });

  it("returns null when the latest cut falls inside the round", () => {
    expect(modelBoundaryWalk(ctx, { targetUnits, summaryMaxUnits, retainRecentMessages: 3 })).toEqual({ boundary: null, reason: "crossing" });
  });

  it("returns the earliest fitting cut: 1 when the target is large", () => {
    expect(modelBoundary(ctx, { targetUnits: 10_000, summaryMaxUnits, retainRecentMessages: 0 })).toBe(1);
  });

  it("returns null when even the latest cut misses the target", () => {
    expect(modelBoundaryWalk(ctx, { targetUnits: targetUnits - 1, summaryMaxUnits, retainRecentMessages: 1 })).toEqual({ boundary: null, reason: "unreachable" });
  });
});
