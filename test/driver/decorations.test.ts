import { describe, expect, it } from "vitest";
import { createDriver } from "../../src/driver/index";
import type { Decoration, Scenario } from "../../src/scenario/scenario";
import { makeFakeSubject } from "./fake-subject";
import { compactScenario, context } from "./scenarios";

const build = (decorations: Decoration[]): Scenario => ({ operation: { kind: "build", input: context }, decorations });
const careful = createDriver(makeFakeSubject());
const sloppy = createDriver(makeFakeSubject({ sloppyReads: true }));
const threwCode = (s: Awaited<ReturnType<typeof careful.observe>>) => (s.outcome.kind === "threw" ? s.outcome.error.code : s.outcome.kind);

describe("decorations", () => {
  it("getter: shows as an accessor in the input snapshot; counts only the subject's calls", async () => {
    const d: Decoration[] = [{ kind: "getter", target: "input", path: ["messages", 0, "role"] }];
    const c = await careful.observe(build(d));
    expect(threwCode(c)).toBe("CONTEXT_INVALID_TRANSCRIPT");
    expect(c.hostile).toEqual({});
    const s = await sloppy.observe(build(d));
    expect(s.outcome.kind).toBe("returned");
    expect(s.hostile).toEqual({ getter: 1 });
  });

  it("setterOnly: the key is present but reads as undefined", async () => {
    const s = await sloppy.observe(build([{ kind: "setterOnly", target: "input", path: ["messages", 1, "content"] }]));
    expect(s.outcome.kind === "returned" && (s.outcome.value as { messages: unknown[] }).messages[1]).toEqual({ id: "m2", role: "user" });
    expect(s.hostile).toEqual({});
  });

  it("hole: the careful subject rejects the sparse array", async () => {
    const c = await careful.observe(build([{ kind: "hole", target: "input", path: ["messages", 1] }]));
    expect(threwCode(c)).toBe("CONTEXT_INVALID_TRANSCRIPT");
  });

  it("prototype: class instances and Object.create are not plain; a null prototype is", async () => {
    for (const proto of ["class", "objectCreate"]) {
      expect(threwCode(await careful.observe(build([{ kind: "prototype", target: "input", path: ["requirements", 0], proto }])))).toBe("CONTEXT_INVALID_INPUT");
    }
    expect((await careful.observe(build([{ kind: "prototype", target: "input", path: ["requirements", 0], proto: "null" }]))).outcome.kind).toBe("returned");
  });

  it("proxy: every trap the subject triggers is counted, none of the driver's own reads", async () => {
    const c = await careful.observe(build([{ kind: "proxy", target: "input", path: ["messages"] }]));
    expect(c.outcome.kind).toBe("returned");
    expect(c.hostile.proxyTrap).toBeGreaterThan(0);
    expect(c.hostile["proxy.getOwnPropertyDescriptor"]).toBeGreaterThan(0);
    const total = Object.entries(c.hostile).filter(([k]) => k.startsWith("proxy.")).reduce((a, [, v]) => a + v, 0);
    expect(total).toBe(c.hostile.proxyTrap);
    // The same scenario against a subject that never reads the input: no trap counted.
    const idle = await createDriver({ ...makeFakeSubject(), buildActiveContext: () => Object.freeze({}) }).observe(build([{ kind: "proxy", target: "input", path: ["messages"] }]));
    expect(idle.hostile).toEqual({});
    expect(idle.input.unchanged).toBe(true);
  });

  it("proxy at the root with a throwing trap", async () => {
    const c = await careful.observe(build([{ kind: "proxy", target: "input", path: [], throwingTrap: "getOwnPropertyDescriptor" }]));
    expect(c.outcome.kind === "threw" && c.outcome.error.message).toBe("hostile proxy: getOwnPropertyDescriptor trap throws");
  });

  it("proxy with throwValue: the trap throws that value (materialized), not an Error", async () => {
    for (const [throwValue, typeOf] of [[42, "number"], [null, "object"], [{ $cc: "undefined" }, "undefined"]] as const) {
      const c = await careful.observe(build([{ kind: "proxy", target: "input", path: [], throwingTrap: "getOwnPropertyDescriptor", throwValue }]));
      expect(c.outcome.kind === "threw" && c.outcome.error.typeOf).toBe(typeOf);
      expect(c.outcome.kind === "threw" && c.outcome.error.isError).toBe(false);
    }
    const orphan = await careful.observe(build([{ kind: "proxy", target: "input", path: [], throwValue: 1 }]));
    expect(orphan.outcome.kind === "crash" && orphan.outcome.reason).toBe("driver: throwValue needs a throwingTrap");
  });

  it("options decorations apply after the summarizer is added", async () => {
    const s = compactScenario({});
    const o = await careful.observe({ ...s, decorations: [{ kind: "getter", target: "options", path: ["summarizer"] }] });
    expect(o.hostile).toEqual({ getter: 2 }); // the fake subject reads options.summarizer twice with [[Get]]
    expect(o.summarizerCalls).toHaveLength(1);
  });

  it("a counting function in the data counts its calls", async () => {
    const subject = { ...makeFakeSubject(), groupToolRounds: (t: { f: () => void }[]) => { t[0].f(); t[0].f(); return []; } };
    const o = await createDriver(subject).observe({ operation: { kind: "groups", transcript: [{ f: { $cc: "function" } }] } });
    expect(o.hostile).toEqual({ function: 2 });
  });

  it("a path that does not exist or an unknown kind is a driver crash", async () => {
    const missing = await careful.observe(build([{ kind: "getter", target: "input", path: ["nope", 3] }]));
    expect(missing.outcome.kind === "crash" && missing.outcome.reason).toMatch(/^driver: decoration path input.nope/);
    const unknown = await careful.observe(build([{ kind: "teleport", target: "input", path: [] }]));
    expect(unknown.outcome.kind === "crash" && unknown.outcome.reason).toBe("driver: unknown decoration kind teleport");
  });
});
