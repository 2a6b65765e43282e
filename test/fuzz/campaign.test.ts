import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { allProperties } from "../../properties/index";
import { loadCorpus } from "../../src/grader/corpus";
import { runCampaign } from "../../src/grader/fuzz/campaign";
import { healthIssues } from "../../src/grader/fuzz/health";
import { inProcessSubject } from "../../src/grader/fuzz/subject";
import type { PropertyDefinition } from "../../src/scenario/property";
import type { Scenario } from "../../src/scenario/scenario";
import * as groupsUnfrozen from "../fixtures/broken/groups-unfrozen";

// A campaign against a broken implementation finds the bug, saves the shrunk scenario to the
// corpus, and the next campaign replays it before any random case; on src/core it passes.

const dir = await mkdtemp(join(tmpdir(), "cc-fuzz-"));
afterAll(() => rm(dir, { recursive: true, force: true }));

function property(id: string): PropertyDefinition {
  const def = allProperties.find((p) => p.id === id);
  if (def === undefined) throw new Error(`no property ${id}`);
  return def;
}

const BROKEN = "test/fixtures/broken/groups-unfrozen.ts";

describe("campaign and corpus", () => {
  it("finds and saves a counterexample against a broken implementation, then replays it first", async () => {
    const corpusDir = join(dir, "found");
    const broken = await inProcessSubject(groupsUnfrozen as unknown as Record<string, unknown>, BROKEN);
    const found = await runCampaign({ subject: broken, properties: [property("groups.frozen")], seed: 1, runs: 30, corpusDir });
    expect(found.properties[0]?.status).toBe("failed");
    expect(found.newCorpusFiles).toHaveLength(1);
    const file = found.newCorpusFiles[0] as string;
    expect(file).toMatch(/groups\.frozen--[0-9a-f]{16}\.json$/);
    const saved = JSON.parse(await readFile(file, "utf8"));
    expect(saved).toMatchObject({ propertyId: "groups.frozen", tool: "compaction-check", fastCheckVersion: fc.__version, subject: BROKEN });
    expect(Object.keys(saved).sort()).toEqual(["fastCheckVersion", "foundAt", "path", "propertyId", "scenario", "seed", "subject", "tool", "toolVersion"]);
    expect(saved.scenario).toEqual(found.properties[0]?.failure?.counterexample);

    // Another seed: the corpus scenario comes first and fails at once; nothing new is written.
    const again = await runCampaign({ subject: broken, properties: [property("groups.frozen")], seed: 2, runs: 30, corpusDir });
    expect(again.corpusReplayed).toBe(1);
    expect(again.properties[0]?.failure?.counterexample).toEqual(saved.scenario);
    expect(again.properties[0]?.failure?.numRuns).toBe(1);
    expect(again.newCorpusFiles).toEqual([]);
    expect(await loadCorpus(corpusDir)).toHaveLength(1);

    const core = await runCampaign({ subject: await inProcessSubject(), properties: [property("groups.frozen")], seed: 2, runs: 30, corpusDir });
    expect(core.corpusReplayed).toBe(1);
    expect(core.properties[0]?.status).toBe("passed");
    expect(core.cases).toBe(31);
  });

  it("a time budget ends the campaign after at least one chunk per property", async () => {
    const properties = [property("groups.frozen"), property("groups.finest-split")];
    const result = await runCampaign({ subject: await inProcessSubject(), properties, seed: 3, timeMs: 600, sliceMs: 100, corpusDir: null });
    expect(result.stoppedBy).toBe("time");
    for (const p of result.properties) {
      expect(p.status).toBe("passed");
      expect(p.cases).toBeGreaterThanOrEqual(10);
    }
    expect(result.cases).toBe(result.properties.reduce((sum, p) => sum + p.cases, 0));
  });

  it("a property's edge cases run in the first round only", async () => {
    const base = property("groups.frozen");
    // A message id no generator writes, so no generated case can equal it.
    const edge: Scenario = { operation: { kind: "groups", transcript: [{ id: "edge-case-only", role: "user", content: "edge" }] } };
    const seen: unknown[] = [];
    const def: PropertyDefinition = { ...base, id: "test.with-edges", edgeCases: () => [edge], check: (input) => (seen.push(input.scenario), base.check(input)) };
    const result = await runCampaign({ subject: await inProcessSubject(), properties: [def], seed: 3, timeMs: 600, sliceMs: 50, corpusDir: null });
    expect(result.properties[0]?.status).toBe("passed");
    expect(seen[0]).toEqual(edge);
    expect(seen.filter((s) => JSON.stringify(s) === JSON.stringify(edge))).toHaveLength(1);
    expect(result.properties[0]?.cases).toBe(seen.length);
  });
});

describe("failures that cannot be stored", () => {
  it("a counterexample JSON would change (-0) is a warning, not a crash, and not a corpus file", async () => {
    const def: PropertyDefinition = {
      ...property("groups.frozen"),
      id: "test.negative-zero",
      arbitrary: fc.constant({ operation: { kind: "units", input: -0, prebuilt: false } }),
      check: () => ({ ok: false, message: "always fails" }),
    };
    const result = await runCampaign({ subject: await inProcessSubject(), properties: [def], seed: 1, runs: 3, corpusDir: join(dir, "negative-zero") });
    expect(result.properties[0]?.status).toBe("failed");
    expect(result.newCorpusFiles).toEqual([]);
    expect(result.warnings).toEqual([expect.stringMatching(/test\.negative-zero: the counterexample was not saved to the corpus: .*does not survive JSON/)]);
    expect(await loadCorpus(join(dir, "negative-zero"))).toEqual([]);
  });
});

describe("health checks", () => {
  it("reports declared classes no scenario reached, and generators below the rate", async () => {
    const def = property("groups.frozen");
    const declared: PropertyDefinition = { ...def, expectedLabels: ["no-such-class"] };
    const subject = await inProcessSubject();
    const strict = await runCampaign({ subject, properties: [declared], seed: 4, runs: 120, corpusDir: null, minGenerationRate: 1e12 });
    expect(strict.health.map((h) => h.kind).sort()).toEqual(["slow-generator", "unreached-labels"]);
    expect(strict.health.find((h) => h.kind === "unreached-labels")?.message).toMatch(/"no-such-class"/);
    const seen = Object.keys(strict.stats[0]?.labels ?? {});
    expect(seen.length).toBeGreaterThan(0);
    const lenient = await runCampaign({ subject, properties: [{ ...def, expectedLabels: seen }], seed: 4, runs: 120, corpusDir: null, minGenerationRate: 1 });
    expect(lenient.health).toEqual([]);
    expect(lenient.stats[0]?.generated).toBe(120);
  });

  it("judges no rate on a small sample", () => {
    const stats = { id: "p", cases: 5, corpusCases: 0, generated: 5, generateMs: 5000, runMs: 6000, labels: {} };
    expect(healthIssues([stats], 100)).toEqual([]);
    expect(healthIssues([{ ...stats, generated: 200 }], 100)).toHaveLength(1);
  });
});
