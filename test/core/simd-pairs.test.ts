// The SIMD pair count of long strings (src/core/simd-pairs.ts) against the definition: a pair
// is a high surrogate followed by a low one. Strings are written one after the other into the
// same memory, so a count that read past its string's end would see the units of a longer
// string written before it. And without WebAssembly (node --jitless) the core counts with its
// own loop: the same counts.
import { test } from "@fast-check/vitest";
import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { SIMD_UNITS, simdPairs } from "../../src/core/simd-pairs";
import { codePoints } from "../../src/core/units";

/** Pairs by the definition, one unit at a time. */
function pairsByDefinition(s: string): number {
  let pairs = 0;
  for (let i = 0; i + 1 < s.length; i++) {
    const unit = s.charCodeAt(i);
    const next = s.charCodeAt(i + 1);
    if (unit >= 0xd800 && unit < 0xdc00 && next >= 0xdc00 && next < 0xe000) pairs++;
  }
  return pairs;
}

// Units that matter: both kinds of surrogate at their edges, astral pairs, BMP and ASCII.
const pieces = ["a", "é", "日", "\uD800", "\uDBFF", "\uDC00", "\uDFFF", "\uD83D", "\uDE00", "😀", "𝒳"];
const text = (maxLength: number) =>
  fc.array(fc.constantFrom(...pieces), { maxLength }).map((parts) => parts.join(""));

describe("simdPairs", () => {
  it("is available on this Node, so the tests below exercise it", () => {
    expect(simdPairs).toBeTypeOf("function");
  });

  test.prop([fc.array(text(120), { minLength: 1, maxLength: 12 })])("counts the pairs of each string of a sequence", (strings) => {
    for (const s of strings) expect(simdPairs!(s, s.length)).toBe(pairsByDefinition(s));
  });

  it.each([1, 7, 8, 9, 15, 16, 17, 64, 65])("counts a string of %i units written after a longer one of high surrogates then lows", (length) => {
    simdPairs!("\uD800\uDC00".repeat(100), 200);
    // The units past the end of this string were pairs in the string before.
    const s = "x".repeat(length - 1) + "\uD800";
    expect(simdPairs!(s, length)).toBe(0);
  });

  it("counts a string of the largest length it takes", () => {
    const s = "😀".repeat(SIMD_UNITS / 4) + "a\uDC00".repeat(SIMD_UNITS / 4 - 1) + "\uDBFF\uDFFF";
    expect(s.length).toBe(SIMD_UNITS);
    expect(simdPairs!(s, s.length)).toBe(pairsByDefinition(s));
  });
});

describe("codePoints without WebAssembly", () => {
  it("gives the same counts with its own loop", async () => {
    vi.resetModules();
    vi.stubGlobal("WebAssembly", undefined);
    try {
      const simd = await import("../../src/core/simd-pairs");
      const units = await import("../../src/core/units");
      expect(simd.simdPairs).toBeUndefined();
      const astral = "😀a𝒳 日\uDC00\uD83D".repeat(200);
      for (const s of [astral, astral.slice(1), "x".repeat(300) + astral, "😀".repeat(40_000)]) {
        expect(units.codePoints(s)).toBe(codePoints(s));
        expect(units.codePoints(s)).toBe(s.length - pairsByDefinition(s));
      }
    } finally {
      vi.unstubAllGlobals();
      vi.resetModules();
    }
  });
});
