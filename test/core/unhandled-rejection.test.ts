// Contract §7 step 5: every rejection the core observes is handled — no `unhandledRejection`
// reaches the process during the operation or after it has settled. A listener records
// every event; after settling, a few macrotasks run (Node reports unhandled rejections at
// the end of the microtask queue) before the listener is removed and checked.
import { describe, expect, it } from "vitest";
import { neverSettlingThenable, outcomeOf, watchUnhandledRejections } from "./async-fixtures";

const settleAndCount = watchUnhandledRejections();

describe("no unhandledRejection", () => {
  it("sees none when the summarizer returns a rejected promise", async () => {
    expect((await outcomeOf(() => Promise.reject(new Error("down")))).outcome).toBe("CONTEXT_SUMMARIZER_FAILED");
    expect(await settleAndCount()).toBe(0);
  });

  it("sees none when the summarizer's promise rejects after the operation was cancelled", async () => {
    const controller = new AbortController();
    let rejectLater: (reason: unknown) => void = () => {};
    const reply = () => {
      setImmediate(() => controller.abort());
      return new Promise((_, reject) => {
        rejectLater = reject;
      });
    };
    expect((await outcomeOf(reply, { signal: controller.signal })).outcome).toBe("CONTEXT_CANCELLED");
    rejectLater(new Error("late"));
    expect(await settleAndCount()).toBe(0);
  });

  it("sees none when a custom then returns a rejected promise", async () => {
    const thenable = {
      then(resolve: (v: unknown) => void) {
        resolve("summary");
        return Promise.reject(new Error("returned by then"));
      },
    };
    expect((await outcomeOf(() => thenable)).outcome).toBe("compacted");
    expect(await settleAndCount()).toBe(0);
  });

  it("sees none when a custom then returns a promise that rejects after cancellation", async () => {
    const controller = new AbortController();
    let rejectLater: (reason: unknown) => void = () => {};
    const thenable = {
      then() {
        setImmediate(() => controller.abort());
        return new Promise((_, reject) => {
          rejectLater = reject;
        });
      },
    };
    expect((await outcomeOf(() => thenable, { signal: controller.signal })).outcome).toBe("CONTEXT_CANCELLED");
    rejectLater(new Error("late"));
    expect(await settleAndCount()).toBe(0);
  });

  it("sees none when a thenable delivers a promise that rejects", async () => {
    const thenable = { then: (resolve: (v: unknown) => void) => resolve(Promise.reject(new Error("inner"))) };
    expect((await outcomeOf(() => thenable)).outcome).toBe("CONTEXT_SUMMARIZER_FAILED");
    expect(await settleAndCount()).toBe(0);
  });

  it("sees none when the rejection carries a forged error code", async () => {
    const forged = { name: "ContextCompactionError", code: "CONTEXT_CANCELLED" };
    expect((await outcomeOf(() => Promise.reject(forged))).outcome).toBe("CONTEXT_SUMMARIZER_FAILED");
    expect(await settleAndCount()).toBe(0);
  });

  it("sees none for a never-settling thenable cancelled by the signal", async () => {
    const controller = new AbortController();
    const reply = () => {
      setImmediate(() => controller.abort());
      return neverSettlingThenable();
    };
    expect((await outcomeOf(reply, { signal: controller.signal })).outcome).toBe("CONTEXT_CANCELLED");
    expect(await settleAndCount()).toBe(0);
  });

  // The listener must be able to see an unhandled rejection at all, or the tests above prove
  // nothing. Vitest's own listeners are set aside meanwhile so that this deliberate one does
  // not fail the run; they are put back whatever happens.
  it("does record a rejection that nobody handles", async () => {
    const others = process.listeners("unhandledRejection").filter((l) => l !== settleAndCount.listener);
    others.forEach((l) => process.off("unhandledRejection", l));
    try {
      // Never handled afterwards either: Node reports a rejection once, and handling it late
      // would only print a PromiseRejectionHandledWarning.
      void Promise.reject(new Error("deliberately unhandled"));
      expect(await settleAndCount()).toBe(1);
    } finally {
      others.forEach((l) => process.on("unhandledRejection", l));
    }
  });
});
