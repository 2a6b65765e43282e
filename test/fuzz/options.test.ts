import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { allProperties } from "../../properties/index";
import { fuzzCommand } from "../../src/grader/commands/fuzz-command";
import { selectProperties } from "../../src/grader/select-properties";
import { readShardReport } from "../../src/grader/fuzz/merge";

// Usage errors of fuzz and merge are GraderErrors (the CLI's boundary turns them into a banner
// and exit 2), raised before any work starts.

const dir = await mkdtemp(join(tmpdir(), "cc-fuzz-opts-"));
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("fuzz options", () => {
  it.each([
    [{ shard: "3/2" }, /--shard must be i\/n/],
    [{ shard: "x" }, /--shard must be i\/n/],
    [{ time: "soon" }, /--time must be a duration/],
    [{ runs: 1, only: "nothing.like.this" }, /unknown property or family "nothing\.like\.this"/],
  ])("%j is a usage error", async (options, message) => {
    await expect(fuzzCommand(undefined, options)).rejects.toMatchObject({ name: "GraderError", code: "USAGE", message: expect.stringMatching(message) });
  });

  it("--only takes ids and families", () => {
    expect(selectProperties(allProperties, "groups").every((p) => p.family === "groups")).toBe(true);
    expect(selectProperties(allProperties, "groups").length).toBeGreaterThan(1);
    expect(selectProperties(allProperties, "units.exact-formula,groups.frozen").map((p) => p.id)).toEqual(["units.exact-formula", "groups.frozen"]);
    expect(selectProperties(allProperties, undefined)).toBe(allProperties);
  });

  it("merge refuses a file that is not a fuzz report, naming it", async () => {
    const file = join(dir, "grade.json");
    await writeFile(file, JSON.stringify({ tool: "compaction-check", properties: [] }));
    await expect(readShardReport(file)).rejects.toThrow(/grade\.json is not a fuzz report/);
    await expect(readShardReport(join(dir, "missing.json"))).rejects.toThrow(/Cannot read .*missing\.json/);
  });
});
