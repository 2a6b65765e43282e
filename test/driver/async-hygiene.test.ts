import { describe, expect, it } from "vitest";
import { createDriver } from "../../src/driver/index";
import { makeFakeSubject } from "./fake-subject";
import { compactScenario } from "./scenarios";

describe("timeouts and unhandled rejections", () => {
  it("a compactContext that never settles times out with the configured limit", async () => {
    const subject = { ...makeFakeSubject(), compactContext: () => new Promise(() => {}) };
    const o = await createDriver(subject).observe(compactScenario({}), { timeoutMs: 50 });
    expect(o.outcome).toEqual({ kind: "timeout", afterMs: 50 });
  });

  it("a subject that leaves the summarizer's rejection unhandled is counted, and only in its own scenario", async () => {
    const leaky = createDriver(makeFakeSubject({ leaksSummarizerPromise: true }));
    const before = process.listeners("unhandledRejection");
    const first = await leaky.observe(compactScenario({ summarizer: { kind: "reject", value: "late" } }));
    expect(first.unhandledRejections).toBe(1);
    const second = await leaky.observe(compactScenario({ summarizer: { kind: "text", text: "ok", delivery: "promise" } }));
    expect(second.unhandledRejections).toBe(0);
    expect(process.listeners("unhandledRejection")).toEqual(before);
  });

  it("a rejection created after the operation settled, within the settle window, is still counted", async () => {
    const subject = {
      ...makeFakeSubject(),
      groupToolRounds: () => {
        setImmediate(() => void Promise.reject(new Error("after")));
        return [];
      },
    };
    const o = await createDriver(subject).observe({ operation: { kind: "groups", transcript: [] } });
    expect(o.unhandledRejections).toBe(1);
  });

  it("concurrent observations are serialized, so each keeps its own count", async () => {
    const leaky = createDriver(makeFakeSubject({ leaksSummarizerPromise: true }));
    const clean = createDriver(makeFakeSubject());
    const [a, b, c] = await Promise.all([
      leaky.observe(compactScenario({ summarizer: { kind: "reject", value: 1 } })),
      clean.observe(compactScenario({ summarizer: { kind: "reject", value: 2 } })),
      leaky.observe(compactScenario({ summarizer: { kind: "reject", value: 3 } })),
    ]);
    expect([a.unhandledRejections, b.unhandledRejections, c.unhandledRejections]).toEqual([1, 0, 1]);
  });
});
