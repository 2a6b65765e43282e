import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";
import { describe, expect, it } from "vitest";

// The root-cause analysis and the model are pipelines of stages that import downward only
// (docs/grading.md "Root causes", issue 26): an import cycle through either folder fails here.
// Every relative import counts, type-only ones too (a cycle of types is a cycle of concepts).

const FOLDERS = ["src/grader/root-cause", "src/model"];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : name.endsWith(".ts") ? [path] : [];
  });
}

/** Every file of src/ → the files of src/ it imports (relative specifiers, static or dynamic, `export … from` too). */
function importGraph(root = "src"): Map<string, string[]> {
  const files = new Set(sources(root).map((f) => normalize(f)));
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = readFileSync(file, "utf8");
    const targets = new Set<string>();
    for (const match of text.matchAll(/(?:from|import)\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g)) {
      const base = normalize(join(dirname(file), match[1]!)).replace(/\.(m?[jt]s)$/, "");
      const target = [`${base}.ts`, join(base, "index.ts")].find((candidate) => files.has(candidate));
      if (target !== undefined) targets.add(target);
    }
    graph.set(file, [...targets].sort());
  }
  return graph;
}

/** The strongly connected components with more than one file (or a file importing itself): Tarjan. */
function cycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>(), low = new Map<string, number>(), stack: string[] = [], onStack = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) out.push(component.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return out;
}

describe("the analysis and the model import downward only", () => {
  it("finds a cycle when there is one (the detector itself)", () => {
    const graph = new Map([["a", ["b"]], ["b", ["c"]], ["c", ["a"]], ["d", ["a"]], ["e", ["e"]]]);
    expect(cycles(graph)).toEqual([["a", "b", "c"], ["e"]]);
    expect(cycles(new Map([["a", ["b"]], ["b", []]]))).toEqual([]);
  });

  it.each(FOLDERS)("no import cycle goes through %s", (folder) => {
    const through = cycles(importGraph()).filter((component) => component.some((file) => !relative(folder, file).startsWith("..")));
    expect(through).toEqual([]);
  });
});
