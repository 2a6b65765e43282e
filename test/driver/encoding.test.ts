import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { deepEqualData, equalAsContractData, frozenReport, toData } from "../../src/driver/index";
import { createHostileCounters } from "../../src/driver/hostile-counters";
import { materialize } from "../../src/driver/materialize";
import type { Json } from "../../src/scenario/data";

const special: fc.Arbitrary<Json> = fc.oneof(
  fc.constantFrom<Json>({ $cc: "-0" }, { $cc: "NaN" }, { $cc: "Infinity" }, { $cc: "-Infinity" }, { $cc: "undefined" }, { $cc: "function" }),
  fc.bigInt().map((b): Json => ({ $cc: "bigint", value: String(b) })),
  fc.string().map((description): Json => ({ $cc: "symbol", description })),
);
const key = fc.string().map((k) => (k === "$cc" ? "$cc-not-a-tag" : k));
const { data } = fc.letrec<{ data: Json }>((tie) => ({
  data: fc.oneof(
    { depthSize: "small" },
    fc.oneof(fc.constant(null), fc.boolean(), fc.string(), fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }).map((d) => (Object.is(d, -0) ? 0 : d))),
    special,
    fc.array(tie("data"), { maxLength: 4 }),
    fc.dictionary(key, tie("data"), { maxKeys: 4 }),
  ),
}));

describe("toData", () => {
  it("round-trips scenario data through live values (every Special tag included)", () => {
    fc.assert(
      fc.property(data, (d) => {
        const live = materialize(d, createHostileCounters());
        expect(deepEqualData(toData(live), d)).toBe(true);
      }),
    );
  });

  it("keeps JSON as is and encodes the non-JSON numbers", () => {
    expect(toData({ a: [1, "x", null, true], b: { c: 0.5 } })).toEqual({ a: [1, "x", null, true], b: { c: 0.5 } });
    expect(toData([-0, NaN, Infinity, -Infinity, undefined])).toEqual([{ $cc: "-0" }, { $cc: "NaN" }, { $cc: "Infinity" }, { $cc: "-Infinity" }, { $cc: "undefined" }]);
    expect(toData(12n)).toEqual({ $cc: "bigint", value: "12" });
    expect(toData(Symbol("s"))).toEqual({ $cc: "symbol", description: "s" });
    expect(toData(() => 1)).toEqual({ $cc: "function" });
  });

  it("writes holes, accessors (never calling them) and cycles as tags", () => {
    let calls = 0;
    const o: Record<string, unknown> = { list: [1, , 3] };
    Object.defineProperty(o, "g", { get: () => ++calls, enumerable: true });
    Object.defineProperty(o, "hidden", { value: 1, enumerable: false });
    o[Symbol("k") as unknown as string] = 1;
    o.self = o;
    expect(toData(o)).toEqual({ list: [1, { $cc: "hole" }, 3], g: { $cc: "accessor" }, self: { $cc: "cycle" } });
    expect(calls).toBe(0);
  });

  it("keeps a __proto__ key as own data on both sides", () => {
    const d = JSON.parse('{"__proto__": {"x": 1}}') as Json;
    const live = materialize(d, createHostileCounters()) as object;
    expect(Object.getPrototypeOf(live)).toBe(Object.prototype);
    expect(deepEqualData(toData(live), d)).toBe(true);
  });

  it("encodes unreadable values as opaque instead of throwing", () => {
    const thrower = new Proxy({}, { ownKeys: () => { throw new Error("no"); }, getPrototypeOf: () => { throw new Error("no"); } });
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    expect(toData(thrower)).toEqual({ $cc: "opaque", type: "unreadable" });
    expect(toData(proxy)).toEqual({ $cc: "opaque", type: "revoked-proxy" });
    expect(toData({ inner: [proxy] })).toEqual({ inner: [{ $cc: "opaque", type: "revoked-proxy" }] });
  });
});

describe("deepEqualData", () => {
  it("ignores key order and nothing else", () => {
    fc.assert(
      fc.property(data, (d) => {
        const reversed = JSON.parse(JSON.stringify(d, (_k, v: unknown) => (v && typeof v === "object" && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).reverse()) : v))) as Json;
        expect(deepEqualData(d, reversed)).toBe(true);
      }),
    );
    expect(deepEqualData({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(true);
    expect(deepEqualData({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(deepEqualData([1, 2], [2, 1])).toBe(false);
    expect(deepEqualData([], {})).toBe(false);
    expect(deepEqualData({ a: null }, { b: null })).toBe(false);
    expect(deepEqualData(1, "1")).toBe(false);
  });
});

describe("frozenReport", () => {
  it("is null for primitives and names the shortest path to the first unfrozen object", () => {
    expect(frozenReport(3)).toBeNull();
    const inner = { content: {} };
    const value = Object.freeze({ context: Object.freeze({ messages: Object.freeze([Object.freeze({}), Object.freeze({}), inner]) }) });
    expect(frozenReport(value)).toEqual({ deep: false, firstUnfrozen: "context.messages[2]" });
    Object.freeze(inner);
    expect(frozenReport(value)).toEqual({ deep: false, firstUnfrozen: "context.messages[2].content" });
    Object.freeze(inner.content);
    expect(frozenReport(value)).toEqual({ deep: true, firstUnfrozen: null });
    expect(frozenReport({})).toEqual({ deep: false, firstUnfrozen: "(root)" });
  });
});

describe("equalAsContractData", () => {
  it("is deepEqualData except that -0 and 0 are one number (contract §2's JSON has no -0)", () => {
    const negative = toData({ n: [-0], m: -0 });
    const positive = toData({ m: 0, n: [0] });
    expect(deepEqualData(negative, positive)).toBe(false);
    expect(equalAsContractData(negative, positive)).toBe(true);
    expect(equalAsContractData(positive, negative)).toBe(true);
    expect(equalAsContractData({ n: -1 }, { n: 1 })).toBe(false);
    expect(equalAsContractData({ $cc: "NaN" }, 0)).toBe(false);
    expect(equalAsContractData({ $cc: "-0", x: 1 }, 0)).toBe(false);
    expect(equalAsContractData({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(true);
  });
});
