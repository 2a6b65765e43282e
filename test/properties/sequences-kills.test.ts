import { readdirSync } from "node:fs";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sequenceProperties } from "../../properties/sequences";
import type { Host } from "../../src/scenario";
import { coreHost, explain, hostFor, run } from "./_run";

// Every sequence property fails on at least one deliberately broken implementation
// (test/fixtures/broken-sequences/<name>.ts: src/core with one bug that shows over a run).

const KILLS: Readonly<Record<string, string>> = {
  "sequence.outcomes-match-model": "best-effort-open-call",
  "sequence.valid-when-no-call-open": "suffix-one-early",
  "sequence.nothing-lost": "keeps-only-last-record",
  "sequence.target-met": "target-from-max",
  "sequence.record-units-match": "units-before-without-summary",
  "sequence.summarizer-saw-previous-summary": "drops-previous-summary",
  "sequence.failed-step-changes-nothing": "fallback-on-summarizer-failure",
  "sequence.in-flight-call-refused": "best-effort-open-call",
};

const brokenDir = new URL("../fixtures/broken-sequences/", import.meta.url);
const brokenNames = readdirSync(brokenDir)
  .filter((file) => file.endsWith(".ts") && !file.startsWith("_"))
  .map((file) => file.slice(0, -3))
  .sort();

describe("every sequence property fails on a broken implementation", () => {
  const hosts = new Map<string, Host>();
  const reference = coreHost();
  // One failing case proves the kill; shrinking a program is not needed here.
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
    const host = hostFor((await import(`../fixtures/broken-sequences/${name}.ts`)) as Record<string, unknown>);
    hosts.set(name, host);
    return host;
  }

  it("the kill table names every sequence property and only known broken modules, each used", () => {
    expect(Object.keys(KILLS).sort()).toEqual(sequenceProperties.map((p) => p.id).sort());
    for (const name of Object.values(KILLS)) expect(brokenNames).toContain(name);
    expect(brokenNames.filter((name) => !Object.values(KILLS).includes(name))).toEqual([]);
  });

  for (const property of sequenceProperties) {
    const name = KILLS[property.id] ?? "(missing)";
    it(`${property.id} fails on ${name}`, async () => {
      const result = await run(property, await brokenHost(name), reference);
      expect(result.status, explain(result)).toBe("failed");
      expect(result.counterexample, "a failed run carries its counterexample").toBeDefined();
      expect(result.message ?? "", "the message says what was expected").toMatch(/expected/);
    });
  }
});
