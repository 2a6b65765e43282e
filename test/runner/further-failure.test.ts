import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { createInProcessHost } from "../../src/grader/in-process-host";
import { furtherFailure, runProperty } from "../../src/grader/run-property";
import type { PropertyDefinition, Scenario } from "../../src/scenario";

// A further failure (src/grader/further.ts; Hypothesis reports distinct bugs of one property
// apart): after a property's first failure, its later cases are judged for a failure of another
// origin, shrunk keeping that origin. The subject has two bugs: a transcript of 5 or more items
// is counted one too many, and one holding an item from 500 to 520 is counted -1. Whichever shows
// first, the other is found among the later cases, on a counterexample of its own; a subject with
// one bug has no further failure.
vi.mock("../../src/model/index", () => ({
  expectedFor: (s: Scenario) => ({ kind: "returns", value: (s.operation as { transcript: unknown[] }).transcript.length, summarizerCalls: 0 }),
}));

const groupsOf = (items: number[]): Scenario => ({ operation: { kind: "groups", transcript: items } });
const NEGATIVE = "a negative count";
const ONE_MORE = "a count one too many";
const bothBugs = { groupToolRounds: (t: number[]) => (t.some((x) => x >= 500 && x <= 520) ? -1 : t.length >= 5 ? t.length + 1 : t.length) };
const bugOne = { groupToolRounds: (t: number[]) => (t.length >= 5 ? t.length + 1 : t.length) };

const property: PropertyDefinition = {
  id: "test.counts",
  family: "test",
  title: "counts the transcript",
  weight: 1,
  catches: "a miscount",
  specRef: "none",
  arbitrary: fc.noBias(fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: 0, maxLength: 10 })).map(groupsOf),
  check: ({ observation, expected }) => {
    const got = observation.outcome.kind === "returned" ? observation.outcome.value : null;
    const want = expected.kind === "returns" ? expected.value : null;
    if (got === -1) return { ok: false, message: `${NEGATIVE}: expected ${want}, observed -1` };
    return got === want ? { ok: true } : { ok: false, message: `${ONE_MORE}: expected ${want}, observed ${got}` };
  },
};

const firstCase = (path: string | undefined) => Number(path!.split(":")[0]);
const transcript = (s: Scenario | undefined) => (s!.operation as { transcript: number[] }).transcript;

describe("a further failure", () => {
  it.each([1, 2, 3, 4, 5])("two bugs in one property: the second is found on a counterexample of its own (seed %i)", async (seed) => {
    const host = createInProcessHost(bothBugs);
    const opts = { seed, numRuns: 100 };
    const first = await runProperty(property, host, opts);
    expect(first.status).toBe("failed");
    const further = await furtherFailure(property, host, opts, { index: firstCase(first.path), origin: first.origin! });
    expect(further?.status).toBe("failed");
    expect(further!.origin).not.toBe(first.origin);
    const messages = [first.message!, further!.message!];
    expect(messages.some((m) => m.includes(NEGATIVE)) && messages.some((m) => m.includes(ONE_MORE))).toBe(true);
    // Each shrunk keeping its own origin: bug two on one item, bug one on five.
    const negative = messages[0]!.includes(NEGATIVE) ? first : further!;
    const oneMore = negative === first ? further! : first;
    expect(transcript(negative.counterexample)).toHaveLength(1);
    expect(transcript(oneMore.counterexample)).toHaveLength(5);
    expect(firstCase(further!.path)).toBeGreaterThan(firstCase(first.path));
  });

  it.each([1, 2, 3])("one bug: none (seed %i)", async (seed) => {
    const host = createInProcessHost(bugOne);
    const opts = { seed, numRuns: 100 };
    const first = await runProperty(property, host, opts);
    expect(first.status).toBe("failed");
    expect(await furtherFailure(property, host, opts, { index: firstCase(first.path), origin: first.origin! })).toBeNull();
  });
});
