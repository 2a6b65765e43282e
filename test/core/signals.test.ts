// Contract §7 and §8: which signals compactContext accepts, what the summarizer receives as its
// second argument, and how the core's choices of the §8 rows behave (a Proxy around a signal
// and Object.create(signal) work as the signal; a genuine signal with a replaced prototype
// fails after the call; null means no signal). Ordering with setImmediate, never timers.
import { describe, expect, it } from "vitest";
import { outcomeOf } from "./async-fixtures";
import { compact, compactionOptions, recordingSummarizer, rejectionCode, seedSummary, summaryUnits, toolContext } from "./fixtures";

/** A summary that arrives on a later macrotask, after `abort` ran on an earlier one. */
const abortThenReply = (abort: () => void) => () => {
  setImmediate(abort);
  return new Promise((resolve) => setImmediate(() => setImmediate(() => resolve("summary"))));
};

describe("the summarizer's second argument", () => {
  it("is the caller's signal itself", async () => {
    const controller = new AbortController();
    const seen: unknown[] = [];
    await outcomeOf((_request, signal) => {
      seen.push(signal);
      return "summary";
    }, { signal: controller.signal });
    expect(seen).toEqual([controller.signal]);
    expect(seen[0]).toBe(controller.signal);
  });

  it.each([
    ["absent", {}],
    ["undefined", { signal: undefined }],
    ["null", { signal: null }],
  ])("is a fresh AbortSignal that is never aborted when the signal is %s", async (_name, overrides) => {
    const seen: unknown[] = [];
    const reply = (_request: unknown, signal: unknown) => {
      seen.push(signal);
      return "summary";
    };
    expect((await outcomeOf(reply, overrides)).outcome).toBe("compacted");
    expect((await outcomeOf(reply, overrides)).outcome).toBe("compacted");
    expect(seen).toHaveLength(2);
    for (const signal of seen) {
      expect(signal).toBeInstanceOf(AbortSignal);
      expect((signal as AbortSignal).aborted).toBe(false);
    }
    expect(seen[0]).not.toBe(seen[1]);
  });
});

describe("signal: null means no signal (§8)", () => {
  it("compacts with signal: null", async () => {
    expect((await outcomeOf(() => "summary", { signal: null })).outcome).toBe("compacted");
  });
});

describe("a Proxy around a genuine signal works as the signal (§8)", () => {
  it("compacts, and the summarizer receives the Proxy itself", async () => {
    const proxy = new Proxy(new AbortController().signal, {});
    const seen: unknown[] = [];
    const reply = (_request: unknown, signal: unknown) => {
      seen.push(signal);
      return "summary";
    };
    expect((await outcomeOf(reply, { signal: proxy })).outcome).toBe("compacted");
    expect(seen[0]).toBe(proxy);
  });

  it("cancels when the underlying signal aborts while the summary is pending", async () => {
    const controller = new AbortController();
    const proxy = new Proxy(controller.signal, {});
    expect((await outcomeOf(abortThenReply(() => controller.abort()), { signal: proxy })).outcome).toBe("CONTEXT_CANCELLED");
  });

  it("cancels before the call when the underlying signal is already aborted", async () => {
    const controller = new AbortController();
    controller.abort();
    expect(await outcomeOf(() => "summary", { signal: new Proxy(controller.signal, {}) })).toMatchObject({ outcome: "CONTEXT_CANCELLED", calls: 0 });
  });

  it("refuses a Proxy whose get trap throws as CONTEXT_INVALID_INPUT, before the call", async () => {
    const proxy = new Proxy(new AbortController().signal, {
      get() {
        throw new Error("trap");
      },
    });
    expect(await outcomeOf(() => "summary", { signal: proxy })).toMatchObject({ outcome: "CONTEXT_INVALID_INPUT", calls: 0 });
  });

  it("gives a contract code, never the trap's exception, when the traps start throwing after the options were read", async () => {
    const controller = new AbortController();
    let reads = 0;
    const proxy = new Proxy(controller.signal, {
      get(target, key) {
        reads++;
        if (reads > 2) throw new TypeError("trap changed its mind");
        return Reflect.get(target, key);
      },
    });
    const { outcome } = await outcomeOf(() => "summary", { signal: proxy });
    expect(["CONTEXT_INVALID_INPUT", "CONTEXT_SUMMARIZER_FAILED"]).toContain(outcome);
  });
});

describe("Object.create(signal) works as the signal (§8)", () => {
  it("compacts", async () => {
    expect((await outcomeOf(() => "summary", { signal: Object.create(new AbortController().signal) })).outcome).toBe("compacted");
  });

  it("cancels when the underlying signal aborts while the summary is pending", async () => {
    const controller = new AbortController();
    const derived = Object.create(controller.signal);
    expect((await outcomeOf(abortThenReply(() => controller.abort()), { signal: derived })).outcome).toBe("CONTEXT_CANCELLED");
  });
});

describe("a genuine signal whose prototype was replaced (§8: CONTEXT_SUMMARIZER_FAILED after the call)", () => {
  it("calls the summarizer once, then fails with CONTEXT_SUMMARIZER_FAILED", async () => {
    const signal = new AbortController().signal;
    Object.setPrototypeOf(signal, {});
    expect(await outcomeOf(() => "summary", { signal })).toMatchObject({ outcome: "CONTEXT_SUMMARIZER_FAILED", calls: 1 });
  });

  it("handles the rejected promise the summarizer returned", async () => {
    const signal = new AbortController().signal;
    Object.setPrototypeOf(signal, null);
    const events: unknown[] = [];
    const listener = (reason: unknown) => void events.push(reason);
    process.on("unhandledRejection", listener);
    try {
      expect((await outcomeOf(() => Promise.reject(new Error("no")), { signal })).outcome).toBe("CONTEXT_SUMMARIZER_FAILED");
      await new Promise((resolve) => setImmediate(() => setImmediate(resolve)));
    } finally {
      process.off("unhandledRejection", listener);
    }
    expect(events).toEqual([]);
  });
});

describe("anything else is refused with CONTEXT_INVALID_INPUT, before the call", () => {
  it.each([
    ["a plain object shaped like a signal", { aborted: false, addEventListener() {}, removeEventListener() {} }],
    ["an EventTarget", new EventTarget()],
    ["an AbortController", new AbortController()],
    ["a string", "signal"],
    ["false", false],
    ["a Proxy around a plain object", new Proxy({}, {})],
  ])("%s", async (_name, signal) => {
    const context = toolContext();
    const { summarizer, calls } = recordingSummarizer(() => "summary");
    const options = compactionOptions(context, summarizer, summaryUnits(seedSummary()), { signal });
    expect(await rejectionCode(compact(context, options))).toBe("CONTEXT_INVALID_INPUT");
    expect(calls).toHaveLength(0);
  });

  it("never calls a getter of a signal-shaped object", async () => {
    let calls = 0;
    const signal = {
      get aborted() {
        calls++;
        return false;
      },
    };
    expect((await outcomeOf(() => "summary", { signal })).outcome).toBe("CONTEXT_INVALID_INPUT");
    expect(calls).toBe(0);
  });
});
