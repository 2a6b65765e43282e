import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { allProperties } from "../../properties/index";
import { checkCorpusProperties, loadCorpus } from "../../src/grader/corpus";
import { inProcessSubject } from "../../src/grader/fuzz/subject";

// The committed regression corpus (corpus/*.json), replayed as fast-check examples through the
// same code path as `fuzz`: every scenario must pass its property on src/core, and every one
// found against a broken implementation of test/fixtures/broken must still fail on it.

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const files = await loadCorpus(resolve(ROOT, "corpus"));
const byId = new Map(allProperties.map((p) => [p.id, p]));

function propertyOf(id: string) {
  const def = byId.get(id);
  if (def === undefined) throw new Error(`no property ${id}`);
  return def;
}

describe("corpus replay", () => {
  it("has committed scenarios, each for a property of this version", () => {
    expect(files.length).toBeGreaterThan(0);
    checkCorpusProperties(files, allProperties);
  });

  it.each(files.map((f) => [f.file.slice(ROOT.length), f] as const))("%s passes on src/core", async (_name, file) => {
    const core = await inProcessSubject();
    const run = await core.runChunk(propertyOf(file.entry.propertyId), { seed: 1, numRuns: 0, examples: [file.entry.scenario], onCase: () => {} });
    expect(run.numRuns).toBe(1);
    expect(run.message ?? "").toBe("");
    expect(run.status).toBe("passed");
  });

  const fromBroken = files.filter((f) => f.entry.subject?.startsWith("test/fixtures/broken/") === true);
  it("has scenarios found against broken implementations", () => {
    expect(fromBroken.length).toBeGreaterThan(0);
  });

  it.each(fromBroken.map((f) => [f.file.slice(ROOT.length), f.entry.subject, f] as const))("%s still fails on %s", async (_name, subjectPath, file) => {
    const broken = (await import(resolve(ROOT, subjectPath as string))) as Record<string, unknown>;
    const subject = await inProcessSubject(broken, subjectPath);
    const run = await subject.runChunk(propertyOf(file.entry.propertyId), { seed: 1, numRuns: 0, examples: [file.entry.scenario], onCase: () => {} });
    expect(run.numRuns).toBe(1);
    expect(run.status).toBe("failed");
    expect(run.counterexample).toEqual(file.entry.scenario);
  });
});
