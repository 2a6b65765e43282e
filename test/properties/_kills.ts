import { readdirSync } from "node:fs";
import fc from "fast-check";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Host, PropertyDefinition } from "../../src/scenario";
import { coreHost, explain, hostFor, run } from "./_run";

// The machinery of the kill tests (*-kills.test.ts): every property of a family fails on a
// deliberately broken implementation, test/fixtures/<folder>/<name>.ts, named by a kill table
// (property id → module name).

export type KillTable = Readonly<Record<string, string>>;

/** The broken modules of test/fixtures/<folder>/, sorted ("_"-files are shared parts, not modules). */
export function brokenModules(folder: string): string[] {
  return readdirSync(new URL(`../fixtures/${folder}/`, import.meta.url))
    .filter((file) => file.endsWith(".ts") && !file.startsWith("_"))
    .map((file) => file.slice(0, -3))
    .sort();
}

/** The kill table names every property of the family, and nothing else. */
export function expectNamesEveryProperty(kills: KillTable, properties: readonly PropertyDefinition[]): void {
  expect(Object.keys(kills).sort()).toEqual(properties.map((p) => p.id).sort());
}

/** The kill table names only broken modules that exist. */
export function expectOnlyKnownModules(kills: KillTable, brokenNames: readonly string[]): void {
  for (const name of Object.values(kills)) expect(brokenNames).toContain(name);
}

/** Every broken module is named by the kill table. */
export function expectEveryModuleUsed(kills: KillTable, brokenNames: readonly string[]): void {
  expect(brokenNames.filter((name) => !Object.values(kills).includes(name))).toEqual([]);
}

export interface KillSuite {
  /** The folder of the broken modules, under test/fixtures/. */
  readonly folder: string;
  readonly properties: readonly PropertyDefinition[];
  readonly kills: KillTable;
  /** Whether src/core is the differential reference (otherwise there is none). */
  readonly reference: boolean;
  /** Runs per property; the global numRuns when absent. */
  readonly numRuns?: number;
  /** The property as run on its broken module (default: the property itself). */
  readonly narrow?: (property: PropertyDefinition) => PropertyDefinition;
  /** What the failure's message must match, and what that means (the assertion's label). */
  readonly message?: { readonly pattern: RegExp; readonly says: string };
}

/**
 * Inside a describe: one `it` per property, failing on its broken module with a counterexample
 * (and the message `suite.message` asks for). One failing case proves a kill, not the smallest:
 * shrinking is off for the describe (on compaction scenarios it can try thousands of candidates,
 * a minute, before it settles). The hosts, one per broken module, are closed after it.
 */
export function eachPropertyFails(suite: KillSuite): void {
  const hosts = new Map<string, Host>();
  const reference = suite.reference ? coreHost() : null;
  const global = fc.readConfigureGlobal();
  beforeAll(() => fc.configureGlobal({ ...global, endOnFailure: true }));
  afterAll(async () => {
    fc.configureGlobal(global);
    for (const host of hosts.values()) await host.close();
    await reference?.close();
  });

  async function brokenHost(name: string): Promise<Host> {
    const existing = hosts.get(name);
    if (existing !== undefined) return existing;
    const host = hostFor((await import(`../fixtures/${suite.folder}/${name}.ts`)) as Record<string, unknown>);
    hosts.set(name, host);
    return host;
  }

  const narrow = suite.narrow ?? ((property: PropertyDefinition) => property);
  for (const property of suite.properties) {
    const name = suite.kills[property.id] ?? "(missing)";
    it(`${property.id} fails on ${name}`, async () => {
      const result = await run(narrow(property), await brokenHost(name), reference, suite.numRuns);
      expect(result.status, explain(result)).toBe("failed");
      expect(result.counterexample, "a failed run carries its counterexample").toBeDefined();
      if (suite.message !== undefined) expect(result.message ?? "", suite.message.says).toMatch(suite.message.pattern);
    });
  }
}
