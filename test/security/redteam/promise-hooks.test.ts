import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import * as core from "../../../src/core/index";
import { createDriver } from "../../../src/driver/index";
import { asyncScenario, buildScenario, compactScenario, groupsScenario, hostileScenario, programScenario, unitsScenario } from "../../../generators/index";
import type { Scenario } from "../../../src/scenario/scenario";

// Red-team pass (session 10), the driver's side of ./forged-observations.test.ts, for every
// operation kind: a subject that, in every call, plants the two hooks the engine consults while
// promises carry values (a `then` getter on Object.prototype, read when a promise is resolved
// with an object; a `constructor` getter on Promise.prototype, read when a promise is awaited)
// and records what they are shown. Here the hooks change nothing (they return what the lookup
// would have found), so the subject is the course's own core. Before the fix they were shown
// the driver's records of the call (observations, raw runs, step runs, settled outcomes), which a
// hostile subject replaced; now they must be shown none of the driver's objects, only values of
// the subject's own.

const ObjectPrototype = Object.prototype;
const PromisePrototype = Promise.prototype;
const originalThen = PromisePrototype.then;
const constructorDescriptor = Object.getOwnPropertyDescriptor(PromisePrototype, "constructor")!;
const hasOwn = Object.hasOwn;

/** Everything the hooks were shown: objects resolved into promises, and the values of promises awaited. */
const shown: unknown[] = [];
let armed = false;
let inHook = false;

function arm(): void {
  if (armed) return;
  armed = true;
  Object.defineProperty(ObjectPrototype, "then", {
    configurable: true,
    get(this: unknown) {
      shown.push(this);
      return undefined;
    },
  });
  Object.defineProperty(PromisePrototype, "constructor", {
    configurable: true,
    get(this: Promise<unknown>) {
      if (!inHook) {
        inHook = true;
        try {
          Reflect.apply(originalThen, this, [(value: unknown) => shown.push(value), () => {}]);
        } finally {
          inHook = false;
        }
      }
      return Promise;
    },
  });
}

function disarm(): void {
  if (!armed) return;
  delete (ObjectPrototype as { then?: unknown }).then;
  Object.defineProperty(PromisePrototype, "constructor", constructorDescriptor);
  armed = false;
}
afterEach(disarm);

/** The course's core, each export arming the hooks when it is called. */
const subject: Record<string, unknown> = {};
for (const [name, value] of Object.entries(core)) {
  subject[name] =
    typeof value === "function" && !/^[A-Z]/.test(name)
      ? function (this: unknown, ...args: unknown[]) {
          arm();
          return Reflect.apply(value, this, args);
        }
      : value;
}

/** A record the driver builds on the way from a call to its observation. */
function driverRecord(value: unknown): string | null {
  if (value === null || typeof value !== "object") return null;
  if (Object.getPrototypeOf(value) === null && Object.isFrozen(value) && Reflect.ownKeys(value).join() === "value") return "a box";
  if (hasOwn(value, "outcome") && hasOwn(value, "summarizerCalls")) return hasOwn(value, "hostile") ? "an observation" : "a raw run";
  if (hasOwn(value, "observation") && hasOwn(value, "stop")) return "a step run";
  const kind = (value as { kind?: unknown }).kind;
  if ((kind === "fulfilled" || kind === "rejected" || kind === "timeout") && Reflect.ownKeys(value).length <= 2) return "a settled outcome";
  return null;
}

const SEED = 240;
const scenarios: Scenario[] = [
  ...fc.sample(unitsScenario(), { seed: SEED, numRuns: 3 }),
  ...fc.sample(groupsScenario(), { seed: SEED, numRuns: 3 }),
  ...fc.sample(buildScenario(), { seed: SEED, numRuns: 3 }),
  ...fc.sample(compactScenario(), { seed: SEED, numRuns: 8 }),
  ...fc.sample(asyncScenario(), { seed: SEED, numRuns: 16 }),
  ...fc.sample(hostileScenario(), { seed: SEED, numRuns: 8 }),
  ...fc.sample(programScenario(), { seed: SEED, numRuns: 6 }),
];

describe("what the driver carries through promises is out of a subject's hooks", () => {
  it.each(scenarios.map((scenario, i) => [`${i} ${scenario.operation.kind}`, scenario] as const))("scenario %s", async (_, scenario) => {
    const driver = createDriver(subject);
    shown.length = 0;
    const observation = (await driver.observeBoxed(scenario, { timeoutMs: 200 })).value;
    disarm();
    expect(observation.outcome.kind).not.toBe("crash");
    expect(shown.map(driverRecord).filter((found) => found !== null)).toEqual([]);
  });
});
