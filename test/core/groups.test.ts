// Contract §5: groupToolRounds tiles the transcript; a tool round runs from an assistant
// with calls through the last of its results, and overlapping or nested rounds merge.
import { describe, expect, it } from "vitest";
import { groupToolRounds, MAX_CONTEXT_MESSAGES } from "../../src/core/index";
import { assistant, build, call, isDeepFrozen, result, text, thrownCode, toolTranscript, tripwire, user } from "./fixtures";

const groups = (transcript: unknown) => groupToolRounds(transcript as never);
const spans = (transcript: unknown) => groups(transcript).map((g) => [g.kind, g.startIndex, g.endIndex]);

describe("seed transcript", () => {
  it("groups old-user, the tool round with both results, and recent-user", () => {
    expect(spans(toolTranscript())).toEqual([
      ["message", 0, 1],
      ["toolRound", 1, 4],
      ["message", 4, 5],
    ]);
  });

  it("gives each group the messages of its interval", () => {
    const transcript = toolTranscript();
    expect(groups(transcript).map((g) => g.messages)).toEqual([
      transcript.slice(0, 1),
      transcript.slice(1, 4),
      transcript.slice(4, 5),
    ]);
  });

  it("returns a frozen list of frozen groups", () => {
    expect(isDeepFrozen(groups(toolTranscript()))).toBe(true);
  });

  it("accepts the messages of a built context", () => {
    expect(spans(build({ messages: toolTranscript() }).messages)).toEqual(spans(toolTranscript()));
  });
});

describe("intervals", () => {
  it("returns no group for an empty transcript", () => {
    expect(groups([])).toEqual([]);
  });

  it("makes an assistant without tool calls its own message group", () => {
    expect(spans([user("u", "a"), assistant("a", [text("no tools")])])).toEqual([
      ["message", 0, 1],
      ["message", 1, 2],
    ]);
  });

  it("keeps a result separated from its call by user messages inside the round", () => {
    const transcript = [assistant("a", [call("c", "t")]), user("u1", "x"), user("u2", "y"), result("r", "c", "t"), user("u3", "z")];
    expect(spans(transcript)).toEqual([
      ["toolRound", 0, 4],
      ["message", 4, 5],
    ]);
  });

  it("merges overlapping rounds (the second starts before the first ends)", () => {
    const transcript = [
      assistant("a1", [call("c1", "t")]),
      assistant("a2", [call("c2", "t")]),
      result("r1", "c1", "t"),
      result("r2", "c2", "t"),
    ];
    expect(spans(transcript)).toEqual([["toolRound", 0, 4]]);
  });

  it("merges a nested round into the one around it", () => {
    const transcript = [
      assistant("a1", [call("c1", "t")]),
      assistant("a2", [call("c2", "t")]),
      result("r2", "c2", "t"),
      result("r1", "c1", "t"),
      user("u", "after"),
    ];
    expect(spans(transcript)).toEqual([
      ["toolRound", 0, 4],
      ["message", 4, 5],
    ]);
  });

  it("merges a chain of rounds interleaved with user messages", () => {
    const transcript = [
      assistant("a1", [call("c1", "t")]),
      user("u1", "x"),
      assistant("a2", [call("c2", "t")]),
      result("r1", "c1", "t"),
      user("u2", "y"),
      result("r2", "c2", "t"),
      user("u3", "z"),
    ];
    expect(spans(transcript)).toEqual([
      ["toolRound", 0, 6],
      ["message", 6, 7],
    ]);
  });

  it("keeps adjacent rounds that do not overlap apart", () => {
    const transcript = [
      assistant("a1", [call("c1", "t")]),
      result("r1", "c1", "t"),
      assistant("a2", [call("c2", "t")]),
      result("r2", "c2", "t"),
    ];
    expect(spans(transcript)).toEqual([
      ["toolRound", 0, 2],
      ["toolRound", 2, 4],
    ]);
  });

  it("ends a round with parallel calls at the last result, whatever the order of results", () => {
    const transcript = [
      assistant("a", [call("c1", "t"), call("c2", "u"), call("c3", "t")]),
      result("r3", "c3", "t"),
      user("u", "x"),
      result("r1", "c1", "t"),
      result("r2", "c2", "u"),
    ];
    expect(spans(transcript)).toEqual([["toolRound", 0, 5]]);
  });
});

describe("validation", () => {
  it.each([
    ["not an array", "messages"],
    ["a result without a call", [result("r", "c", "t")]],
    ["a call without a result", [assistant("a", [call("c", "t")])]],
    ["a result before its call", [result("r", "c", "t"), assistant("a", [call("c", "t")])]],
    ["a duplicated result", [assistant("a", [call("c", "t")]), result("r1", "c", "t"), result("r2", "c", "t")]],
    ["a mismatched tool name", [assistant("a", [call("c", "t")]), result("r", "c", "x")]],
    ["a hole", [user("u", "a"), , user("v", "b")]],
    ["a throwing Proxy", [tripwire().value]],
  ])("rejects %s with CONTEXT_INVALID_TRANSCRIPT", (_name, transcript) => {
    expect(thrownCode(() => groups(transcript))).toBe("CONTEXT_INVALID_TRANSCRIPT");
  });

  it("rejects more than 4096 messages with CONTEXT_LIMIT_EXCEEDED", () => {
    const transcript = Array.from({ length: MAX_CONTEXT_MESSAGES + 1 }, (_, i) => user("m" + i, ""));
    expect(thrownCode(() => groups(transcript))).toBe("CONTEXT_LIMIT_EXCEEDED");
  });
});
