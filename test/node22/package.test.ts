import { copyFile, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { AuditReport } from "../../src/adapters/audit";
import { BUILTIN_ADAPTERS } from "../../src/adapters/registry";
import { run, type Run } from "../package/run";
import { EXPECTED } from "../adapters/audits-expected";

// `compaction-check audit <built-in>` from the installed package, for the built-ins whose library
// needs Node >= 22.19, under Node 22 (test/package/audit.test.ts does the others under Node 20):
// this project packed, the tarball installed next to node22/'s pinned libraries in an empty
// directory, each built-in run as a user runs it.

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const NODE22 = BUILTIN_ADAPTERS.filter((a) => !a.source.startsWith("src/"));
/** npm and npx under this Node, so the libraries' engines are met. */
const env = { PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ""}` };

let work = "";
const audits: Record<string, { run: Run; report: AuditReport }> = {};

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "compaction-check-node22-"));
  const pack = await run("npm", ["pack", "--pack-destination", work, "--json"], { cwd: ROOT, env });
  expect(pack.code, pack.stderr).toBe(0);
  const [{ filename }] = JSON.parse(pack.stdout.slice(pack.stdout.indexOf("["))) as { filename: string }[];
  for (const file of ["package.json", "package-lock.json", ".npmrc"]) await copyFile(join(ROOT, "node22", file), join(work, file));
  const ci = await run("npm", ["ci", "--prefer-offline", "--no-audit", "--no-fund"], { cwd: work, env });
  expect(ci.code, ci.stderr).toBe(0);
  const install = await run("npm", ["install", "--no-save", join(work, filename), "--prefer-offline", "--no-audit", "--no-fund"], { cwd: work, env });
  expect(install.code, install.stderr).toBe(0);
  for (const a of NODE22) {
    const json = join(work, `${a.name}.json`);
    const done = await run("npx", ["compaction-check", "audit", a.name, "--runs", "50", "--json", json], { cwd: work, env });
    expect(done.code, `${done.stdout}\n${done.stderr}`).toBeLessThan(2);
    audits[a.name] = { run: done, report: JSON.parse(await readFile(json, "utf8")) as AuditReport };
  }
  process.stdout.write(`node22 package audits (Node ${process.versions.node}): ${Object.entries(audits).map(([name, { run: r, report }]) => `${name} exit ${r.code} (${report.library?.name} ${report.library?.version}, ${report.results.filter((x) => x.finding).length} of ${report.results.length} properties fail${report.console ? `, ${report.console.lines} lines of library output captured` : ""}, ${r.seconds.toFixed(1)} s)`).join("; ")}\n`);
}, 900_000);

afterAll(async () => {
  if (work !== "") await rm(work, { recursive: true, force: true });
});

describe("compaction-check audit <built-in> from the installed package, under Node 22", () => {
  test.each(NODE22.map((a) => [a.name, a] as const))("%s: audits its library as installed, naming it and its version", (name, a) => {
    const { run: done, report } = audits[name]!;
    expect(report.library).toEqual({ name: a.library, version: a.audited });
    expect(done.stdout.split("\n")[0]).toContain(`audit ${name} (${a.library} ${a.audited}: `);
    // Within 50 cases a failing property may not be found yet; a finding found must be one of docs/audits.md's.
    const expected = EXPECTED[`${name} ${a.audited}`]!;
    for (const r of report.results) if (r.finding !== undefined) expect(r.finding.classification).toBe(expected[r.property]);
    expect(done.code).toBe(report.results.some((r) => r.finding !== undefined) ? 1 : 0);
  });
});
