import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cli } from "../_helpers/run-cli";
import { selfContained } from "../_helpers/self-contained";

// A submission missing exports gets one root cause naming every export missing (the error class
// too), first in the order to fix, whatever the properties that could not run or could not
// recognise its errors; not one root cause per combination of missing names. And a submission
// that does not build: its error printed once, with its location, not once per property.

const dir = await mkdtemp(join(tmpdir(), "cc-missing-exports-"));
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("missing exports", () => {
  it("are one root cause listing every missing name, first in the fix order", async () => {
    const json = join(dir, "grade.json");
    // The fixture re-exports src/core from above its folder: bundled into one file first.
    const run = await cli("grade", await selfContained("test/fixtures/missing-exports/index.ts"), "--only", "units,groups,boundary,atomicity", "--runs", "3", "--reports", join(dir, "reports"), "--json", json);
    expect(run.code).toBe(1);
    const report = JSON.parse(await readFile(json, "utf8")) as { rootCauses: { id: string; title: string; properties: string[] }[]; properties: { id: string; status: string }[] };
    const [first, ...rest] = report.rootCauses;
    expect(first).toMatchObject({ id: "exports", title: "Exports missing or of the wrong kind (contract §1): groupToolRounds, selectCompactionBoundary, ContextCompactionError" });
    expect(rest.filter((c) => /missing/.test(c.title)).map((c) => c.title)).toEqual([]);
    const failed = report.properties.filter((p) => p.status !== "passed").map((p) => p.id);
    expect(first!.properties).toEqual(expect.arrayContaining(failed.filter((id) => /^(groups|boundary)\./.test(id))));
    expect(run.stdout).toMatch(/fix them in this order:\n\n1\. Exports missing or of the wrong kind \(contract §1\): groupToolRounds, selectCompactionBoundary, ContextCompactionError — \d+ failed properties \[exports\]/);
  });

  it("a build error is printed once, with its location", async () => {
    const run = await cli("grade", "test/fixtures/tamper/syntax-error", "--runs", "2", "--reports", join(dir, "reports"));
    expect(run.code).toBe(1);
    expect(run.stdout.split('index.ts:2:52: Expected ")" but found "=>"').length - 1).toBe(1);
    expect(run.stdout).toMatch(/✗ \d+ properties not run, for root cause 1 above: units\.exact-formula, /);
    expect(run.stdout.split("\n").length).toBeLessThan(300);
  });
});
