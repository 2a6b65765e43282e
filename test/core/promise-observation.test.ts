// Contract §7 step 5 and §8: a native promise is observed by applying the intrinsic
// Promise.prototype.then captured at load, even when the engine's constructor/species lookup
// runs caller code; a throwing lookup gets one retry through a temporary own `constructor`;
// only a promise that still cannot be observed ("locked") is CONTEXT_ASYNC_VALUE_UNOBSERVABLE.
// Realm-wide changes are undone in a finally block.
import { describe, expect, it } from "vitest";
import { outcomeOf } from "./async-fixtures";
import { compact, compactionOptions, seedSummary, summaryUnits, toolContext } from "./fixtures";

describe("observed although the lookup runs caller code (§8: the text)", () => {
  it("a promise with an own constructor getter returning Promise: the getter runs, the text is adopted", async () => {
    const promise = Promise.resolve("summary");
    let calls = 0;
    Object.defineProperty(promise, "constructor", {
      get() {
        calls++;
        return Promise;
      },
    });
    expect((await outcomeOf(() => promise)).outcome).toBe("compacted");
    expect(calls).toBeGreaterThan(0);
  });

  it("an instance of a Promise subclass", async () => {
    class Sub extends Promise<unknown> {}
    expect((await outcomeOf(() => Sub.resolve("summary"))).outcome).toBe("compacted");
  });

  it("a subclass with a species getter", async () => {
    let calls = 0;
    class Sub extends Promise<unknown> {
      static override get [Symbol.species]() {
        calls++;
        return Promise;
      }
    }
    expect((await outcomeOf(() => Sub.resolve("summary"))).outcome).toBe("compacted");
    expect(calls).toBeGreaterThan(0);
  });

  it("a non-configurable own constructor pointing to a subclass", async () => {
    class Sub extends Promise<unknown> {}
    const promise = Promise.resolve("summary");
    Object.defineProperty(promise, "constructor", { value: Sub, configurable: false, writable: false });
    expect((await outcomeOf(() => promise)).outcome).toBe("compacted");
  });

  it("a promise whose own configurable constructor getter throws, through the retry, restored afterwards", async () => {
    const promise = Promise.resolve("summary");
    const get = () => {
      throw new Error("lookup");
    };
    Object.defineProperty(promise, "constructor", { get, configurable: true });
    expect((await outcomeOf(() => promise)).outcome).toBe("compacted");
    expect(Object.getOwnPropertyDescriptor(promise, "constructor")).toEqual({ get, set: undefined, enumerable: false, configurable: true });
  });

  it("a rejected promise found through the retry is CONTEXT_SUMMARIZER_FAILED", async () => {
    const promise = Promise.reject(new Error("no"));
    Object.defineProperty(promise, "constructor", {
      get() {
        throw new Error("lookup");
      },
      configurable: true,
    });
    expect((await outcomeOf(() => promise)).outcome).toBe("CONTEXT_SUMMARIZER_FAILED");
  });
});

describe("realm-wide changes that leave the intrinsic then working", () => {
  it("Promise.prototype.constructor replaced by a throwing getter: observed through the retry, the promise left without an own constructor", async () => {
    const saved = Object.getOwnPropertyDescriptor(Promise.prototype, "constructor")!;
    const promise = Promise.resolve("summary");
    const context = toolContext();
    const options = compactionOptions(context, () => promise, summaryUnits(seedSummary()));
    // The core observes the value during the call; the test's own awaits need the realm intact.
    let pending: Promise<unknown>;
    try {
      Object.defineProperty(Promise.prototype, "constructor", {
        get() {
          throw new Error("realm");
        },
        configurable: true,
      });
      pending = compact(context, options);
    } finally {
      Object.defineProperty(Promise.prototype, "constructor", saved);
    }
    expect(await pending).toMatchObject({ status: "compacted" });
    expect(Object.getOwnPropertyDescriptor(promise, "constructor")).toBeUndefined();
  });

  it("Promise[Symbol.species] replaced by a getter that still answers Promise", async () => {
    const saved = Object.getOwnPropertyDescriptor(Promise, Symbol.species)!;
    let calls = 0;
    try {
      Object.defineProperty(Promise, Symbol.species, {
        get() {
          calls++;
          return Promise;
        },
        configurable: true,
      });
      expect((await outcomeOf(() => Promise.resolve("summary"))).outcome).toBe("compacted");
    } finally {
      Object.defineProperty(Promise, Symbol.species, saved);
    }
    expect(calls).toBeGreaterThan(0);
  });
});

describe("locked promises (CONTEXT_ASYNC_VALUE_UNOBSERVABLE)", () => {
  it("a non-configurable own constructor getter that throws", async () => {
    const promise = Promise.resolve("summary");
    Object.defineProperty(promise, "constructor", {
      get() {
        throw new Error("locked");
      },
      configurable: false,
    });
    expect((await outcomeOf(() => promise)).outcome).toBe("CONTEXT_ASYNC_VALUE_UNOBSERVABLE");
  });

  it("a non-extensible promise without an own constructor whose inherited lookup throws", async () => {
    class Sub extends Promise<unknown> {
      static override get [Symbol.species](): PromiseConstructor {
        throw new Error("species");
      }
    }
    const promise = Sub.resolve("summary");
    Object.preventExtensions(promise);
    expect((await outcomeOf(() => promise)).outcome).toBe("CONTEXT_ASYNC_VALUE_UNOBSERVABLE");
  });

  it("a locked promise returned by a custom then, even after resolve(text)", async () => {
    const locked = Promise.resolve("x");
    Object.defineProperty(locked, "constructor", {
      get() {
        throw new Error("locked");
      },
    });
    const thenable = {
      then(resolve: (v: unknown) => void) {
        resolve("summary");
        return locked;
      },
    };
    expect((await outcomeOf(() => thenable)).outcome).toBe("CONTEXT_ASYNC_VALUE_UNOBSERVABLE");
  });
});
