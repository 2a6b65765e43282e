import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { auditCommand } from "../../src/grader/commands/audit-command";
import { cli } from "../_helpers/run-cli";

// `compaction-check audit` end to end: exit 0 when every property holds, 1 with a finding (its
// counterexample, options and replay line), 2 with a banner for an unknown adapter or a file
// that is not one; and docs/adapters.md shows the example adapter as it is.

const dir = await mkdtemp(join(tmpdir(), "cc-audit-"));
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("compaction-check audit", () => {
  it("exit 0 on the example adapter, --json written", async () => {
    const json = join(dir, "a.json");
    let printed = "";
    const write = vi.spyOn(process.stdout, "write").mockImplementation((chunk) => ((printed += String(chunk)), true));
    const code = await auditCommand("examples/adapter/keep-recent.adapter.ts", { runs: 20, seed: 3, json }).finally(() => write.mockRestore());
    expect(code).toBe(0);
    expect(printed).toMatch(/audit keep-recent .*seed 3/);
    expect(JSON.parse(await readFile(json, "utf8"))).toMatchObject({ adapter: "keep-recent", seed: 3 });
  });

  it("exit 1 with a finding, and its replay line replays it", async () => {
    const broken = join(dir, "broken.adapter.mts");
    const example = new URL("../../examples/adapter/keep-recent.adapter.ts", import.meta.url).pathname;
    await writeFile(broken, `import a from ${JSON.stringify(example)};\nexport default { ...a, run: (m: unknown[]) => m.slice(-1) };\n`);
    const run = await cli("audit", broken, "--only", "pairing.result-has-call", "--runs", "100");
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/✗ pairing\.result-has-call/);
    expect(run.stdout).toMatch(/input {3}A\[c0\] T\(c0\)\n {2}output {2}T\(c0\)/);
    // The replay line, run in-process (its own spawn would only repeat the one above).
    const replay = /replay {2}compaction-check audit (.*)/.exec(run.stdout)![1]!;
    const [target, ...rest] = replay.match(/"[^"]*"|\S+/g)!.map((a) => a.replace(/^"|"$/g, ""));
    const options = Object.fromEntries(rest.flatMap((a, i) => (a.startsWith("--") ? [[a.slice(2), a === "--seed" ? Number(rest[i + 1]) : rest[i + 1]]] : [])));
    let printed = "";
    const write = vi.spyOn(process.stdout, "write").mockImplementation((chunk) => ((printed += String(chunk)), true));
    const code = await auditCommand(target!, options).finally(() => write.mockRestore());
    expect(code).toBe(1);
    expect(printed).toMatch(/1 cases {2}FAILS/);
  });

  it("exit 2 with a banner, no stack trace, for an unknown adapter", async () => {
    const run = await cli("audit", "nope");
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/Unknown adapter "nope"\. Built-in adapters: langchain-trim, .*\[UNKNOWN_ADAPTER\]/);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });

  it.each([
    ["package.json", {}, "ADAPTER_INVALID", /package\.json is not an adapter: missing /],
    ["ai-prune", { only: "pairing.bogus" }, "UNKNOWN_PROPERTY", /Unknown property pairing\.bogus/],
    ["ai-prune", { path: "1:0" }, "USAGE", /--path replays one case: give the --scope/],
    ["ai-prune", { time: "soon" }, "USAGE", /--time must be a duration/],
  ])("usage errors: %s %j", async (target, options, code, message) => {
    await expect(auditCommand(target, options)).rejects.toMatchObject({ code, message: expect.stringMatching(message) });
  });

  it("docs/adapters.md shows the example adapter verbatim", () => {
    const doc = readFileSync("docs/adapters.md", "utf8");
    expect(doc).toContain(readFileSync("examples/adapter/keep-recent.adapter.ts", "utf8"));
  });
});
