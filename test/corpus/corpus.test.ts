import { mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { PropertyDefinition } from "../../src/scenario/property";
import type { Scenario } from "../../src/scenario/scenario";
import { checkCorpusProperties, corpusExamples, corpusExamplesLookup, corpusHash, loadCorpus, parseCorpusEntry, saveCorpusEntry } from "../../src/grader/corpus";

// The corpus file format: content-hash identity, idempotent saves, and clear errors naming
// the file for anything malformed.

const dir = await mkdtemp(join(tmpdir(), "cc-corpus-"));
afterAll(() => rm(dir, { recursive: true, force: true }));

const scenario: Scenario = { operation: { kind: "groups", transcript: [{ id: "u", role: "user", content: "hi" }] }, labels: ["size:1"] };

describe("corpus hash", () => {
  it("ignores key order and labels, not the operation or the property", () => {
    const reordered = { labels: ["other"], operation: { transcript: [{ content: "hi", role: "user", id: "u" }], kind: "groups" } } as unknown as Scenario;
    expect(corpusHash("groups.frozen", reordered)).toBe(corpusHash("groups.frozen", scenario));
    expect(corpusHash("groups.finest-split", scenario)).not.toBe(corpusHash("groups.frozen", scenario));
    const changed: Scenario = { operation: { kind: "groups", transcript: [{ id: "u", role: "user", content: "hj" }] } };
    expect(corpusHash("groups.frozen", changed)).not.toBe(corpusHash("groups.frozen", scenario));
  });
});

describe("save and load", () => {
  it("writes <property-id>--<hash>.json once; the same failure again is not a new file", async () => {
    const target = join(dir, "save");
    const first = await saveCorpusEntry(target, { propertyId: "groups.frozen", scenario, seed: 3, tool: "compaction-check" });
    expect(first.created).toBe(true);
    expect(first.file.endsWith(`groups.frozen--${corpusHash("groups.frozen", scenario)}.json`)).toBe(true);
    const loaded = await loadCorpus(target);
    const again = await saveCorpusEntry(target, { propertyId: "groups.frozen", scenario: { ...scenario, labels: [] }, seed: 9 }, loaded);
    expect(again).toMatchObject({ created: false, file: first.file });
    // Even without the loaded list (another shard wrote it), the same name is not overwritten.
    expect((await saveCorpusEntry(target, { propertyId: "groups.frozen", scenario, seed: 9 })).created).toBe(false);
    expect(await readdir(target)).toHaveLength(1);
    expect(JSON.parse(await readFile(first.file, "utf8"))).toMatchObject({ propertyId: "groups.frozen", seed: 3, scenario });
    expect(corpusExamples(await loadCorpus(target), "groups.frozen")).toEqual([scenario]);
    expect(corpusExamples(await loadCorpus(target), "groups.finest-split")).toEqual([]);
  });

  it("refuses a scenario that JSON would change (-0), instead of storing another case", async () => {
    const negativeZero: Scenario = { operation: { kind: "units", input: { requirements: [], summary: null, messages: [], compactions: [], extra: -0 }, prebuilt: false } };
    await expect(saveCorpusEntry(join(dir, "zero"), { propertyId: "units.exact-formula", scenario: negativeZero })).rejects.toThrow(/does not survive JSON/);
  });

  it("a missing directory is an empty corpus", async () => {
    expect(await loadCorpus(join(dir, "nothing-here"))).toEqual([]);
  });

  it.each([
    ["not json", /bad\.json is invalid: not JSON/],
    ["[1]", /bad\.json is invalid: not an object/],
    [JSON.stringify({ scenario }), /bad\.json is invalid: propertyId/],
    [JSON.stringify({ propertyId: "x", scenario: { operation: "groups" } }), /bad\.json is invalid: scenario\.operation/],
    [JSON.stringify({ propertyId: "x", scenario, seed: "7" }), /bad\.json is invalid: seed/],
  ])("a malformed file is an error naming it: %s", async (text, message) => {
    const target = join(dir, `bad-${Math.random().toString(36).slice(2)}`);
    await saveCorpusEntry(target, { propertyId: "groups.frozen", scenario });
    await writeFile(join(target, "bad.json"), text);
    await expect(loadCorpus(target)).rejects.toThrow(message);
    expect(() => parseCorpusEntry(text, "bad.json")).toThrow(/SCENARIO_FILE_INVALID|invalid/);
  });

  it("a file for a property this version does not have is an error naming it", async () => {
    const files = [{ file: "corpus/gone--1.json", hash: "1", entry: { propertyId: "units.gone", scenario } }];
    const known = [{ id: "units.exact-formula" }] as unknown as PropertyDefinition[];
    expect(() => checkCorpusProperties(files, known)).toThrow(/corpus\/gone--1\.json is for property "units\.gone"/);
  });
});

describe("corpusExamplesLookup (for grade)", () => {
  it("gives each property its scenarios, none for a null directory", async () => {
    const target = join(dir, "lookup");
    await saveCorpusEntry(target, { propertyId: "groups.frozen", scenario });
    const known = [{ id: "groups.frozen" }, { id: "groups.finest-split" }] as unknown as PropertyDefinition[];
    const lookup = await corpusExamplesLookup(target, known);
    expect(lookup("groups.frozen")).toEqual([scenario]);
    expect(lookup("groups.finest-split")).toEqual([]);
    expect((await corpusExamplesLookup(null, known))("groups.frozen")).toEqual([]);
    await expect(corpusExamplesLookup(target, [])).rejects.toThrow(/which this version does not have/);
  });
});
