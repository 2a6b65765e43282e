import type { Json } from "./data";

/**
 * The model's answer for a scenario (src/model computes it, independently of src/core).
 * `returns.value` is the expected return value as data, in the driver's encoding.
 * `throws.codes` lists every code the contract allows (usually one; more when the contract
 * leaves the order of two independent checks open).
 */
export type Expected =
  | { readonly kind: "returns"; readonly value: Json; readonly summarizerCalls: number }
  | { readonly kind: "throws"; readonly codes: readonly string[]; readonly summarizerCalls: number };
