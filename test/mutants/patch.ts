import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Mutant, SourcePatch } from "./catalogue";

// Applying named source patches to the text of src/core: a mutant's (test/mutants) or a valid
// variant's (test/variants). A find string must occur exactly once: a patch that no longer
// applies (the core was rewritten) or applies ambiguously fails loudly, so a catalogue cannot
// rot into entries that silently equal the core. A transform patch (whole-file rewrite, for
// changes made at every site of a file, e.g. every error message) must change the text.

export const CORE_DIR = fileURLToPath(new URL("../../src/core/", import.meta.url));

export class PatchError extends Error {
  override readonly name = "PatchError";
}

/** A rewrite of a whole file of src/core; throws PatchError when it no longer finds what it rewrites. */
export interface TransformPatch {
  readonly file: string;
  /** What it does, for reports (a function's source is no description). */
  readonly describe: string;
  readonly transform: (text: string) => string;
}

export type Patch = SourcePatch | TransformPatch;

/** Any named list of patches of src/core: a mutant, a valid variant. */
export interface PatchSet {
  readonly id: string;
  readonly patches: readonly Patch[];
}

/** Occurrences of `find` in `text` (non-overlapping). */
export function occurrences(text: string, find: string): number {
  if (find.length === 0) return 0;
  let count = 0;
  for (let at = text.indexOf(find); at !== -1; at = text.indexOf(find, at + find.length)) count++;
  return count;
}

/**
 * Replaces every occurrence of `find` (for transform patches); throws PatchError unless it
 * occurs `expected` times ("some": at least once).
 */
export function replaceEvery(text: string, find: string, replace: string, expected: number | "some" = "some"): string {
  const count = occurrences(text, find);
  if (count === 0 || (expected !== "some" && count !== expected)) {
    throw new PatchError(`${JSON.stringify(find.slice(0, 80))} occurs ${count} times (expected ${expected === "some" ? "at least once" : expected})`);
  }
  return text.split(find).join(replace);
}

export function patchesOf(mutant: Mutant): readonly SourcePatch[] {
  return [{ file: mutant.file, find: mutant.find, replace: mutant.replace }, ...(mutant.also ?? [])];
}

export function patchSetOf(mutant: Mutant): PatchSet {
  return { id: mutant.id, patches: patchesOf(mutant) };
}

function isPatchSet(subject: Mutant | PatchSet): subject is PatchSet {
  return "patches" in subject;
}

function applyPatch(id: string, patch: Patch, text: string): string {
  if ("transform" in patch) {
    let result: string;
    try {
      result = patch.transform(text);
    } catch (error) {
      throw new PatchError(`${id}: the transform of src/core/${patch.file} (${patch.describe}) no longer applies: ${(error as Error).message}`);
    }
    if (result === text) throw new PatchError(`${id}: the transform of src/core/${patch.file} (${patch.describe}) changes nothing`);
    return result;
  }
  const count = occurrences(text, patch.find);
  if (count !== 1) {
    throw new PatchError(`${id}: the find string occurs ${count} times in src/core/${patch.file} (expected exactly once): ${JSON.stringify(patch.find.slice(0, 120))}`);
  }
  if (patch.find === patch.replace) throw new PatchError(`${id}: the replacement equals the find string`);
  return text.replace(patch.find, () => patch.replace);
}

/**
 * The patched sources of the files a mutant or patch set touches, keyed by file name (e.g.
 * "units.ts"). Patches apply in order, each to the text left by the ones before it. Throws
 * PatchError when a find string is missing, ambiguous, or the replacement is a no-op.
 */
export function patchedSources(subject: Mutant | PatchSet, readSource: (file: string) => string = readCoreFile): Map<string, string> {
  const set = isPatchSet(subject) ? subject : patchSetOf(subject);
  const sources = new Map<string, string>();
  for (const patch of set.patches) {
    const text = sources.get(patch.file) ?? readSource(patch.file);
    sources.set(patch.file, applyPatch(isPatchSet(subject) ? set.id : `mutant ${set.id}`, patch, text));
  }
  return sources;
}

export function readCoreFile(file: string): string {
  return readFileSync(CORE_DIR + file, "utf8");
}
