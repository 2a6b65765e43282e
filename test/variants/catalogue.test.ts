import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import * as core from "../../src/core";
import { loadPatchSet } from "../mutants/loader";
import { suiteProperties } from "../mutants/matrix";
import { patchedSources } from "../mutants/patch";
import { FREE_ROOMS, LATITUDE_ROWS, variants } from "./catalogue";
import { contractLatitudeRows } from "./contract-rows";
import { catalogueHash } from "./grade";
import { LATITUDE_DOC_PATH, latitudeHashLine } from "./latitude-doc";
import { REVIEW } from "./latitude-review";

// The catalogue itself: well-formed, every §8 row covered, every patch still applying exactly
// once, every variant really making its other choice (its witness), and docs/latitude.md
// generated from this catalogue and property list.

describe("valid-variant catalogue", () => {
  it("has unique kebab-case ids and one-line descriptions", () => {
    expect(new Set(variants.map((v) => v.id)).size).toBe(variants.length);
    for (const variant of variants) {
      expect(variant.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(variant.description, variant.id).toMatch(/^[^\n]{10,200}$/);
      expect(variant.patches.length, variant.id).toBeGreaterThan(0);
    }
  });

  it("names the rows of the §8 table of docs/contract.md, verbatim and in order", () => {
    expect([...LATITUDE_ROWS]).toEqual(contractLatitudeRows().map((row) => row.situation));
  });

  it("has a variant for every row of the contract's §8 table and every free room", () => {
    const covered = new Set(variants.flatMap((v) => [v.row, ...(v.alsoRows ?? [])]));
    const missing = [...LATITUDE_ROWS, ...FREE_ROOMS].filter((row) => !covered.has(row));
    expect(missing).toEqual([]);
  });

  it("every patch still applies exactly once", () => {
    for (const variant of variants) expect(() => patchedSources(variant), variant.id).not.toThrow();
  });

  // The dual of a kill: a variant that behaves like the core proves nothing about the room.
  for (const variant of variants) {
    it(`${variant.id} makes its choice (${variant.witness.variant}; the core: ${variant.witness.core})`, async () => {
      expect(variant.witness.variant).not.toBe(variant.witness.core);
      expect(await variant.witness.run(core as unknown as Record<string, unknown>), "on src/core").toBe(variant.witness.core);
      expect(await variant.witness.run(await loadPatchSet(variant, "variant")), "on the variant").toBe(variant.witness.variant);
    });
  }

  it("the review of accepted sets covers every property and names only catalogue variants and properties", () => {
    const ids = suiteProperties().map((p) => p.id);
    const covers = (pattern: string, id: string) => (pattern.endsWith(".*") ? id.startsWith(pattern.slice(0, -1)) : id === pattern);
    expect(ids.filter((id) => !REVIEW.some((e) => e.properties.some((p) => covers(p, id))))).toEqual([]);
    expect(REVIEW.flatMap((e) => e.properties).filter((p) => !ids.some((id) => covers(p, id)))).toEqual([]);
    const known = new Set(variants.map((v) => v.id));
    expect(REVIEW.flatMap((e) => e.variants).filter((id) => !known.has(id))).toEqual([]);
  });

  it("docs/latitude.md is generated from this catalogue (run `npm run latitude`)", () => {
    const hash = catalogueHash(contractLatitudeRows(), variants, suiteProperties().map((p) => p.id));
    const current = readFileSync(LATITUDE_DOC_PATH, "utf8").includes(latitudeHashLine(hash));
    expect(current, `docs/latitude.md does not carry the catalogue hash ${hash}: run \`npm run latitude\``).toBe(true);
  });
});
