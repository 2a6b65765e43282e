import { describe, expect, it } from "vitest";
import { createDriver } from "../../src/driver/index";
import { makeFakeSubject } from "./fake-subject";
import { context, messages } from "./scenarios";

describe("operations and identity facts", () => {
  const driver = createDriver(makeFakeSubject());

  it("build: the value as data, deep frozen, a copy, and rebuildIsSame for twice", async () => {
    const o = await driver.observe({ operation: { kind: "build", input: context, twice: true } });
    expect(o.outcome).toEqual({ kind: "returned", value: { requirements: [{ id: "r", content: "AB" }], summary: null, messages, compactions: [] } });
    expect(o.frozen).toEqual({ deep: true, firstUnfrozen: null });
    expect(o.identity).toEqual({ resultIsInput: false, rebuildIsSame: true, rebuildThrew: false });
    expect(o.input).toEqual({ unchanged: true, stillFrozen: null, after: null });
    expect(o.setupError).toBeNull();
    const copies = await createDriver(makeFakeSubject({ rebuildsCopies: true })).observe({ operation: { kind: "build", input: context, twice: true } });
    expect(copies.identity.rebuildIsSame).toBe(false);
  });

  it("build: a thrown ContextCompactionError is observed by class, name, code and frozen-ness", async () => {
    const o = await driver.observe({ operation: { kind: "build", input: { messages: "nope" } } });
    expect(o.outcome).toEqual({
      kind: "threw",
      error: { isContextCompactionError: true, isError: true, typeOf: "object", name: "ContextCompactionError", code: "CONTEXT_INVALID_TRANSCRIPT", message: "fake: CONTEXT_INVALID_TRANSCRIPT", frozen: true },
    });
    expect(o.frozen).toBeNull();
  });

  it("units: plain and prebuilt; a prebuilt context that cannot be built is a setupError", async () => {
    const plain = await driver.observe({ operation: { kind: "units", input: context, prebuilt: false } });
    expect(plain.outcome).toEqual({ kind: "returned", value: 30 });
    expect(plain.frozen).toBeNull();
    const pre = await driver.observe({ operation: { kind: "units", input: context, prebuilt: true } });
    expect(pre.outcome).toEqual({ kind: "returned", value: 30 });
    expect(pre.input.stillFrozen).toBe(true);
    const bad = await driver.observe({ operation: { kind: "units", input: { messages: 1 }, prebuilt: true } });
    expect(bad.setupError?.code).toBe("CONTEXT_INVALID_TRANSCRIPT");
    expect(bad.outcome).toEqual({ kind: "threw", error: bad.setupError });
  });

  it("groups: frozen report of an unfrozen result names the path", async () => {
    const ok = await driver.observe({ operation: { kind: "groups", transcript: messages } });
    expect(ok.frozen).toEqual({ deep: true, firstUnfrozen: null });
    const loose = await createDriver(makeFakeSubject({ unfrozenResults: true })).observe({ operation: { kind: "groups", transcript: messages } });
    expect(loose.frozen).toEqual({ deep: false, firstUnfrozen: "(root)" });
  });

  it("boundary: options are passed through, Special tags decoded", async () => {
    const o = await driver.observe({ operation: { kind: "boundary", context, prebuilt: false, options: { targetUnits: 1, summaryMaxUnits: 1, retainRecentMessages: 1 } } });
    expect(o.outcome).toEqual({ kind: "returned", value: 1 });
    const nan = await driver.observe({ operation: { kind: "boundary", context, prebuilt: true, options: { targetUnits: 1, summaryMaxUnits: 1, retainRecentMessages: { $cc: "bigint", value: "1" } } } });
    expect(nan.outcome.kind === "threw" && nan.outcome.error.code).toBe("CONTEXT_INVALID_BUDGET");
  });

  it("the input is compared before and after: a subject that mutates it is seen", async () => {
    const subject = { ...makeFakeSubject(), groupToolRounds: (t: unknown[]) => { t.pop(); return []; } };
    const o = await createDriver(subject).observe({ operation: { kind: "groups", transcript: messages } });
    expect(o.input.unchanged).toBe(false);
    expect(o.input.after).toEqual((messages as unknown[]).slice(0, 2));
  });

  it("a missing export is a crash naming it", async () => {
    const o = await createDriver({}).observe({ operation: { kind: "groups", transcript: [] } });
    expect(o.outcome).toEqual({ kind: "crash", reason: "subject: the subject's export groupToolRounds is missing, expected a function" });
  });
});
