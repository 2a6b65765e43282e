import { describe, expect, it } from "vitest";
import { allProperties } from "../../properties/index";
import { corpusHash } from "../../src/grader/corpus";
import { runCampaign } from "../../src/grader/fuzz/campaign";
import { chunkSeed, parseDuration, parseShard, type Shard } from "../../src/grader/fuzz/seeds";
import { inProcessSubject } from "../../src/grader/fuzz/subject";

// Shards of one campaign explore different cases: each property's chunk seeds are derived from
// the campaign seed, the shard and the property id. Shown on the generated scenarios
// themselves (content hashes recorded as they are generated), not only on the seeds.

const IDS = ["units.exact-formula", "groups.call-never-separated-from-results", "boundary.earliest-fit", "compaction.request-exact"];
const properties = allProperties.filter((p) => IDS.includes(p.id));
const RUNS = 30;

async function explored(shard: Shard, seed = 42): Promise<Map<string, Set<string>>> {
  const seen = new Map<string, Set<string>>(IDS.map((id) => [id, new Set<string>()]));
  const result = await runCampaign({
    subject: await inProcessSubject(),
    properties,
    seed,
    shard,
    runs: RUNS,
    corpusDir: null,
    onScenario: (id, scenario) => seen.get(id)?.add(corpusHash(id, scenario)),
  });
  expect(result.properties.map((p) => p.status)).toEqual(properties.map(() => "passed"));
  expect(result.cases).toBe(RUNS * properties.length);
  return seen;
}

describe("shards", () => {
  it("1/2 and 2/2 of one campaign generate different scenarios; the same shard repeats itself", async () => {
    expect(properties).toHaveLength(IDS.length);
    const [one, two, oneAgain] = [await explored({ index: 1, count: 2 }), await explored({ index: 2, count: 2 }), await explored({ index: 1, count: 2 })];
    for (const id of IDS) {
      const a = one.get(id) as Set<string>;
      const b = two.get(id) as Set<string>;
      expect(a.size, id).toBeGreaterThan(RUNS / 2);
      expect(b.size, id).toBeGreaterThan(RUNS / 2);
      const shared = [...a].filter((hash) => b.has(hash));
      // Nearly disjoint: tiny scenarios (an empty transcript) may come up in both.
      expect(shared.length, `${id}: ${shared.length} scenarios in both shards`).toBeLessThanOrEqual(Math.ceil(0.1 * Math.min(a.size, b.size)));
      expect([...(oneAgain.get(id) as Set<string>)].sort(), id).toEqual([...a].sort());
    }
  });

  it("derives distinct, stable seeds per campaign, shard, property and round", () => {
    const shard = { index: 1, count: 2 };
    const seed = chunkSeed(42, shard, "units.exact-formula", 0);
    expect(chunkSeed(42, shard, "units.exact-formula", 0)).toBe(seed);
    const others = [
      chunkSeed(43, shard, "units.exact-formula", 0),
      chunkSeed(42, { index: 2, count: 2 }, "units.exact-formula", 0),
      chunkSeed(42, { index: 1, count: 3 }, "units.exact-formula", 0),
      chunkSeed(42, shard, "units.additive", 0),
      chunkSeed(42, shard, "units.exact-formula", 1),
    ];
    expect(new Set([seed, ...others]).size).toBe(6);
    for (const s of [seed, ...others]) expect(Number.isSafeInteger(s) && s >= 0 && s < 2 ** 31).toBe(true);
  });

  it.each([
    ["1/1", { index: 1, count: 1 }],
    ["3/4", { index: 3, count: 4 }],
    ["0/4", null],
    ["5/4", null],
    ["1-4", null],
  ])("parses --shard %s", (text, shard) => {
    expect(parseShard(text)).toEqual(shard);
  });

  it.each([
    ["10m", 600_000],
    ["90s", 90_000],
    ["90", 90_000],
    ["500ms", 500],
    ["1.5h", 5_400_000],
    ["0s", null],
    ["ten", null],
  ])("parses --time %s", (text, ms) => {
    expect(parseDuration(text)).toBe(ms);
  });
});
