import { readdirSync, readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { prepareSubmission, type Prepared } from "../../../src/grader/prepare";
import { CHILD_THREADPOOL_SIZE, dataLimitBytes, probeConfinement } from "../../../src/grader/sandbox/plan";
import { commandLineOf, descendantsOf, gradeStandIn, onLinux, QUICK_LIMITS, until } from "../support";
import { redteamFixture } from "./support";

// Red-team pass (session 10): resources a submission can take beyond its limits, at the cost of
// the machine and of every other student graded on it at the same time.

// Where prlimit is missing the report warns ("memory outside the heap not capped").
describe.runIf(onLinux && probeConfinement().dataLimit)("the child's memory is capped, not only its heap", () => {
  it("array buffers stop at the data limit (a 128 MB heap held 2 GiB of them)", async () => {
    const result = await gradeStandIn(redteamFixture("external-memory"), { numRuns: 1 });
    const held = Number(/"value":(\d+)/.exec(result.properties[0]!.message ?? "")?.[1]);
    expect(held).toBeGreaterThan(0);
    expect(held * 2 ** 20).toBeLessThanOrEqual(dataLimitBytes(QUICK_LIMITS.memoryMb));
    expect(result.sandbox.isolation.join("\n")).toMatch(/maps at most \d+ MiB of memory in all/);
  });
});

let open: Prepared | null = null;
afterEach(async () => {
  await open?.dispose();
  open = null;
});

/** CPU ticks (user + system) of each thread of `pid` but its main thread. */
function ticksOfOtherThreads(pid: number): number[] {
  return readdirSync(`/proc/${pid}/task`)
    .filter((tid) => tid !== String(pid))
    .map((tid) => {
      try {
        const fields = readFileSync(`/proc/${pid}/task/${tid}/stat`, "utf8").split(") ")[1]!.split(" ");
        return Number(fields[11]) + Number(fields[12]);
      } catch {
        return 0;
      }
    });
}

describe.runIf(onLinux)("the child keeps at most two cores busy", () => {
  it("crypto.subtle work started at import runs on one thread besides the main one, not on four", async () => {
    open = await prepareSubmission(redteamFixture("threadpool"), QUICK_LIMITS);
    expect(open.failure).toBeNull();
    const children = descendantsOf(process.pid).filter((pid) => commandLineOf(pid).startsWith(`${process.execPath} --experimental-permission`));
    expect(children).toHaveLength(1);
    const child = children[0]!;
    // Until the derivations have had a second of CPU in all (about a second on an idle machine).
    const BUSY_TICKS = 100;
    let ticks: number[] = [];
    await until(() => (ticks = ticksOfOtherThreads(child)).reduce((sum, t) => sum + t, 0) >= BUSY_TICKS);
    const busyThreads = ticks.filter((t) => t >= BUSY_TICKS / 10).length;
    expect(busyThreads).toBe(CHILD_THREADPOOL_SIZE);
    expect(CHILD_THREADPOOL_SIZE).toBe(1);
  });
});
