// The witnesses' view of a value (test/heldout/_witness/observe.ts) holds against a hostile value
// an implementation hands back (session 28's writer saw the checker crash on a throwing Proxy).
import { describe, expect, it } from "vitest";
import { sync, view } from "./_witness/observe";

describe("view of a value handed back", () => {
  it("names plain data as JSON", () => {
    expect(view({ a: [1, -0, undefined], f: () => 1 })).toEqual({ a: [1, "<-0>", "<undefined>"], f: "<function>" });
  });

  it("names a Proxy whose trap throws as unreadable, and so a getter that throws, inside a result", () => {
    const trap = new Proxy({}, { ownKeys: () => { throw new TypeError("trap"); } });
    const getter = Object.defineProperty({}, "x", { enumerable: true, get: () => { throw new RangeError("getter"); } });
    expect(view(trap)).toBe("<unreadable: TypeError>");
    expect(view({ inner: getter })).toEqual({ inner: "<unreadable: RangeError>" });
    expect(sync(() => ({ context: trap }))).toEqual({ value: { context: "<unreadable: TypeError>" } });
  });
});
