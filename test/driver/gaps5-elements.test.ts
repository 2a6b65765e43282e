import { describe, expect, it } from "vitest";
import * as core from "../../src/core";
import { createDriver } from "../../src/driver/index";
import type { Observation } from "../../src/scenario/observation";
import { compactScenario } from "./scenarios";

// Scenario elements for four mistakes no property failed: a chain of null-prototype thenables
// (thenableChain `nullPrototype`), an AbortError thrown or rejected with while the signal is not
// aborted ({$cc: "abortError"}, {$cc: "abortNamedError"}), a summarizer that is an async, bound or
// arrow function (a script's `callable`), and a summary text holding a lone surrogate.

const code = (o: Observation) => (o.outcome.kind === "threw" ? o.outcome.error.code : o.outcome.kind);
const summary = (o: Observation) =>
  o.outcome.kind === "returned" ? (o.outcome.value as { context: { summary: { content: unknown } } }).context.summary.content : undefined;

const OPTIONS = { maxUnits: 38, targetUnits: 35, summaryMaxUnits: 12, retainRecentMessages: 1, summaryId: "s1", recordId: "c1" };
const coreSubject = core as unknown as Record<string, unknown>;

describe("scenario elements of the gaps5 edges", () => {
  it("a chain of null-prototype thenables is adopted (own then, or inherited from a null-prototype holder or class)", async () => {
    const driver = createDriver(coreSubject);
    for (const inherit of [undefined, "class", "subclass", "objectCreate"]) {
      const o = await driver.observe(compactScenario({ summarizer: { kind: "thenableChain", depth: 2, text: "sum", nullPrototype: true, ...(inherit === undefined ? {} : { inherit }) }, options: OPTIONS }));
      expect(summary(o), String(inherit)).toBe("sum");
    }
    const malformed = await driver.observe(compactScenario({ summarizer: { kind: "thenableChain", depth: 0, text: "sum", nullPrototype: true }, options: OPTIONS }));
    expect(malformed.outcome.kind).toBe("crash");
  });

  it("an AbortError thrown or rejected with, the signal not aborted, is the summarizer's failure", async () => {
    const driver = createDriver(coreSubject);
    for (const kind of ["throw", "reject"]) {
      for (const tag of ["abortError", "abortNamedError"]) {
        const o = await driver.observe(compactScenario({ summarizer: { kind, value: { $cc: tag } }, options: OPTIONS }));
        expect(code(o), `${kind} ${tag}`).toBe("CONTEXT_SUMMARIZER_FAILED");
      }
    }
  });

  it("an async, bound or arrow summarizer is a summarizer; async only takes the scripts its promise cannot change", async () => {
    const driver = createDriver(coreSubject);
    for (const callable of ["async", "bound", "arrow"]) {
      const o = await driver.observe(compactScenario({ summarizer: { kind: "text", text: "sum", delivery: "sync", callable }, options: OPTIONS }));
      expect(summary(o), callable).toBe("sum");
      expect(o.summarizerCalls.length).toBe(1);
    }
    const malformed = await driver.observe(compactScenario({ summarizer: { kind: "thenableChain", depth: 2, text: "sum", callable: "async" }, options: OPTIONS }));
    expect(malformed.outcome.kind).toBe("crash");
  });

  it("a summary text holding a lone surrogate is the summary", async () => {
    const o = await createDriver(coreSubject).observe(compactScenario({ summarizer: { kind: "text", text: "a\uD800a", delivery: "sync" }, options: OPTIONS }));
    expect(summary(o)).toBe("a\uD800a");
  });
});
