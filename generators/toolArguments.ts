import fc from "fast-check";
import type { Json } from "../src/scenario/data";
import { jsonObject, jsonScalar, jsonValue, nestedChain } from "./_internals/json";

export type ToolArgumentsConstraints = {
  /** Container nesting of ordinary values (default 3). */
  maxNesting?: number;
  /** Keys of the arguments object (default 6; the "many keys" variant goes to 60). */
  maxKeys?: number;
  /** Share (0..1) of arguments holding a chain that reaches depth 16..32 (default 0.2). */
  deepShare?: number;
};

/** Valid tool-call arguments: every JSON kind, many keys, varied key order, nesting up to depth 32. */
export function toolArguments(constraints: ToolArgumentsConstraints = {}): fc.Arbitrary<{ [key: string]: Json }> {
  const maxKeys = constraints.maxKeys ?? 6;
  const deepWeight = Math.round((constraints.deepShare ?? 0.2) * 100);
  const ordinary = jsonObject(jsonValue(constraints.maxNesting ?? 3, 4), maxKeys);
  const manyKeysAtLeast10 = fc.tuple(jsonObject(jsonScalar, 40), fc.array(jsonScalar, { minLength: 10, maxLength: 20 })).map(([o, extra]) => {
    const out: { [key: string]: Json } = { ...o };
    extra.forEach((v, i) => Object.defineProperty(out, `key${i}`, { value: v, enumerable: true, writable: true, configurable: true }));
    return out;
  });
  // 15..31 wrappers: the leaf lands at depth 16..32; exactly at the limit half of the time.
  const wrappers = fc.oneof(fc.array(fc.boolean(), { minLength: 31, maxLength: 31 }), fc.array(fc.boolean(), { minLength: 15, maxLength: 30 }));
  const deep = fc
    .tuple(wrappers, jsonScalar)
    .map(([wrappers, leaf]) => ({ deep: nestedChain(wrappers, leaf) }));
  // Many keys, or a deep chain, cross-shrink to ordinary arguments where they are not the point.
  const shallow = fc.oneof({ withCrossShrink: true }, { weight: 4, arbitrary: ordinary }, { weight: 1, arbitrary: manyKeysAtLeast10 });
  if (deepWeight <= 0) return shallow;
  if (deepWeight >= 100) return deep;
  return fc.oneof({ withCrossShrink: true }, { weight: 100 - deepWeight, arbitrary: shallow }, { weight: deepWeight, arbitrary: deep });
}
