import { describe, expect, it } from "vitest";
import { expectedFor, modelBuild, modelTranscriptErrors } from "../../src/model";
import type { Json } from "../../src/scenario/data";
import { seedContext, toolTranscript } from "./fixtures";

const INPUT = "CONTEXT_INVALID_INPUT";
const TRANSCRIPT = "CONTEXT_INVALID_TRANSCRIPT";
const LIMIT = "CONTEXT_LIMIT_EXCEEDED";
const codesOf = (input: Json) => {
  const r = modelBuild(input);
  return r.ok ? [] : [...r.codes].sort();
};
const user = (id: string, content = ""): Json => ({ id, role: "user", content });

describe("model build (contract §3)", () => {
  it("fills missing channels and drops extra properties", () => {
    expect(modelBuild({ extra: 1, messages: [{ id: "u", role: "user", content: "a", x: true }] })).toEqual({
      ok: true,
      context: { requirements: [], summary: null, messages: [{ id: "u", role: "user", content: "a" }], compactions: [] },
    });
    expect(expectedFor({ operation: { kind: "build", input: seedContext() as Json } })).toEqual({
      kind: "returns",
      value: seedContext(),
      summarizerCalls: 0,
    });
  });

  it("rejects non-plain input and bad requirements, summaries and records with INVALID_INPUT", () => {
    for (const input of [null, [], "x", { $cc: "undefined" }] as Json[]) expect(codesOf(input)).toEqual([INPUT]);
    expect(codesOf({ requirements: [{ id: " ", content: "c" }] })).toEqual([INPUT]);
    expect(codesOf({ requirements: [{ id: "a", content: "c" }, { id: "a", content: "d" }] })).toEqual([INPUT]);
    expect(codesOf({ requirements: null })).toEqual([INPUT]);
    expect(codesOf({ summary: { id: "", content: "x" } })).toEqual([INPUT]);
    expect(codesOf({ summary: { id: "s", content: 3 } })).toEqual([INPUT]);
    const record = { id: "k", summaryId: "s", boundary: 1, compactedMessageIds: ["m"], unitsBefore: 0, unitsAfter: 0 };
    expect(codesOf({ compactions: [record] })).toEqual([]);
    expect(codesOf({ compactions: [record, record] })).toEqual([INPUT]);
    expect(codesOf({ compactions: [{ ...record, boundary: 0, compactedMessageIds: [] }] })).toEqual([INPUT]);
    expect(codesOf({ compactions: [{ ...record, boundary: 2 }] })).toEqual([INPUT]);
    expect(codesOf({ compactions: [{ ...record, unitsAfter: 1.5 }] })).toEqual([INPUT]);
    expect(codesOf({ compactions: [{ ...record, unitsBefore: { $cc: "-0" } }] })).toEqual([]);
  });

  it("rejects a whitespace-only summary with SUMMARY_INVALID", () => {
    expect(codesOf({ summary: { id: "s", content: " \n\t" } })).toEqual(["CONTEXT_SUMMARY_INVALID"]);
    expect(codesOf({ summary: { id: "s", content: "" } })).toEqual(["CONTEXT_SUMMARY_INVALID"]);
  });

  it("rejects transcript problems with INVALID_TRANSCRIPT", () => {
    const [u, round, ra, rb] = toolTranscript() as Json[];
    expect(codesOf({ messages: {} })).toEqual([TRANSCRIPT]);
    expect(codesOf({ messages: [u!, round!, ra!] })).toEqual([TRANSCRIPT]);
    expect(modelTranscriptErrors([u!, round!, ra!] as Json)).toEqual(["MISSING_TOOL_RESULT"]);
    expect(modelTranscriptErrors([rb!, round!, ra!] as Json)).toEqual(["TOOL_RESULT_BEFORE_CALL", "MISSING_TOOL_RESULT"]);
    expect(modelTranscriptErrors([round!, ra!, rb!, rb!] as Json)).toEqual(["DUPLICATE_TOOL_RESULT"]);
    expect(modelTranscriptErrors([ra!] as Json)).toEqual(["ORPHAN_TOOL_RESULT"]);
    expect(modelTranscriptErrors([round!, ra!, { ...(rb as object), toolName: "write" }] as Json)).toEqual(["TOOL_NAME_MISMATCH"]);
    expect(modelTranscriptErrors([user(" ")])).toEqual(["INVALID_MESSAGE"]);
    expect(modelTranscriptErrors("nope")).toEqual(["INVALID_TRANSCRIPT"]);
    expect(modelTranscriptErrors(toolTranscript() as Json)).toEqual([]);
  });

  it("accepts -0 in tool arguments and rejects the other non-JSON values", () => {
    const withArgs = (args: Json): Json => ({
      messages: [
        { id: "a", role: "assistant", content: [{ type: "toolCall", id: "c", name: "t", arguments: args }] },
        { id: "r", role: "toolResult", toolCallId: "c", toolName: "t", content: "", isError: false },
      ],
    });
    expect(codesOf(withArgs({ x: { $cc: "-0" } }))).toEqual([]);
    for (const bad of ["NaN", "Infinity", "undefined", "function"]) expect(codesOf(withArgs({ x: { $cc: bad } }))).toEqual([TRANSCRIPT]);
    expect(codesOf(withArgs({ x: { $cc: "bigint", value: "1" } }))).toEqual([TRANSCRIPT]);
    expect(codesOf(withArgs([] as Json))).toEqual([TRANSCRIPT]);
    // The arguments object is depth 0: a value at depth 32 is fine, at 33 it is not.
    const nest = (levels: number): Json => (levels === 0 ? 1 : [nest(levels - 1)]);
    expect(codesOf(withArgs({ x: nest(31) }))).toEqual([]);
    expect(codesOf(withArgs({ x: nest(32) }))).toEqual([TRANSCRIPT, LIMIT]);
  });

  it("enforces the counted budgets with LIMIT_EXCEEDED", () => {
    expect(codesOf({ messages: Array.from({ length: 4097 }, (_, i) => user(`m${i}`)) })).toEqual([LIMIT]);
    // Records' own keys are not collection items (docs/contract.md §3), so 4096 messages build.
    expect(codesOf({ messages: Array.from({ length: 4096 }, (_, i) => user(`m${i}`)) })).toEqual([]);
    // Items: messages (2) + content (1) + arguments keys (1) + the array's length (n) = 4 + n.
    const withItems = (n: number): Json => ({
      messages: [
        { id: "a", role: "assistant", content: [{ type: "toolCall", id: "c", name: "t", arguments: { list: Array.from({ length: n }, () => 0) } }] },
        { id: "r", role: "toolResult", toolCallId: "c", toolName: "t", content: "", isError: false },
      ],
    });
    expect(codesOf(withItems(16380))).toEqual([]);
    expect(codesOf(withItems(16381))).toEqual([LIMIT]);
    expect(codesOf({ requirements: Array.from({ length: 129 }, (_, i) => ({ id: `r${i}`, content: "c" })) })).toEqual([LIMIT]);
    expect(codesOf({ messages: [user("u", "😀".repeat(65536))] })).toEqual([]);
    expect(codesOf({ messages: [user("u", "😀".repeat(65537))] })).toEqual([LIMIT]);
    expect(codesOf({ messages: Array.from({ length: 16 }, (_, i) => user(`m${i}`, "x".repeat(65000))) })).toEqual([LIMIT]);
  });

  it("enforces the 1,000,000-unit ceiling of the finished context", () => {
    // Strings stay under 1,000,000 code points; long numbers push the units over.
    const numbers = Array.from({ length: 15000 }, () => -1.2345678901234567e-200);
    const messages: Json[] = Array.from({ length: 15 }, (_, i) => user(`m${i}`, "x".repeat(65000)));
    messages.push({ id: "a", role: "assistant", content: [{ type: "toolCall", id: "c", name: "t", arguments: { n: numbers } }] });
    messages.push({ id: "r", role: "toolResult", toolCallId: "c", toolName: "t", content: "", isError: false });
    expect(codesOf({ messages })).toEqual([LIMIT]);
    expect(codesOf({ messages: messages.slice(8) })).toEqual([]);
  });

  it("allows every code when several channels are broken at once", () => {
    expect(codesOf({ requirements: 1, messages: 1, summary: { id: "s", content: " " } })).toEqual(
      [INPUT, TRANSCRIPT, "CONTEXT_SUMMARY_INVALID"].sort(),
    );
  });
});
