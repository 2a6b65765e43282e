import { readdirSync } from "node:fs";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asyncProperties } from "../../properties/async";
import type { Host } from "../../src/scenario";
import { createInProcessHost } from "../../src/grader/in-process-host";
import { explain, run } from "./_run";

// Every async property fails on at least one deliberately broken implementation
// (test/fixtures/broken-async/<name>.ts: src/core with one realistic async bug).

const ASYNC_KILLS: Record<string, string> = {
  "async.outcome-per-script": "plain-await",
  "async.thenable-depth-64-accepted": "depth-off-by-one",
  "async.thenable-depth-65-rejected": "plain-await",
  "async.forged-code-is-summarizer-failed": "plain-await",
  "async.unobservable-promise-refused": "plain-await",
  "async.thenable-reached-twice-called-once": "plain-await",
  "async.resolution-wins": "throw-beats-resolution",
  "async.no-unhandled-rejection": "leaks-late-rejection",
  "async.failure-leaves-context-unchanged": "record-before-summary",
  "cancel.outcome-per-abort-point": "late-abort-listener",
  "cancel.arrives-when-summarizer-never-settles": "no-abort-race",
};

/** Generous: a run stops at its first failure, so this bounds only a (never seen) miss. */
const KILL_RUNS = 300;

const brokenNames = readdirSync(new URL("../fixtures/broken-async/", import.meta.url))
  .filter((file) => file.endsWith(".ts") && !file.startsWith("_"))
  .map((file) => file.slice(0, -3))
  .sort();

describe("every async property fails on a broken implementation", () => {
  const hosts = new Map<string, Host>();
  const global = fc.readConfigureGlobal();
  // One failing case proves the kill; shrinking would only cost time.
  beforeAll(() => fc.configureGlobal({ ...global, endOnFailure: true }));
  afterAll(async () => {
    fc.configureGlobal(global);
    for (const host of hosts.values()) await host.close();
  });

  async function brokenHost(name: string): Promise<Host> {
    const existing = hosts.get(name);
    if (existing !== undefined) return existing;
    const host = createInProcessHost((await import(`../fixtures/broken-async/${name}.ts`)) as Record<string, unknown>);
    hosts.set(name, host);
    return host;
  }

  it("the kill table names every async property and every broken-async module", () => {
    expect(Object.keys(ASYNC_KILLS).sort()).toEqual(asyncProperties.map((p) => p.id).sort());
    expect([...new Set(Object.values(ASYNC_KILLS))].sort()).toEqual(brokenNames);
  });

  for (const property of asyncProperties) {
    const name = ASYNC_KILLS[property.id] ?? "(missing)";
    it(`${property.id} fails on ${name}`, async () => {
      const result = await run(property, await brokenHost(name), null, KILL_RUNS);
      expect(result.status, explain(result)).toBe("failed");
      expect(result.counterexample, "a failed run carries its counterexample").toBeDefined();
      // The message is the property's verdict, or the grader's rule that pre-empts every
      // property (src/grader/run/judge.ts: a timeout, an unhandled rejection).
      expect(result.message ?? "", "the failure says what went wrong").toMatch(/expected|did not settle|unhandled rejection/);
    });
  }
});
