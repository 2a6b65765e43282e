import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { shapedTranscript } from "../../generators/shapedTranscript";
import { ALL_SHAPES, shapesOf, type AuditMessage, type Shape } from "../../src/adapters/ir";
import { inline, perMessage } from "../../src/adapters/notation";

// The audit's transcripts: valid by construction, only the shapes asked for, every shape reached.

function valid(transcript: readonly AuditMessage[]): boolean {
  const calls = new Map<string, number>();
  const answered = new Set<string>();
  const ids = new Set(transcript.map((m) => m.id));
  transcript.forEach((m, i) => {
    if (m.role === "assistant") for (const c of m.calls) calls.set(c.id, i);
    if (m.role === "tool") answered.add(m.callId);
  });
  const ordered = transcript.every((m, i) => m.role !== "tool" || (calls.get(m.callId) ?? i) < i);
  return ids.size === transcript.length && ordered && [...calls.keys()].every((id) => answered.has(id)) && answered.size === calls.size;
}

describe("shapedTranscript", () => {
  it.each([[[] as Shape[]], [["parallel"] as Shape[]], [["system", "parallel"] as Shape[]], [[...ALL_SHAPES]]])("shapes %j: valid, only those shapes", (shapes) => {
    fc.assert(
      fc.property(shapedTranscript({ shapes }), (t) => valid(t) && [...shapesOf(t)].every((s) => shapes.includes(s))),
      { seed: 7, numRuns: 300 },
    );
  });

  it("reaches every shape", () => {
    const seen = new Set<Shape>();
    for (const t of fc.sample(shapedTranscript({ shapes: ALL_SHAPES }), { seed: 7, numRuns: 300 })) for (const s of shapesOf(t)) seen.add(s);
    expect([...seen].sort()).toEqual([...ALL_SHAPES].sort());
  });

  it("same seed, same transcripts", () => {
    const sample = () => fc.sample(shapedTranscript({ shapes: ALL_SHAPES }), { seed: 3, numRuns: 20 });
    expect(sample()).toEqual(sample());
  });
});

describe("counterexample notation", () => {
  const t: AuditMessage[] = [
    { id: "m0", role: "user", text: "go" },
    { id: "m1", role: "assistant", text: "", calls: [{ id: "c0", name: "read", args: {} }, { id: "c1", name: "run", args: {} }] },
    { id: "m2", role: "tool", callId: "c0", name: "read", text: "a long result that does not fit on the line" },
  ];
  it("one line, and one line per message", () => {
    expect(inline(t)).toBe("U A[c0,c1] T(c0)");
    expect(perMessage(t)).toEqual([" 0  U            m0 \"go\"", " 1  A[c0,c1]     m1", " 2  T(c0)        m2 \"a long result that does not…\""]);
    expect(inline([{ id: "s", role: "summary", text: "" }, { id: "", role: "invalid", what: "undefined" }])).toBe("SUMMARY ?");
  });
});
