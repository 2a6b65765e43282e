import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { createInProcessHost } from "../../src/grader/in-process-host";
import { formatReplay, runProperty } from "../../src/grader/run-property";
import type { Host, Observation, PropertyDefinition, Scenario } from "../../src/scenario";

// The runner is tested against a stand-in model, so these tests do not depend on src/model:
// the expected answer for a groups scenario is "the transcript's length".
vi.mock("../../src/model/index", () => ({
  expectedFor: (s: Scenario) => ({ kind: "returns", value: (s.operation as { transcript: unknown[] }).transcript.length, summarizerCalls: 0 }),
}));

const groupsOf = (items: number[]): Scenario => ({ operation: { kind: "groups", transcript: items } });
const arbitrary = fc.array(fc.nat({ max: 100 }), { maxLength: 12 }).map(groupsOf);

/** A subject whose groupToolRounds "counts" the transcript, wrongly from `wrongFrom` items on. */
function counter(wrongFrom = Infinity): Record<string, unknown> {
  return { groupToolRounds: (t: unknown[]) => (t.length >= wrongFrom ? t.length + 1 : t.length) };
}

function lengthProperty(over: Partial<PropertyDefinition> = {}): PropertyDefinition {
  return {
    id: "test.counts-the-transcript",
    family: "test",
    title: "counts the transcript",
    weight: 1,
    catches: "a miscount",
    specRef: "none",
    arbitrary,
    check: ({ observation, expected }) => {
      const got = observation.outcome.kind === "returned" ? observation.outcome.value : null;
      return expected.kind === "returns" && got === expected.value ? { ok: true } : { ok: false, message: `expected ${JSON.stringify(expected)}, observed ${JSON.stringify(observation.outcome)}` };
    },
    ...over,
  };
}

describe("runProperty", () => {
  it("a passing property runs numRuns cases and calls onCase once per case", async () => {
    let cases = 0;
    const run = await runProperty(lengthProperty(), createInProcessHost(counter()), { seed: 42, numRuns: 25, onCase: () => cases++ });
    expect(run).toEqual({ id: "test.counts-the-transcript", status: "passed", numRuns: 25, seed: 42 });
    expect(cases).toBe(25);
  });

  it("a failing property shrinks and reports seed, path, counterexample, observation and expected", async () => {
    const run = await runProperty(lengthProperty(), createInProcessHost(counter(3)), { seed: 7, numRuns: 100 });
    expect(run.status).toBe("failed");
    expect(run.seed).toBe(7);
    expect(run.counterexample).toEqual(groupsOf([0, 0, 0]));
    expect(run.observation?.outcome).toEqual({ kind: "returned", value: 4 });
    expect(run.expected).toEqual({ kind: "returns", value: 3, summarizerCalls: 0 });
    expect(run.message).toMatch(/^test\.counts-the-transcript failed after \d+ run\(s\) and \d+ shrink\(s\): expected .*"value":3.*observed .*"value":4/);
    expect(run.path).toMatch(/^\d+(:\d+)*$/);

    // The seed and path replay exactly that counterexample, in one run.
    const replay = await runProperty(lengthProperty(), createInProcessHost(counter(3)), { seed: 7, numRuns: 100, path: run.path });
    expect(replay.status).toBe("failed");
    expect(replay.counterexample).toEqual(run.counterexample);

    const line = formatReplay(run);
    expect(line.split("\n")[0]).toBe(`FC_SEED=7 FC_PATH=${run.path} npx vitest run -t "test.counts-the-transcript"`);
    expect(JSON.parse(line.split("\n")[1].replace(/^counterexample: /, ""))).toEqual(run.counterexample);
  });

  it("replays the examples first, in order", async () => {
    const seen: Scenario[] = [];
    const inner = createInProcessHost(counter());
    const recording: Host = { ...inner, observe: (s) => (seen.push(s), inner.observe(s)) };
    const examples = [groupsOf([9, 9]), groupsOf([])];
    const run = await runProperty(lengthProperty(), recording, { seed: 1, numRuns: 10, examples });
    expect(run.status).toBe("passed");
    expect(seen.slice(0, 2)).toEqual(examples);
    expect(seen.length).toBe(12);
  });

  it("runs the property's edge cases first, then the corpus, then numRuns generated cases", async () => {
    const seen: Scenario[] = [];
    const inner = createInProcessHost(counter());
    const recording: Host = { ...inner, observe: (s) => (seen.push(s), inner.observe(s)) };
    const edges = [groupsOf([1]), groupsOf([2, 2])];
    const corpus = [groupsOf([3])];
    const def = lengthProperty({ edgeCases: () => edges });
    const run = await runProperty(def, recording, { seed: 1, numRuns: 10, examples: corpus });
    expect(run.status).toBe("passed");
    expect(seen.slice(0, 3)).toEqual([...edges, ...corpus]);
    expect(seen.length).toBe(13);
  });

  it("a failing edge case fails the property even when the generated cases would pass", async () => {
    const edge = groupsOf(Array.from({ length: 60 }, () => 1));
    const run = await runProperty(lengthProperty({ edgeCases: () => [edge] }), createInProcessHost(counter(50)), { seed: 1, numRuns: 10 });
    expect(run.status).toBe("failed");
    expect(run.counterexample).toEqual(edge);
  });

  it("a failing example is reported as is (corpus scenarios are not shrunk), before any generated case", async () => {
    const example = groupsOf(Array.from({ length: 60 }, () => 1));
    const run = await runProperty(lengthProperty(), createInProcessHost(counter(50)), { seed: 1, numRuns: 10, examples: [example] });
    expect(run.status).toBe("failed");
    expect(run.numRuns).toBe(1);
    expect(run.counterexample).toEqual(example);
  });

  it("passes the reference observation only to properties that need one", async () => {
    const marker = { outcome: { kind: "crash", reason: "reference marker" } } as unknown as Observation;
    const reference: Host = { description: { kind: "in-process", isolation: [], warnings: [] }, observe: async () => marker, close: async () => {} };
    const received: (Observation | null)[] = [];
    const def = (needsReference: boolean) =>
      lengthProperty({ needsReference, check: ({ reference: r }) => (received.push(r), { ok: true }) });
    await runProperty(def(true), createInProcessHost(counter()), { seed: 3, numRuns: 3, reference });
    await runProperty(def(false), createInProcessHost(counter()), { seed: 3, numRuns: 3, reference });
    await runProperty(def(true), createInProcessHost(counter()), { seed: 3, numRuns: 3 });
    expect(received).toEqual([marker, marker, marker, null, null, null, null, null, null]);
  });

  it("a harness failure is an error, not a failed verdict", async () => {
    const broken: Host = { description: { kind: "in-process", isolation: [], warnings: [] }, observe: async () => { throw new Error("host down"); }, close: async () => {} };
    const run = await runProperty(lengthProperty(), broken, { seed: 5, numRuns: 10 });
    expect(run.status).toBe("error");
    expect(run.message).toMatch(/errored .*the harness threw: Error: host down/);
    expect(run.counterexample).toEqual(groupsOf([]));
  });

  it("the in-process host describes itself", () => {
    expect(createInProcessHost({}).description).toEqual({ kind: "in-process", isolation: [], warnings: ["in-process: no isolation; for trusted subjects only"] });
  });
});
