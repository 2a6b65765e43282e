// Contract §6: the earliest whole-group cut whose requirements + reserved summary +
// retained messages fit the target, never inside a group, leaving the recent messages.
import { describe, expect, it } from "vitest";
import { selectCompactionBoundary } from "../../src/core/index";
import {
  build,
  seedRequirements,
  seedSummary,
  summaryUnits,
  thrownCode,
  toolContext,
  toolTranscript,
  units,
  user,
  withAccessor,
} from "./fixtures";

const select = (context: unknown, options: unknown) => selectCompactionBoundary(context as never, options as never);
const codePoints = (s: string) => [...s].length;
/** Units of a tool-result message by the §4 formula (it cannot be measured alone: it would be an orphan). */
const resultUnits = (m: Record<string, unknown>) =>
  7 + codePoints(m.id as string) + codePoints(m.toolCallId as string) + codePoints(m.toolName as string) + codePoints(m.content as string);

/** The seed's failure experiment: the target fits requirements + reserved summary + recent-user exactly. */
function seedSetup() {
  const context = toolContext();
  const summaryMaxUnits = summaryUnits(seedSummary());
  const targetUnits = units({ requirements: context.requirements, messages: [context.messages[4]] }) + summaryMaxUnits;
  return { context, summaryMaxUnits, targetUnits };
}

describe("the seed's failure experiment", () => {
  it("returns 4 for the five-message transcript", () => {
    const { context, summaryMaxUnits, targetUnits } = seedSetup();
    expect(select(context, { targetUnits, summaryMaxUnits, retainRecentMessages: 1 })).toBe(4);
  });

  it("returns 4, not 2, when the budget would let a per-message slicer stop at index 2", () => {
    const { context, summaryMaxUnits } = seedSetup();
    const transcript = toolTranscript();
    const naiveSuffixUnits = resultUnits(transcript[2]!) + resultUnits(transcript[3]!) + units({ messages: [transcript[4]] });
    const targetUnits = units({ requirements: seedRequirements() }) + summaryMaxUnits + naiveSuffixUnits;
    expect(select(context, { targetUnits, summaryMaxUnits, retainRecentMessages: 1 })).toBe(4);
  });

  it("returns 4, not 3, when the budget would let a per-message slicer stop at index 3", () => {
    const { context, summaryMaxUnits } = seedSetup();
    const transcript = toolTranscript();
    const naiveSuffixUnits = resultUnits(transcript[3]!) + units({ messages: [transcript[4]] });
    const targetUnits = units({ requirements: seedRequirements() }) + summaryMaxUnits + naiveSuffixUnits;
    expect(select(context, { targetUnits, summaryMaxUnits, retainRecentMessages: 1 })).toBe(4);
  });

  it("returns null when retainRecentMessages covers the whole transcript", () => {
    const { context, summaryMaxUnits, targetUnits } = seedSetup();
    expect(select(context, { targetUnits, summaryMaxUnits, retainRecentMessages: 5 })).toBeNull();
  });
});

describe("the walk over groups", () => {
  it("returns null when retainRecentMessages exceeds the transcript", () => {
    const { context, summaryMaxUnits } = seedSetup();
    expect(select(context, { targetUnits: 1_000_000, summaryMaxUnits, retainRecentMessages: 4096 })).toBeNull();
  });

  it("returns null for an empty transcript even with retainRecentMessages 0", () => {
    expect(select(build({}), { targetUnits: 10, summaryMaxUnits: 1, retainRecentMessages: 0 })).toBeNull();
  });

  it("returns the first group's end (never 0) when everything fits", () => {
    const { context, summaryMaxUnits } = seedSetup();
    expect(select(context, { targetUnits: 1_000_000, summaryMaxUnits, retainRecentMessages: 1 })).toBe(1);
  });

  it("returns null when the group that would fit crosses the latest allowed cut", () => {
    const { context, summaryMaxUnits, targetUnits } = seedSetup();
    // latest = 5 - 2 = 3, and the tool round ends at 4.
    expect(select(context, { targetUnits, summaryMaxUnits, retainRecentMessages: 2 })).toBeNull();
  });

  it("returns null when the target is one unit short of the only fitting cut", () => {
    const { context, summaryMaxUnits, targetUnits } = seedSetup();
    expect(select(context, { targetUnits: targetUnits - 1, summaryMaxUnits, retainRecentMessages: 1 })).toBeNull();
  });

  it("may cut after the last message when nothing needs to be retained", () => {
    const { context, summaryMaxUnits } = seedSetup();
    const targetUnits = units({ requirements: context.requirements }) + summaryMaxUnits;
    expect(select(context, { targetUnits, summaryMaxUnits, retainRecentMessages: 0 })).toBe(5);
  });

  it("does not count the current summary, which will be replaced", () => {
    const { summaryMaxUnits, targetUnits } = seedSetup();
    const context = build({ requirements: seedRequirements(), summary: { id: "old", content: "x".repeat(5000) }, messages: toolTranscript() });
    expect(select(context, { targetUnits, summaryMaxUnits, retainRecentMessages: 1 })).toBe(4);
  });

  it("counts the requirements as fixed cost", () => {
    const { summaryMaxUnits, targetUnits } = seedSetup();
    const context = build({ requirements: [...seedRequirements(), { id: "more", content: "x" }], messages: toolTranscript() });
    expect(select(context, { targetUnits, summaryMaxUnits, retainRecentMessages: 1 })).toBeNull();
  });

  it("reserves the whole summaryMaxUnits", () => {
    const { context, summaryMaxUnits, targetUnits } = seedSetup();
    expect(select(context, { targetUnits, summaryMaxUnits: summaryMaxUnits + 1, retainRecentMessages: 1 })).toBeNull();
  });

  it("accepts a plain input and builds it first", () => {
    const { summaryMaxUnits, targetUnits } = seedSetup();
    const input = { requirements: seedRequirements(), messages: toolTranscript() };
    expect(select(input, { targetUnits, summaryMaxUnits, retainRecentMessages: 1 })).toBe(4);
  });

  it("walks groups separated by user messages and other rounds", () => {
    const transcript = [
      user("u0", "start"),
      { id: "a1", role: "assistant", content: [{ type: "toolCall", id: "c1", name: "t", arguments: {} }] },
      user("u1", "meanwhile"),
      { id: "a2", role: "assistant", content: [{ type: "toolCall", id: "c2", name: "t", arguments: {} }] },
      { id: "r1", role: "toolResult", toolCallId: "c1", toolName: "t", content: "", isError: false },
      { id: "r2", role: "toolResult", toolCallId: "c2", toolName: "t", content: "", isError: false },
      user("u2", "end"),
    ];
    const context = build({ messages: transcript });
    const targetUnits = units({ messages: [transcript[6]] }) + 10;
    expect(select(context, { targetUnits, summaryMaxUnits: 10, retainRecentMessages: 1 })).toBe(6);
  });
});

describe("order of checks", () => {
  it("builds the context before reading the options", () => {
    const options = { summaryMaxUnits: 1, retainRecentMessages: 0 };
    const counter = withAccessor(options, "targetUnits");
    expect(thrownCode(() => select({ messages: "bad" }, options))).toBe("CONTEXT_INVALID_TRANSCRIPT");
    expect(counter.calls).toBe(0);
  });
});

describe("options", () => {
  const valid = () => ({ targetUnits: 100, summaryMaxUnits: 10, retainRecentMessages: 1 });
  const without = (key: string) => {
    const options: Record<string, unknown> = valid();
    delete options[key];
    return options;
  };
  const accessor = (key: string, kind: "getter" | "setter-only" = "getter") => {
    const options: Record<string, unknown> = valid();
    delete options[key];
    withAccessor(options, key, kind);
    return options;
  };

  it.each([
    ["null", null],
    ["a number", 5],
    ["an array", [100, 10, 1]],
    ["a class instance", Object.assign(new (class Options {})(), valid())],
    ["an object with a non-null foreign prototype", Object.assign(Object.create(valid()), valid())],
    ["missing targetUnits", without("targetUnits")],
    ["missing summaryMaxUnits", without("summaryMaxUnits")],
    ["missing retainRecentMessages", without("retainRecentMessages")],
    ["targetUnits as a getter", accessor("targetUnits")],
    ["summaryMaxUnits as a getter", accessor("summaryMaxUnits")],
    ["retainRecentMessages as a setter-only accessor", accessor("retainRecentMessages", "setter-only")],
    ["inherited fields", Object.setPrototypeOf({}, valid())],
  ])("rejects options that are %s with CONTEXT_INVALID_INPUT", (_name, options) => {
    expect(thrownCode(() => select(toolContext(), options))).toBe("CONTEXT_INVALID_INPUT");
  });

  it("never calls an accessor of the options", () => {
    const options: Record<string, unknown> = valid();
    delete options.targetUnits;
    const counter = withAccessor(options, "targetUnits");
    thrownCode(() => select(toolContext(), options));
    expect(counter.calls).toBe(0);
  });

  it.each([
    ["targetUnits is a string", { targetUnits: "100" }],
    ["targetUnits is fractional", { targetUnits: 100.5 }],
    ["targetUnits is NaN", { targetUnits: NaN }],
    ["targetUnits is Infinity", { targetUnits: Infinity }],
    ["targetUnits is 0", { targetUnits: 0 }],
    ["targetUnits is above 1,000,000", { targetUnits: 1_000_001 }],
    ["targetUnits is not a safe integer", { targetUnits: 2 ** 53 }],
    ["summaryMaxUnits is 0", { summaryMaxUnits: 0 }],
    ["summaryMaxUnits is a bigint", { summaryMaxUnits: 10n }],
    ["summaryMaxUnits exceeds targetUnits", { summaryMaxUnits: 101 }],
    ["retainRecentMessages is negative", { retainRecentMessages: -1 }],
    ["retainRecentMessages is fractional", { retainRecentMessages: 0.5 }],
    ["retainRecentMessages is above 4096", { retainRecentMessages: 4097 }],
    ["retainRecentMessages is null", { retainRecentMessages: null }],
  ])("rejects options where %s with CONTEXT_INVALID_BUDGET", (_name, override) => {
    expect(thrownCode(() => select(toolContext(), { ...valid(), ...override }))).toBe("CONTEXT_INVALID_BUDGET");
  });

  it.each([
    ["the largest values", { targetUnits: 1_000_000, summaryMaxUnits: 1_000_000, retainRecentMessages: 4096 }],
    ["the smallest values", { targetUnits: 1, summaryMaxUnits: 1, retainRecentMessages: 0 }],
    ["a null-prototype object", Object.assign(Object.create(null), valid())],
  ])("accepts %s", (_name, options) => {
    expect(() => select(toolContext(), options)).not.toThrow();
  });
});
