import { describe, expect, it } from "vitest";
import { fieldDiff, fieldDiffLines, MAX_DIFFERENCES } from "../../src/grader/report/field-diff";
import type { Json } from "../../src/scenario/data";

// Where a submission's returned value or summarizer request differs from the contract's, field
// by field (src/grader/report/field-diff.ts), as the reports print it under observed and expected.

const lines = (yours: unknown, contract: unknown, root = "request") => fieldDiffLines(fieldDiff(yours as Json, contract as Json, root));
const message = (id: string, content: string) => ({ id, role: "user", content });

describe("field diff", () => {
  it("names the differing field by its path, with both values", () => {
    const contract = { requirements: [], previousSummary: null, messages: [message("a", "x"), message("b", "y"), message("c", "abc")], boundary: 3, maxSummaryUnits: 7 };
    const yours = { ...contract, messages: [message("a", "x"), message("b", "y"), message("c", "ab")] };
    expect(lines(yours, contract)).toEqual(['differs at request.messages[2].content: yours "ab", contract\'s "abc"']);
  });

  it("says an array's length, a missing field and an extra one", () => {
    expect(lines({ messages: [] }, { messages: [message("a", "x")] })).toEqual(["differs at request.messages.length: yours 0, contract's 1"]);
    expect(lines({ boundary: 1 }, { boundary: 1, previousSummary: { id: "s", content: "old" } })).toEqual(['differs at request.previousSummary: yours (missing), contract\'s {"id":"s","content":"old"}']);
    expect(lines({ boundary: 1, extra: true }, { boundary: 1 })).toEqual(["differs at request.extra: yours true, contract's (missing)"]);
  });

  it("an item in the place of another (another id): one difference, the whole item, not one per field", () => {
    const kept = [message("b", "y"), message("c", "z")];
    expect(lines({ messages: kept.slice(1) }, { messages: kept }, "result.context")).toEqual([
      'differs at result.context.messages[0]: yours {"id":"c","role":"user","content":"z"}, contract\'s {"id":"b","role":"user","content":"y"}',
      "differs at result.context.messages.length: yours 1, contract's 2",
    ]);
  });

  it("lists at most three differences, in the contract's key order, and says when there are more", () => {
    const contract = { a: 1, b: 2, c: 3, d: 4, e: 5 };
    const yours = { e: 0, d: 0, c: 0, b: 0, a: 0 };
    const out = lines(yours, contract, "result");
    expect(MAX_DIFFERENCES).toBe(3);
    expect(out).toEqual(["differs at result.a: yours 0, contract's 1", "differs at result.b: yours 0, contract's 2", "differs at result.c: yours 0, contract's 3", "differs in more places (replay prints both values whole)"]);
    expect(lines({ a: 0, b: 0, c: 0 }, { a: 1, b: 2, c: 3 }, "result")).toHaveLength(3);
  });

  it("finds nothing where the contract sees no difference: key order, -0 and 0, NaN and NaN", () => {
    expect(lines({ b: 1, a: [1, 2] }, { a: [1, 2], b: 1 })).toEqual([]);
    expect(lines({ n: { $cc: "-0" } }, { n: 0 })).toEqual([]);
    expect(lines({ n: -0 }, { n: 0 })).toEqual([]);
    expect(lines({ n: { $cc: "NaN" } }, { n: { $cc: "NaN" } })).toEqual([]);
    expect(lines({ n: Number.NaN }, { n: Number.NaN })).toEqual([]);
  });

  it("prints values no JSON has by their names, as leaves", () => {
    expect(lines({ n: { $cc: "NaN" } }, { n: 1 })).toEqual(["differs at request.n: yours NaN, contract's 1"]);
    expect(lines({ n: { $cc: "undefined" } }, { n: { $cc: "Infinity" } })).toEqual(["differs at request.n: yours undefined, contract's Infinity"]);
  });

  it("abbreviates long values, and shows two long strings alike at the start from where they part", () => {
    const long = "x".repeat(40);
    expect(lines({ s: `${long}a` }, { s: `${long}b` })).toEqual(['differs at request.s: yours …"xxxxxxa" (character 40 on, of 41), contract\'s …"xxxxxxb" (character 40 on, of 41)']);
    const [line] = lines({ v: { deep: "y".repeat(500) } }, { v: 1 });
    expect(line!.length).toBeLessThan(200);
    expect(line).toMatch(/^differs at request\.v: yours \{"deep":"y{32}… \(500 chars\)"\}…?, contract's 1$/);
  });

  it("writes a key that is no name quoted, so a submission's key cannot pose as a path", () => {
    expect(lines({ "a.b": 1 }, {})).toEqual(['differs at request["a.b"]: yours 1, contract\'s (missing)']);
    // Quoted as JSON (a newline is \n); controls and bidi marks are each sink's to escape (./escape).
    expect(lines({ "x\u202e\n": 1 }, {})[0]).toBe('differs at request["x\u202e\\n"]: yours 1, contract\'s (missing)');
  });

  it("is deterministic, and a cycle, a very deep or a very wide value cannot crash or hang it", () => {
    const cyclic: Record<string, unknown> = { name: "a" };
    cyclic.self = cyclic;
    const other: Record<string, unknown> = { name: "a" };
    other.self = other;
    const out = lines(cyclic, { name: "a", self: { name: "b" } });
    expect(out[0]).toBe("differs at request.self.name: yours \"a\", contract's \"b\"");
    expect(lines(cyclic, other)).toEqual(lines(cyclic, other));
    expect(lines(cyclic, other).length).toBeLessThanOrEqual(MAX_DIFFERENCES + 1);
    let deep: unknown = 1;
    for (let i = 0; i < 10_000; i++) deep = [deep];
    expect(lines(deep, [2]).length).toBeGreaterThan(0);
    const wide = Array.from({ length: 200_000 }, (_, i) => i);
    expect(lines(wide, [...wide.slice(0, -1), -1])).toEqual(["differs at request[199999]: yours 199999, contract's -1"]);
    const twoWay: unknown[] = [];
    twoWay.push(twoWay, twoWay);
    const twoWayToo: unknown[] = [];
    twoWayToo.push(twoWayToo, twoWayToo);
    expect(() => lines(twoWay, twoWayToo)).not.toThrow();
  });

  it("prints nothing for equal values or values of no fields", () => {
    expect(lines([1, 2], [1, 2], "groups")).toEqual([]);
    expect(lines(3, 3, "value")).toEqual([]);
    expect(lines([1], { a: 1 }, "value")).toEqual(["differs at value: yours [1], contract's {\"a\":1}"]);
  });
});
