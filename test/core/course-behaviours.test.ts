// The four situations of issue 12 that the course's focused test pins down (contract §7
// step 5), plus the other course choices of the §8 table that the core follows. Ordering is
// controlled with setImmediate and promise reactions, never with timers.
import { describe, expect, it } from "vitest";
import { outcomeOf, watchUnhandledRejections } from "./async-fixtures";

const unhandledAfterSettling = watchUnhandledRejections();

describe("the course's behaviours (a)-(d)", () => {
  it("(a) resolve(text) followed synchronously by abort() inside then is CONTEXT_CANCELLED", async () => {
    const controller = new AbortController();
    const thenable = {
      then(resolve: (v: unknown) => void) {
        resolve("summary");
        controller.abort();
      },
    };
    expect((await outcomeOf(() => thenable, { signal: controller.signal })).outcome).toBe("CONTEXT_CANCELLED");
  });

  it("(a') the same when an earlier abort listener stops the event (the signal is read as then returns)", async () => {
    const controller = new AbortController();
    controller.signal.addEventListener("abort", (event) => event.stopImmediatePropagation());
    const thenable = {
      then(resolve: (v: unknown) => void) {
        resolve("summary");
        controller.abort();
      },
    };
    expect((await outcomeOf(() => thenable, { signal: controller.signal })).outcome).toBe("CONTEXT_CANCELLED");
  });

  it("(b) a native promise with an own configurable throwing constructor getter, rejected later, is CONTEXT_SUMMARIZER_FAILED and handled", async () => {
    let rejectLater: (reason: unknown) => void = () => {};
    const promise = new Promise((_, reject) => {
      rejectLater = reject;
    });
    const getter = () => {
      throw new Error("constructor lookup");
    };
    Object.defineProperty(promise, "constructor", { get: getter, configurable: true });
    setImmediate(() => rejectLater(new Error("later")));
    expect((await outcomeOf(() => promise)).outcome).toBe("CONTEXT_SUMMARIZER_FAILED");
    expect(await unhandledAfterSettling()).toBe(0);
    // The temporary own constructor of the retry is gone: the promise is as it was.
    expect(Object.getOwnPropertyDescriptor(promise, "constructor")).toEqual({ get: getter, set: undefined, enumerable: false, configurable: true });
  });

  it("(c) a thenable that fulfils and returns a native promise that rejects later: compacted, and the rejection is handled", async () => {
    let rejectLater: (reason: unknown) => void = () => {};
    const returned = new Promise((_, reject) => {
      rejectLater = reject;
    });
    const thenable = {
      then(resolve: (v: unknown) => void) {
        resolve("summary");
        return returned;
      },
    };
    expect((await outcomeOf(() => thenable)).outcome).toBe("compacted");
    rejectLater(new Error("late"));
    expect(await unhandledAfterSettling()).toBe(0);
  });

  it("(d) outer.then returns inner and later resolves with it: inner.then is called once, by the time outer.then returned", async () => {
    let innerCalls = 0;
    let callsOnceOuterReturned = -1;
    const inner = {
      then(resolve: (v: unknown) => void) {
        innerCalls++;
        setImmediate(() => resolve("summary"));
      },
    };
    const outer = {
      then(resolve: (v: unknown) => void) {
        // The first job after outer.then's call has finished.
        queueMicrotask(() => {
          callsOnceOuterReturned = innerCalls;
        });
        setImmediate(() => resolve(inner));
        return inner;
      },
    };
    expect((await outcomeOf(() => outer)).outcome).toBe("compacted");
    expect(callsOnceOuterReturned).toBe(1);
    expect(innerCalls).toBe(1);
  });
});

describe("a custom then's return value is observed at once", () => {
  it("calls a returned thenable's then before the operation goes on, exactly once", async () => {
    const events: string[] = [];
    const inner = {
      then(resolve: (v: unknown) => void) {
        events.push("inner.then");
        resolve("summary");
      },
    };
    const outer = {
      then(resolve: (v: unknown) => void) {
        events.push("outer.then");
        queueMicrotask(() => events.push("next job"));
        setImmediate(() => resolve(inner));
        return inner;
      },
    };
    expect((await outcomeOf(() => outer)).outcome).toBe("compacted");
    expect(events).toEqual(["outer.then", "inner.then", "next job"]);
  });

  it("refuses a returned Proxy as CONTEXT_ASYNC_VALUE_UNOBSERVABLE without running its traps", async () => {
    const traps: string[] = [];
    const proxy = new Proxy({}, {
      get(_t, key) {
        traps.push(String(key));
        return undefined;
      },
    });
    const thenable = {
      then(resolve: (v: unknown) => void) {
        resolve("summary");
        return proxy;
      },
    };
    expect((await outcomeOf(() => thenable)).outcome).toBe("CONTEXT_ASYNC_VALUE_UNOBSERVABLE");
    expect(traps).toEqual([]);
  });

  it("accepts a then that returns its own thenable (this)", async () => {
    const thenable = {
      then(resolve: (v: unknown) => void) {
        resolve("summary");
        return this;
      },
    };
    expect((await outcomeOf(() => thenable)).outcome).toBe("compacted");
  });
});

describe("the outcome of a custom then is taken in a later job", () => {
  it("takes a then's throw after resolve(text) as nothing: compacted", async () => {
    const thenable = {
      then(resolve: (v: unknown) => void) {
        resolve("summary");
        throw new Error("after");
      },
    };
    expect((await outcomeOf(() => thenable)).outcome).toBe("compacted");
  });

  it("cancels when the summarizer's value settles and a microtask queued inside then aborts", async () => {
    const controller = new AbortController();
    const thenable = {
      then(resolve: (v: unknown) => void) {
        queueMicrotask(() => controller.abort());
        resolve("summary");
      },
    };
    expect((await outcomeOf(() => thenable, { signal: controller.signal })).outcome).toBe("CONTEXT_CANCELLED");
  });
});

describe("async depth (§8: the 65th then is called, then the operation fails)", () => {
  function countedChain(levels: number) {
    const calls = { count: 0 };
    let current: unknown = "summary";
    for (let i = 0; i < levels; i++) {
      const next = current;
      current = {
        then(resolve: (v: unknown) => void) {
          calls.count++;
          resolve(next);
        },
      };
    }
    return { value: current, calls };
  }

  it("accepts 64 levels with 64 then calls", async () => {
    const { value, calls } = countedChain(64);
    expect((await outcomeOf(() => value)).outcome).toBe("compacted");
    expect(calls.count).toBe(64);
  });

  it("calls the 65th then and fails with CONTEXT_SUMMARIZER_FAILED, never a 66th", async () => {
    const { value, calls } = countedChain(66);
    expect((await outcomeOf(() => value)).outcome).toBe("CONTEXT_SUMMARIZER_FAILED");
    expect(calls.count).toBe(65);
  });
});
