// What users read must not point outside the project: a clone has no ../shared (issue 12).
// Every relative markdown link of the README and docs must reach a file of the project, and
// the contract page keeps its section numbers, which properties and reports cite ("§7").
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { markdownLinks, relativeFile } from "./markdown-links";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

/** Files under `dir` (relative to the root) whose name passes `keep`, node_modules skipped. */
function filesUnder(dir: string, keep: (name: string) => boolean): string[] {
  const absolute = join(ROOT, dir);
  if (!existsSync(absolute)) return [];
  const found: string[] = [];
  for (const entry of readdirSync(absolute, { withFileTypes: true })) {
    if (entry.name === "node_modules") continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...filesUnder(path, keep));
    else if (keep(entry.name)) found.push(path);
  }
  return found.sort();
}

const isMarkdown = (name: string) => name.endsWith(".md");
const isSource = (name: string) => /\.(ts|mts|mjs|js)$/.test(name);

/** What users read: the README, docs, example notes, and sources whose strings reach reports or the CLI. */
const USER_FACING = [
  "README.md",
  ...filesUnder("docs", isMarkdown),
  ...filesUnder("examples", isMarkdown),
  ...filesUnder("src", isSource),
  ...filesUnder("scripts", isSource),
  ...filesUnder("bin", isSource),
];

/** A path into the course's shared folder, relative or absolute: `../shared/…`, `/work/shared/…`, `shared/spec/…`. */
const OUTSIDE = /(?:\.\.\/|\/work\/)shared\b|\bshared\/(?:spec|seed)\//;

const LINKED = ["README.md", ...filesUnder("docs", isMarkdown)];

describe("the detectors", () => {
  it("see a ../shared path however it is written", () => {
    expect(OUTSIDE.test("the contract (`../shared/spec/contract.md`, checkpoint 11")).toBe(true);
    expect(OUTSIDE.test("see /work/shared/seed/000.txt")).toBe(true);
    expect(OUTSIDE.test('export * from "../_shared/contract.js";')).toBe(false);
    expect(OUTSIDE.test("link [contract.md](contract.md)")).toBe(false);
  });

  it("find links outside code only, and tell files from external links", () => {
    const text = "[a](docs/a.md#x) `[b](b.md)`\n```\n[c](c.md)\n```\n[d]: ../d.md\n[e](https://x.org) [f](#top)";
    expect(markdownLinks(text).map((link) => link.target)).toEqual(["docs/a.md#x", "../d.md", "https://x.org", "#top"]);
    expect(["docs/a.md#x", "../d.md", "https://x.org", "#top"].map(relativeFile)).toEqual(["docs/a.md", "../d.md", null, null]);
  });
});

describe("user-facing files stay inside the project", () => {
  it("covers the README, the docs and the sources", () => {
    expect(USER_FACING).toContain("README.md");
    expect(USER_FACING).toContain(join("docs", "contract.md"));
    expect(USER_FACING.some((path) => path.startsWith("src"))).toBe(true);
  });

  it.each(USER_FACING)("%s does not mention ../shared", (path) => {
    const lines = readFileSync(join(ROOT, path), "utf8").split("\n");
    const offending = lines.flatMap((line, index) => (OUTSIDE.test(line) ? [`${path}:${index + 1}: ${line.trim()}`] : []));
    expect(offending, "expected no reference to ../shared (link docs/contract.md instead)").toEqual([]);
  });
});

describe("relative markdown links reach a file", () => {
  it.each(LINKED)("%s", (path) => {
    const text = readFileSync(join(ROOT, path), "utf8");
    const broken: string[] = [];
    for (const link of markdownLinks(text)) {
      const file = relativeFile(link.target);
      if (file === null || file === "") continue;
      const target = resolve(ROOT, dirname(path), file);
      const inside = !relative(ROOT, target).startsWith("..");
      if (!inside || !existsSync(target)) broken.push(`${path}:${link.line}: ${link.target}`);
    }
    expect(broken, "expected every relative link to name an existing file of the project").toEqual([]);
  });

  it("the README links the contract", () => {
    const targets = markdownLinks(readFileSync(join(ROOT, "README.md"), "utf8")).map((link) => link.target);
    expect(targets).toContain("docs/contract.md");
  });
});

describe("docs/contract.md", () => {
  const contract = readFileSync(join(ROOT, "docs", "contract.md"), "utf8");

  it("keeps the section numbers §1-§8 that properties and reports cite", () => {
    const numbered = [...contract.matchAll(/^## (\d+)\. /gm)].map((match) => Number(match[1]));
    expect(numbered).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it("does not send the reader to files the project does not ship (the course's seed text)", () => {
    expect(contract).not.toMatch(/\bseed\b/i);
  });
});
