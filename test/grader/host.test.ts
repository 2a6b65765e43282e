import { afterEach, describe, expect, it } from "vitest";
import { fileURLToPath } from "node:url";
import type { Scenario } from "../../src/scenario/scenario";
import { prepareSubmission, type Prepared } from "../../src/grader/prepare";
import { DEFAULT_LIMITS, probeNetworkIsolation } from "../../src/grader/sandbox/plan";

// The sandboxed host against the tamper catalogue, with a stand-in driver so that what is tested
// here is the host: load failures, replacement of lost children, tampering and forgery detection.

const STAND_IN_DRIVER = fileURLToPath(new URL("./stand-in/driver.ts", import.meta.url));
const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/tamper/${name}`, import.meta.url));
const LIMITS = { ...DEFAULT_LIMITS, scenarioTimeoutMs: 300, loadTimeoutMs: 3000, memoryMb: 64, totalTimeoutMs: 60_000 };
const UNITS: Scenario = { operation: { kind: "units", prebuilt: false, input: { messages: [] } } };

let open: Prepared | null = null;
async function prepare(path: string): Promise<Prepared> {
  // The tamper fixtures share ../_shared/contract.js, above their own folders: trusted, widened root.
  const importRoot = path.startsWith(fixture(".")) ? { importRoot: fixture(".") } : {};
  open = await prepareSubmission(path, LIMITS, { driverModule: STAND_IN_DRIVER, ...importRoot });
  return open;
}
afterEach(async () => {
  await open?.dispose();
  open = null;
});

describe("child host: a submission that cannot load is a graded failure", () => {
  it.each([
    ["syntax-error", /does not compile: .*index\.ts:2:\d+: Expected "\)"/],
    ["exit-at-import", /exited with code 0/],
    ["loop-at-import", /did not finish loading within 3000 ms/],
    ["throw-at-import", /threw at import: thrown object \(not printable\)/],
  ])("%s", async (name, reason) => {
    const prepared = await prepare(fixture(name));
    expect(prepared.failure).toMatch(reason);
    if (prepared.host !== null) expect((await prepared.host.observe(UNITS)).outcome).toMatchObject({ kind: "crash" });
  });

  it("an empty submission loads, and conformance names every missing export", async () => {
    const prepared = await prepare(fileURLToPath(new URL("../fixtures/empty-submission", import.meta.url)));
    expect(prepared.failure).toBeNull();
    expect(prepared.problems.get("compactContext")).toMatch(/missing/);
    expect(prepared.problems.get("ContextCompactionError")).toMatch(/missing/);
    expect(prepared.problems.get("MAX_CONTEXT_DEPTH")).toMatch(/missing/);
  });
});

describe("child host: lost children are replaced", () => {
  it("process.exit in a call is a crash, and the next call runs in a fresh child", async () => {
    const host = (await prepare(fixture("exit-mid-run"))).host!;
    expect((await host.observe(UNITS)).outcome).toEqual({ kind: "crash", reason: "the child exited with code 0" });
    expect((await host.observe(UNITS)).outcome).toEqual({ kind: "crash", reason: "the child exited with code 0" });
    expect(host.warnings().join("\n")).toMatch(/replaced 1 time/);
  });

  it("a call that blocks the event loop times out, and the child is replaced", async () => {
    const host = (await prepare(fixture("loop-in-call"))).host!;
    host.beginProperty("p");
    expect((await host.observe(UNITS)).outcome).toMatchObject({ kind: "timeout" });
    expect((await host.observe(UNITS)).outcome).toMatchObject({ kind: "timeout" });
    expect(host.propertyState().losses).toBe(2);
  });

  it("a property stops spending time after its loss budget and keeps the last real case", async () => {
    const host = (await prepare(fixture("exit-mid-run"))).host!;
    host.beginProperty("p");
    for (let i = 0; i < 3; i++) await host.observe(UNITS);
    const skipped = await host.observe(UNITS);
    expect(skipped.outcome).toMatchObject({ kind: "crash", reason: expect.stringMatching(/^not run/) });
    expect(host.propertyState()).toMatchObject({ budgetExhausted: true, lastLost: { scenario: UNITS } });
  });

  it("allocating past the heap cap is a crash that names memory", async () => {
    const host = (await prepare(fixture("out-of-memory"))).host!;
    expect((await host.observe(UNITS)).outcome).toMatchObject({ kind: "crash", reason: expect.stringMatching(/memory/) });
  });
});

describe("child host: the sandbox", () => {
  it.each([
    ["read-outside", "node:fs"],
    ["spawn-process", "node:child_process"],
    ["open-socket", "node:net"],
  ])("%s is refused at bundle time, naming %s", async (name, module) => {
    const prepared = await prepare(fixture(name));
    expect(prepared.failure).toMatch(new RegExp(`refused at bundle time: .*imports ${module}, which a submission may not use`));
  });

  // Below the submission's missing capabilities, the process's own limits still hold: a driver
  // that reads, spawns and connects (what a submission that got hold of fs, child_process or net
  // would do) is denied by the permission model and finds no network.
  it("the permission model and the network namespace still deny what the child program itself tries", async () => {
    open = await prepareSubmission(fileURLToPath(new URL("../fixtures/empty-submission", import.meta.url)), LIMITS, { driverModule: fileURLToPath(new URL("../security/drivers/outside-reach.ts", import.meta.url)) });
    const outcome = (await open.host!.observe(UNITS)).outcome as { kind: string; value: Record<string, string> };
    expect(outcome.value).toMatchObject({ read: "ERR_ACCESS_DENIED", write: "ERR_ACCESS_DENIED", spawn: "ERR_ACCESS_DENIED" });
    if (probeNetworkIsolation().ok) expect(outcome.value.connect).toBe("ENETUNREACH");
  });

  it("output of the submission is kept out of the report, and named in a warning", async () => {
    const host = (await prepare(fixture("fake-report"))).host!;
    await host.observe(UNITS);
    expect(host.warnings().join("\n")).toMatch(/wrote \d+ characters to stdout\/stderr \(ignored/);
  });

  it("unhandled rejections do not kill the child and are reported", async () => {
    const host = (await prepare(fixture("unhandled-rejections"))).host!;
    expect((await host.observe(UNITS)).outcome).toEqual({ kind: "returned", value: 0 });
    await host.observe(UNITS);
    expect(host.warnings().join("\n")).toMatch(/unhandled rejection/);
  });
});

describe("child host: tampering", () => {
  it.each([
    ["patch-promise", /globalThis\.Promise/],
    ["patch-promise-then", /Promise\.prototype\.then/],
    ["patch-object-isfrozen", /Object\.isFrozen/],
    ["patch-array-methods", /Array\.prototype\.map/],
    ["patch-json", /JSON\.stringify/],
  ])("%s is detected when the submission loads", async (name, what) => {
    const prepared = await prepare(fixture(name));
    expect(prepared.host!.tampering).toEqual({ message: expect.stringMatching(what), propertyId: null });
  });

  it("patch-object-freeze is detected after the call that patched it", async () => {
    const host = (await prepare(fixture("patch-object-freeze"))).host!;
    expect(host.tampering).toBeNull();
    host.beginProperty("some.property");
    await host.observe(UNITS);
    expect(host.tampering).toEqual({ message: expect.stringMatching(/Object\.freeze/), propertyId: "some.property" });
  });

  it("forge-observation: the child has no channel to speak for the driver on, and no forged reply arrives", async () => {
    const host = (await prepare(fixture("forge-observation"))).host!;
    const outcomes = [];
    for (let i = 0; i < 3; i++) outcomes.push((await host.observe(UNITS)).outcome);
    expect(outcomes).not.toContainEqual({ kind: "returned", value: 0 });
    expect(outcomes.every((o) => o.kind === "threw")).toBe(true);
  });
});
