import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { chmod, mkdtemp, rm } from "node:fs/promises";
import { createServer, type Server } from "node:net";
import { getPriority, setPriority, tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { probeConfinement } from "../../src/grader/sandbox/plan";
import { commandLineOf, descendantsOf, exited, fixture, gradeStandIn, isAlive, killAll, onLinux, processState, spawnGrader, UNITS_GOOD, until, writeSubmission } from "./support";

// Issue 24, processes: the child could stop, kill or renice the grader, signal any process it
// knew the pid of, reach unix-domain sockets on the file system, and outlive a grader that was
// killed. The attacks on "the grader" target a grader in a process of its own (grade-class's
// student process), so that a successful attack stops that process, not the test runner.

const work = await mkdtemp(join(tmpdir(), "cc-processes-"));
afterAll(() => rm(work, { recursive: true, force: true }));
let runs = 0;
const recordFile = () => join(work, `record-${++runs}.json`);

describe("the report says how the child was confined", () => {
  it("a line per layer in force, a warning per layer missing", async () => {
    const result = await gradeStandIn(UNITS_GOOD);
    const confinement = probeConfinement();
    const isolation = result.sandbox.isolation.join("\n");
    expect(isolation).toMatch(/no Node capability beyond its own modules, node:util and node:buffer/);
    expect(/own PID namespace/.test(isolation)).toBe(confinement.forks);
    expect(/dies with the grader/.test(isolation)).toBe(confinement.pdeathsig);
    expect(/runs as uid 65534/.test(isolation)).toBe(confinement.runAs !== null);
    expect(result.warnings.some((w) => /processes not isolated/.test(w))).toBe(!confinement.forks);
  });
});

describe.runIf(onLinux)("the child cannot reach other processes", () => {
  it("SIGSTOP to its parent (process.ppid) does not stop the grader, which reports", async () => {
    const record = recordFile();
    const grader = spawnGrader(fixture("grader-stop"), record);
    let stopped = false;
    await until(() => grader.exitCode !== null || grader.signalCode !== null || (stopped = processState(grader.pid!) === "T"));
    if (stopped) killAll([grader.pid!, ...descendantsOf(grader.pid!)]);
    expect(stopped).toBe(false);
    expect(await exited(grader)).toEqual({ code: 0, signal: null });
    expect(existsSync(record)).toBe(true);
  });

  it("SIGKILL to its parent (process.ppid) does not kill the grader, which reports", async () => {
    const record = recordFile();
    const grader = spawnGrader(fixture("grader-kill"), record);
    expect(await exited(grader)).toEqual({ code: 0, signal: null });
    expect(existsSync(record)).toBe(true);
  });

  it("a process whose pid it knows survives process.kill", async () => {
    const bystander = spawn("sleep", ["600"], { stdio: "ignore" });
    try {
      const pid = bystander.pid!;
      const dir = await writeSubmission({ "index.js": `for (const kill of [process.kill, process._kill]) { try { kill?.call(process, ${pid}, "SIGKILL"); kill?.call(process, ${pid}, 9); } catch {} }\nexport const estimateContextUnits = () => -1;\nexport const groupToolRounds = () => null;\n` });
      await gradeStandIn(dir);
      expect(isAlive(pid)).toBe(true);
    } finally {
      bystander.kill("SIGKILL");
    }
  });

  it("os.setPriority on its parent does not renice the grader", async () => {
    const before = getPriority(process.pid);
    try {
      await gradeStandIn(fixture("renice"));
      expect(getPriority(process.pid)).toBe(before);
    } finally {
      setPriority(process.pid, before);
    }
  });

  // Cleanup after the test (a timed-out test never reaches its own finally).
  let below: number[] = [];
  afterEach(() => killAll(below));
  it("no child outlives a grader that was killed (no orphan)", async () => {
    const grader = spawnGrader(fixture("linger"), recordFile(), { scenarioTimeoutMs: 60_000, totalTimeoutMs: 120_000 });
    await until(() => (below = descendantsOf(grader.pid!)).some((pid) => commandLineOf(pid).includes("child.mjs")));
    grader.kill("SIGKILL");
    await exited(grader);
    await until(() => below.every((pid) => !isAlive(pid)));
  });
});

describe.runIf(onLinux)("the child cannot reach a unix-domain socket on the file system", () => {
  let server: Server;
  let connections = 0;
  const socketDir = join(work, "socket");
  const socketPath = join(socketDir, "service.sock");
  afterAll(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  const routes: [string, string][] = [
    ["node:net imported", `import { connect } from "node:net";\nconst socket = connect(${JSON.stringify(socketPath)}); socket.on("error", () => {}); socket.write("hello");`],
    [
      "the class of process.stdout (a net.Socket on a pipe) or undici's global dispatcher, found at run time",
      `try { const Socket = process.stdout.constructor; const socket = new Socket(); socket.on("error", () => {}); socket.connect(${JSON.stringify(socketPath)}); socket.write("hello"); } catch {}
try { const Agent = globalThis[Symbol.for("undici.globalDispatcher.1")]?.constructor; if (Agent) await new Agent({ connect: { socketPath: ${JSON.stringify(socketPath)} } }).request({ origin: "http://localhost", path: "/x", method: "GET" }).catch(() => {}); } catch {}
await new Promise((resolve) => setTimeout(resolve, 300));`,
    ],
  ];
  it.each(routes)("through %s", async (_, attack) => {
    if (server === undefined) {
      await writeSubmission({ "readme.txt": "" }, socketDir);
      // Reachable by the child's user (nobody, as root): mkdtemp's 0700 kept every route out, so
      // this test could not fail (red-team pass).
      await chmod(work, 0o711);
      await chmod(socketDir, 0o777);
      server = createServer((socket) => {
        connections++;
        socket.destroy();
      });
      await new Promise<void>((resolve) => server.listen(socketPath, resolve));
      await chmod(socketPath, 0o777);
    }
    const before = connections;
    const result = await gradeStandIn(await writeSubmission({ "index.js": `${attack}\nexport const estimateContextUnits = () => -1;\nexport const groupToolRounds = () => null;\n` }));
    expect(result.score).toBe(0);
    expect(connections - before).toBe(0);
  });
});
