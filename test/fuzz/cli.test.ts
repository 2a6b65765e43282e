import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cli } from "../_helpers/run-cli";
import { selfContained } from "../_helpers/self-contained";

// `fuzz` and `merge` end to end: a sandboxed broken submission fails and lands in the corpus,
// a shard of src/core replays that corpus first and passes, and the two reports merge.

const dir = await mkdtemp(join(tmpdir(), "cc-fuzz-cli-"));
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("compaction-check fuzz / merge", () => {
  it("saves a sandboxed failure, replays it on src/core, merges the shard reports", async () => {
    const corpus = join(dir, "corpus");
    const files = { broken: join(dir, "broken.json"), core: join(dir, "core.json"), merged: join(dir, "merged.json"), junit: join(dir, "merged.xml") };
    // The fixture re-exports src/core from above its folder: bundled into one file first.
    const submission = await selfContained("test/fixtures/broken/groups-unfrozen.ts");
    const broken = await cli("fuzz", submission, "--runs", "10", "--only", "groups.frozen", "--corpus", corpus, "--shard", "1/2", "--json", files.broken);
    expect(broken.code, broken.stderr).toBe(1);
    expect(broken.stdout).toMatch(/failures: 1 of 1 property/);
    expect(broken.stdout).toMatch(/replay: node bin\/compaction-check\.mjs replay .*groups\.frozen--[0-9a-f]{16}\.json \S*\/groups-unfrozen\n/);
    expect(await readdir(corpus)).toEqual([expect.stringMatching(/^groups\.frozen--[0-9a-f]{16}\.json$/)]);

    const core = await cli("fuzz", "--runs", "10", "--only", "groups.frozen", "--corpus", corpus, "--shard", "2/2", "--json", files.core);
    expect(core.code, core.stderr).toBe(0);
    expect(core.stdout).toMatch(/cases: 11 .*\n\s+corpus: 1 scenario\(s\) replayed first/);

    const merged = await cli("merge", files.broken, files.core, "--json", files.merged, "--junit", files.junit);
    expect(merged.code, merged.stderr).toBe(1);
    const report = JSON.parse(await readFile(files.merged, "utf8"));
    expect(report.fuzz.shards).toEqual(["1/2", "2/2"]);
    expect(report.fuzz.cases).toBe(JSON.parse(await readFile(files.broken, "utf8")).fuzz.cases + 11);
    expect(report.properties).toEqual([expect.objectContaining({ id: "groups.frozen", status: "failed", points: 0 })]);
    expect(await readFile(files.junit, "utf8")).toMatch(/<failure[^>]*>/);
  });
});
