import fc from "fast-check";
import type { Json } from "../../src/scenario/data";
import { shortText, stringOfKind } from "./strings";

// JSON values for tool arguments. -0 is written as its tag so the scenario stays faithful
// once printed as JSON (a bare -0 would come back as 0).

const NEGATIVE_ZERO: Json = { $cc: "-0" };

/** Numbers whose String() form has very different lengths: 1e21, 0.1, -1.5e-7, 5e-324, -0 … */
export const jsonNumber: fc.Arbitrary<Json> = fc.oneof(
  { withCrossShrink: true },
  fc.integer(),
  fc.constantFrom<Json>(1e21, 0.1, -1.5e-7, 5e-324, Number.MAX_SAFE_INTEGER, 1e300, -0.000001, 123456789012345680000, NEGATIVE_ZERO),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((d): Json => (Object.is(d, -0) ? NEGATIVE_ZERO : d)),
);

/** Keys never collide with the `$cc` tag nor with `__proto__` (driver and JSON disagree on it). */
export const jsonKey: fc.Arbitrary<string> = fc
  .oneof({ withCrossShrink: true }, { weight: 3, arbitrary: fc.string({ maxLength: 6 }) }, { weight: 1, arbitrary: shortText })
  .map((k) => (k === "$cc" || k === "__proto__" ? `${k}_` : k));

// Each shrinks toward its first arm: a number toward an integer, a scalar toward null, a container toward a scalar.
export const jsonScalar: fc.Arbitrary<Json> = fc.oneof(
  { withCrossShrink: true },
  fc.constant(null),
  fc.boolean(),
  jsonNumber,
  fc.oneof({ withCrossShrink: true }, { weight: 4, arbitrary: shortText }, { weight: 1, arbitrary: stringOfKind("long", 0) }),
);

const byDepth = new Map<number, fc.Arbitrary<Json>>();

/** A JSON value whose containers nest at most `levels` deep. */
export function jsonValue(levels: number, maxKeys: number): fc.Arbitrary<Json> {
  const key = levels * 1000 + maxKeys;
  const cached = byDepth.get(key);
  if (cached !== undefined) return cached;
  const arb: fc.Arbitrary<Json> =
    levels <= 0
      ? jsonScalar
      : fc.oneof(
          { withCrossShrink: true },
          { weight: 3, arbitrary: jsonScalar },
          { weight: 1, arbitrary: fc.array(jsonValue(levels - 1, maxKeys), { maxLength: 4 }) },
          { weight: 1, arbitrary: jsonObject(jsonValue(levels - 1, maxKeys), maxKeys) },
        );
  byDepth.set(key, arb);
  return arb;
}

/** An object with unique keys in generated (hence varied) order. */
export function jsonObject(values: fc.Arbitrary<Json>, maxKeys: number): fc.Arbitrary<{ [key: string]: Json }> {
  return fc
    .uniqueArray(fc.tuple(jsonKey, values), { maxLength: maxKeys, selector: ([k]) => k })
    .map((entries) => Object.fromEntries(entries));
}

/**
 * A chain of `wrappers` containers around a leaf: inside an arguments object (depth 0) the
 * leaf sits at depth `wrappers + 1`.
 */
export function nestedChain(wrappers: readonly boolean[], leaf: Json): Json {
  let value = leaf;
  for (const asArray of wrappers) value = asArray ? [value] : { k: value };
  return value;
}

/** Depth of the deepest value, the arguments object being depth 0. */
export function argumentsDepth(value: Json, depth = 0): number {
  if (value === null || typeof value !== "object") return depth;
  const items = Array.isArray(value) ? value : "$cc" in value ? [] : Object.values(value);
  return items.reduce<number>((max, item) => Math.max(max, argumentsDepth(item, depth + 1)), depth);
}

/** Classes a tool-arguments object reaches, read from the value. */
export function argumentsClasses(args: { [key: string]: Json }): string[] {
  const labels = new Set<string>();
  const keys = Object.keys(args);
  if (keys.length === 0) labels.add("args:empty");
  if (keys.length >= 10) labels.add("args:many-keys");
  const depth = argumentsDepth(args);
  if (depth >= 16) labels.add("args:deep");
  if (depth === 32) labels.add("args:depth-limit");
  if (depth >= 2 && depth < 16) labels.add("args:nested");
  const visit = (v: Json): void => {
    if (typeof v === "number") {
      if (/e/.test(String(v))) labels.add("number:exponent-form");
      else if (!Number.isInteger(v)) labels.add("number:fraction");
      else labels.add("number:integer");
    } else if (typeof v === "string") labels.add("value:string");
    else if (typeof v === "boolean") labels.add("value:boolean");
    else if (v === null) labels.add("value:null");
    else if (Array.isArray(v)) v.forEach(visit);
    else if ("$cc" in v) labels.add("number:negative-zero");
    else Object.values(v).forEach(visit);
  };
  Object.values(args).forEach(visit);
  return [...labels];
}
