// What a cached grade of the held-out measure depends on: the contents of the grader's sources,
// the properties, the generators and the held-out set, and the settings. A cached grade is used
// again only under the same fingerprint (the measure is resumable, never stale).
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";

const ROOTS = ["src", "properties", "generators", "test/heldout"];

/** Folders whose code explains or scores failures but never decides them: a property's verdict does not depend on them. */
export const EXPLAINING = ["src/grader/root-cause", "src/grader/report", "src/grader/criteria.ts", "src/grader/rubric"];

/** Files no grade depends on: which half of the set an implementation is in, and the set's own tests. */
const NOT_GRADED = (rel: string): boolean => rel === "test/heldout/split.ts" || (rel.startsWith("test/heldout/") && rel.endsWith(".test.ts"));

function files(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...files(path));
    else if (/\.(m?ts|m?js|json)$/.test(name)) out.push(path);
  }
  return out;
}

/** A hash of every source the grades depend on (`verdictsOnly`: leaving out what only explains failures). */
export function fingerprint(root: string, settings: { readonly seed: number; readonly numRuns: number }, verdictsOnly: boolean): string {
  const hash = createHash("sha1");
  hash.update(JSON.stringify(settings));
  for (const top of ROOTS) {
    for (const file of files(join(root, top))) {
      const rel = relative(root, file);
      if (NOT_GRADED(rel)) continue;
      if (verdictsOnly && EXPLAINING.some((prefix) => rel === prefix || rel.startsWith(`${prefix}/`))) continue;
      hash.update(rel);
      hash.update(readFileSync(file));
    }
  }
  return hash.digest("hex").slice(0, 16);
}
