// Contract §3: buildActiveContext makes a frozen deep copy of four channels and rejects
// each broken rule with the code of the channel it belongs to.
import { describe, expect, it } from "vitest";
import {
  assistant,
  build,
  call,
  isDeepFrozen,
  result,
  seedRequirements,
  text,
  thrownCode,
  toolTranscript,
  user,
} from "./fixtures";

const record = (id: string, overrides: Record<string, unknown> = {}) => ({
  id,
  summaryId: "s-" + id,
  boundary: 2,
  compactedMessageIds: ["m1", "m2"],
  unitsBefore: 50,
  unitsAfter: 20,
  ...overrides,
});

describe("shape of the built context", () => {
  it("defaults missing channels to [], null, [], []", () => {
    expect(build({})).toEqual({ requirements: [], summary: null, messages: [], compactions: [] });
  });

  it("keeps exactly the four channels, in a plain object", () => {
    const context = build({ messages: toolTranscript() });
    expect(Reflect.ownKeys(context).sort()).toEqual(["compactions", "messages", "requirements", "summary"]);
  });

  it("copies every channel's content", () => {
    const input = {
      requirements: seedRequirements(),
      summary: { id: "s", content: "earlier work" },
      messages: toolTranscript(),
      compactions: [record("rec-1")],
    };
    expect(build(input)).toEqual(input);
  });

  it("freezes every object and array of the result", () => {
    const context = build({
      requirements: seedRequirements(),
      summary: { id: "s", content: "earlier work" },
      messages: toolTranscript(),
      compactions: [record("rec-1")],
    });
    expect(isDeepFrozen(context)).toBe(true);
  });

  it("does not freeze or change the caller's input", () => {
    const input = { requirements: seedRequirements(), messages: toolTranscript() };
    const before = structuredClone(input);
    build(input);
    expect(Object.isFrozen(input) || Object.isFrozen(input.messages) || Object.isFrozen(input.messages[1])).toBe(false);
    expect(input).toEqual(before);
  });

  it("is a deep copy: mutating the input afterwards does not change the context", () => {
    const messages = toolTranscript();
    const input = { requirements: seedRequirements(), messages };
    const context = build(input);
    const expected = { ...structuredClone(input), summary: null, compactions: [] };
    (messages[0] as { content: string }).content = "changed";
    ((messages[1]!.content as { arguments: Record<string, unknown> }[])[1]!.arguments).path = "changed";
    messages.push(user("late", "added"));
    input.requirements[0]!.content = "changed";
    expect(context).toEqual(expected);
  });

  it("drops extra properties at every level", () => {
    const context = build({
      extra: 1,
      requirements: [{ id: "r", content: "c", extra: 1 }],
      summary: { id: "s", content: "x", extra: 1 },
      messages: [
        { ...user("u", "a"), extra: 1 },
        assistant("a", [{ ...text("t"), extra: 1 }, { ...call("c", "t"), extra: 1 }]),
        { ...result("r", "c", "t"), extra: 1 },
      ],
      compactions: [{ ...record("rec"), extra: 1 }],
    });
    expect(JSON.stringify(context)).not.toContain("extra");
  });

  it("keeps every key of tool-call arguments (they are data, not extra properties)", () => {
    const args = { path: "a", extra: { nested: [1, "x", null, true] } };
    const context = build({ messages: [assistant("a", [call("c", "t", args)]), result("r", "c", "t")] });
    expect((context.messages[0]!.content as unknown as { arguments: unknown }[])[0]!.arguments).toEqual(args);
  });

  it("returns the very same object when given a context it built", () => {
    const context = build({ messages: toolTranscript() });
    expect(build(context)).toBe(context);
  });

  it("copies a deep-frozen look-alike that it did not build", () => {
    const lookAlike = structuredClone(build({ messages: toolTranscript() }));
    const deepFreeze = (v: unknown): void => {
      if (typeof v === "object" && v !== null) Object.values(Object.freeze(v)).forEach(deepFreeze);
    };
    deepFreeze(lookAlike);
    const context = build(lookAlike);
    expect(context).not.toBe(lookAlike);
    expect(context).toEqual(lookAlike);
  });

  it("accepts records with a null prototype", () => {
    const message = Object.assign(Object.create(null), user("u", "a"));
    expect(build({ messages: [message] }).messages).toEqual([user("u", "a")]);
  });

  it("accepts a result separated from its call by a user message and another round", () => {
    const messages = [
      assistant("a1", [call("c1", "t")]),
      user("u", "meanwhile"),
      assistant("a2", [call("c2", "t")]),
      result("r2", "c2", "t"),
      result("r1", "c1", "t"),
    ];
    expect(build({ messages }).messages).toHaveLength(5);
  });
});

describe("the messages channel → CONTEXT_INVALID_TRANSCRIPT", () => {
  it.each([
    ["messages is not an array", { messages: { 0: user("u", "a"), length: 1 } }],
    ["messages is null", { messages: null }],
    ["a message is not an object", { messages: ["hello"] }],
    ["a message has an unknown role", { messages: [{ id: "x", role: "system", content: "a" }] }],
    ["a message id is whitespace", { messages: [user("  ", "a")] }],
    ["a user content is not a string", { messages: [user("u", 5 as never)] }],
    ["an assistant content is not an array", { messages: [assistant("a", "text" as never)] }],
    ["a block has an unknown type", { messages: [assistant("a", [{ type: "image", url: "x" }])] }],
    ["a text block's text is missing", { messages: [assistant("a", [{ type: "text" }])] }],
    ["isError is not a boolean", { messages: [assistant("a", [call("c", "t")]), { ...result("r", "c", "t"), isError: "no" }] }],
    ["a tool call has no result", { messages: [assistant("a", [call("c", "t")])] }],
    ["a result names no call", { messages: [result("r", "c", "t")] }],
    ["a result comes before its call", { messages: [result("r", "c", "t"), assistant("a", [call("c", "t")])] }],
    ["a call has two results", { messages: [assistant("a", [call("c", "t")]), result("r1", "c", "t"), result("r2", "c", "t")] }],
    ["two calls share an id", {
      messages: [assistant("a", [call("c", "t"), call("c", "t")]), result("r1", "c", "t"), result("r2", "c", "t")],
    }],
    ["a result carries the wrong tool name", { messages: [assistant("a", [call("c", "t")]), result("r", "c", "other")] }],
    ["a tool name is whitespace", { messages: [assistant("a", [call("c", " ")]), result("r", "c", " ")] }],
    ["a message is an array", { messages: [[user("u", "a")]] }],
    ["a message is a class instance", { messages: [Object.assign(new (class Message {})(), user("u", "a"))] }],
  ])("rejects when %s", (_name, input) => {
    expect(thrownCode(() => build(input))).toBe("CONTEXT_INVALID_TRANSCRIPT");
  });
});

describe("the summary channel", () => {
  it.each([["only spaces", "   "], ["newlines and tabs", "\n\t "], ["the empty string", ""]])(
    "rejects a summary whose content is %s with CONTEXT_SUMMARY_INVALID",
    (_name, content) => {
      expect(thrownCode(() => build({ summary: { id: "s", content } }))).toBe("CONTEXT_SUMMARY_INVALID");
    },
  );

  it("keeps a summary's surrounding whitespace exactly", () => {
    expect(build({ summary: { id: "s", content: "  kept \n" } }).summary).toEqual({ id: "s", content: "  kept \n" });
  });
});

describe("everything else → CONTEXT_INVALID_INPUT", () => {
  it.each([
    ["the input is null", null],
    ["the input is a string", "context"],
    ["the input is an array", []],
    ["the input is a Map", new Map()],
    ["the input is a class instance", new (class Input {})()],
    ["requirements is not an array", { requirements: { id: "r", content: "c" } }],
    ["a requirement id is whitespace", { requirements: [{ id: " ", content: "c" }] }],
    ["a requirement content is empty", { requirements: [{ id: "r", content: "" }] }],
    ["a requirement is not an object", { requirements: ["r"] }],
    ["two requirements share an id", { requirements: [{ id: "r", content: "a" }, { id: "r", content: "b" }] }],
    ["the summary is a string", { summary: "text" }],
    ["the summary id is empty", { summary: { id: "", content: "x" } }],
    ["compactions is not an array", { compactions: record("r") }],
    ["a record's boundary is 0", { compactions: [record("r", { boundary: 0, compactedMessageIds: [] })] }],
    ["a record's boundary is not an integer", { compactions: [record("r", { boundary: 1.5 })] }],
    ["compactedMessageIds is shorter than boundary", { compactions: [record("r", { compactedMessageIds: ["m1"] })] }],
    ["a compacted message id is empty", { compactions: [record("r", { compactedMessageIds: ["m1", ""] })] }],
    ["unitsBefore is negative", { compactions: [record("r", { unitsBefore: -1 })] }],
    ["unitsAfter is not a safe integer", { compactions: [record("r", { unitsAfter: 2 ** 53 })] }],
    ["a record id is empty", { compactions: [record("")] }],
    ["two records share an id", { compactions: [record("r"), record("r")] }],
  ])("rejects when %s", (_name, input) => {
    expect(thrownCode(() => build(input))).toBe("CONTEXT_INVALID_INPUT");
  });
});
