// A subject that patches globals after the driver loaded must not change what the driver
// reports: every intrinsic the driver uses was captured at module load.
import { describe, expect, it } from "vitest";
import { createDriver } from "../../src/driver/index";
import type { Observation } from "../../src/scenario/observation";
import type { Scenario } from "../../src/scenario/scenario";
import { FakeContextError } from "./fake-subject";
import { compactScenario } from "./scenarios";

// This subject uses only syntax (await, literals, property access), so the poisons below do
// not change what it does; any change in the observations would be the driver's.
const subject: Record<string, unknown> = {
  ContextCompactionError: FakeContextError,
  buildActiveContext() {
    throw new FakeContextError("CONTEXT_INVALID_INPUT");
  },
  groupToolRounds(t: unknown) {
    const loose = { items: [1, { deep: (t as { a: unknown }[])[0].a }], n: -0, big: 3n };
    return Object.freeze(loose);
  },
  async compactContext(_ctx: unknown, options: { summarizer: (r: unknown, s: unknown) => unknown; signal: unknown }) {
    const request = { messages: [{ id: "m" }] };
    const text = await options.summarizer(request, options.signal);
    return { status: "compacted", text, unfrozen: [text] };
  },
};

const scenarios: Scenario[] = [
  { operation: { kind: "groups", transcript: [{ a: 1 }, { $cc: "NaN" }] } },
  { operation: { kind: "groups", transcript: [{ a: 1 }] }, decorations: [{ kind: "proxy", target: "input", path: [0] }] },
  { operation: { kind: "build", input: { messages: [] } } },
  compactScenario({ prebuilt: false, summarizer: { kind: "text", text: "t", delivery: "promise" } }),
  compactScenario({ prebuilt: false, summarizer: { kind: "thenableChain", depth: 3, text: "deep" } }),
  compactScenario({ prebuilt: false, summarizer: { kind: "reject", value: "no" } }),
  compactScenario({ prebuilt: false, summarizer: { kind: "never" }, abort: "whilePending" }),
];

function withoutDuration(o: Observation): Omit<Observation, "durationMs"> {
  const { durationMs: _ignored, ...rest } = o;
  return rest;
}

async function observeAll(): Promise<Observation[]> {
  const driver = createDriver(subject);
  const out: Observation[] = [];
  for (let i = 0; i < scenarios.length; i++) out[i] = await driver.observe(scenarios[i], { timeoutMs: 50 });
  return out;
}

describe("poisoned globals", () => {
  it("observations are the same after Object.isFrozen, Array.prototype, JSON, Reflect and Promise.prototype.then are patched", async () => {
    const clean = await observeAll();
    const saved = {
      isFrozen: Object.isFrozen,
      map: Array.prototype.map,
      push: Array.prototype.push,
      slice: Array.prototype.slice,
      stringify: JSON.stringify,
      then: Promise.prototype.then,
      ownKeys: Reflect.ownKeys,
      gopd: Reflect.getOwnPropertyDescriptor,
    };
    let poisoned: Observation[] = [];
    try {
      Object.isFrozen = () => true;
      Array.prototype.map = (() => ["poisoned"]) as typeof Array.prototype.map;
      Array.prototype.push = () => 0;
      Array.prototype.slice = () => [];
      JSON.stringify = () => "poisoned";
      // A `then` that lies about this test's values only (the test runner keeps using
      // `then` while the test runs, so it cannot simply throw): if the driver observed a
      // promise through the patchable `then`, the observed text or rejection would change.
      const lie = (v: unknown): unknown => {
        if (v === "t" || v === "deep" || v === "no") return "poisoned";
        if (typeof v === "object" && v !== null && (v as { status?: unknown }).status === "compacted") return { status: "poisoned" };
        return v;
      };
      Promise.prototype.then = function (this: Promise<unknown>, onFulfilled?: (v: unknown) => unknown, onRejected?: (e: unknown) => unknown) {
        return saved.then.call(
          this,
          typeof onFulfilled === "function" ? (v: unknown) => onFulfilled(lie(v)) : onFulfilled,
          typeof onRejected === "function" ? (e: unknown) => onRejected(lie(e)) : onRejected,
        );
      } as typeof Promise.prototype.then;
      Reflect.ownKeys = () => [];
      Reflect.getOwnPropertyDescriptor = () => undefined;
      poisoned = await observeAll();
    } finally {
      Object.isFrozen = saved.isFrozen;
      Array.prototype.map = saved.map;
      Array.prototype.push = saved.push;
      Array.prototype.slice = saved.slice;
      JSON.stringify = saved.stringify;
      Promise.prototype.then = saved.then;
      Reflect.ownKeys = saved.ownKeys;
      Reflect.getOwnPropertyDescriptor = saved.gopd;
    }
    expect(poisoned.map(withoutDuration)).toEqual(clean.map(withoutDuration));
    // The observations have teeth: an unfrozen value, a proxy touched, a rejection, a timeout.
    expect(clean[0].frozen).toEqual({ deep: false, firstUnfrozen: "items" });
    expect(clean[1].hostile.proxyTrap).toBeGreaterThan(0);
    expect(clean[4].outcome).toMatchObject({ kind: "returned", value: { text: "deep" } });
    expect(clean[5].outcome).toMatchObject({ kind: "threw", error: { typeOf: "string" } });
    expect(clean[6].outcome).toEqual({ kind: "timeout", afterMs: 50 });
  });
});
