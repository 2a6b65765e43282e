import fc from "fast-check";

// Building blocks for contract strings. Each kind stresses a different way of counting
// "length": UTF-16 units, code points, graphemes, trimming.

export type StringKind = "empty" | "whitespace" | "ascii" | "astral" | "loneSurrogate" | "combining" | "long";

export const STRING_KINDS: readonly StringKind[] = ["empty", "whitespace", "ascii", "astral", "loneSurrogate", "combining", "long"];

/** Characters String.prototype.trim removes, beyond the ASCII space. */
const WHITESPACE = [" ", "\t", "\n", "\r", "\v", "\f", "\u00a0", "\u2003", "\u3000", "\ufeff", "\u2028"];

const ascii = (maxLength: number) => fc.string({ maxLength });
const whitespace = fc.array(fc.constantFrom(...WHITESPACE), { minLength: 1, maxLength: 6 }).map((a) => a.join(""));
const astralChar = fc.integer({ min: 0x1f300, max: 0x1faff }).map((cp) => String.fromCodePoint(cp));
const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((u) => String.fromCharCode(u));
const combiningMarks = fc.array(fc.integer({ min: 0x300, max: 0x36f }), { minLength: 1, maxLength: 3 }).map((a) => String.fromCharCode(...a));

export function stringOfKind(kind: StringKind, maxLength: number): fc.Arbitrary<string> {
  switch (kind) {
    case "empty":
      return fc.constant("");
    case "whitespace":
      return whitespace;
    case "ascii":
      return ascii(maxLength);
    case "astral":
      return fc.tuple(ascii(3), fc.array(astralChar, { minLength: 1, maxLength: 4 }), ascii(3)).map(([a, e, b]) => a + e.join("") + b);
    case "loneSurrogate":
      // "a" after the surrogate keeps a high surrogate from pairing with what follows.
      return fc.tuple(ascii(3), loneSurrogate).map(([a, s]) => `${a}${s}a`);
    case "combining":
      return fc.tuple(fc.constantFrom("e", "a", "o", "n"), combiningMarks, ascii(3)).map(([b, m, t]) => b + m + t);
    case "long":
      return fc.tuple(fc.string({ minLength: 1, maxLength: 6 }), fc.integer({ min: 50, max: 400 })).map(([s, k]) => s.repeat(k));
  }
}

/** A string with at least one non-whitespace character, by construction. */
export function nonBlank(arb: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return arb.map((s) => (s.trim().length > 0 ? s : `${s}x`));
}

/** Short strings for ids, names and keys, mostly ASCII, sometimes any kind. */
export const shortText: fc.Arbitrary<string> = fc.oneof(
  { withCrossShrink: true },
  { weight: 6, arbitrary: ascii(4) },
  { weight: 1, arbitrary: stringOfKind("astral", 4) },
  { weight: 1, arbitrary: stringOfKind("loneSurrogate", 4) },
  { weight: 1, arbitrary: stringOfKind("combining", 4) },
  { weight: 1, arbitrary: stringOfKind("whitespace", 4) },
);

/** Labels of the classes a string reaches (read from the string itself). */
export function stringClasses(s: string): string[] {
  const labels: string[] = [];
  if (s.length === 0) labels.push("string:empty");
  else if (s.trim().length === 0) labels.push("string:whitespace");
  if (/[\u{10000}-\u{10ffff}]/u.test(s)) labels.push("string:astral");
  if (/\p{Surrogate}/u.test(s)) labels.push("string:lone-surrogate");
  if (/\p{M}/u.test(s)) labels.push("string:combining");
  if (s.length >= 200) labels.push("string:long");
  if (s.length > 0 && /^[\x20-\x7e]*$/.test(s)) labels.push("string:ascii");
  return labels;
}
