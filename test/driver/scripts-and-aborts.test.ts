import { describe, expect, it } from "vitest";
import { createDriver } from "../../src/driver/index";
import type { Observation } from "../../src/scenario/observation";
import { makeFakeSubject } from "./fake-subject";
import { compactScenario } from "./scenarios";

const code = (o: Observation) => (o.outcome.kind === "threw" ? o.outcome.error.code : o.outcome.kind);
const value = (o: Observation) => (o.outcome.kind === "returned" ? (o.outcome.value as Record<string, unknown>) : undefined);

describe("summarizer scripts", () => {
  const driver = createDriver(makeFakeSubject());

  it("text, sync and as a native promise, is stored as the summary and the call is recorded", async () => {
    for (const delivery of ["sync", "promise"] as const) {
      const o = await driver.observe(compactScenario({ summarizer: { kind: "text", text: "sum", delivery } }));
      expect(value(o)?.status).toBe("compacted");
      expect((value(o)?.context as { summary: unknown }).summary).toEqual({ id: "s1", content: "sum" });
      expect(value(o)?.adoptionLevels).toBe(delivery === "sync" ? 0 : 1);
      expect(o.summarizerCalls).toHaveLength(1);
      expect(o.summarizerCalls[0].request).toEqual({
        requirements: [{ id: "r", content: "AB" }],
        previousSummary: null,
        messages: [{ id: "m1", role: "user", content: "hello" }],
        boundary: 1,
        maxSummaryUnits: 5,
      });
      expect(o.summarizerCalls[0].requestFrozen).toEqual({ deep: true, firstUnfrozen: null });
      expect(o.summarizerCalls[0].secondArgument).toBe("optionsSignal");
      expect(o.identity).toMatchObject({ recordIsLastCompaction: true, resultContextIsInput: false, threwSynchronously: false, returnedNativePromise: true });
    }
  });

  it("value delivers any data, Special tags decoded into live values", async () => {
    const o = await driver.observe(compactScenario({ summarizer: { kind: "value", value: { $cc: "bigint", value: "7" }, delivery: "promise" } }));
    expect(code(o)).toBe("CONTEXT_SUMMARY_INVALID");
    const s = await driver.observe(compactScenario({ summarizer: { kind: "value", value: "plain", delivery: "sync" } }));
    expect(value(s)?.status).toBe("compacted");
  });

  it("throw, reject, and the values they carry", async () => {
    expect(code(await driver.observe(compactScenario({ summarizer: { kind: "throw", value: "boom" } })))).toBe("CONTEXT_SUMMARIZER_FAILED");
    const r = await driver.observe(compactScenario({ summarizer: { kind: "reject", value: { code: "CONTEXT_CANCELLED" } } }));
    expect(code(r)).toBe("CONTEXT_SUMMARIZER_FAILED");
    expect(r.unhandledRejections).toBe(0);
  });

  it("thenableChain of depth N is N generic thenables, the last delivering the text", async () => {
    for (const depth of [0, 1, 3, 65]) {
      const o = await driver.observe(compactScenario({ summarizer: { kind: "thenableChain", depth, text: "deep" } }));
      expect(value(o)?.adoptionLevels).toBe(depth);
      expect((value(o)?.context as { summary: { content: string } }).summary.content).toBe("deep");
    }
  });

  it("never times out without an abort", async () => {
    const o = await driver.observe(compactScenario({ summarizer: { kind: "never" } }), { timeoutMs: 50 });
    expect(o.outcome).toEqual({ kind: "timeout", afterMs: 50 });
  });

  it("an unknown script kind is a driver crash, not a subject failure", async () => {
    const o = await driver.observe(compactScenario({ summarizer: { kind: "nope" } }));
    expect(o.outcome.kind).toBe("crash");
    expect(o.outcome.kind === "crash" && o.outcome.reason).toMatch(/^driver: unknown summarizer script kind nope/);
  });
});

describe("abort points", () => {
  const driver = createDriver(makeFakeSubject());

  it("none: compacts", async () => {
    expect(value(await driver.observe(compactScenario({ abort: "none" })))?.status).toBe("compacted");
  });

  it("beforeCall: cancelled, the summarizer never called; the fast path ignores the signal", async () => {
    const o = await driver.observe(compactScenario({ abort: "beforeCall" }));
    expect(code(o)).toBe("CONTEXT_CANCELLED");
    expect(o.summarizerCalls).toHaveLength(0);
    const fast = await driver.observe(compactScenario({ abort: "beforeCall", maxUnits: 1000 }));
    expect(value(fast)?.status).toBe("unchanged");
    expect(fast.identity.resultContextIsInput).toBe(true);
  });

  it("inSummarizer and atSettlement: cancelled after one summarizer call, for every delivery", async () => {
    const scripts = [
      { kind: "text", text: "t", delivery: "sync" },
      { kind: "text", text: "t", delivery: "promise" },
      { kind: "thenableChain", depth: 2, text: "t" },
      { kind: "reject", value: "no" },
    ] as const;
    for (const abort of ["inSummarizer", "atSettlement"] as const) {
      for (const summarizer of scripts) {
        const o = await driver.observe(compactScenario({ abort, summarizer }));
        expect(o.summarizerCalls).toHaveLength(1);
        expect(code(o)).toBe("CONTEXT_CANCELLED");
        expect(o.input.unchanged).toBe(true);
        expect(o.input.stillFrozen).toBe(true);
      }
    }
  });

  it("whilePending: cancelled while the driver holds the promise, also when the script never settles", async () => {
    for (const summarizer of [{ kind: "text", text: "t", delivery: "sync" }, { kind: "never" }] as const) {
      const o = await driver.observe(compactScenario({ abort: "whilePending", summarizer }));
      expect(code(o)).toBe("CONTEXT_CANCELLED");
      expect(o.unhandledRejections).toBe(0);
    }
  });

  it("afterSettlement: the late abort changes nothing for a well-behaved subject", async () => {
    const o = await driver.observe(compactScenario({ abort: "afterSettlement" }));
    expect(value(o)?.status).toBe("compacted");
    expect(o.identity.lateAbortChangedNothing).toBe(true);
  });

  it("afterSettlement: a subject that mutates its result on a late abort is caught", async () => {
    const bad = createDriver(makeFakeSubject({ mutatesOnLateAbort: true, unfrozenResults: true }));
    const o = await bad.observe(compactScenario({ abort: "afterSettlement" }));
    expect(o.identity.lateAbortChangedNothing).toBe(false);
    expect((value(o)?.context as { compactions: unknown[] }).compactions).toContain("late");
  });
});

describe("option slots", () => {
  const driver = createDriver(makeFakeSubject());

  it("summarizer missing or not a function, and a fake signal, are rejected by the subject", async () => {
    expect(code(await driver.observe(compactScenario({ summarizerSlot: "missing" })))).toBe("CONTEXT_INVALID_INPUT");
    expect(code(await driver.observe(compactScenario({ summarizerSlot: { value: "text" } })))).toBe("CONTEXT_INVALID_INPUT");
    const fake = await driver.observe(compactScenario({ signal: "fakeSignal" }));
    expect(code(fake)).toBe("CONTEXT_INVALID_INPUT");
    expect(fake.hostile).toEqual({});
  });

  it("the summarizer's second argument is described: the options' signal, undefined, another signal", async () => {
    const o = await driver.observe(compactScenario({ signal: "none" }));
    expect(o.summarizerCalls[0].secondArgument).toBe("undefined");
    const wrong = await createDriver(makeFakeSubject({ wrongSignal: true })).observe(compactScenario({}));
    expect(wrong.summarizerCalls[0].secondArgument).toBe("unabortedSignal");
    const fresh = await createDriver(makeFakeSubject({ wrongSignal: true })).observe(compactScenario({ signal: "none" }));
    expect(fresh.summarizerCalls[0].secondArgument).toBe("unabortedSignal");
  });

  it("an unfrozen request is reported with the path of the first unfrozen object", async () => {
    const o = await createDriver(makeFakeSubject({ unfrozenResults: true })).observe(compactScenario({}));
    expect(o.summarizerCalls[0].requestFrozen).toEqual({ deep: false, firstUnfrozen: "(root)" });
    expect(o.frozen?.deep).toBe(false);
  });

  it("options that are not an object get no summarizer or signal", async () => {
    const o = await driver.observe(compactScenario({ options: [1, 2] }));
    expect(code(o)).toBe("CONTEXT_INVALID_INPUT");
    expect(o.summarizerCalls).toHaveLength(0);
  });
});
