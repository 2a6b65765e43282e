import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Mutant, SourcePatch } from "./catalogue";

// Applying a mutant's patches to the text of src/core. A find string must occur exactly
// once: a patch that no longer applies (the core was rewritten) or applies ambiguously
// fails loudly, so the catalogue cannot rot into mutants that silently equal the core.

export const CORE_DIR = fileURLToPath(new URL("../../src/core/", import.meta.url));

export class PatchError extends Error {
  override readonly name = "PatchError";
}

/** Occurrences of `find` in `text` (non-overlapping). */
function occurrences(text: string, find: string): number {
  if (find.length === 0) return 0;
  let count = 0;
  for (let at = text.indexOf(find); at !== -1; at = text.indexOf(find, at + find.length)) count++;
  return count;
}

export function patchesOf(mutant: Mutant): readonly SourcePatch[] {
  return [{ file: mutant.file, find: mutant.find, replace: mutant.replace }, ...(mutant.also ?? [])];
}

/**
 * The patched sources of the files a mutant touches, keyed by file name (e.g. "units.ts").
 * Throws PatchError when a find string is missing, ambiguous, or the replacement is a no-op.
 */
export function patchedSources(mutant: Mutant, readSource: (file: string) => string = readCoreFile): Map<string, string> {
  const sources = new Map<string, string>();
  for (const patch of patchesOf(mutant)) {
    const text = sources.get(patch.file) ?? readSource(patch.file);
    const count = occurrences(text, patch.find);
    if (count !== 1) {
      throw new PatchError(`mutant ${mutant.id}: the find string occurs ${count} times in src/core/${patch.file} (expected exactly once): ${JSON.stringify(patch.find.slice(0, 120))}`);
    }
    if (patch.find === patch.replace) throw new PatchError(`mutant ${mutant.id}: the replacement equals the find string`);
    sources.set(patch.file, text.replace(patch.find, () => patch.replace));
  }
  return sources;
}

export function readCoreFile(file: string): string {
  return readFileSync(CORE_DIR + file, "utf8");
}
