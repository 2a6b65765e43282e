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
});
