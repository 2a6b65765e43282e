// The "edit" implementations are copies of src/core files with exactly the planted edit: each
// copied file, once its header comment is dropped and its imports point back at src/core's
// neighbours, differs from the reference file only in the few lines of its one mistake (and the
// unchanged files of a chain of copies do not differ at all). So no accidental second mistake
// hides in a copy.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const root = new URL("../../", import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), "utf8");

/** The copy as the reference file would read: no header, sibling imports. */
function normalized(copy: string, reference: string): string[] {
  const lines = copy.replaceAll(/"\.\.\/\.\.\/\.\.\/src\/core\/([a-z-]+)"/g, '"./$1"').split("\n");
  const first = reference.split("\n")[0];
  return lines.slice(lines.indexOf(first));
}

/** Lines only in a, lines only in b (longest common subsequence). */
function changed(a: string[], b: string[]): number {
  const n = a.length;
  const m = b.length;
  const dp: Uint16Array[] = Array.from({ length: n + 1 }, () => new Uint16Array(m + 1));
  for (let i = n - 1; i >= 0; i--) for (let j = m - 1; j >= 0; j--) dp[i][j] = a[i] === b[j] ? dp[i + 1][j + 1] + 1 : Math.max(dp[i + 1][j], dp[i][j + 1]);
  return n + m - 2 * dp[0][0];
}

// [folder, file, the most lines the one edit may change]
const EDITED: readonly [string, string, number][] = [
  ["then-return-ignored", "observe-async", 5],
  ["resolvers-not-once", "observe-async", 1],
  ["thenable-identity-lost", "observe-async", 4],
  ["abort-during-call-lost", "observe-async", 6],
  ["forged-error-code", "observe-async", 30],
  ["promise-resolve-await", "observe-async", 22],
  ["summary-exact-fit-refused", "compaction", 2],
  ["abort-checked-after-call", "compaction", 2],
  ["recordid-after-summarizer", "compaction", 12],
  ["boundary-counts-old-summary", "boundary", 2],
  ["summarymax-equal-target-refused", "options", 2],
  ["symbol-key-skipped", "arguments", 2],
  ["json-false-as-true", "arguments", 2],
];
const UNCHANGED_IN_CHAIN = ["message-read", "transcript", "snapshot", "groups", "messages"];

describe("edit implementations are copies with one edit", () => {
  it.each(EDITED)("%s/%s.ts differs from src/core only in its edit", (folder, file, most) => {
    const reference = read(`src/core/${file}.ts`);
    const diff = changed(normalized(read(`test/heldout/${folder}/${file}.ts`), reference), reference.split("\n"));
    expect(diff).toBeGreaterThan(0);
    expect(diff).toBeLessThanOrEqual(most);
  });

  it.each(["symbol-key-skipped", "json-false-as-true"].flatMap((folder) => UNCHANGED_IN_CHAIN.map((file) => [folder, file] as const)))(
    "%s/%s.ts is src/core's, unchanged",
    (folder, file) => {
      const reference = read(`src/core/${file}.ts`);
      expect(changed(normalized(read(`test/heldout/${folder}/${file}.ts`), reference), reference.split("\n"))).toBe(0);
    },
  );
});
