import { describe, expect, it } from "vitest";
import * as core from "../../src/core";
import { createDriver } from "../../src/driver/index";
import type { Observation } from "../../src/scenario/observation";
import type { SummarizerScript } from "../../src/scenario/scenario";
import { compactScenario } from "./scenarios";

// The summarizer scripts aimed at survivors of the mutation run in src/core/observe-async.ts
// (properties/strength-async-options.ts), against the core: what each comes to, and that a
// script's change to the realm's Promise is undone as soon as the subject's call returns.

const code = (o: Observation) => (o.outcome.kind === "threw" ? o.outcome.error.code : o.outcome.kind);
const summary = (o: Observation) =>
  o.outcome.kind === "returned" ? ((o.outcome.value as { context: { summary: { content: unknown } } }).context.summary.content) : undefined;

/** A compaction the core performs with a good summary ("sum"): budgets for ./scenarios' context. */
const OPTIONS = { maxUnits: 38, targetUnits: 35, summaryMaxUnits: 12, retainRecentMessages: 1, summaryId: "s1", recordId: "c1" };
const scenario = (summarizer: SummarizerScript) => compactScenario({ summarizer, options: OPTIONS });

const PromiseConstructor = Promise;
const speciesGetter = Object.getOwnPropertyDescriptor(Promise, Symbol.species)?.get;

function realmIntact(): void {
  expect(Object.getOwnPropertyDescriptor(Promise.prototype, "constructor")).toEqual({ value: PromiseConstructor, writable: true, enumerable: false, configurable: true });
  expect(Object.getOwnPropertyDescriptor(Promise, Symbol.species)).toEqual({ get: speciesGetter, set: undefined, enumerable: false, configurable: true });
}

describe("aimed async scripts", () => {
  const driver = createDriver(core as unknown as Record<string, unknown>);

  it("a native promise while the realm's Promise is changed is still observed (contract §7 step 5); the change is undone", async () => {
    for (const change of ["constructorDeleted", "constructorSubclass", "speciesDeleted", "speciesReplaced"]) {
      const o = await driver.observe(scenario({ kind: "redefinedPromiseGlobal", change, text: "sum" }));
      expect(code(o), change).toBe("returned");
      expect(summary(o), change).toBe("sum");
      realmIntact();
    }
  });

  it("the change is undone when the subject's call returns, also when it throws", () => {
    for (const throws of [false, true]) {
      let seen: PropertyDescriptor | undefined;
      const subject = {
        ...core,
        compactContext(_context: unknown, options: { summarizer: () => unknown }) {
          options.summarizer();
          seen = Object.getOwnPropertyDescriptor(Promise.prototype, "constructor");
          if (throws) throw new Error("subject throws");
          return "not a promise";
        },
      };
      const observed = createDriver(subject).observe(scenario({ kind: "redefinedPromiseGlobal", change: "constructorDeleted", text: "sum" }));
      // Synchronously after the call, before anything of the driver awaited.
      expect(seen).toBeUndefined();
      realmIntact();
      void observed;
    }
  });

  it("a subject that ignores the change runs the caller's species getter", async () => {
    const subject = {
      ...core,
      compactContext(_context: unknown, options: { summarizer: () => Promise<unknown> }) {
        return options.summarizer().then((text) => Promise.reject(new Error(`adopted ${String(text)}`)));
      },
    };
    const o = await createDriver(subject).observe(scenario({ kind: "redefinedPromiseGlobal", change: "speciesReplaced", text: "sum" }));
    expect(o.outcome.kind === "threw" ? o.outcome.error.message : o.outcome.kind).toBe("adopted sum");
    expect(o.hostile["species.getter"]).toBe(1);
    realmIntact();
  });

  it("resolvers called again, a promise reached twice, a Proxy without then or with a throwing get trap", async () => {
    // Each with every outcome of its §8 row (a Proxy may be refused unread).
    const cases: [SummarizerScript, string | undefined, string[]][] = [
      [{ kind: "resolversMisused", order: "fulfilFirst", first: "text", text: "sum" }, "sum", ["returned"]],
      [{ kind: "resolversMisused", order: "fulfilFirst", first: "thenlessProxy", text: "sum" }, undefined, ["CONTEXT_SUMMARY_INVALID", "CONTEXT_ASYNC_VALUE_UNOBSERVABLE"]],
      [{ kind: "resolversMisused", order: "rejectFirst", first: "text", text: "sum" }, undefined, ["CONTEXT_SUMMARIZER_FAILED"]],
      [{ kind: "promiseReachedAgain", text: "sum" }, undefined, ["CONTEXT_SUMMARIZER_FAILED", "CONTEXT_ASYNC_VALUE_UNOBSERVABLE"]],
      [{ kind: "proxyValue", get: "forwards", via: "none" }, undefined, ["CONTEXT_SUMMARY_INVALID", "CONTEXT_ASYNC_VALUE_UNOBSERVABLE"]],
      [{ kind: "proxyValue", get: "forwards", via: "functionThenable" }, undefined, ["CONTEXT_SUMMARY_INVALID", "CONTEXT_ASYNC_VALUE_UNOBSERVABLE"]],
      [{ kind: "proxyValue", get: "throws", via: "none" }, undefined, ["CONTEXT_SUMMARIZER_FAILED", "CONTEXT_ASYNC_VALUE_UNOBSERVABLE"]],
      [{ kind: "proxyValue", get: "throws", via: "functionThenable" }, undefined, ["CONTEXT_SUMMARIZER_FAILED", "CONTEXT_ASYNC_VALUE_UNOBSERVABLE"]],
    ];
    for (const [script, text, expected] of cases) {
      const o = await driver.observe(scenario(script));
      expect(expected, JSON.stringify(script)).toContain(code(o));
      expect(summary(o)).toBe(text);
      expect(o.hostile["then.repeat"] ?? 0, JSON.stringify(script)).toBe(0);
      expect(o.unhandledRejections).toBe(0);
    }
  });
});
