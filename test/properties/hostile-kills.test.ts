import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hostileScenario, limitEdgeScenario } from "../../generators";
import { hostileProperties } from "../../properties/hostile";
import type { Host, PropertyDefinition, Scenario } from "../../src/scenario";
import { explain, hostFor, run } from "./_run";

// Every hostile/limits property fails on a deliberately broken implementation
// (test/fixtures/broken-hostile/<name>.ts: src/core behind one realistic mistake).

const KILLS: Readonly<Record<string, string>> = {
  "hostile.rejects-with-channel-code": "accessor-wrong-code",
  "hostile.benign-reads-like-data": "rejects-proxies",
  "hostile.accessor-never-invoked": "json-copy",
  "hostile.function-never-called": "thunk-resolver",
  "hostile.only-contract-errors-escape": "json-copy",
  "hostile.input-unchanged": "fills-holes",
  "limits.at-limit-builds": "depth-off-by-one",
  "limits.past-limit-exceeded": "no-aggregate-budget",
  "limits.data-after-overflow-never-read": "validate-then-count",
};

/**
 * The same property (same check) on the part of its scenarios the mutant's mistake is about,
 * so that a few cases find it under any seed: each limit edge is one of eight, a Proxy one
 * of twelve hostile kinds.
 */
const FOCUS: Readonly<Record<string, fc.Arbitrary<Scenario>>> = {
  "hostile.benign-reads-like-data": hostileScenario({ kinds: ["proxy"], effect: "benign", secondShare: 0 }),
  "limits.at-limit-builds": limitEdgeScenario({ side: "at", limits: ["depth"] }),
  "limits.past-limit-exceeded": limitEdgeScenario({ side: "past", limits: ["totalStringUnits", "totalUnits"] }),
  "limits.data-after-overflow-never-read": limitEdgeScenario({ side: "past", limits: ["messages", "requirements", "records"] }),
};

function focused(property: PropertyDefinition): PropertyDefinition {
  const arbitrary = FOCUS[property.id];
  return arbitrary === undefined ? property : { ...property, arbitrary };
}

describe("every hostile property fails on a broken implementation", () => {
  const hosts = new Map<string, Host>();
  const global = fc.readConfigureGlobal();
  // One failing case proves the point; shrinking limit edges would only cost time.
  beforeAll(() => fc.configureGlobal({ ...global, endOnFailure: true }));
  afterAll(async () => {
    fc.configureGlobal(global);
    for (const host of hosts.values()) await host.close();
  });

  async function brokenHost(name: string): Promise<Host> {
    const existing = hosts.get(name);
    if (existing !== undefined) return existing;
    const host = hostFor((await import(`../fixtures/broken-hostile/${name}.ts`)) as Record<string, unknown>);
    hosts.set(name, host);
    return host;
  }

  it("names a broken implementation for every property", () => {
    expect(Object.keys(KILLS).sort()).toEqual(hostileProperties.map((p) => p.id).sort());
  });

  for (const property of hostileProperties) {
    it(`${property.id} fails on ${KILLS[property.id]}`, async () => {
      const result = await run(focused(property), await brokenHost(KILLS[property.id]!), null);
      expect(result.status, explain(result)).toBe("failed");
      expect(result.counterexample).toBeDefined();
    });
  }
});
