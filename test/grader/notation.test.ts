import { describe, expect, it } from "vitest";
import { COLLAPSE_RUN, collapseAlike, renderScenario } from "../../src/grader/report/notation";
import type { Scenario } from "../../src/scenario/scenario";

// The compact notation of counterexamples (src/grader/report/notation.ts), as the reports print it.

const compact = (summarizer: object, signal: string, abort: string): Scenario =>
  ({
    operation: {
      kind: "compact",
      context: { requirements: [], summary: null, messages: [{ id: "a", role: "user", content: "hi" }], compactions: [] },
      prebuilt: false,
      options: { maxUnits: 7, targetUnits: 7, summaryMaxUnits: 7, retainRecentMessages: 0, summaryId: "s", recordId: "r" },
      summarizer,
      summarizerSlot: "script",
      signal,
      abort,
    },
  }) as unknown as Scenario;

describe("the compact notation", () => {
  it("says a plain summarizer in words, and leaves out a signal and an abort that are none", () => {
    expect(renderScenario(compact({ kind: "text", text: "x", delivery: "sync" }, "none", "none"))[0]).toBe(
      'compactContext(context, { maxUnits 7, targetUnits 7, summaryMaxUnits 7, retainRecentMessages 0, summaryId "s", recordId "r" }); summarizer returns "x":',
    );
    expect(renderScenario(compact({ kind: "text", text: "x", delivery: "promise" }, "controller", "whilePending"))[0]).toMatch(/; summarizer returns "x" via "promise"; signal "controller"; abort whilePending:$/);
    expect(renderScenario(compact({ kind: "reject", value: "no" }, "none", "none"))[0]).toMatch(/; summarizer reject \(value "no"\):$/);
  });

  it("collapses a run of lines alike but for their numbers, and nothing shorter", () => {
    const requirements = Array.from({ length: 129 }, (_, i) => ({ id: `r${i}`, content: "c" }));
    const lines = renderScenario({ operation: { kind: "build", input: { requirements, messages: [] } } });
    expect(lines).toEqual(["buildActiveContext(input):", '  requirement r0: "c"', "  … 127 more alike …", '  requirement r128: "c"']);
    const short = Array.from({ length: COLLAPSE_RUN - 1 }, (_, i) => `  #${i} user u${i}: ""`);
    expect(collapseAlike(short)).toEqual(short);
    expect(collapseAlike([...short, '  #7 user u7: ""'])).toEqual(['  #0 user u0: ""', "  … 6 more alike …", '  #7 user u7: ""']);
    expect(collapseAlike(['  #0 user u0: "a"', '  #1 user u1: "b"'])).toEqual(['  #0 user u0: "a"', '  #1 user u1: "b"']);
  });
});
