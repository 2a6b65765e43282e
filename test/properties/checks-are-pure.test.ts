import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allProperties } from "../../properties";
import { expectedFor } from "../../src/model";
import type { CheckInput, Host } from "../../src/scenario";
import { coreHost, referenceHost, settings } from "./_run";

// Checks are pure functions of their input: given a deeply frozen input (any write would
// throw in strict mode) they give the same verdict twice and never throw.

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  }
  return value;
}

describe("checks are pure", () => {
  const host = coreHost();
  let reference: Host;
  beforeAll(async () => {
    reference = await referenceHost();
  });
  afterAll(async () => {
    await host.close();
    await reference.close();
  });

  for (const property of allProperties) {
    it(property.id, async () => {
      for (const scenario of fc.sample(property.arbitrary, { seed: settings().seed, numRuns: 3 })) {
        const observation = await host.observe(scenario);
        const referenceObservation = property.needsReference ? await reference.observe(scenario) : null;
        const input: CheckInput = deepFreeze({ scenario, observation, expected: expectedFor(scenario), reference: referenceObservation });
        const first = property.check(input);
        expect(property.check(input)).toEqual(first);
        expect(first, JSON.stringify(first)).toEqual({ ok: true });
      }
    });
  }
});
