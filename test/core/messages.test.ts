// Contract §2: the Message IR. validateTranscript never throws and names each broken rule
// with its code; an empty, frozen list means the transcript is valid.
import { describe, expect, it } from "vitest";
import { assistantMessage, textFromAssistant, toolResultMessage, userMessage, validateTranscript } from "../../src/core/index";
import { assistant, call, isDeepFrozen, result, text, toolTranscript, tripwire, user } from "./fixtures";

const validate = (transcript: unknown) => validateTranscript(transcript as never);
const codes = (transcript: unknown) => validate(transcript).map((issue) => issue.code);

describe("valid transcripts", () => {
  it("returns an empty frozen list for the seed transcript", () => {
    const issues = validate(toolTranscript());
    expect(issues).toEqual([]);
    expect(Object.isFrozen(issues)).toBe(true);
  });

  it("accepts an empty transcript", () => {
    expect(validate([])).toEqual([]);
  });

  it("accepts empty user content, empty text and empty result content", () => {
    expect(validate([user("u", ""), assistant("a", [text(""), call("c", "t")]), result("r", "c", "t", "")])).toEqual([]);
  });

  it("accepts a result separated from its call by a user message and another round", () => {
    const transcript = [
      assistant("a1", [call("c1", "t")]),
      user("u", "x"),
      assistant("a2", [call("c2", "t")]),
      result("r2", "c2", "t"),
      result("r1", "c1", "t"),
    ];
    expect(validate(transcript)).toEqual([]);
  });
});

describe("issue codes", () => {
  it.each([
    ["INVALID_TRANSCRIPT", "a non-array", { length: 0 }],
    ["INVALID_MESSAGE", "a message with an unknown role", [{ id: "x", role: "system", content: "" }]],
    ["INVALID_MESSAGE", "a message with a whitespace id", [user(" ", "a")]],
    ["DUPLICATE_TOOL_CALL_ID", "two calls with the same id", [
      assistant("a", [call("c", "t"), call("c", "t")]),
      result("r1", "c", "t"),
      result("r2", "c", "t"),
    ]],
    ["DUPLICATE_TOOL_RESULT", "two results for one call", [assistant("a", [call("c", "t")]), result("r1", "c", "t"), result("r2", "c", "t")]],
    ["ORPHAN_TOOL_RESULT", "a result naming no call", [result("r", "nowhere", "t")]],
    ["TOOL_RESULT_BEFORE_CALL", "a result before its call", [result("r", "c", "t"), assistant("a", [call("c", "t")])]],
    ["MISSING_TOOL_RESULT", "a call without a result", [assistant("a", [call("c", "t")])]],
    ["TOOL_NAME_MISMATCH", "a result with another tool name", [assistant("a", [call("c", "t")]), result("r", "c", "u")]],
    ["EMPTY_TOOL_NAME", "a tool call with a whitespace name", [assistant("a", [call("c", "  ")]), result("r", "c", "  ")]],
    ["INVALID_TOOL_ARGUMENTS", "arguments holding NaN", [assistant("a", [call("c", "t", { n: NaN })]), result("r", "c", "t")]],
    ["INVALID_TOOL_ARGUMENTS", "arguments that are an array", [assistant("a", [call("c", "t", [] as never)]), result("r", "c", "t")]],
  ])("reports %s for %s", (code, _name, transcript) => {
    expect(codes(transcript)).toContain(code);
  });

  it("points INVALID_MESSAGE at the index of the bad message", () => {
    const issues = validate([user("u", "a"), { id: "x", role: "user", content: 1 }]);
    expect(issues.find((issue) => issue.code === "INVALID_MESSAGE")?.messageIndex).toBe(1);
  });

  it("points ORPHAN_TOOL_RESULT at the result", () => {
    const issues = validate([user("u", "a"), result("r", "nowhere", "t")]);
    expect(issues.find((issue) => issue.code === "ORPHAN_TOOL_RESULT")?.messageIndex).toBe(1);
  });

  it("gives every issue a code, a message index and a human-readable message, all frozen", () => {
    const issues = validate([result("r", "nowhere", "t")]);
    expect(issues.length).toBeGreaterThan(0);
    for (const issue of issues) {
      expect(typeof issue.message === "string" && issue.message.length > 0).toBe(true);
      expect(Number.isInteger(issue.messageIndex)).toBe(true);
    }
    expect(isDeepFrozen(issues)).toBe(true);
  });
});

describe("never throws", () => {
  it.each([
    ["null", null],
    ["a throwing Proxy", tripwire().value],
    ["an array holding a throwing Proxy", [tripwire().value]],
    ["a hole", [user("u", "a"), , user("v", "b")]],
    ["a getter", Object.defineProperty([], 0, { get: () => user("u", "a"), enumerable: true })],
  ])("returns issues instead of throwing for %s", (_name, transcript) => {
    let issues: readonly unknown[] = [];
    expect(() => (issues = validate(transcript))).not.toThrow();
    expect(issues.length).toBeGreaterThan(0);
  });
});

describe("validateTranscript applies no size limits (docs/contract.md §2)", () => {
  it("accepts more than 4,096 messages", () => {
    const transcript = Array.from({ length: 4100 }, (_, i) => user(`u${i}`, "x"));
    expect(validate(transcript)).toEqual([]);
  });

  it("accepts a string longer than 65,536 code points", () => {
    expect(validate([user("u", "x".repeat(70_000))])).toEqual([]);
  });

  it("accepts more than 16,384 collection items", () => {
    const items = Array.from({ length: 17_000 }, (_, i) => i);
    expect(validate([assistant("a", [call("c", "t", { items })]), result("r", "c", "t")])).toEqual([]);
  });
});

// The course's call form (docs/contract.md §2): one object whose fields are read by ordinary
// property access; isError optional (undefined and null mean false); the result deeply frozen.
describe("Message IR helpers, one object of fields", () => {
  it("builds a tool result without isError, as the course calls it", () => {
    const message = toolResultMessage({ id: "r", toolCallId: "c", toolName: "t", content: "out" });
    expect(message).toEqual(result("r", "c", "t", "out", false));
    expect(isDeepFrozen(message)).toBe(true);
  });

  it.each([
    ["undefined", undefined],
    ["null", null],
  ])("takes isError %s as false", (_name, isError) => {
    expect(toolResultMessage({ id: "r", toolCallId: "c", toolName: "t", content: "out", isError } as never).isError).toBe(false);
  });

  it("keeps isError true", () => {
    expect(toolResultMessage({ id: "r", toolCallId: "c", toolName: "t", content: "out", isError: true }).isError).toBe(true);
  });

  it("builds user and assistant messages from one object", () => {
    expect(userMessage({ id: "u", content: "hi" })).toEqual(user("u", "hi"));
    const message = assistantMessage({ id: "a", content: [text("hi"), call("c", "t", { k: [1] })] as never });
    expect(message).toEqual(assistant("a", [text("hi"), call("c", "t", { k: [1] })]));
    expect(isDeepFrozen(message)).toBe(true);
  });

  it("reads fields by ordinary property access: getters run, inherited fields count, extra fields are dropped", () => {
    const fields = Object.create({ content: "inherited" }, { id: { get: () => "u", enumerable: true } });
    fields.extra = 1;
    expect(userMessage(fields)).toEqual(user("u", "inherited"));
  });

  it.each([
    ["a non-object argument", () => userMessage(42 as never)],
    ["null", () => userMessage(null as never)],
    ["a missing id", () => userMessage({ content: "x" } as never)],
    ["a getter that throws", () => userMessage({ get id(): string { throw new Error("getter"); }, content: "x" })],
    ["isError that is not a boolean", () => toolResultMessage({ id: "r", toolCallId: "c", toolName: "t", content: "o", isError: "yes" } as never)],
    ["a tool result without toolName", () => toolResultMessage({ id: "r", toolCallId: "c", content: "o" } as never)],
    ["assistant content that is not an array", () => assistantMessage({ id: "a", content: "text" } as never)],
  ])("throws a TypeError for %s", (_name, make) => {
    expect(make).toThrow(TypeError);
  });
});

describe("textFromAssistant", () => {
  it("joins the text blocks, skipping tool calls", () => {
    expect(textFromAssistant(assistant("a", [text("one "), call("c", "t"), text("two")]) as never)).toBe("one two");
  });

  it("gives the empty string for a message without text blocks", () => {
    expect(textFromAssistant(assistant("a", [call("c", "t")]) as never)).toBe("");
  });

  it.each([
    ["a user message", user("u", "x")],
    ["a malformed message", { id: "a", role: "assistant", content: "x" }],
    ["null", null],
  ])("throws a TypeError for %s", (_name, message) => {
    expect(() => textFromAssistant(message as never)).toThrow(TypeError);
  });
});

// The positional forms are extras (not fixed by the contract): a valid frozen message out, a
// TypeError for a bad one.
describe("Message IR helpers, positional extras", () => {
  const helpers = { userMessage, assistantMessage, toolResultMessage } as Record<string, (...args: unknown[]) => unknown>;

  it("builds a frozen user message", () => {
    const message = helpers.userMessage!("u", "hello");
    expect(message).toEqual(user("u", "hello"));
    expect(isDeepFrozen(message)).toBe(true);
  });

  it("builds a frozen assistant message with its blocks", () => {
    const message = helpers.assistantMessage!("a", [text("hi"), call("c", "t", { k: [1] })]);
    expect(message).toEqual(assistant("a", [text("hi"), call("c", "t", { k: [1] })]));
    expect(isDeepFrozen(message)).toBe(true);
  });

  it("builds a frozen tool-result message", () => {
    const message = helpers.toolResultMessage!("r", "c", "t", "out", true);
    expect(message).toEqual(result("r", "c", "t", "out", true));
    expect(isDeepFrozen(message)).toBe(true);
  });

  it.each([
    ["userMessage with a whitespace id", () => helpers.userMessage!(" ", "x")],
    ["assistantMessage with a non-array content", () => helpers.assistantMessage!("a", "text")],
    ["toolResultMessage with an empty tool name", () => helpers.toolResultMessage!("r", "c", " ", "out", false)],
    // The two checks below mask each other in a transcript (a blank toolCallId can only answer a
    // blank call id), so only the helpers tell them apart (message-read.ts `true` flags).
    ["toolResultMessage with a whitespace toolCallId", () => helpers.toolResultMessage!("r", " ", "t", "out", false)],
    ["assistantMessage with a whitespace call id", () => helpers.assistantMessage!("a", [call(" ", "t")])],
  ])("throws a TypeError for %s", (_name, make) => {
    expect(make).toThrow(TypeError);
  });
});
