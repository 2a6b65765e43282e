import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { NotData, OVER_CAP, serializeData } from "../../src/grader/sandbox/child/serialize";

// The child's own serialiser (replies cannot be hooked through an inherited toJSON): the same
// text as JSON.stringify for data, whatever Object.prototype holds, and nothing past the cap.

describe("the child's reply serialiser", () => {
  it("writes what JSON.stringify writes, for any JSON value (undefined members left out as JSON does)", () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.option(fc.constant(undefined)), (value, extra) => {
        const data = value !== null && typeof value === "object" && !Array.isArray(value) ? { ...value, gone: extra ?? undefined } : value;
        expect(serializeData(data, 1 << 20)).toBe(JSON.stringify(data));
      }),
    );
  });

  it("ignores a toJSON planted on Object.prototype or Array.prototype (JSON.stringify calls it)", () => {
    const data = { type: "observation", observation: { outcome: { kind: "returned", value: [1, "x", { a: null }] } } };
    const plant = (proto: object) => Object.defineProperty(proto, "toJSON", { configurable: true, value: () => "forged" });
    plant(Object.prototype);
    plant(Array.prototype);
    try {
      expect(JSON.stringify(data)).toBe('"forged"');
      expect(serializeData(data, 1 << 20)).toBe('{"type":"observation","observation":{"outcome":{"kind":"returned","value":[1,"x",{"a":null}]}}}');
    } finally {
      delete (Object.prototype as { toJSON?: unknown }).toJSON;
      delete (Array.prototype as { toJSON?: unknown }).toJSON;
    }
  });

  it("refuses what is not plain data: a getter, a proxy, a class instance", () => {
    expect(() => serializeData({ get a() { return 1; } }, 100)).toThrow(NotData);
    expect(() => serializeData({ a: new Proxy({}, {}) }, 100)).toThrow(NotData);
    expect(() => serializeData([new Date(0)], 100)).toThrow(NotData);
  });

  it("stops at the cap, before copying a string that cannot fit", () => {
    expect(serializeData({ a: "x".repeat(50) }, 40)).toBe(OVER_CAP);
    expect(serializeData([1, 2, 3], 7)).toBe("[1,2,3]");
    expect(serializeData([1, 2, 3], 6)).toBe(OVER_CAP);
  });
});
