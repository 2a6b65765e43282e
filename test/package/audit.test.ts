import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { BUILTIN_ADAPTERS } from "../../src/adapters/registry";
import type { AuditReport } from "../../src/adapters/audit";
import { run, type Run } from "./run";

// `compaction-check audit` from the installed package, as a user runs it: the tarball installed
// into an empty project; a built-in adapter first without its library (it says what to install),
// then with it; and an adapter written in TypeScript in the user's project, importing
// `compaction-check/adapters`. The built-ins whose library needs Node >= 22.19 are run the same
// way under Node 22 by test/node22/package.test.ts.

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const packed = inject("packed");
const NODE20 = BUILTIN_ADAPTERS.filter((a) => a.source.startsWith("src/"));

let work = "";
let project = "";
let missing: Run;
const audits: Record<string, { run: Run; report: AuditReport }> = {};

async function audit(target: string, ...args: string[]): Promise<{ run: Run; report: AuditReport }> {
  const json = join(project, `${target.replace(/\W/g, "_")}.json`);
  const done = await run("npx", ["compaction-check", "audit", target, "--runs", "50", "--json", json, ...args], { cwd: project });
  expect(done.code, `${done.stdout}\n${done.stderr}`).toBeLessThan(2);
  return { run: done, report: JSON.parse(await readFile(json, "utf8")) as AuditReport };
}

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "compaction-check-audit-"));
  project = join(work, "my-project");
  await mkdir(project);
  await writeFile(join(project, "package.json"), `${JSON.stringify({ name: "my-project", private: true, type: "module" }, null, 2)}\n`);
  const install = await run("npm", ["install", "--save-dev", packed.tarball, "--prefer-offline", "--no-audit", "--no-fund"], { cwd: project });
  expect(install.code, install.stderr).toBe(0);
  missing = await run("npx", ["compaction-check", "audit", "langchain-trim"], { cwd: project });
  const libraries = await run("npm", ["install", "--save-dev", ...NODE20.map((a) => `${a.library}@${a.audited}`), "--prefer-offline", "--no-audit", "--no-fund"], { cwd: project });
  expect(libraries.code, libraries.stderr).toBe(0);
  for (const a of NODE20) audits[a.name] = await audit(a.name);
  await cp(join(ROOT, "examples", "adapter"), project, { recursive: true });
  audits.file = await audit("keep-recent.adapter.ts");
  process.stdout.write(`package audits: ${Object.entries(audits).map(([name, { run: r, report }]) => `${name} exit ${r.code} (${report.library === undefined ? report.subject : `${report.library.name} ${report.library.version}`}, ${report.results.filter((x) => x.finding).length} of ${report.results.length} properties fail, ${r.seconds.toFixed(1)} s)`).join("; ")}\n`);
}, 600_000);

afterAll(async () => {
  if (work !== "") await rm(work, { recursive: true, force: true });
});

describe("compaction-check audit from the installed package", () => {
  test("a built-in whose library is not installed says which package to install", () => {
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/langchain-trim audits @langchain\/core, which is not installed here\..*npm i -D @langchain\/core@1\.4\.0 \[ADAPTER_LIBRARY_MISSING\]/);
    expect(missing.stderr).not.toMatch(/internal error|\n\s+at /);
  });

  test.each(NODE20.map((a) => [a.name, a] as const))("%s, its library installed: audits it, naming the library and version", (name, a) => {
    const { run: done, report } = audits[name]!;
    expect(report.library).toEqual({ name: a.library, version: a.audited });
    expect(done.stdout.split("\n")[0]).toMatch(new RegExp(`^audit ${name} \\(${a.library.replace(/[/.]/g, "\\$&")} ${a.audited.replace(/\./g, "\\.")}: `));
    // Each of these libraries fails a property within 50 cases (docs/audits.md).
    expect(done.code).toBe(1);
    expect(done.stdout).toMatch(/replay {2}compaction-check audit /);
  });

  test("an adapter written in TypeScript in the user's project, importing compaction-check/adapters", () => {
    const { run: done, report } = audits.file!;
    expect(done.code, done.stderr).toBe(0);
    expect(report.adapter).toBe("keep-recent");
    expect(report.results.every((r) => r.finding === undefined && r.cases >= 50)).toBe(true);
  });

  test("ships docs/adapters.md and docs/audits.md", () => {
    for (const doc of ["adapters.md", "audits.md"]) expect(existsSync(join(project, "node_modules", "compaction-check", "docs", doc))).toBe(true);
  });
});
