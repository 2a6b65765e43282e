import { describe, expect, it } from "vitest";
import * as core from "../../src/core";
import { createDriver } from "../../src/driver/index";
import type { Observation } from "../../src/scenario/observation";
import type { Scenario } from "../../src/scenario/scenario";
import { compactScenario, context } from "./scenarios";

// The scenario elements added for the held-out mistakes of session 18 (s19): a then that returns
// a string before delivering (lateThenable "returnsTextThenResolves"), an aborted AbortSignal as
// data ({$cc: "abortedSignal"}), and a compaction whose result.context is built again
// (`rebuildResult`, identity fact rebuildResultIsSame).

const code = (o: Observation) => (o.outcome.kind === "threw" ? o.outcome.error.code : o.outcome.kind);
const summary = (o: Observation) =>
  o.outcome.kind === "returned" ? (o.outcome.value as { context: { summary: { content: unknown } } }).context.summary.content : undefined;

/** A compaction the core performs with a good summary ("sum"): budgets for ./scenarios' context. */
const OPTIONS = { maxUnits: 38, targetUnits: 35, summaryMaxUnits: 12, retainRecentMessages: 1, summaryId: "s1", recordId: "c1" };
const coreSubject = core as unknown as Record<string, unknown>;

describe("scenario elements of session 18", () => {
  it("a then that returns a string, then delivers the text later: the text is the summary; without `returned` the script is malformed", async () => {
    const driver = createDriver(coreSubject);
    for (const when of ["microtask", "macrotask"]) {
      const o = await driver.observe(compactScenario({ summarizer: { kind: "lateThenable", shape: "returnsTextThenResolves", depth: 1, when, text: "sum", returned: "not it" }, options: OPTIONS }));
      expect(summary(o), when).toBe("sum");
    }
    const malformed = await driver.observe(compactScenario({ summarizer: { kind: "lateThenable", shape: "returnsTextThenResolves", depth: 1, when: "microtask", text: "sum" }, options: OPTIONS }));
    expect(malformed.outcome.kind).toBe("crash");
  });

  it("{$cc: \"abortedSignal\"} is a genuine AbortSignal, already aborted", async () => {
    let seen: unknown;
    const subject = { ...coreSubject, selectCompactionBoundary: (_c: unknown, options: { signal: unknown }) => ((seen = options.signal), null) };
    const scenario: Scenario = { operation: { kind: "boundary", context, prebuilt: false, options: { targetUnits: 30, summaryMaxUnits: 10, retainRecentMessages: 0, signal: { $cc: "abortedSignal" } } } };
    await createDriver(subject).observe(scenario);
    expect(seen).toBeInstanceOf(AbortSignal);
    expect((seen as AbortSignal).aborted).toBe(true);
  });

  it("rebuildResult: result.context built again is itself on the core, another object when the subject copies", async () => {
    const rebuilt = (scenario: Scenario): Scenario => (scenario.operation.kind === "compact" ? { operation: { ...scenario.operation, rebuildResult: true } } : scenario);
    for (const options of [OPTIONS, { ...OPTIONS, maxUnits: 1000, targetUnits: 100 }]) {
      const o = await createDriver(coreSubject).observe(rebuilt(compactScenario({ options, prebuilt: false })));
      expect(code(o)).toBe("returned");
      expect(o.identity["rebuildResultIsSame"]).toBe(true);
    }
    const copies = { ...coreSubject, buildActiveContext: (input: unknown) => core.buildActiveContext(structuredClone(input) as never) };
    const o = await createDriver(copies).observe(rebuilt(compactScenario({ options: OPTIONS, prebuilt: false })));
    expect(o.identity["rebuildResultIsSame"]).toBe(false);
    const plain = await createDriver(coreSubject).observe(compactScenario({ options: OPTIONS, prebuilt: false }));
    expect("rebuildResultIsSame" in plain.identity).toBe(false);
  });
});
