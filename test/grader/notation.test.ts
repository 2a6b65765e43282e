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
    expect(renderScenario(compact({ kind: "text", text: "x", delivery: "promise" }, "controller", "whilePending"))[0]).toMatch(/; summarizer returns "x" through a native promise; an AbortController's signal; the signal is aborted while the summary is pending:$/);
    expect(renderScenario(compact({ kind: "reject", value: "no" }, "none", "none"))[0]).toMatch(/; summarizer returns a native promise rejected with "no":$/);
  });

  it("says an abort's reason in words when it is not the default one", () => {
    const withReason = (reason: string | undefined) => {
      const s = compact({ kind: "text", text: "x", delivery: "sync" }, "controller", "beforeCall");
      return renderScenario({ operation: { ...s.operation, ...(reason === undefined ? {} : { abortReason: reason }) } as Scenario["operation"] })[0];
    };
    expect(withReason(undefined)).toMatch(/; the signal is aborted before compactContext is called:$/);
    expect(withReason("default")).toBe(withReason(undefined));
    expect(withReason("timeout")).toMatch(/; the signal is aborted before compactContext is called; the signal's reason is a DOMException named TimeoutError, as AbortSignal\.timeout gives:$/);
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

describe("long values in the compact notation", () => {
  it("prints a string that repeats a short unit as the unit and its count, any other long string cut with its length", () => {
    const lines = renderScenario({ operation: { kind: "build", input: { messages: [{ id: "a", role: "user", content: "x".repeat(40_000) }, { id: "b", role: "user", content: "ytvU0}".repeat(300) }, { id: "c", role: "user", content: "ab".repeat(20) + "c" }] } } });
    expect(lines[1]).toMatch(/^ {2}#0 user a: "x" × 40000 {2}· /);
    expect(lines[2]).toMatch(/^ {2}#1 user b: "ytvU0}" × 300 {2}· /);
    expect(lines[3]).toMatch(/^ {2}#2 user c: "abababababababababababababababab"… \(41 characters\) {2}· /);
  });

  it("prints a record's long list of compacted ids as its length and first ids", () => {
    const record = { id: "r", summaryId: "s", boundary: 4097, compactedMessageIds: Array.from({ length: 4097 }, (_, i) => `m${i}`) };
    const lines = renderScenario({ operation: { kind: "build", input: { compactions: [record] } } });
    expect(lines[1]).toBe('  record r: summary s, boundary 4097, compacted 4097 ids ["m0","m1","m2",…]');
  });
});
