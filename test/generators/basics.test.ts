import { describe, expect, it } from "vitest";
import { contextData, contractString, summarizerScript, toolArguments, transcript } from "../../generators";
import type { NamedSummarizerScript } from "../../generators";
import { modelCodePoints } from "../../src/model";
import type { Json } from "../../src/scenario/data";
import { assertOnlyValid, assertSameSeedSameValues, assertShrinkKeepsValid } from "./_checks";
import { contextProblems, jsonProblems, transcriptProblems } from "./_validity";

const argsProblems = (args: Json) =>
  contextProblems({
    messages: [
      { id: "a", role: "assistant", content: [{ type: "toolCall", id: "c", name: "t", arguments: args }] },
      { id: "r", role: "toolResult", toolCallId: "c", toolName: "t", content: "", isError: false },
    ],
  });

/** A script is valid when it does what its name says, against `room`. */
function scriptProblems(room: number) {
  return ({ name, script }: NamedSummarizerScript): string[] => {
    const s = script as { kind: string; text?: string; value?: Json; depth?: number };
    const text = s.text ?? "";
    const fits = text.trim().length > 0 && modelCodePoints(text) <= room;
    const ok: Record<string, boolean> = {
      syncText: s.kind === "text" && fits,
      asyncText: s.kind === "text" && fits,
      paddedText: s.kind === "text" && fits,
      thenableChain: s.kind === "thenableChain" && fits && s.depth! <= 64,
      deepThenableChain: s.kind === "thenableChain" && s.depth! >= 65,
      empty: s.kind === "text" && text === "",
      whitespaceOnly: s.kind === "text" && text.length > 0 && text.trim() === "",
      overSummaryMax: s.kind === "text" && modelCodePoints(text) > room,
      overStringLimit: s.kind === "text" && modelCodePoints(text) > 65536,
      nonString: s.kind === "value" && typeof s.value !== "string",
      messageShaped: s.kind === "value" && typeof s.value === "object" && s.value !== null && "role" in s.value,
      toolCallShaped: s.kind === "value" && typeof s.value === "object" && s.value !== null && "type" in s.value,
      throw: s.kind === "throw",
      reject: s.kind === "reject",
      never: s.kind === "never",
    };
    return ok[name] === true ? jsonProblems(script) : [`${name} does not match ${JSON.stringify(script).slice(0, 100)}`];
  };
}

const cases: [string, () => import("fast-check").Arbitrary<unknown>, (v: never) => string[]][] = [
  ["contractString", () => contractString(), (s: string) => (typeof s === "string" ? [] : ["not a string"])],
  ["contractString nonBlank", () => contractString({ nonBlank: true }), (s: string) => (s.trim().length > 0 ? [] : ["blank"])],
  ["toolArguments", () => toolArguments(), argsProblems],
  ["transcript", () => transcript(), transcriptProblems],
  ["transcript large", () => transcript({ size: "large" }), transcriptProblems],
  ["contextData", () => contextData(), contextProblems],
  ["summarizerScript", () => summarizerScript({ room: 12 }), scriptProblems(12)],
  ["summarizerScript room 1", () => summarizerScript({ room: 1 }), scriptProblems(1)],
];

describe.each(cases)("%s", (_name, arb, problems) => {
  it("gives the same values for the same seed", () => assertSameSeedSameValues(arb()));
  it("generates only valid values", () => {
    expect(assertOnlyValid(arb(), problems as (v: unknown) => string[])).toBe(100);
  });
  it("keeps values valid while shrinking", () => {
    expect(assertShrinkKeepsValid(arb(), problems as (v: unknown) => string[])).toBeGreaterThanOrEqual(10);
  });
});

describe("transcript near the limit", () => {
  it("generates 3,990..4,095 messages that still build, deterministic per seed", () => {
    const arb = transcript({ size: "nearLimit" });
    assertSameSeedSameValues(arb, [1]);
    assertOnlyValid(arb, (m) => {
      const n = m.length;
      return [...contextProblems({ messages: m as unknown as Json }), ...(n >= 3990 && n <= 4095 ? [] : [`${n} messages`])];
    }, 10);
  });
});
