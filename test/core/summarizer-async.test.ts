// Contract §7 step 5: how the value returned by the summarizer is awaited — native promises
// through the captured intrinsic `then`, generic thenables adopted up to 64 levels, and the
// codes for everything that goes wrong on the way.
import { describe, expect, it } from "vitest";
import { MAX_CONTEXT_ASYNC_DEPTH } from "../../src/core/index";
import { countingThenable, outcomeOf, realCoreError, thenableChain } from "./async-fixtures";

describe("accepted async values", () => {
  it("awaits a native promise", async () => {
    expect((await outcomeOf(() => Promise.resolve("summary"))).outcome).toBe("compacted");
  });

  it("awaits an async summarizer", async () => {
    expect((await outcomeOf(async () => "summary")).outcome).toBe("compacted");
  });

  it("accepts a chain of 64 generic thenables", async () => {
    expect((await outcomeOf(() => thenableChain(MAX_CONTEXT_ASYNC_DEPTH, "summary"))).outcome).toBe("compacted");
  });

  it("accepts a chain of 64 thenables that deliver on later macrotasks", async () => {
    expect((await outcomeOf(() => thenableChain(MAX_CONTEXT_ASYNC_DEPTH, "summary", "macrotask"))).outcome).toBe("compacted");
  });

  it("accepts a native promise nested in a thenable", async () => {
    const { thenable } = countingThenable(() => Promise.resolve("summary"));
    expect((await outcomeOf(() => thenable)).outcome).toBe("compacted");
  });

  it("counts a native promise the engine resolved through a deep thenable chain once", async () => {
    // The engine flattens the 100 levels itself before the core ever sees the promise.
    expect((await outcomeOf(async () => thenableChain(100, "summary"))).outcome).toBe("compacted");
  });

  it("calls a generic thenable's then exactly once", async () => {
    const { thenable, counter } = countingThenable(() => "summary");
    await outcomeOf(() => thenable);
    expect(counter.calls).toBe(1);
  });

  it("never calls an own `then` of a native promise (it uses the intrinsic one)", async () => {
    let calls = 0;
    const promise = Promise.resolve("summary");
    Object.defineProperty(promise, "then", { value: () => void calls++ });
    const { outcome } = await outcomeOf(() => promise);
    expect([outcome, calls]).toEqual(["compacted", 0]);
  });
});

describe("CONTEXT_SUMMARIZER_FAILED", () => {
  it("rejects a chain of 65 generic thenables", async () => {
    expect((await outcomeOf(() => thenableChain(MAX_CONTEXT_ASYNC_DEPTH + 1, "summary"))).outcome).toBe("CONTEXT_SUMMARIZER_FAILED");
  });

  it("rejects a rejected native promise", async () => {
    expect((await outcomeOf(() => Promise.reject(new Error("down")))).outcome).toBe("CONTEXT_SUMMARIZER_FAILED");
  });

  it("rejects a thenable that calls its reject callback", async () => {
    const thenable = { then: (_: unknown, reject: (e: unknown) => void) => reject(new Error("no")) };
    expect((await outcomeOf(() => thenable)).outcome).toBe("CONTEXT_SUMMARIZER_FAILED");
  });

  it("rejects a thenable whose then getter throws", async () => {
    const thenable = Object.defineProperty({}, "then", {
      get() {
        throw new Error("getter");
      },
    });
    expect((await outcomeOf(() => thenable)).outcome).toBe("CONTEXT_SUMMARIZER_FAILED");
  });

  it("rejects a thenable whose then throws", async () => {
    const thenable = {
      then() {
        throw new Error("then");
      },
    };
    expect((await outcomeOf(() => thenable)).outcome).toBe("CONTEXT_SUMMARIZER_FAILED");
  });

  it("does not let a rejection forge a ContextCompactionError code", async () => {
    const forged = Object.freeze({ name: "ContextCompactionError", code: "CONTEXT_CANCELLED", message: "forged" });
    const { outcome, error } = await outcomeOf(() => Promise.reject(forged));
    expect(outcome).toBe("CONTEXT_SUMMARIZER_FAILED");
    expect(error).not.toBe(forged);
  });

  it("does not pass on a real ContextCompactionError used as a rejection", async () => {
    const real = await realCoreError();
    const { outcome, error } = await outcomeOf(() => Promise.reject(real));
    expect(outcome).toBe("CONTEXT_SUMMARIZER_FAILED");
    expect(error).not.toBe(real);
  });

  it("rejects a thenable that delivers itself (a cycle)", async () => {
    const thenable: { then: (resolve: (v: unknown) => void) => void } = { then: (resolve) => resolve(thenable) };
    expect((await outcomeOf(() => thenable)).outcome).toBe("CONTEXT_SUMMARIZER_FAILED");
  });

  it("calls a thenable reached twice only once (a two-step cycle)", async () => {
    const first = countingThenable(() => second.thenable);
    const second = countingThenable(() => first.thenable);
    const { outcome } = await outcomeOf(() => first.thenable);
    expect([outcome, first.counter.calls, second.counter.calls]).toEqual(["CONTEXT_SUMMARIZER_FAILED", 1, 1]);
  });
});

describe("Proxies that are not promises (§8: refused without running a trap)", () => {
  it("refuses a Proxy whose get trap throws as CONTEXT_ASYNC_VALUE_UNOBSERVABLE, running no trap", async () => {
    const traps: string[] = [];
    const proxy = new Proxy({}, {
      get(_target, key) {
        traps.push(String(key));
        throw new Error("trap");
      },
    });
    expect((await outcomeOf(() => proxy)).outcome).toBe("CONTEXT_ASYNC_VALUE_UNOBSERVABLE");
    expect(traps).toEqual([]);
  });

  it("refuses a Proxy without then as CONTEXT_ASYNC_VALUE_UNOBSERVABLE", async () => {
    expect((await outcomeOf(() => new Proxy({}, {}))).outcome).toBe("CONTEXT_ASYNC_VALUE_UNOBSERVABLE");
  });

  it("refuses a Proxy that a thenable delivers, running no trap", async () => {
    const traps: string[] = [];
    const proxy = new Proxy({ then: (resolve: (v: string) => void) => resolve("summary") }, {
      get(target, key) {
        traps.push(String(key));
        return Reflect.get(target, key);
      },
    });
    const outer = { then: (resolve: (v: unknown) => void) => resolve(proxy) };
    expect((await outcomeOf(() => outer)).outcome).toBe("CONTEXT_ASYNC_VALUE_UNOBSERVABLE");
    expect(traps).toEqual([]);
  });
});

describe("CONTEXT_ASYNC_VALUE_UNOBSERVABLE", () => {
  it("rejects a Proxy around a native promise", async () => {
    expect((await outcomeOf(() => new Proxy(Promise.resolve("summary"), {}))).outcome).toBe("CONTEXT_ASYNC_VALUE_UNOBSERVABLE");
  });

  it("rejects a native promise whose constructor is a throwing getter", async () => {
    const promise = Promise.resolve("summary");
    Object.defineProperty(promise, "constructor", {
      get() {
        throw new Error("locked");
      },
    });
    expect((await outcomeOf(() => promise)).outcome).toBe("CONTEXT_ASYNC_VALUE_UNOBSERVABLE");
  });

  it("rejects a frozen native promise whose inherited species throws", async () => {
    class Sub extends Promise<unknown> {
      static override get [Symbol.species](): PromiseConstructor {
        throw new Error("species");
      }
    }
    const promise = Sub.resolve("summary");
    Object.freeze(promise);
    expect((await outcomeOf(() => promise)).outcome).toBe("CONTEXT_ASYNC_VALUE_UNOBSERVABLE");
  });

  it("rejects a native promise whose own constructor has a throwing species", async () => {
    const promise = Promise.resolve("summary");
    const ctor = Object.defineProperty(function Locked() {}, Symbol.species, {
      get() {
        throw new Error("species");
      },
    });
    Object.defineProperty(promise, "constructor", { value: ctor, configurable: false, writable: false });
    expect((await outcomeOf(() => promise)).outcome).toBe("CONTEXT_ASYNC_VALUE_UNOBSERVABLE");
  });
});
