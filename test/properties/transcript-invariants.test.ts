import { describe, expect, it } from "vitest";
import type { Json } from "../../src/scenario";
import { cutSeparatingCall, danglingLink, notASubsequence, notSuffixFrom, overBudget, viewChanged } from "../../properties/_internals/transcript-invariants";
import { viewOfMessages } from "../../properties/_internals/transcript-view";

// The contract-independent invariants on a small transcript: A calls c1, B calls c2 before
// c1's result arrives (nested rounds), then both results, then a user message.

const transcript = [
  { id: "u0", role: "user", content: "go" },
  { id: "a1", role: "assistant", content: [{ type: "text", text: "x" }, { type: "toolCall", id: "c1", name: "f", arguments: {} }] },
  { id: "a2", role: "assistant", content: [{ type: "toolCall", id: "c2", name: "g", arguments: {} }] },
  { id: "r2", role: "toolResult", toolCallId: "c2", toolName: "g", content: "", isError: false },
  { id: "r1", role: "toolResult", toolCallId: "c1", toolName: "f", content: "", isError: false },
  { id: "u5", role: "user", content: "thanks" },
] as unknown as Json;

const view = viewOfMessages(transcript);

describe("transcript view", () => {
  it("adapts Message IR data to ids, calls and results", () => {
    expect(view.ids).toEqual(["u0", "a1", "a2", "r2", "r1", "u5"]);
    expect(view.calls).toEqual([{ id: "c1", messageIndex: 1 }, { id: "c2", messageIndex: 2 }]);
    expect(view.results).toEqual([{ toolCallId: "c2", messageIndex: 3 }, { toolCallId: "c1", messageIndex: 4 }]);
  });

  it("reads malformed data without throwing", () => {
    expect(viewOfMessages([null, 3, { role: "assistant", content: "no" }] as Json)).toEqual({ ids: ["", "", ""], calls: [], results: [] });
    expect(viewOfMessages("nope")).toEqual({ ids: [], calls: [], results: [] });
  });
});

describe("contract-independent invariants", () => {
  it("a cut inside the nested rounds separates a call from its result; cuts around them do not", () => {
    expect(cutSeparatingCall(view, [1, 5])).toBeNull();
    for (const cut of [2, 3, 4]) expect(cutSeparatingCall(view, [cut])).toMatch(/separates tool call/);
  });

  it("a kept part must be self-contained", () => {
    expect(danglingLink(viewOfMessages((transcript as Json[]).slice(1) as Json), true)).toBeNull();
    expect(danglingLink(viewOfMessages((transcript as Json[]).slice(4) as Json), true)).toMatch(/answers call "c1"/);
    expect(danglingLink(viewOfMessages((transcript as Json[]).slice(0, 3) as Json), true)).toMatch(/lost its result/);
    expect(danglingLink(viewOfMessages((transcript as Json[]).slice(0, 3) as Json), false)).toBeNull();
  });

  it("output is a subsequence / a suffix of the input", () => {
    const kept = viewOfMessages((transcript as Json[]).slice(1) as Json);
    expect(notASubsequence(view, kept)).toBeNull();
    expect(notSuffixFrom(view, kept, 1)).toBeNull();
    expect(notSuffixFrom(view, kept, 2)).toMatch(/not the input's suffix/);
    const reordered = viewOfMessages([(transcript as Json[])[2]!, (transcript as Json[])[1]!] as Json);
    expect(notASubsequence(view, reordered)).toMatch(/out of order/);
  });

  it("input never mutated; budget respected", () => {
    expect(viewChanged(view, viewOfMessages(transcript))).toBeNull();
    expect(viewChanged(view, viewOfMessages((transcript as Json[]).slice(1) as Json))).toMatch(/changed/);
    expect(overBudget(10, 10)).toBeNull();
    expect(overBudget(11, 10)).toMatch(/exceed/);
  });
});
