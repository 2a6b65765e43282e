// Contract §4: units are exact code-point counts plus fixed structural weights.
// Every expected number below is computed by hand from the table in §4.
import { describe, expect, it } from "vitest";
import { estimateContextUnits } from "../../src/core/index";
import { assistant, build, call, result, text, thrownCode, units, user, type PlainMessage } from "./fixtures";

/** J(x), measured as the difference x makes inside a tool call's arguments `{ v: x }`. */
function jsonUnits(x: unknown): number {
  const withValue = [assistant("a", [call("c", "t", { v: x })]), result("r", "c", "t")];
  const empty = [assistant("a", [call("c", "t", {})]), result("r", "c", "t")];
  // {v: x} costs 2 + (1 + u("v") + J(x)) where {} costs 2: the difference is 2 + J(x).
  return units({ messages: withValue }) - units({ messages: empty }) - 2;
}

describe("seed examples", () => {
  it("counts the ASCII example as 12 units", () => {
    expect(units({ requirements: [{ id: "r", content: "AB" }], messages: [user("u", "a")] })).toBe(12);
  });

  it("still counts 12 units when the content is the emoji 😀 (one code point)", () => {
    expect(units({ requirements: [{ id: "r", content: "AB" }], messages: [user("u", "😀")] })).toBe(12);
  });
});

describe("item weights", () => {
  it("costs a requirement 3 + u(id) + u(content)", () => {
    expect(units({ requirements: [{ id: "req", content: "abcd" }] })).toBe(3 + 3 + 4);
  });

  it("costs a summary 5 + u(id) + u(content)", () => {
    expect(units({ summary: { id: "s", content: "abc" } })).toBe(5 + 1 + 3);
  });

  it("costs a user message 4 + u(id) + u(content)", () => {
    expect(units({ messages: [user("id", "hello")] })).toBe(4 + 2 + 5);
  });

  it("costs an assistant message 4 + u(id) + its text blocks at 2 + u(text)", () => {
    expect(units({ messages: [assistant("a", [text("hi"), text("")])] })).toBe(4 + 1 + (2 + 2) + (2 + 0));
  });

  it("costs a tool-call block 6 + u(id) + u(name) + J(arguments), and its result 7 + ids + name + content", () => {
    const messages = [assistant("a", [call("c1", "tool", {})]), result("r", "c1", "tool", "ok")];
    expect(units({ messages })).toBe(4 + 1 + (6 + 2 + 4 + 2) + (7 + 1 + 2 + 4 + 2));
  });

  it("costs a tool result the same whether isError is true or false", () => {
    const withFlag = (isError: boolean) => [assistant("a", [call("c", "t")]), result("r", "c", "t", "x", isError)];
    expect(units({ messages: withFlag(true) })).toBe(units({ messages: withFlag(false) }));
  });

  it("charges nothing for compaction records", () => {
    const record = {
      id: "rec",
      summaryId: "s",
      boundary: 1,
      compactedMessageIds: ["gone"],
      unitsBefore: 100,
      unitsAfter: 10,
    };
    expect(units({ messages: [user("u", "a")], compactions: [record] })).toBe(6);
  });

  it("sums requirements, summary and messages for the context", () => {
    const input = {
      requirements: [{ id: "r", content: "AB" }, { id: "q", content: "z" }],
      summary: { id: "s", content: "xyz" },
      messages: [user("u", "a"), assistant("a", [text("b")])],
    };
    expect(units(input)).toBe(6 + 5 + 9 + 6 + 8);
  });

  it("counts an empty context as 0", () => {
    expect(units({})).toBe(0);
  });
});

describe("code points", () => {
  it("counts a lone surrogate as one code point", () => {
    expect(units({ messages: [user("u", "\uD83D")] })).toBe(6);
  });

  it("counts a combining sequence as its code points, not as one glyph", () => {
    expect(units({ messages: [user("u", "e\u0301")] })).toBe(7);
  });

  it("counts an astral character in an id as one code point", () => {
    expect(units({ requirements: [{ id: "𝒳", content: "a" }] })).toBe(5);
  });

  // The core counts short strings, long astral-heavy strings and long strings whose first
  // surrogate comes late in different ways (src/core/units.ts); each must give u(s).
  /** u(s) as the string iterator sees it: a pair is one code point, a lone surrogate one. */
  const iteratorCount = (s: string) => {
    let count = 0;
    for (const _ of s) count++;
    return count;
  };
  const astral = (length: number) => "😀a𝒳 日\uDC00\uD83D".repeat(Math.ceil(length / 8)).slice(0, length);

  it.each([
    ["65 units of astral text", astral(65)],
    ["1,000 units of astral text ending in a lone high surrogate", astral(999) + "\uD83D"],
    ["1,000 units of astral text starting with a lone low surrogate", "\uDC00" + astral(999)],
    ["ASCII, then astral text from unit 200", "x".repeat(200) + astral(300)],
    ["ASCII, then one pair at the end", "x".repeat(300) + "😀"],
    ["ASCII, then a lone low surrogate at the end", "x".repeat(300) + "\uDC00"],
    ["80,000 units of emoji (40,000 code points)", "😀".repeat(40_000)],
  ])("counts %s as its code points", (_name, s) => {
    expect(units({ messages: [user("u", s)] })).toBe(4 + 1 + iteratorCount(s));
  });

  it.each([100, 101])("counts a string of %i units ending in a lone high surrogate, after a longer string of low surrogates", (length) => {
    const lows = "\uDC00".repeat(200);
    const endsHigh = "x".repeat(length - 1) + "\uD800";
    expect(units({ messages: [user("u", lows), user("v", endsHigh)] })).toBe(4 + 1 + 200 + (4 + 1 + length));
  });
});

describe("J(arguments)", () => {
  it.each([
    ["null", null, 1],
    ["true", true, 5],
    ["false", false, 6],
    ["0", 0, 2],
    ["-0 (String(-0) is '0')", -0, 2],
    ["-12.5", -12.5, 6],
    ["0.1", 0.1, 4],
    ["1e21 (written 1e+21)", 1e21, 6],
    ["5e-324", 5e-324, 7],
    ["the empty string", "", 1],
    ["'é'", "é", 2],
    ["an astral string", "😀😀", 3],
    ["an empty array", [], 2],
    ["[1]", [1], 5],
    ["[null, 'a']", [null, "a"], 7],
    ["an empty object", {}, 2],
    ["{ a: 1 }", { a: 1 }, 6],
    ["an object with an astral key", { "😀": true }, 9],
    ["{ a: [{}] }", { a: [{}] }, 9],
  ])("costs %s as specified", (_name, value, expected) => {
    expect(jsonUnits(value)).toBe(expected);
  });

  // Tool names and argument keys recur, and the core remembers the units of the last few it
  // counted (src/core/read.ts addRecurring): more distinct ones than it remembers, each
  // coming back, must each still cost their own code points.
  it("costs each recurring tool name and argument key its own code points", () => {
    const names = ["a", "bb", "ccc", "😀", "dddd", "e", "ff", "𝒳𝒳", "ggggg", "h", "ii"];
    const messages: PlainMessage[] = [];
    let expected = 0;
    for (let round = 0; round < 3; round++) {
      names.forEach((name, i) => {
        const id = `c${round}-${i}`;
        messages.push(assistant(`a${round}-${i}`, [call(id, name, { [name]: 1, [names[(i + round) % names.length]!]: 2 })]));
        messages.push(result(`r${round}-${i}`, id, name));
        const other = names[(i + round) % names.length]!;
        const argumentUnits = other === name ? 2 + (1 + [...name].length + 2) : 2 + (1 + [...name].length + 2) + (1 + [...other].length + 2);
        expected += 4 + [...`a${round}-${i}`].length + (6 + id.length + [...name].length + argumentUnits);
        expected += 7 + [...`r${round}-${i}`].length + id.length + [...name].length;
      });
    }
    expect(units({ messages })).toBe(expected);
  });

  it("does not depend on key order", () => {
    expect(jsonUnits({ a: 1, bb: [true], c: "x" })).toBe(jsonUnits({ c: "x", bb: [true], a: 1 }));
  });
});

describe("estimateContextUnits", () => {
  it("gives the same answer for the plain input and for the built context", () => {
    const input = { requirements: [{ id: "r", content: "AB" }], messages: [user("u", "😀")] };
    expect(estimateContextUnits(build(input))).toBe(units(input));
  });

  it("returns a non-negative safe integer", () => {
    const value = units({ messages: [user("u", "a".repeat(1000))] });
    expect(Number.isSafeInteger(value) && value >= 0).toBe(true);
  });

  it("validates its input like buildActiveContext", () => {
    expect(thrownCode(() => units({ messages: [result("r", "missing", "t")] }))).toBe("CONTEXT_INVALID_TRANSCRIPT");
  });

  it("rejects a non-plain input with CONTEXT_INVALID_INPUT", () => {
    expect(thrownCode(() => units(new Map()))).toBe("CONTEXT_INVALID_INPUT");
  });
});
