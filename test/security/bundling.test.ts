import { execFileSync } from "node:child_process";
import { mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tempDir } from "../_helpers/temp-dir";
import { fixture, gradeStandIn, QUICK_LIMITS, reportText, UNITS_GOOD_SOURCE, writeSubmission } from "./support";

// Issue 24, bundling: esbuild ran in the grader, unconfined. A submission could put any file the
// grader can read into the report a student sees (import attributes text, bytes, json; a link;
// a package found above its folder), the grader's environment, or make the bundler read without
// end. Resolution now stays inside the submission's folder, reads only regular files of bounded
// size, and the time it takes counts against --total-timeout; a refusal names the import.

const SECRET = "the-grader's-secret-4b1d";
let outside: string;
beforeAll(async () => {
  outside = await mkdtemp(join(tmpdir(), "cc-outside-"));
  await writeFile(join(outside, "secret.txt"), SECRET);
  await writeFile(join(outside, "secret.json"), JSON.stringify({ secret: SECRET }));
  await writeFile(join(outside, "module.js"), `export const secret = ${JSON.stringify(SECRET)};`);
});
afterAll(() => rm(outside, { recursive: true, force: true }));

/** A submission whose every call throws what it imported, so anything read reaches the report. */
const leaking = (imports: string, value: string) =>
  `${imports}\nexport function estimateContextUnits() { throw new Error(String(${value})); }\nexport const groupToolRounds = () => [];\n`;

describe("bundling stays inside the submission's folder", () => {
  const cases: [string, () => Record<string, string>, RegExp][] = [
    ["a file read as text", () => ({ "index.js": leaking(`import s from ${JSON.stringify(join(outside, "secret.txt"))} with { type: "text" };`, "s") }), /secret\.txt.*outside the submission's folder/],
    ["a file read as bytes", () => ({ "index.js": leaking(`import s from ${JSON.stringify(join(outside, "secret.txt"))} with { type: "bytes" };`, "new TextDecoder().decode(s)") }), /secret\.txt.*outside the submission's folder/],
    ["a JSON file", () => ({ "index.js": leaking(`import s from ${JSON.stringify(join(outside, "secret.json"))} with { type: "json" };`, "s.secret") }), /secret\.json.*outside the submission's folder/],
    ["a module above its folder", () => ({ "index.js": leaking(`import { secret } from ${JSON.stringify(join(outside, "module.js"))};`, "secret") }), /module\.js.*outside the submission's folder/],
  ];
  it.each(cases)("%s outside the folder is refused, naming the import, and nothing of it reaches the report", async (_, files, reason) => {
    const result = await gradeStandIn(await writeSubmission(files()));
    expect(result.score).toBe(0);
    expect(reportText(result)).not.toContain(SECRET);
    expect(reportText(result)).toMatch(reason);
  });

  it("a link inside the folder to a file outside is refused", async () => {
    const dir = await writeSubmission({ "index.js": leaking(`import s from "./notes.txt" with { type: "text" };`, "s") });
    await symlink(join(outside, "secret.txt"), join(dir, "notes.txt"));
    const result = await gradeStandIn(dir);
    expect(reportText(result)).not.toContain(SECRET);
    expect(reportText(result)).toMatch(/notes\.txt.*outside the submission's folder/);
  });

  it("a package found above the folder (node_modules of a parent) is refused", async () => {
    const parent = await tempDir("cc-parent-");
    await writeSubmission({ "node_modules/leak/package.json": JSON.stringify({ name: "leak", main: "index.js" }), "node_modules/leak/index.js": `export const secret = ${JSON.stringify(SECRET)};` }, parent);
    const dir = await writeSubmission({ "index.js": leaking(`import { secret } from "leak";`, "secret") }, join(parent, "student"));
    const result = await gradeStandIn(dir);
    expect(reportText(result)).not.toContain(SECRET);
    expect(reportText(result)).toMatch(/imports leak, which a submission may not use/);
  });

  it("node:fs is refused at bundle time, as a graded failure naming it", async () => {
    const result = await gradeStandIn(await writeSubmission({ "index.js": leaking(`import { readFileSync } from "node:fs";`, "readFileSync") }));
    expect(result.score).toBe(0);
    expect(reportText(result)).toMatch(/refused at bundle time: .*imports node:fs, which a submission may not use/);
  });

  it("the grader's environment (/proc/self/environ) is refused", async () => {
    const result = await gradeStandIn(fixture("read-environ"));
    expect(reportText(result)).not.toMatch(/PATH=/);
    expect(reportText(result)).toMatch(/\/proc\/self\/environ.*outside the submission's folder/);
  });
});

describe("bundling is bounded", () => {
  it("/dev/zero is refused instead of read without end", async () => {
    const result = await gradeStandIn(fixture("read-dev-zero"));
    expect(reportText(result)).toMatch(/\/dev\/zero.*outside the submission's folder/);
  });

  it("a named pipe inside the folder is refused instead of waited on", async () => {
    const dir = await writeSubmission({ "index.js": leaking(`import s from "./pipe.txt" with { type: "text" };`, "s") });
    execFileSync("mkfifo", [join(dir, "pipe.txt")]);
    const result = await gradeStandIn(dir);
    expect(reportText(result)).toMatch(/pipe\.txt, which is not a regular file/);
  });

  it("a source file over the size limit is refused", async () => {
    const dir = await writeSubmission({ "index.ts": `import { big } from "./big";\n${UNITS_GOOD_SOURCE}\nexport const size = big.length;\n`, "big.ts": `export const big = "${"x".repeat(20_000_000)}";\n` });
    const result = await gradeStandIn(dir);
    expect(reportText(result)).toMatch(/big\.ts is larger than/);
  });

  it("bundling counts against the total time limit", async () => {
    const result = await gradeStandIn(await writeSubmission({ "index.ts": UNITS_GOOD_SOURCE }), { limits: { ...QUICK_LIMITS, totalTimeoutMs: 1 } });
    expect(result.score).toBe(0);
    expect(reportText(result)).toMatch(/not bundled within/);
  });
});
