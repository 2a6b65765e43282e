import fc from "fast-check";
import type { Json } from "../../src/scenario/data";
import type { SummarizerScript } from "../../src/scenario/scenario";

// Dresses for the native promises a summarizer script hands out (contract §7 step 5, issue 27):
// a shadowed `then` (own undefined, own non-callable, own lying function, inherited undefined)
// and an odd `constructor` (a data object that is not Promise, a primitive, a configurable
// getter that throws). None changes the contract's outcome; each one fools an implementation
// that awaits through Promise.resolve or reads `then` to tell a promise from a plain object.
// The driver applies them (src/driver/scripts/promise-dress.ts).

// "otherPrototype" (the prototype replaced by a plain class's) is drawn by one strength
// property's coin only (strength.promise-constructor-redefined), not by these arbitraries.
export type ThenDress = "undefined" | "nonCallable" | "lying" | "inheritedUndefined" | "otherPrototype";
export type ConstructorDress = "object" | "primitive" | "throwingAccessor";
export type PromiseDress = { then?: ThenDress; ctor?: ConstructorDress };

const THEN: readonly ThenDress[] = ["undefined", "nonCallable", "lying", "inheritedUndefined"];
const OWN_THEN: readonly ThenDress[] = ["undefined", "nonCallable", "lying"];
const CONSTRUCTOR: readonly ConstructorDress[] = ["object", "primitive", "throwingAccessor"];

/** A dress of either part or both, for scripts whose promises have no constructor story of their own. */
export const promiseDress: fc.Arbitrary<PromiseDress> = fc.oneof(
  fc.constantFrom(...THEN).map((then): PromiseDress => ({ then })),
  fc.constantFrom(...CONSTRUCTOR).map((ctor): PromiseDress => ({ ctor })),
  fc.tuple(fc.constantFrom(...THEN), fc.constantFrom(...CONSTRUCTOR)).map(([then, ctor]): PromiseDress => ({ then, ctor })),
);

/** An own `then` only, for scripts whose promises' constructor, prototype or species are their own. */
export const ownThenDress: fc.Arbitrary<PromiseDress> = fc.constantFrom(...OWN_THEN).map((then): PromiseDress => ({ then }));

/** No dress `none` times as often as a dress (twice by default), shrinking to none. */
export function maybeDress(dress: fc.Arbitrary<PromiseDress>, none = 2): fc.Arbitrary<PromiseDress | undefined> {
  return fc.oneof({ weight: none, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: dress });
}

/** `script` with its `dress` field (none when undefined). */
export function withDress(script: SummarizerScript, dress: PromiseDress | undefined): SummarizerScript {
  return dress === undefined ? script : ({ ...script, dress: dress as Json } as SummarizerScript);
}

/** "dress:then-<x>", "dress:ctor-<y>" labels of a script's dress, for coverage. */
export function dressLabels(script: SummarizerScript): string[] {
  const dress = (script as { dress?: PromiseDress }).dress;
  if (dress === undefined) return [];
  return [...(dress.then === undefined ? [] : [`dress:then-${dress.then}`]), ...(dress.ctor === undefined ? [] : [`dress:ctor-${dress.ctor}`])];
}
