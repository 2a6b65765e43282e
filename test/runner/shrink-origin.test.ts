import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { createInProcessHost } from "../../src/grader/in-process-host";
import { failureOrigin } from "../../src/grader/run/failure-origin";
import { runProperty } from "../../src/grader/run-property";
import type { PropertyDefinition, Scenario } from "../../src/scenario";

// Shrinking does not slip (docs/grading.md, "What counts as a failure"; Hypothesis's rule): a smaller case
// is taken only when it fails with the first failure's origin. The subject has two bugs: a
// transcript of 5 or more items is counted one too many, and one whose items are all 11 (where
// shrinking leads: every item shrinks toward 11) is counted -1. The first failure is a random
// long transcript (bug one); shrinking must end on a smallest one that still shows bug one.
vi.mock("../../src/model/index", () => ({
  expectedFor: (s: Scenario) => ({ kind: "returns", value: (s.operation as { transcript: unknown[] }).transcript.length, summarizerCalls: 0 }),
}));

const groupsOf = (items: number[]): Scenario => ({ operation: { kind: "groups", transcript: items } });
const subject = { groupToolRounds: (t: number[]) => (t.length > 0 && t.every((x) => x === 11) ? -1 : t.length >= 5 ? t.length + 1 : t.length) };

const property: PropertyDefinition = {
  id: "test.counts",
  family: "test",
  title: "counts the transcript",
  weight: 1,
  catches: "a miscount",
  specRef: "none",
  arbitrary: fc.noBias(fc.array(fc.integer({ min: 11, max: 1000 }), { minLength: 5, maxLength: 12 })).map(groupsOf),
  check: ({ observation, expected }) => {
    const got = observation.outcome.kind === "returned" ? observation.outcome.value : null;
    const want = expected.kind === "returns" ? expected.value : null;
    if (got === -1) return { ok: false, message: `a negative count: expected ${want}, observed -1` };
    return got === want ? { ok: true } : { ok: false, message: `a count one too many: at [2] expected ${want}, observed ${got}` };
  },
};

describe("a failure's origin", () => {
  it("is the check's words up to the first value they quote, a path's indices standing for any", () => {
    expect(failureOrigin("failed", 'compacted result: at .context.compactions[1].id expected "r-1", observed "x"')).toBe("failed: compacted result: at .context.compactions[#].id expected");
    expect(failureOrigin("failed", "at .record.unitsBefore expected 48, observed 39")).not.toBe(failureOrigin("failed", "at .context.summary.content expected 48, observed 39"));
    expect(failureOrigin("failed", "expected a ContextCompactionError with code CONTEXT_INVALID_BUDGET, observed: returned null")).toBe("failed: expected a ContextCompactionError with code CONTEXT_INVALID_BUDGET");
    // A value cut short in the message ("… (444 chars)") ends nothing: the words stop before it.
    expect(failureOrigin("failed", 'returned value: expected {"status":"compacted","context":{"id":"x\\"… (444 chars), observed {}')).toBe("failed: returned value: expected");
    // A program's step (its index, what it ran) stands for any: what the check says of it is the origin.
    expect(failureOrigin("failed", "step 6 (compact text, abort none): record.unitsBefore (units of the context compacted): expected 68, observed 45")).toBe(
      failureOrigin("failed", "step 1 (compact thenable, abort during): record.unitsBefore (units of the context compacted): expected 9, observed 8"),
    );
    expect(failureOrigin("failed", "step 6 (compact text, abort none): record.unitsBefore (units): expected 68, observed 45")).not.toBe(failureOrigin("failed", "step 6 (compact text, abort none): context.summary (the text): expected 68, observed 45"));
  });

  it.each([1, 2, 3, 4, 5])("shrinking keeps it: a smallest transcript of bug one, not bug two's all-11 (seed %i)", async (seed) => {
    const run = await runProperty(property, createInProcessHost(subject), { seed, numRuns: 50 });
    expect(run.status).toBe("failed");
    expect(run.message).toContain("a count one too many");
    expect((run.counterexample!.operation as { transcript: number[] }).transcript).toHaveLength(5);
  });
});
