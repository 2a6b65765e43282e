import { describe, expect, it } from "vitest";
import { expectedFor } from "../../src/model";
import type { Json } from "../../src/scenario/data";
import type { Decoration, Scenario } from "../../src/scenario/scenario";

// The proxy decoration's `throwingKey` (a descriptor trap that throws for one item only) and
// `throwValue` (what it throws): src/model/hostile-effects.ts.

const messages: Json = [
  { id: "u1", role: "user", content: "a" },
  { id: "u2", role: "user", content: "b" },
];
const onMessages = (extra: Record<string, Json>): Decoration => ({ kind: "proxy", target: "input", path: ["messages"], throwingTrap: "getOwnPropertyDescriptor", ...extra });
const build = (d: Decoration): Scenario => ({ operation: { kind: "build", input: { messages } }, decorations: [d] });

describe("model: a descriptor trap that throws for one key", () => {
  it("rejects the transcript when the key is an item's index, whatever is thrown", () => {
    for (const throwValue of [null, 42, { $cc: "undefined" }] as Json[]) {
      expect(expectedFor(build(onMessages({ throwingKey: "1", throwValue })))).toMatchObject({ kind: "throws", codes: ["CONTEXT_INVALID_TRANSCRIPT"] });
    }
  });

  it("refuses to decide for a key that is no index of the list", () => {
    expect(() => expectedFor(build(onMessages({ throwingKey: "2" })))).toThrow(/does not decide/);
    expect(() => expectedFor(build(onMessages({ throwingKey: "length" })))).toThrow(/does not decide/);
  });
});
