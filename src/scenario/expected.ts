import type { Json } from "./data";
import type { Observation } from "./observation";

/**
 * The model's answer for a scenario (src/model computes it, independently of src/core).
 * `returns.value` is the expected return value as data, in the driver's encoding.
 * `throws.codes` lists every code the contract allows (usually one; more when several rules
 * break at once, contract §8). `also` lists further whole outcomes the contract accepts in a
 * §8 row where the choices differ in kind (built or rejected, a result or CANCELLED, with or
 * without a summarizer call); a property judges by `expectedFor(observation)` below.
 */
export type Expected =
  | { readonly kind: "returns"; readonly value: Json; readonly summarizerCalls: number; readonly also?: readonly Expected[] }
  | { readonly kind: "throws"; readonly codes: readonly string[]; readonly summarizerCalls: number; readonly also?: readonly Expected[] };

/** Every outcome `expected` accepts, flattened, the model's first choice first. */
export function acceptedOutcomes(expected: Expected): Expected[] {
  const out: Expected[] = [];
  const visit = (e: Expected): void => {
    const { also, ...plain } = e;
    out.push(plain as Expected);
    for (const alt of also ?? []) visit(alt);
  };
  visit(expected);
  return out;
}

/** `expected` with `alternatives` accepted too (none: `expected` itself). */
export function orElse(expected: Expected, ...alternatives: Expected[]): Expected {
  const all = [...acceptedOutcomes(expected), ...alternatives.flatMap(acceptedOutcomes)];
  const [first, ...rest] = all;
  return rest.length === 0 ? first! : { ...first!, also: rest };
}

/**
 * The one accepted outcome that a property should judge `observation` against: the outcome
 * of the observed kind (for a throw, one listing the observed code, then one with the
 * observed number of summarizer calls). When none matches, the first choice, with every
 * accepted code when it is a throw, so the failure message lists them all.
 */
export function expectedAs(expected: Expected, observation: Observation): Expected {
  const all = acceptedOutcomes(expected);
  if (all.length === 1) return all[0]!;
  const outcome = observation.outcome;
  const calls = observation.summarizerCalls.length;
  const ranked = (list: Expected[]) => list.find((e) => e.summarizerCalls === calls) ?? list[0];
  if (outcome.kind === "returned") {
    const match = ranked(all.filter((e) => e.kind === "returns"));
    if (match !== undefined) return match;
  } else if (outcome.kind === "threw") {
    const code = outcome.error.code;
    const match = ranked(all.filter((e) => e.kind === "throws" && e.codes.includes(code as string)));
    if (match !== undefined) return match;
  }
  const first = all[0]!;
  if (first.kind !== "throws") return first;
  const codes = new Set(all.flatMap((e) => (e.kind === "throws" ? e.codes : [])));
  return { ...first, codes: [...codes] };
}
