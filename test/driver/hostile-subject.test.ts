import { describe, expect, it } from "vitest";
import { createDriver } from "../../src/driver/index";
import { makeFakeSubject } from "./fake-subject";
import { compactScenario, messages } from "./scenarios";

function throwingEverywhere(): object {
  const boom = () => {
    throw new Error("trap");
  };
  return new Proxy({}, { get: boom, getOwnPropertyDescriptor: boom, ownKeys: boom, getPrototypeOf: boom, has: boom, isExtensible: boom });
}

function revoked(): object {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  return proxy;
}

const groups = { operation: { kind: "groups", transcript: messages } } as const;

describe("a subject that throws or returns weird values never crashes the driver", () => {
  const cases: [string, () => unknown, Record<string, unknown>][] = [
    ["a Proxy that throws on every access", throwingEverywhere, { isError: false, isContextCompactionError: false, typeOf: "object", name: null, code: null, message: null, frozen: false }],
    ["a revoked proxy", revoked, { isError: false, isContextCompactionError: false, typeOf: "object", name: null, code: null, message: null, frozen: false }],
    ["a string", () => "oops", { isError: false, isContextCompactionError: false, typeOf: "string", name: null, code: null, message: null, frozen: true }],
    ["undefined", () => undefined, { isError: false, isContextCompactionError: false, typeOf: "undefined", name: null, code: null, message: null, frozen: true }],
    ["a forged error with accessors", () => Object.defineProperty(new Error("m"), "code", { get: () => { throw new Error("getter called"); } }), { isError: true, code: null, message: "m", name: "Error" }],
  ];

  for (const [name, make, expected] of cases) {
    it(`thrown synchronously: ${name}`, async () => {
      const subject = { ...makeFakeSubject(), groupToolRounds: () => { throw make(); } };
      const o = await createDriver(subject).observe(groups);
      expect(o.outcome.kind).toBe("threw");
      expect(o.outcome.kind === "threw" && o.outcome.error).toMatchObject(expected);
    });

    it(`rejected by compactContext: ${name}`, async () => {
      const subject = { ...makeFakeSubject(), compactContext: () => Promise.reject(make()) };
      const o = await createDriver(subject).observe(compactScenario({}));
      expect(o.outcome.kind === "threw" && o.outcome.error).toMatchObject(expected);
      expect(o.unhandledRejections).toBe(0);
    });
  }

  it("returned hostile values become opaque data", async () => {
    const subject = { ...makeFakeSubject(), groupToolRounds: () => [throwingEverywhere(), revoked()] };
    const o = await createDriver(subject).observe(groups);
    expect(o.outcome).toEqual({ kind: "returned", value: [{ $cc: "opaque", type: "unreadable" }, { $cc: "opaque", type: "revoked-proxy" }] });
    expect(o.frozen?.deep).toBe(false);
  });

  it("a ContextCompactionError export that is missing, not a function, or a Proxy is guarded", async () => {
    for (const ContextCompactionError of [undefined, 42, throwingEverywhere(), new Proxy(function () {}, { get: () => { throw new Error("x"); } })]) {
      const subject = { ...makeFakeSubject(), ContextCompactionError };
      const o = await createDriver(subject).observe({ operation: { kind: "build", input: { messages: 1 } } });
      expect(o.outcome.kind === "threw" && o.outcome.error.isContextCompactionError).toBe(false);
    }
  });

  it("a static Symbol.hasInstance cannot forge isContextCompactionError", async () => {
    class Liar extends Error {
      static override [Symbol.hasInstance]() {
        return true;
      }
    }
    const subject = { ...makeFakeSubject(), ContextCompactionError: Liar, groupToolRounds: () => { throw new Error("plain"); } };
    const o = await createDriver(subject).observe(groups);
    expect(o.outcome.kind === "threw" && o.outcome.error.isContextCompactionError).toBe(false);
  });

  it("exports that are live-binding getters (a test runner's namespace) are read; a throwing one counts as missing", async () => {
    const live = Object.defineProperty({}, "groupToolRounds", { get: () => () => ["ok"], enumerable: true });
    expect((await createDriver(live).observe(groups)).outcome).toEqual({ kind: "returned", value: ["ok"] });
    const tdz = Object.defineProperty({}, "groupToolRounds", { get: () => { throw new ReferenceError("not initialized"); }, enumerable: true });
    expect((await createDriver(tdz).observe(groups)).outcome).toEqual({ kind: "crash", reason: "subject: the subject's export groupToolRounds is missing, expected a function" });
  });
});
