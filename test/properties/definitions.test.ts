import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import * as families from "../../properties";
import { allProperties } from "../../properties";
import { PROPERTIES_DOC_PATH, renderPropertiesDoc } from "../../scripts/properties-doc";

// The property records themselves: stable well-formed ids, complete metadata, weights that
// add up as docs/properties.md says, and a committed doc that matches the definitions.

const ID = /^[a-z]+(-[a-z]+)*\.[a-z0-9]+(-[a-z0-9]+)*$/;

describe("property definitions", () => {
  it("ids are unique", () => {
    const ids = allProperties.map((p) => p.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  it.each(allProperties.map((p) => [p.id, p] as const))("%s is well formed", (id, p) => {
    expect(id).toMatch(ID);
    expect(id.startsWith(`${p.family}.`)).toBe(true);
    expect(p.title.trim().length).toBeGreaterThan(0);
    expect(p.catches.trim().length).toBeGreaterThan(0);
    expect(p.specRef).toMatch(/^contract §\d/);
    expect(Number.isInteger(p.weight) && p.weight > 0).toBe(true);
    expect(typeof p.check).toBe("function");
    expect(p.arbitrary).toBeDefined();
  });

  it("weights add up to 200, safety invariants weigh most", () => {
    expect(allProperties.reduce((sum, p) => sum + p.weight, 0)).toBe(200);
    const weight = (id: string) => allProperties.find((p) => p.id === id)!.weight;
    const max = Math.max(...allProperties.map((p) => p.weight));
    expect(weight("groups.call-never-separated-from-results")).toBe(max);
    expect(weight("atomicity.prebuilt-input-unchanged-and-frozen")).toBeGreaterThan(weight("compaction.all-frozen"));
  });

  it("allProperties is exactly the union of the family exports", () => {
    const union = [
      families.unitsProperties,
      families.groupsProperties,
      families.boundaryProperties,
      families.compactionProperties,
      families.fastPathProperties,
      families.atomicityProperties,
      families.differentialProperties,
      families.hostileProperties,
      families.asyncProperties,
      families.sequenceProperties,
      families.strengthProperties,
    ].flat();
    expect(union.map((p) => p.id)).toEqual(allProperties.map((p) => p.id));
    for (const family of union) expect(family.family).toBe(family.id.split(".")[0]);
  });

  it("only differential properties need a reference", () => {
    for (const p of allProperties) expect(p.needsReference === true).toBe(p.family === "differential");
  });

  it("docs/properties.md is the generated text (run `npx tsx scripts/properties-doc.ts`)", () => {
    expect(readFileSync(PROPERTIES_DOC_PATH, "utf8")).toBe(renderPropertiesDoc(allProperties));
  });
});
