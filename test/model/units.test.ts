import { describe, expect, it } from "vitest";
import { modelCodePoints, modelContextUnits, modelJsonUnits, modelMessageUnits } from "../../src/model";
import { toolTranscript } from "./fixtures";

describe("model units (contract §4)", () => {
  it("counts the seed's focused ASCII case as 12", () => {
    expect(modelContextUnits({ requirements: [{ id: "r", content: "AB" }], messages: [{ id: "u", role: "user", content: "a" }] })).toBe(12);
  });

  it("counts an astral emoji as one code point, so the total stays 12", () => {
    expect(modelContextUnits({ requirements: [{ id: "r", content: "AB" }], messages: [{ id: "u", role: "user", content: "😀" }] })).toBe(12);
  });

  it("counts a lone surrogate as one and a combining mark as its own code point", () => {
    expect(modelCodePoints("\uD800")).toBe(1);
    expect(modelCodePoints("\uDC00x")).toBe(2);
    expect(modelCodePoints("e\u0301")).toBe(2);
    expect(modelCodePoints("")).toBe(0);
    // A high surrogate before a pair stays lone; the pair after it counts once.
    expect(modelCodePoints("\uD800\uD800\uDC00")).toBe(2);
    expect(modelCodePoints("\uDC00\uD800")).toBe(2);
    expect(modelCodePoints("a😀b")).toBe(3);
  });

  it("applies J exactly, including numbers whose String() form is long or -0", () => {
    expect(modelJsonUnits(null)).toBe(1);
    expect(modelJsonUnits(true)).toBe(5);
    expect(modelJsonUnits(false)).toBe(6);
    expect(modelJsonUnits(1e21)).toBe(1 + "1e+21".length);
    expect(modelJsonUnits(0.1)).toBe(4);
    expect(modelJsonUnits(-1.5e-7)).toBe(1 + "-1.5e-7".length);
    expect(modelJsonUnits({ $cc: "-0" })).toBe(2);
    expect(modelJsonUnits("ab")).toBe(3);
    // [1, "x"] = 2 + (1 + 2) + (1 + 2)
    expect(modelJsonUnits([1, "x"])).toBe(8);
    // {a: null, bb: []} = 2 + (1 + 1 + 1) + (1 + 2 + 2)
    expect(modelJsonUnits({ a: null, bb: [] })).toBe(10);
    expect(modelJsonUnits({ bb: [], a: null })).toBe(10);
    expect(() => modelJsonUnits({ $cc: "NaN" })).toThrow();
  });

  it("prices every message kind of the seed transcript by the table", () => {
    const [oldUser, round, resultA] = toolTranscript();
    expect(modelMessageUnits(oldUser!)).toBe(4 + 8 + 16);
    // 4 + u("tool-round") + text (2 + 8) + 2 × (6 + 6 + 4 + J({path:"a.txt"}) = 2 + 1 + 4 + 6 = 13)
    expect(modelMessageUnits(round!)).toBe(4 + 10 + 10 + 2 * (6 + 6 + 4 + 13));
    expect(modelMessageUnits(resultA!)).toBe(7 + 8 + 6 + 4 + 1);
  });

  it("adds a summary as 5 + u(id) + u(content) and records as nothing", () => {
    const record = { id: "k", summaryId: "s", boundary: 1, compactedMessageIds: ["x"], unitsBefore: 9, unitsAfter: 3 };
    expect(modelContextUnits({ summary: { id: "s", content: "abc" }, compactions: [record] })).toBe(9);
  });
});
