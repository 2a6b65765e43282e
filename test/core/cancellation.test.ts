// Contract §7 steps 3, 5, 6, 8: an abort before the call, inside the summarizer, while the
// value is pending or as it settles always becomes CONTEXT_CANCELLED, and nothing changes.
// Ordering is controlled with setImmediate and promise reactions, never with timers.
import { describe, expect, it } from "vitest";
import { neverSettlingThenable, outcomeOf } from "./async-fixtures";

const controllerWithSignal = () => {
  const controller = new AbortController();
  return { controller, overrides: { signal: controller.signal } };
};

describe("abort before the summarizer is called", () => {
  it("rejects with CONTEXT_CANCELLED and never calls the summarizer", async () => {
    const { controller, overrides } = controllerWithSignal();
    controller.abort();
    expect(await outcomeOf(() => "summary", overrides)).toMatchObject({ outcome: "CONTEXT_CANCELLED", calls: 0 });
  });
});

describe("abort inside the summarizer", () => {
  it("cancels when the summarizer aborts and returns a string", async () => {
    const { controller, overrides } = controllerWithSignal();
    const reply = () => {
      controller.abort();
      return "summary";
    };
    expect(await outcomeOf(reply, overrides)).toMatchObject({ outcome: "CONTEXT_CANCELLED", calls: 1 });
  });

  it("cancels when the summarizer aborts and returns a resolved promise", async () => {
    const { controller, overrides } = controllerWithSignal();
    const reply = () => {
      controller.abort();
      return Promise.resolve("summary");
    };
    expect((await outcomeOf(reply, overrides)).outcome).toBe("CONTEXT_CANCELLED");
  });

  it("cancels even when the abort reason looks like a ContextCompactionError", async () => {
    const { controller, overrides } = controllerWithSignal();
    const reply = () => {
      controller.abort({ name: "ContextCompactionError", code: "CONTEXT_INVALID_INPUT" });
      return "summary";
    };
    expect((await outcomeOf(reply, overrides)).outcome).toBe("CONTEXT_CANCELLED");
  });

  it("prefers the cancellation to a non-string value that settles after the abort", async () => {
    const { controller, overrides } = controllerWithSignal();
    const reply = () => {
      controller.abort();
      return 42;
    };
    expect((await outcomeOf(reply, overrides)).outcome).toBe("CONTEXT_CANCELLED");
  });
});

describe("abort while the value is pending", () => {
  it("cancels a promise that would resolve after the abort", async () => {
    const { controller, overrides } = controllerWithSignal();
    const reply = () =>
      new Promise((resolve) => {
        setImmediate(() => {
          controller.abort();
          setImmediate(() => resolve("summary"));
        });
      });
    expect((await outcomeOf(reply, overrides)).outcome).toBe("CONTEXT_CANCELLED");
  });

  it("cancels a native promise that never settles", async () => {
    const { controller, overrides } = controllerWithSignal();
    const reply = () => {
      setImmediate(() => controller.abort());
      return new Promise(() => {});
    };
    expect((await outcomeOf(reply, overrides)).outcome).toBe("CONTEXT_CANCELLED");
  });

  it("cancels a generic thenable that never calls back", async () => {
    const { controller, overrides } = controllerWithSignal();
    const reply = () => {
      setImmediate(() => controller.abort());
      return neverSettlingThenable();
    };
    expect((await outcomeOf(reply, overrides)).outcome).toBe("CONTEXT_CANCELLED");
  });

  it("cancels a promise that rejects after the abort (the abort wins)", async () => {
    const { controller, overrides } = controllerWithSignal();
    const reply = () =>
      new Promise((_, reject) => {
        setImmediate(() => {
          controller.abort();
          setImmediate(() => reject(new Error("late")));
        });
      });
    expect((await outcomeOf(reply, overrides)).outcome).toBe("CONTEXT_CANCELLED");
  });
});

describe("abort at settlement", () => {
  it("cancels when a thenable aborts just before delivering the text", async () => {
    const { controller, overrides } = controllerWithSignal();
    const thenable = {
      then(resolve: (v: unknown) => void) {
        controller.abort();
        resolve("summary");
      },
    };
    expect((await outcomeOf(() => thenable, overrides)).outcome).toBe("CONTEXT_CANCELLED");
  });

  it("cancels when the abort runs in a reaction of the settling native promise, ahead of the core's", async () => {
    const { controller, overrides } = controllerWithSignal();
    const reply = () => {
      const promise = Promise.resolve("summary");
      // Registered before the core can attach its own reaction, so it runs first on settlement.
      void promise.then(() => controller.abort());
      return promise;
    };
    expect((await outcomeOf(reply, overrides)).outcome).toBe("CONTEXT_CANCELLED");
  });

  it("cancels when a thenable delivers a promise whose settlement aborts", async () => {
    const { controller, overrides } = controllerWithSignal();
    const thenable = {
      then(resolve: (v: unknown) => void) {
        const inner = Promise.resolve("summary");
        void inner.then(() => controller.abort());
        resolve(inner);
      },
    };
    expect((await outcomeOf(() => thenable, overrides)).outcome).toBe("CONTEXT_CANCELLED");
  });
});

describe("no abort", () => {
  it("compacts when the signal is never aborted", async () => {
    const { overrides } = controllerWithSignal();
    expect((await outcomeOf(() => Promise.resolve("summary"), overrides)).outcome).toBe("compacted");
  });
});
