import { describe, expect, it } from "vitest";
import { createAbortPlan } from "../../src/driver/abort-plan";

describe("createAbortPlan", () => {
  it("aborts its controller's signal once, and only with a controller", () => {
    const plan = createAbortPlan("whilePending", true);
    let heard = 0;
    plan.signal!.addEventListener("abort", () => heard++);
    plan.abort();
    plan.abort();
    expect([plan.aborted, plan.signal!.aborted, heard]).toEqual([true, true, 1]);
    const none = createAbortPlan("whilePending", false);
    none.abort();
    expect([none.signal, none.aborted]).toEqual([null, false]);
  });

  it("muted: a listener added later never hears the abort, yet the signal is aborted", () => {
    const plan = createAbortPlan("whilePending", true, true);
    let heard = 0;
    plan.signal!.addEventListener("abort", () => heard++);
    plan.abort();
    expect([plan.signal!.aborted, heard]).toEqual([true, 0]);
  });

  it("aborts with the scenario's reason: none given is the default AbortError", () => {
    const reasonOf = (reason?: Parameters<typeof createAbortPlan>[3]) => {
      const plan = createAbortPlan("beforeCall", true, false, reason);
      plan.abort();
      return plan.signal!.reason as unknown;
    };
    for (const reason of [undefined, "default"] as const) expect(reasonOf(reason)).toMatchObject({ name: "AbortError" });
    const error = reasonOf("error");
    expect([error instanceof Error, (error as Error).name]).toEqual([true, "Error"]);
    const timeout = reasonOf("timeout");
    expect([timeout instanceof DOMException, (timeout as DOMException).name]).toEqual([true, "TimeoutError"]);
    expect(reasonOf("text")).toBe("stopped by the caller");
    // Without the subject's exports, a lookalike of its error class carrying another code.
    expect(reasonOf("compactionError")).toMatchObject({ name: "ContextCompactionError", code: "CONTEXT_SUMMARIZER_FAILED" });
  });

  it("an unknown reason is a scenario error, found when the plan is made", () => {
    expect(() => createAbortPlan("beforeCall", true, false, "later" as never)).toThrow(/unknown abort reason/);
  });
});
