import { readdirSync, readFileSync } from "node:fs";
import { chmod, mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { gradeClass, type ClassOptions, type ClassResult } from "../../src/grader/class/grade-class";
import { commandLineOf, descendantsOf, fixture, isAlive, killAll, onLinux, STAND_IN_CLASS_PROPERTIES, STUDENT_PROCESS, until, UNITS_GOOD_SOURCE, writeSubmission } from "./support";

// Issue 24, grade-class: one student could import another's code (and score), kill another
// student's grader, and a grader killed on its timeout left its sandboxed child running.

const work = await mkdtemp(join(tmpdir(), "cc-class-attacks-"));
afterAll(() => rm(work, { recursive: true, force: true }));

const gradeClassOf = (name: string, options: Partial<ClassOptions> = {}): Promise<ClassResult> =>
  gradeClass({
    dir: join(work, name),
    outDir: join(work, `${name}-out`),
    jobs: 2,
    seed: 7,
    numRuns: 5,
    limits: { scenarioTimeoutMs: 1000, loadTimeoutMs: 10_000, memoryMb: 128, totalTimeoutMs: 60_000 },
    corpusDir: null,
    progress: null,
    propertiesModule: STAND_IN_CLASS_PROPERTIES,
    ...options,
  });
const recordOf = (result: ClassResult, student: string) => result.records.find((r) => r.student === student)!;

describe("grade-class keeps students apart", () => {
  it("one student cannot import another's code", async () => {
    await writeSubmission({ "alice/index.ts": UNITS_GOOD_SOURCE, "mallory/index.ts": `export * from "../alice/index";\n` }, join(work, "copy"));
    const result = await gradeClassOf("copy");
    expect(recordOf(result, "alice").report?.score).toBe(3);
    expect(recordOf(result, "mallory").report?.score).toBe(0);
    expect(JSON.stringify(recordOf(result, "mallory").report)).toMatch(/imports \.\.\/alice\/index, outside the submission's folder/);
  });

  it.runIf(onLinux)("one student cannot kill another's grader, even told its pid", async () => {
    // An oracle on a unix socket tells the attacker the victim's grader pid (found in /proc).
    const oracleDir = join(work, "oracle");
    await writeSubmission({ "readme.txt": "" }, oracleDir);
    await chmod(oracleDir, 0o777);
    const oraclePath = join(oracleDir, "oracle.sock");
    const victimGrader = () => readdirSync("/proc").filter((p) => /^\d+$/.test(p)).map(Number).find((pid) => commandLineOf(pid).includes(STUDENT_PROCESS) && commandLineOf(pid).includes('"student":"victim"'));
    const oracle = createServer(async (socket) => {
      let pid: number | undefined;
      for (let tries = 0; tries < 200 && (pid = victimGrader()) === undefined; tries++) await new Promise((resolve) => setTimeout(resolve, 50));
      socket.end(String(pid ?? 0));
    });
    await new Promise<void>((resolve) => oracle.listen(oraclePath, resolve));
    await chmod(oraclePath, 0o777);
    try {
      const attacker = `import { connect } from "node:net";
const pid = await new Promise((resolve) => { const s = connect(${JSON.stringify(oraclePath)}); let text = ""; s.on("data", (d) => (text += d)); s.on("end", () => resolve(Number(text))); s.on("error", () => resolve(0)); });
if (pid > 0) { try { process.kill(pid, "SIGKILL"); } catch {} }
export const estimateContextUnits = () => -1;
export const groupToolRounds = () => null;
`;
      // Right, and slow enough (300 ms a call) to be still grading when the attacker asks.
      const victim = `type Input = { messages: { id: string; content: string }[] };
const slowly = () => { const started = Date.now(); while (Date.now() - started < 300) {} };
export const estimateContextUnits = (input: Input): number => { slowly(); return input.messages.reduce((sum, m) => sum + 4 + [...m.id].length + [...m.content].length, 0); };
export const groupToolRounds = (): unknown[] => { slowly(); return []; };
`;
      await writeSubmission({ "attacker/index.js": attacker, "victim/index.ts": victim }, join(work, "siblings"));
      const result = await gradeClassOf("siblings");
      expect(recordOf(result, "victim").status).toBe("graded");
      expect(recordOf(result, "victim").report?.score).toBe(3);
    } finally {
      oracle.close();
    }
  });

  // Cleanup after the test (a timed-out test never reaches its own finally).
  const seen = new Map<number, string>();
  let watching = false;
  afterAll(() => {
    watching = false;
    killAll([...seen.keys()]);
  });
  it.runIf(onLinux)("a grader stopped on its timeout goes with its whole tree: no sandboxed child is left", async () => {
    await writeSubmission({ "lingerer/index.js": readFileSync(join(fixture("linger"), "index.js"), "utf8") }, join(work, "stuck"));
    watching = true;
    const watch = (async () => {
      while (watching) {
        for (const pid of readdirSync("/proc").filter((p) => /^\d+$/.test(p)).map(Number)) {
          if (commandLineOf(pid).includes(STUDENT_PROCESS) && commandLineOf(pid).includes(join(work, "stuck"))) for (const below of [pid, ...descendantsOf(pid)]) if (!seen.has(below)) seen.set(below, commandLineOf(below));
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    const result = await gradeClassOf("stuck", {
      propertiesModule: fileURLToPath(new URL("./stuck-properties.ts", import.meta.url)),
      limits: { scenarioTimeoutMs: 1000, loadTimeoutMs: 3000, memoryMb: 128, totalTimeoutMs: 2000 },
      processMarginMs: 1000,
    });
    watching = false;
    await watch;
    expect(recordOf(result, "lingerer").status).toBe("error");
    expect([...seen.values()].some((command) => command.includes("child.mjs"))).toBe(true);
    await until(() => [...seen.keys()].every((pid) => !isAlive(pid)));
  }, 240_000);
});
