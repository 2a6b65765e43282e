import { describe, expect, it } from "vitest";
import * as core from "../../src/core";
import { createDriver } from "../../src/driver/index";
import type { Observation } from "../../src/scenario/observation";
import type { SummarizerScript } from "../../src/scenario/scenario";
import { compactScenario } from "./scenarios";

// Dressed native promises (contract §7 step 5, issue 27): whatever a promise's own or inherited
// `then` says and whatever odd `constructor` it carries, the core observes it through the
// intrinsic then (one retry where the lookup throws), never calls the dress's then and leaves
// the constructor as the dress made it. Implementations that await through Promise.resolve,
// or read `then` to tell a promise from a plain object, get it wrong.

const code = (o: Observation) => (o.outcome.kind === "threw" ? o.outcome.error.code : o.outcome.kind);
const summary = (o: Observation) =>
  o.outcome.kind === "returned" ? (o.outcome.value as { context: { summary: { content: unknown } } }).context.summary.content : undefined;

const OPTIONS = { maxUnits: 38, targetUnits: 35, summaryMaxUnits: 12, retainRecentMessages: 1, summaryId: "s1", recordId: "c1" };
const scenario = (summarizer: SummarizerScript) => compactScenario({ summarizer, options: OPTIONS });

const THEN = ["undefined", "nonCallable", "lying", "inheritedUndefined"];
const CTOR = ["object", "primitive", "throwingAccessor"];
const DRESSES = [...THEN.map((then) => ({ then })), ...CTOR.map((ctor) => ({ ctor })), ...THEN.flatMap((then) => CTOR.map((ctor) => ({ then, ctor })))];

/**
 * The core's compactContext with the summary value awaited as many implementations do, through
 * Promise.resolve, and whatever that gives taken as the value (a non-string as a plain object).
 */
function awaitingSubject(): Record<string, unknown> {
  return {
    ...core,
    compactContext(context: unknown, options: Record<string, unknown>) {
      const summarizer = options.summarizer as (...args: unknown[]) => unknown;
      return core.compactContext(context as never, <never>{
        ...options,
        summarizer: async (...args: unknown[]) => {
          const value: unknown = await Promise.resolve(summarizer(...args));
          return typeof value === "string" ? value : Object.freeze({ notText: true });
        },
      });
    },
  };
}

describe("dressed native promises", () => {
  const driver = createDriver(core as unknown as Record<string, unknown>);

  it.each(DRESSES.map((d) => [JSON.stringify(d), d] as const))("the core observes a dressed fulfilling promise %s: the text, its own then never called, restored", async (_name, dress) => {
    const o = await driver.observe(scenario({ kind: "text", text: "sum", delivery: "promise", dress }));
    expect(code(o)).toBe("returned");
    expect(summary(o)).toBe("sum");
    expect(o.hostile["promise.ownThen"] ?? 0).toBe(0);
    expect(o.hostile["constructor.notRestored"] ?? 0).toBe(0);
  });

  it.each(DRESSES.map((d) => [JSON.stringify(d), d] as const))("the core handles a dressed rejecting promise %s: SUMMARIZER_FAILED, no unhandled rejection", async (_name, dress) => {
    const o = await driver.observe(scenario({ kind: "reject", value: "boom", dress }));
    expect(code(o)).toBe("CONTEXT_SUMMARIZER_FAILED");
    expect(o.unhandledRejections).toBe(0);
  });

  it("a dress shows on awaiting through Promise.resolve: taken for a plain object, its rejection leaked", async () => {
    const naive = createDriver(awaitingSubject());
    const fulfils = await naive.observe(scenario({ kind: "text", text: "sum", delivery: "promise", dress: { then: "undefined", ctor: "object" } }));
    expect(code(fulfils)).toBe("CONTEXT_SUMMARY_INVALID");
    const rejects = await naive.observe(scenario({ kind: "reject", value: "boom", dress: { then: "nonCallable", ctor: "object" } }));
    expect(code(rejects)).toBe("CONTEXT_SUMMARY_INVALID");
    expect(rejects.unhandledRejections).toBeGreaterThan(0);
    // A primitive constructor alone makes the engine's then throw: no retry, a failure.
    const primitive = await naive.observe(scenario({ kind: "text", text: "sum", delivery: "promise", dress: { ctor: "primitive" } }));
    expect(code(primitive)).toBe("CONTEXT_SUMMARIZER_FAILED");
  });

  it("a lying then is counted when called", async () => {
    const calling = {
      ...core,
      compactContext(context: unknown, options: Record<string, unknown>) {
        const summarizer = options.summarizer as (...args: unknown[]) => unknown;
        return core.compactContext(context as never, <never>{
          ...(options as object),
          summarizer: (...args: unknown[]) => {
            const value = summarizer(...args) as { then: (f: (v: unknown) => void) => void };
            return { then: (f: (v: unknown) => void) => value.then(f) };
          },
        });
      },
    };
    const o = await createDriver(calling).observe(scenario({ kind: "text", text: "sum", delivery: "promise", dress: { then: "lying" } }));
    expect(o.hostile["promise.ownThen"]).toBe(1);
    expect(code(o)).toBe("CONTEXT_SUMMARY_INVALID");
  });

  it("refuses a dress a script kind cannot take", async () => {
    const setupError = async (script: SummarizerScript) => {
      const outcome = (await driver.observe(scenario(script))).outcome;
      return outcome.kind === "crash" ? outcome.reason : outcome.kind;
    };
    expect(await setupError({ kind: "lockedPromise", lock: "ownAccessor", text: "sum", dress: { ctor: "primitive" } })).toMatch(/accepts only an own dress.then/);
    expect(await setupError({ kind: "text", text: "sum", delivery: "sync", dress: { then: "lying" } })).toMatch(/delivery promise/);
    expect(await setupError({ kind: "thenableChain", depth: 1, text: "sum", dress: { then: "lying" } })).toMatch(/no native promise/);
  });
});

describe("what a then returns, at the first order and deeper (contract §7 step 5, §8)", () => {
  const driver = createDriver(core as unknown as Record<string, unknown>);

  it.each(["ownConstructor", "inheritedSpecies", "proxy"])("a %s value returned by a then is UNOBSERVABLE at every order for the core", async (where) => {
    for (const order of [1, 2, 3]) {
      const o = await driver.observe(scenario({ kind: "thenReturnsLocked", where, order, text: "sum" }));
      expect(code(o), `order ${order}`).toBe("CONTEXT_ASYNC_VALUE_UNOBSERVABLE");
      expect(o.hostile["then.calls"], `order ${order}`).toBe(order);
    }
  });
});
