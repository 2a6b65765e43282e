import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// The child's fast pre-check (src/grader/sandbox/child/globals-snapshot.ts) against
// assertNoPoisoning, in a fresh node process with the child entry's import order: both say the
// same for every change to globals (and for its undoing), except that the pre-check also sees a
// getter planted on Object.prototype for a descriptor field that hides itself from the library.

const SCRIPT = fileURLToPath(new URL("./globals-snapshot/agreement.ts", import.meta.url));

type Verdicts = { readonly name: string; readonly fastClean: boolean; readonly libraryClean: boolean };
const results = JSON.parse(execFileSync(process.execPath, ["--import", "tsx", SCRIPT], { encoding: "utf8" })) as Verdicts[];
const SELF_HIDING = "a self-removing getter on Object.prototype.value";

describe("globals pre-check", () => {
  it("covers changes of every kind, each seen by both checks and gone once undone", () => {
    const changes = results.filter((r) => r.name !== "untouched" && r.name !== SELF_HIDING && !r.name.startsWith("Math.PI") && !r.name.endsWith("(undone)"));
    expect(changes.length).toBeGreaterThanOrEqual(11);
    // The one change that keeps value, get and set (only writable differs) is not poisoning to either.
    for (const change of changes) expect(change.fastClean, change.name).toBe(change.name.includes("same value"));
  });

  it.each(results.filter((r) => r.name !== SELF_HIDING).map((r) => [r.name, r] as const))("%s: the same verdict as assertNoPoisoning", (_name, r) => {
    expect(r.fastClean).toBe(r.libraryClean);
  });

  it("a property it does not compare again cannot be changed", () => {
    expect(results.find((r) => r.name.startsWith("Math.PI"))).toEqual({ name: "Math.PI redefined (refused)", fastClean: true, libraryClean: true });
  });

  it("sees a self-hiding getter on Object.prototype that blinds assertNoPoisoning", () => {
    const hidden = results.find((r) => r.name === SELF_HIDING)!;
    expect(hidden).toEqual({ name: SELF_HIDING, fastClean: false, libraryClean: true });
  });
});
