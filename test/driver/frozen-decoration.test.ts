import { describe, expect, it } from "vitest";
import * as core from "../../src/core";
import { createDriver } from "../../src/driver/index";
import { expectedFor } from "../../src/model";
import type { Json } from "../../src/scenario/data";
import type { Scenario } from "../../src/scenario/scenario";
import { context } from "./scenarios";

// The frozen decoration (src/driver/decorations/frozen.ts): the caller froze the input before the
// call, alone or with everything in it. Freezing changes nothing the contract reads: the model
// answers as for the plain input, and the core builds a new deep copy.

const frozen = (deep: boolean, input: Json = context): Scenario => ({ operation: { kind: "build", input }, decorations: [{ kind: "frozen", target: "input", path: [], deep }] });

/** What the subject is handed: is the input frozen, and is what is inside it? */
function seen(): { subject: Record<string, unknown>; last: () => { root: boolean; inner: boolean } } {
  let last = { root: false, inner: false };
  const buildActiveContext = (input: { messages: object[] }) => {
    last = { root: Object.isFrozen(input), inner: Object.isFrozen(input.messages) && Object.isFrozen(input.messages[0]) };
    return core.buildActiveContext(input as never);
  };
  return { subject: { ...core, buildActiveContext }, last: () => last };
}

describe("a frozen decoration: the input frozen by the caller", () => {
  it("freezes the input alone, or with every object and array in it (deep)", async () => {
    const { subject, last } = seen();
    const driver = createDriver(subject);
    await driver.observe(frozen(false));
    expect(last()).toEqual({ root: true, inner: false });
    await driver.observe(frozen(true));
    expect(last()).toEqual({ root: true, inner: true });
  });

  it("the model answers as for the plain input; the core returns a new deeply frozen copy, extra properties dropped", async () => {
    const driver = createDriver(core as unknown as Record<string, unknown>);
    const input = { ...(context as Record<string, Json>), note: { dropped: [1] } };
    for (const deep of [false, true]) {
      const o = await driver.observe(frozen(deep, input));
      expect(expectedFor(frozen(deep, input))).toEqual(expectedFor({ operation: { kind: "build", input } }));
      expect(o.outcome.kind === "returned" && o.outcome.value).toEqual((expectedFor({ operation: { kind: "build", input } }) as { value: Json }).value);
      expect(o.identity.resultIsInput).toBe(false);
      expect(o.frozen?.deep).toBe(true);
    }
  });

  it("needs an object or array at its path", async () => {
    const o = await createDriver(core as unknown as Record<string, unknown>).observe({ operation: { kind: "build", input: context }, decorations: [{ kind: "frozen", target: "input", path: ["requirements", 0, "id"], deep: true }] });
    expect(o.outcome.kind === "crash" ? o.outcome.reason : o.outcome.kind).toMatch(/needs an object or array/);
  });
});
