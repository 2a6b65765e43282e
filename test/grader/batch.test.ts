import { afterEach, describe, expect, it } from "vitest";
import { fileURLToPath } from "node:url";
import type { Host } from "../../src/scenario/host";
import type { Observation } from "../../src/scenario/observation";
import type { Scenario } from "../../src/scenario/scenario";
import { prepareSubmission, type Prepared } from "../../src/grader/prepare";
import { runProperty, type PropertyRun } from "../../src/grader/run-property";
import { DEFAULT_LIMITS } from "../../src/grader/sandbox/plan";
import { standInProperties } from "./stand-in/properties";

// The batched sandbox: a request runs many cases in the child. Everything the one-at-a-time host
// did per case still holds per case (a lost child is replaced and the rest of the batch reruns
// in the new one; a hang fails its case only), and the runner's verdicts, counterexamples and
// paths are those of the one-at-a-time search.

const STAND_IN_DRIVER = fileURLToPath(new URL("./stand-in/driver.ts", import.meta.url));
const submission = (name: string) => fileURLToPath(new URL(`./submissions/${name}`, import.meta.url));
const LIMITS = { ...DEFAULT_LIMITS, scenarioTimeoutMs: 300, loadTimeoutMs: 3000, memoryMb: 64, totalTimeoutMs: 60_000 };
const units = (content: string): Scenario => ({ operation: { kind: "units", prebuilt: false, input: { messages: [{ id: "m", role: "user", content }] } } });

const open: Prepared[] = [];
async function host(name: string) {
  const prepared = await prepareSubmission(submission(name), LIMITS, { driverModule: STAND_IN_DRIVER });
  open.push(prepared);
  return prepared.host!;
}
afterEach(async () => {
  await Promise.all(open.splice(0).map((p) => p.dispose()));
});

async function readAll(h: NonNullable<Prepared["host"]>, scenarios: Scenario[]): Promise<Observation["outcome"][]> {
  const stream = h.observeMany!(scenarios);
  const outcomes = [];
  for (let i = 0; i < scenarios.length; i++) outcomes.push((await stream.next()).outcome);
  stream.close();
  return outcomes;
}

describe("batched sandbox: per-case behaviour", () => {
  it("a child lost mid-batch is replaced and the rest of the batch runs in the new one", async () => {
    const h = await host("units-markers");
    h.beginProperty("p");
    const outcomes = await readAll(h, [units("a"), units("exit"), units("bb"), units("ccc")]);
    expect(outcomes).toEqual([{ kind: "returned", value: 6 }, { kind: "crash", reason: "the child exited with code 0" }, { kind: "returned", value: 7 }, { kind: "returned", value: 8 }]);
    expect(h.warnings().join("\n")).toMatch(/replaced 1 time/);
  });

  it("a case that blocks the child times out alone; the cases after it are still observed", async () => {
    const h = await host("units-markers");
    h.beginProperty("p");
    const outcomes = await readAll(h, [units("a"), units("loop"), units("bb")]);
    expect(outcomes[0]).toEqual({ kind: "returned", value: 6 });
    expect(outcomes[1]).toMatchObject({ kind: "timeout" });
    expect(outcomes[2]).toEqual({ kind: "returned", value: 7 });
    expect(h.propertyState().losses).toBe(1);
  });

  it("after the loss budget, the rest of a batch is not run", async () => {
    const h = await host("units-markers");
    h.beginProperty("p");
    const outcomes = await readAll(h, [units("exit"), units("exit"), units("exit"), units("a")]);
    expect(outcomes[3]).toMatchObject({ kind: "crash", reason: expect.stringMatching(/^not run/) });
    expect(h.propertyState()).toMatchObject({ budgetExhausted: true, losses: 3 });
  });

  it("tampering is noted at the case that did it, not before", async () => {
    const h = await host("units-markers");
    h.beginProperty("p");
    const stream = h.observeMany!([units("a"), units("taint"), units("b")]);
    await stream.next();
    expect(h.tampering).toBeNull();
    await stream.next();
    expect(h.tampering?.message).toMatch(/Object\.freeze/);
    stream.close();
  });

  it("an abandoned tail that tampers is not blamed on what runs next", async () => {
    const h = await host("units-markers");
    h.beginProperty("p");
    const stream = h.observeMany!([units("a"), units("b"), units("taint")]);
    await stream.next();
    stream.close();
    h.beginProperty("q");
    expect((await h.observe(units("cc"))).outcome).toEqual({ kind: "returned", value: 7 });
    expect(h.tampering).toBeNull();
    expect(h.warnings().join("\n")).not.toMatch(/replaced/);
  });
});

/** The same child host, seen through `observe` only: the runner then searches one case at a time. */
const oneAtATime = (h: Host): Host => ({ description: h.description, observe: (s) => h.observe(s), close: () => h.close() });
const withoutDurations = (run: PropertyRun) => JSON.parse(JSON.stringify(run, (key, value: unknown) => (key === "durationMs" ? 0 : value))) as unknown;

describe("batched sandbox: the runner", () => {
  it.each([
    ["units-good", "passed"],
    ["units-utf16", "failed"],
  ])("%s: verdicts, counterexamples and paths equal the one-at-a-time search", async (name, unitsStatus) => {
    const h = await host(name);
    const statuses: string[] = [];
    for (const def of standInProperties) {
      for (const seed of [1, 2, 3]) {
        const options = { seed, numRuns: 40 };
        h.beginProperty(def.id);
        const batched = await runProperty(def, h, options);
        h.beginProperty(def.id);
        const sequential = await runProperty(def, oneAtATime(h), options);
        expect(withoutDurations(batched)).toEqual(withoutDurations(sequential));
        statuses.push(`${def.id} ${batched.status}`);
      }
    }
    expect(statuses).toContain(`standin.units-count-code-points ${unitsStatus}`);
  });
});
