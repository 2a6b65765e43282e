// What a cached grade of the held-out measure depends on: the contents of the grader's sources,
// the properties, the generators, the held-out set's shared code (its kit, witnesses, checker),
// the implementation's own folder with the folders it imports, and the settings. A cached grade
// is used again only under the same fingerprint (the measure is resumable, never stale); adding
// or changing one implementation leaves the grades of the others cached.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";

const ROOTS = ["src", "properties", "generators", "test/heldout"];

/** Folders whose code explains or scores failures but never decides them: a property's verdict does not depend on them. */
export const EXPLAINING = ["src/grader/root-cause", "src/grader/report", "src/grader/criteria.ts", "src/grader/rubric"];

const SET = "test/heldout";

/**
 * Files no grade depends on: which half of the set an implementation is in, the set's own tests,
 * and its ground truth (a grade runs the folder's code; the mistakes' ids are in the task itself).
 */
const NOT_GRADED = (rel: string): boolean =>
  rel === `${SET}/split.ts` || rel === `${SET}/manifest.ts` || rel.startsWith(`${SET}/truth/`) || (rel.startsWith(`${SET}/`) && rel.endsWith(".test.ts"));

/** An implementation's folder (test/heldout/<id>/, not a shared `_` folder): hashed per implementation. */
const implementationOf = (rel: string): string | null => {
  const match = /^test\/heldout\/([^_/][^/]*)\//.exec(rel);
  return match === null ? null : match[1]!;
};

function files(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...files(path));
    else if (/\.(m?ts|m?js|json)$/.test(name)) out.push(path);
  }
  return out;
}

/** The implementation folders `id`'s code reaches through relative imports (`../<folder>/`), itself first. */
export function foldersOf(root: string, id: string): string[] {
  const seen = [id];
  for (let i = 0; i < seen.length; i++) {
    const dir = join(root, SET, seen[i]!);
    if (!existsSync(dir)) continue;
    for (const file of files(dir)) {
      for (const [, folder] of readFileSync(file, "utf8").matchAll(/["']\.\.\/([^_./"'][^/"']*)\//g)) if (!seen.includes(folder!)) seen.push(folder!);
    }
  }
  return seen;
}

/** The sources the grades may depend on, read once: each file's path (relative, with /) and contents, in hashing order. */
export interface Sources {
  readonly root: string;
  readonly files: readonly { readonly rel: string; readonly text: Buffer }[];
}

export function readSources(root: string): Sources {
  const out: { rel: string; text: Buffer }[] = [];
  for (const top of ROOTS) {
    for (const file of files(join(root, top))) {
      const rel = relative(root, file).split("\\").join("/");
      if (!NOT_GRADED(rel)) out.push({ rel, text: readFileSync(file) });
    }
  }
  return { root, files: out };
}

/**
 * A hash of every source the grades of implementation `id` depend on (`verdictsOnly`: leaving out
 * what only explains failures); `sources` read once for many implementations (readSources), else
 * read now.
 */
export function fingerprint(root: string, settings: { readonly seed: number; readonly numRuns: number }, verdictsOnly: boolean, id: string, sources: Sources = readSources(root)): string {
  const own = new Set(foldersOf(root, id));
  const hash = createHash("sha1");
  hash.update(JSON.stringify(settings));
  for (const { rel, text } of sources.files) {
    const folder = implementationOf(rel);
    if (folder !== null && !own.has(folder)) continue;
    if (verdictsOnly && EXPLAINING.some((prefix) => rel === prefix || rel.startsWith(`${prefix}/`))) continue;
    hash.update(rel);
    hash.update(text);
  }
  return hash.digest("hex").slice(0, 16);
}
