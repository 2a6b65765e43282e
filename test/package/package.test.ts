import { existsSync } from "node:fs";
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { DEFAULT_SEED } from "../../src/grader/grade";
import type { JsonReport } from "../../src/grader/result";
import { readmeExamples } from "./readme-examples";
import { run, type Run } from "./run";

// `npm run test:package` (not in npm test: about 2 minutes). Packs this project, installs the
// tarball into a temporary copy of examples/course-repo (the README's examples added), and
// checks what a user gets: the template's `npm test` (contractSuite, in-process) and
// `npx compaction-check grade .` (sandboxed) agree on which properties fail, with the same
// failure text and a replay line that works; the README's other examples run as written.

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const TEMPLATE = join(ROOT, "examples", "course-repo");
/** Few cases, the grade's seed: the example submission's bugs are found in a handful of cases. */
const RUNS = 10;
const API_FAMILIES = ["units", "groups"];
/** contractSuite's other isolation, from the installed package: the sandboxed child bundled from dist/. */
const SANDBOXED_TEST = `import { contractSuite } from "compaction-check/vitest";

contractSuite(() => import("../src/index"), { isolation: "sandboxed", families: ${JSON.stringify(API_FAMILIES)} });
`;

interface VitestJson {
  readonly testResults: readonly { readonly name: string; readonly assertionResults: readonly { readonly ancestorTitles: readonly string[]; readonly title: string; readonly status: string; readonly failureMessages: readonly string[] }[] }[];
}

let work = "";
let project = "";
const packed = inject("packed");
let install: Run;
let vitest: Run;
let grade: Run;
let api: Run;
let vitestJson: VitestJson;
let gradeJson: JsonReport;

const failing = (report: JsonReport) => report.properties.filter((p) => p.status !== "passed").map((p) => p.id);

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "compaction-check-package-"));
  project = join(work, "course-repo");
  await cp(TEMPLATE, project, { recursive: true, dereference: true });
  for (const example of readmeExamples(join(ROOT, "README.md"))) {
    if (example.path.startsWith("examples/")) continue;
    await mkdir(dirname(join(project, example.path)), { recursive: true });
    await writeFile(join(project, example.path), example.code);
  }
  await writeFile(join(project, "test", "sandboxed.test.ts"), SANDBOXED_TEST);
  // Offline when npm's cache has every package (it does after `npm ci` here), the registry otherwise.
  install = await run("npm", ["install", "--save-dev", packed.tarball, "--prefer-offline", "--no-audit", "--no-fund"], { cwd: project });
  expect(install.code, install.stderr).toBe(0);

  const runs = String(RUNS);
  vitest = await run("npm", ["test", "--", "--reporter=default", "--reporter=json", "--outputFile.json=vitest.json"], { cwd: project, env: { FC_SEED: String(DEFAULT_SEED), FC_NUM_RUNS: runs } });
  grade = await run("npx", ["compaction-check", "grade", ".", "--seed", String(DEFAULT_SEED), "--runs", runs, "--json", "grade.json"], { cwd: project });
  api = await run("node", ["grade.mjs"], { cwd: project });
  vitestJson = JSON.parse(await readFile(join(project, "vitest.json"), "utf8"));
  gradeJson = JSON.parse(await readFile(join(project, "grade.json"), "utf8"));
  const summary = vitest.stdout.split("\n").filter((line) => /Test Files|Tests /.test(line)).join("; ");
  process.stdout.write(
    `package test: tarball ${packed.filename} ${(packed.size / 1024).toFixed(0)} kB (${(packed.unpackedSize / 1024).toFixed(0)} kB unpacked, ${packed.files.length} files); ` +
      `npm install ${install.seconds.toFixed(1)} s, npm test ${vitest.seconds.toFixed(1)} s (${summary.replace(/\x1b\[[0-9;]*m/g, "").replace(/\s+/g, " ")}), grade ${grade.seconds.toFixed(1)} s, API example ${api.seconds.toFixed(1)} s\n`,
  );
}, 900_000);

afterAll(async () => {
  if (work !== "") await rm(work, { recursive: true, force: true });
});

describe("the tarball", () => {
  test("holds the build, the bin, the documents and the regression corpus, and no sources or tests", () => {
    const paths = packed.files.map((f) => f.path);
    for (const file of ["bin/compaction-check.mjs", "dist/index.js", "dist/vitest.js", "dist/generators.js", "dist/cli.js", "dist/sandbox-child.js", "dist/types/src/package/index.d.ts", "dist/types/src/package/vitest.d.ts", "dist/types/generators/index.d.ts", "README.md", "docs/contract.md", "docs/adapters.md", "docs/audits.md"]) {
      expect(paths).toContain(file);
    }
    expect(paths.filter((p) => p.startsWith("corpus/")).length).toBeGreaterThan(0);
    expect(paths.filter((p) => /^(src|test|properties|generators|scripts|examples)\//.test(p))).toEqual([]);
  });

  test("installs and runs without tsx", () => {
    expect(existsSync(join(project, "node_modules", "compaction-check", "dist", "cli.js"))).toBe(true);
    expect(existsSync(join(project, "node_modules", "tsx"))).toBe(false);
  });
});

const testsOf = (file: string) => vitestJson.testResults.filter((f) => f.name.endsWith(file)).flatMap((f) => f.assertionResults);
const failedIds = (tests: ReturnType<typeof testsOf>) => tests.filter((t) => t.status !== "passed").map((t) => t.title.split(":")[0]);

describe("the course repository", () => {
  const contractTests = () => testsOf("test/contract.test.ts");

  test("runs the README's contractSuite example as its own test file", async () => {
    const example = readmeExamples(join(ROOT, "README.md")).find((e) => e.path === "examples/course-repo/test/contract.test.ts");
    expect(example?.code).toBe(await readFile(join(TEMPLATE, "test", "contract.test.ts"), "utf8"));
  });

  test("npm test and grade both fail, on the same properties (one vitest test per property)", () => {
    expect(vitest.code, vitest.stderr).toBe(1);
    expect(grade.code, grade.stderr).toBe(1);
    const tests = contractTests();
    expect(tests.map((t) => t.title.split(":")[0])).toEqual(gradeJson.properties.map((p) => p.id));
    const failedInVitest = failedIds(tests);
    expect(failedInVitest.length).toBeGreaterThan(0);
    expect(failedInVitest).toEqual(failing(gradeJson));
  });

  test("a failing vitest test prints the grade's verdict and replay line", () => {
    const first = gradeJson.properties.find((p) => p.status !== "passed" && p.replay !== undefined);
    expect(first).toBeDefined();
    const message = contractTests().find((t) => t.title.startsWith(`${first?.id}:`))?.failureMessages.join("\n") ?? "";
    expect(message).toContain(first?.message);
    expect(message).toContain(`replay: ${first?.replay}`);
    expect(first?.replay).toMatch(/node_modules\/compaction-check\/bin\/compaction-check\.mjs replay reports\/[A-Za-z0-9._-]+-[0-9a-f]{8}\/counterexamples\//);
  });

  test("the replay line re-runs the counterexample from the installed package", async () => {
    const first = gradeJson.properties.find((p) => p.replay !== undefined);
    const [command, ...args] = (first?.replay ?? "").split(" ");
    const replay = await run(command as string, args, { cwd: project });
    expect(replay.stdout).toContain("verdict: fails");
  });

  test("runs the README's generators example (a property of your own code on our transcripts)", () => {
    const own = vitestJson.testResults.flatMap((file) => file.assertionResults).filter((t) => t.title.startsWith("keepRecent"));
    expect(own.map((t) => t.status)).toEqual(["passed"]);
  });

  test("contractSuite sandboxed fails the same properties as grade, for its families", () => {
    const tests = testsOf("test/sandboxed.test.ts");
    expect(tests.map((t) => t.title.split(":")[0])).toEqual(gradeJson.properties.map((p) => p.id).filter((id) => API_FAMILIES.includes(id.split(".")[0] as string)));
    expect(failedIds(tests)).toEqual(failing(gradeJson).filter((id) => API_FAMILIES.includes(id.split(".")[0] as string)));
  });

  test("the README's API example grades the same failures as the command, for its families", () => {
    expect(api.code, api.stderr).toBe(0);
    expect(api.stdout).toMatch(/^score \d+(\.\d+)?\/\d+ of \d+ properties in all$/m);
    const printed = [...api.stdout.matchAll(/^failed (\S+):/gm)].map((m) => m[1]);
    const expected = failing(gradeJson).filter((id) => API_FAMILIES.includes(id.split(".")[0] as string));
    expect(expected.length).toBeGreaterThan(0);
    expect(printed).toEqual(expected);
  });
});
