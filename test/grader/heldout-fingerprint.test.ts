// The held-out measure's cache key (scripts/heldout/fingerprint.ts): a grade is used again only
// while what it depends on is unchanged, and only that.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { fingerprint, foldersOf } from "../../scripts/heldout/fingerprint";
import { tempDir } from "../_helpers/temp-dir";

const SETTINGS = { seed: 1, numRuns: 10 };
let root = "";

async function tree(files: Record<string, string>): Promise<void> {
  root = await tempDir("cc-print-");
  for (const [path, text] of Object.entries(files)) write(path, text);
}
function write(path: string, text: string): void {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}

const BASE = {
  "src/core/a.ts": "export const a = 1;",
  "src/grader/root-cause/r.ts": "export const r = 1;",
  "properties/p.ts": "export const p = 1;",
  "generators/g.ts": "export const g = 1;",
  "test/heldout/_kit/k.ts": "export const k = 1;",
  "test/heldout/one/index.ts": 'export * from "../two/index";',
  "test/heldout/two/index.ts": "export const two = 2;",
  "test/heldout/three/index.ts": "export const three = 3;",
  "test/heldout/manifest.ts": "export const HELDOUT = [];",
  "test/heldout/truth/t.ts": "export const T = [];",
};

describe("the held-out measure's fingerprint", () => {
  it("follows an implementation's imports of other implementation folders", async () => {
    await tree(BASE);
    expect(foldersOf(root, "one")).toEqual(["one", "two"]);
    expect(foldersOf(root, "three")).toEqual(["three"]);
  });

  it("changes with the implementation's own folder, the folders it imports and the shared sources, not with another implementation or the ground truth", async () => {
    await tree(BASE);
    const before = (id: string) => fingerprint(root, SETTINGS, false, id);
    const [one, three] = [before("one"), before("three")];
    write("test/heldout/three/index.ts", "export const three = 4;");
    write("test/heldout/four/index.ts", "export const four = 4;");
    write("test/heldout/manifest.ts", "export const HELDOUT = [1];");
    write("test/heldout/truth/t.ts", "export const T = [1];");
    expect(before("one")).toBe(one);
    expect(before("three")).not.toBe(three);
    write("test/heldout/two/index.ts", "export const two = 3;");
    expect(before("one")).not.toBe(one);
    const now = before("three");
    write("test/heldout/_kit/k.ts", "export const k = 2;");
    expect(before("three")).not.toBe(now);
  });

  it("leaves what only explains failures out of the verdicts' fingerprint", async () => {
    await tree(BASE);
    const [verdicts, full] = [fingerprint(root, SETTINGS, true, "one"), fingerprint(root, SETTINGS, false, "one")];
    write("src/grader/root-cause/r.ts", "export const r = 2;");
    expect(fingerprint(root, SETTINGS, true, "one")).toBe(verdicts);
    expect(fingerprint(root, SETTINGS, false, "one")).not.toBe(full);
  });
});
