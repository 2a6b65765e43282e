import { cp, mkdtemp, readFile, rm, writeFile, appendFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { submissionFolder } from "../../src/grader/submission-identity";
import { cli } from "../_helpers/run-cli";

// Issue 26, item 6: replay files that stay true. Two submissions in folders of the same name
// (two classes' "alice") graded into one reports directory keep their counterexamples apart,
// every report's replay lines name its own files, and `replay` refuses a file recorded for
// another submission (neither its path nor its code) unless --force. Before, both grades wrote
// reports/counterexamples/<property>.json: the second overwrote the first, and replaying the
// first one's line ran the second one's scenario without a word.

const root = (relative: string) => fileURLToPath(new URL(`../../${relative}`, import.meta.url));
const dir = await mkdtemp(join(tmpdir(), "cc-replay-files-"));
const reports = join(dir, "reports");
const buggy = join(dir, "class-a", "alice"); // the example submission: fails units (an astral character counts 2)
const other = join(dir, "class-b", "alice"); // the core counting numbers one too many: fails units too
const correct = join(dir, "class-c", "bob"); // the core: passes

interface Report {
  readonly properties: readonly { readonly id: string; readonly status: string; readonly replay?: string; readonly counterexample?: unknown }[];
}
const graded: Record<string, Report> = {};

beforeAll(async () => {
  await cp(root("examples/submission"), buggy, { recursive: true });
  await cp(root("src/core"), correct, { recursive: true });
  await cp(root("src/core"), other, { recursive: true });
  const units = join(other, "units.ts");
  await writeFile(units, (await readFile(units, "utf8")).replace('return 1 + ("" + n).length;', 'return 2 + ("" + n).length;'));
  for (const [name, submission] of [["buggy", buggy], ["other", other], ["correct", correct]] as const) {
    const json = join(dir, `${name}.json`);
    await cli("grade", submission, "--only", "units", "--runs", "10", "--jobs", "1", "--no-corpus", "--reports", reports, "--json", json);
    graded[name] = JSON.parse(await readFile(json, "utf8")) as Report;
  }
}, 120_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

/** The scenario file a replay line names (its first argument after "replay"). */
const fileOf = (replay: string) => join(root(""), replay.split(" ")[3]!);

describe("counterexamples kept per submission", () => {
  it("two submissions with the same folder name get folders of their own", () => {
    expect(submissionFolder(buggy)).not.toBe(submissionFolder(other));
    expect(submissionFolder(buggy)).toMatch(/^class-a-alice-[0-9a-f]{8}$/);
  });

  it("every replay line of a report names a file in its own submission's folder, which records that submission", async () => {
    const failed = graded.buggy!.properties.filter((p) => p.status === "failed");
    expect(failed.length).toBeGreaterThan(0);
    for (const p of failed) {
      const file = fileOf(p.replay!);
      expect(file).toContain(join(reports, submissionFolder(buggy), "counterexamples"));
      const data = JSON.parse(await readFile(file, "utf8")) as { propertyId: string; submissionId: { path: string; sha256: string } };
      expect(data.propertyId).toBe(p.id);
      expect(data.submissionId.path).toBe(buggy);
      expect(data.submissionId.sha256).toMatch(/^[0-9a-f]{64}$/);
    }
    expect(existsSync(join(reports, "counterexamples"))).toBe(false);
  });

  it("replaying a line as printed runs its own submission's scenario on it, though another failed the same property since", async () => {
    const failing = (name: string) => graded[name]!.properties.filter((p) => p.status === "failed").map((p) => p.id);
    const both = failing("buggy").filter((id) => failing("other").includes(id));
    expect(both).toContain("units.exact-formula");
    for (const id of both) {
      const printed = graded.buggy!.properties.find((p) => p.id === id)!;
      const data = JSON.parse(await readFile(fileOf(printed.replay!), "utf8")) as { scenario: unknown };
      expect(data.scenario, id).toEqual(printed.counterexample);
    }
    const line = graded.buggy!.properties.find((p) => p.id === "units.astral-counts-one")!.replay!;
    const run = await cli("replay", fileOf(line));
    expect(run.code, run.stderr).toBe(1);
    expect(run.stdout).toContain(`submission: ${buggy}`);
    expect(run.stdout).toMatch(/verdict: fails/);
    expect(run.stdout).not.toMatch(/^note:/m);
  });
});

describe("replay refuses a file recorded for another submission", () => {
  it("with a clear error, unless --force", async () => {
    const file = fileOf(graded.buggy!.properties.find((p) => p.id === "units.astral-counts-one")!.replay!);
    const refused = await cli("replay", file, correct);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`This counterexample was recorded for another submission: ${buggy}`);
    expect(refused.stderr).toMatch(/pass --force to run this scenario here anyway/);
    expect(refused.stdout).not.toMatch(/verdict/);
    const forced = await cli("replay", file, correct, "--force");
    expect(forced.code, forced.stderr).toBe(0);
    expect(forced.stdout).toMatch(/note: this counterexample was recorded for another submission, .*replayed on .* anyway \(--force\)/);
    expect(forced.stdout).toMatch(/verdict: passes/);
  });

  it("the same submission edited since (a fix) is replayed, with a note; the same code elsewhere too", async () => {
    const file = fileOf(graded.buggy!.properties.find((p) => p.id === "units.astral-counts-one")!.replay!);
    const moved = join(dir, "moved", "alice");
    await cp(buggy, moved, { recursive: true });
    const elsewhere = await cli("replay", file, moved);
    expect(elsewhere.code, elsewhere.stderr).toBe(1);
    expect(elsewhere.stdout).toMatch(/note: this counterexample was recorded for .*class-a\/alice, whose code is the same as .*moved\/alice's/);
    await appendFile(join(buggy, "src", "index.ts"), "\nexport const edited = 1;\n");
    const edited = await cli("replay", file);
    expect(edited.code, edited.stderr).toBe(1);
    expect(edited.stdout).toMatch(/note: .*class-a\/alice changed since this counterexample was recorded/);
  });

  it("a file that names no submission (a Gradescope line saved by a student) replays on any", async () => {
    const file = join(dir, "units.astral-counts-one.json");
    const recorded = JSON.parse(await readFile(fileOf(graded.buggy!.properties.find((p) => p.id === "units.astral-counts-one")!.replay!), "utf8")) as { propertyId: string; scenario: unknown };
    await writeFile(file, JSON.stringify({ propertyId: recorded.propertyId, scenario: recorded.scenario }));
    const run = await cli("replay", file, correct);
    expect(run.code, run.stderr).toBe(0);
  });
});
