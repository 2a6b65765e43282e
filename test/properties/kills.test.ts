import { readdirSync } from "node:fs";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scenarioEngineProperties } from "../../properties";
import type { Host } from "../../src/scenario";
import { KILLS } from "./kill-table";
import { coreHost, explain, hostFor, run } from "./_run";

// Every property of the scenario-engine families fails on at least one deliberately broken
// implementation (test/fixtures/broken/<name>.ts: src/core with one realistic bug). The other
// families have their own kill tests (hostile-, async-, sequences-kills; strength properties are
// killed in test/mutants/kill-matrix.test.ts). A property that no
// broken implementation can fail would be a test that cannot fail.

/** Generous: a run stops at its first failure, so this bounds only a (never seen) miss. */
const KILL_RUNS = 500;


const brokenDir = new URL("../fixtures/broken/", import.meta.url);
const brokenNames = readdirSync(brokenDir)
  .filter((file) => file.endsWith(".ts") && !file.startsWith("_"))
  .map((file) => file.slice(0, -3))
  .sort();

describe("every property fails on a broken implementation", () => {
  const hosts = new Map<string, Host>();
  const reference = coreHost();
  // Proving a failure needs one failing case, not the smallest: skip shrinking, which on
  // compaction scenarios can try thousands of candidates (a minute) before it settles.
  const global = fc.readConfigureGlobal();
  beforeAll(() => fc.configureGlobal({ ...global, endOnFailure: true }));
  afterAll(async () => {
    fc.configureGlobal(global);
    for (const host of hosts.values()) await host.close();
    await reference.close();
  });

  async function brokenHost(name: string): Promise<Host> {
    const existing = hosts.get(name);
    if (existing !== undefined) return existing;
    const subject = (await import(`../fixtures/broken/${name}.ts`)) as Record<string, unknown>;
    const host = hostFor(subject);
    hosts.set(name, host);
    return host;
  }

  it("the kill table names every property, and only known broken modules", () => {
    expect(Object.keys(KILLS).sort()).toEqual(scenarioEngineProperties.map((p) => p.id).sort());
    for (const name of Object.values(KILLS)) expect(brokenNames).toContain(name);
  });

  it("every broken module is used by the kill table", () => {
    expect(brokenNames.filter((name) => !Object.values(KILLS).includes(name))).toEqual([]);
  });

  for (const property of scenarioEngineProperties) {
    const name = KILLS[property.id] ?? "(missing)";
    it(`${property.id} fails on ${name}`, async () => {
      const result = await run(property, await brokenHost(name), reference, KILL_RUNS);
      expect(result.status, explain(result)).toBe("failed");
      expect(result.counterexample, "a failed run carries its counterexample").toBeDefined();
      expect(result.message ?? "", "the message says what was expected").toMatch(/expected/);
    });
  }
});
