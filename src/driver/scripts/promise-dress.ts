// A native promise dressed the way a caller may dress one (contract §7 step 5, issue 27): its
// `then` shadowed (an own `then` that is undefined, not callable or a lying function; an
// inherited `then` that is undefined; no `then` found at all, its prototype replaced by a plain
// class's, so it is no instanceof Promise either) and its `constructor` an own data object that is not
// Promise, a primitive, or a configurable getter that throws. No dress changes the outcome: a
// native promise is observed through the intrinsic then, whatever its own or inherited `then`
// says (which is never called), and a constructor lookup that throws gets the one retry
// through a temporary own constructor, after which the promise is restored as it was.
//
// Counters: "promise.ownThen", each call of a dress's lying then (it delivers a plain object
// instead of the promise's value); "constructor.getter", each read of the throwing getter;
// "constructor.notRestored", when the promise settles with its constructor not as the dress
// left it (the retry's temporary constructor left behind, or the dress lost).
import type { Json } from "../../scenario/data";
import { ScenarioError } from "../scenario-error";
import { ErrorCtor, PromiseCtor, apply, defineProperty, getOwnPropertyDescriptor, objectCreate, objectFreeze, setPrototypeOf } from "../intrinsics";
import type { ScriptContext } from "./registry";
import { ASYNC_COUNTER, bump } from "./thenables";

export type ThenDress = "undefined" | "nonCallable" | "lying" | "inheritedUndefined" | "otherPrototype";
export type ConstructorDress = "object" | "primitive" | "throwingAccessor";
export interface PromiseDress {
  readonly then?: ThenDress;
  readonly ctor?: ConstructorDress;
}

/**
 * Which parts of a dress a script kind accepts: "ownThen" (an own `then` only) for kinds whose
 * promises have a constructor, prototype or species story of their own.
 */
export type DressParts = "both" | "ownThen";

export const OWN_THEN_CALLS = "promise.ownThen";
const THEN_DRESSES: readonly string[] = ["undefined", "nonCallable", "lying", "inheritedUndefined", "otherPrototype"];
const CONSTRUCTOR_DRESSES: readonly string[] = ["object", "primitive", "throwingAccessor"];

/** The script's `dress` field, checked against what its kind accepts (undefined when it has none). */
export function dressOf(script: { readonly [field: string]: unknown }, parts: DressParts | undefined): PromiseDress | undefined {
  const dress = script.dress;
  if (dress === undefined) return undefined;
  if (typeof dress !== "object" || dress === null) throw new ScenarioError("a script's `dress` is an object { then?, ctor? }");
  const { then, ctor } = dress as { then?: unknown; ctor?: unknown };
  if (parts === undefined) throw new ScenarioError(`script kind ${String(script.kind)} hands out no native promise to dress`);
  if (then !== undefined && !THEN_DRESSES.includes(then as string)) throw new ScenarioError(`dress.then must be one of ${THEN_DRESSES.join(", ")}`);
  if (ctor !== undefined && !CONSTRUCTOR_DRESSES.includes(ctor as string)) throw new ScenarioError(`dress.ctor must be one of ${CONSTRUCTOR_DRESSES.join(", ")}`);
  if (parts === "ownThen" && (ctor !== undefined || then === "inheritedUndefined" || then === "otherPrototype")) {
    throw new ScenarioError(`script kind ${String(script.kind)} accepts only an own dress.then (its promise's constructor and prototype are its own)`);
  }
  if (then === undefined && ctor === undefined) throw new ScenarioError("a dress needs `then` or `ctor`");
  return objectFreeze({ ...(then === undefined ? {} : { then: then as ThenDress }), ...(ctor === undefined ? {} : { ctor: ctor as ConstructorDress }) });
}

const LIE: Json = objectFreeze({ lie: "the native promise's own then was called" });

function dressThen(promise: Promise<unknown>, dress: ThenDress, ctx: ScriptContext): void {
  if (dress === "inheritedUndefined") {
    // Another prototype, inheriting from Promise.prototype, whose `then` is undefined.
    setPrototypeOf(promise, objectCreate(PromiseCtor.prototype, { then: { value: undefined, writable: true, enumerable: false, configurable: true } }));
    return;
  }
  if (dress === "otherPrototype") {
    // The prototype of a plain class, not inheriting from Promise.prototype: no then is found,
    // instanceof Promise is false, and the constructor a lookup finds runs no code (held-out b3).
    class Receipt {}
    setPrototypeOf(promise, Receipt.prototype);
    return;
  }
  const lying = function then(onFulfilled: unknown): void {
    bump(ctx, OWN_THEN_CALLS);
    if (typeof onFulfilled === "function") apply(onFulfilled, undefined, [LIE]);
  };
  const value = dress === "undefined" ? undefined : dress === "nonCallable" ? 42 : lying;
  defineProperty(promise, "then", { value, writable: true, enumerable: false, configurable: true });
}

/** Returns the check to run just before the promise settles. */
function dressConstructor(promise: Promise<unknown>, dress: ConstructorDress, ctx: ScriptContext): () => void {
  if (dress === "throwingAccessor") {
    const getter = (): never => {
      bump(ctx, ASYNC_COUNTER.constructorGetter);
      throw new ErrorCtor("the promise's constructor getter throws");
    };
    defineProperty(promise, "constructor", { get: getter, enumerable: false, configurable: true });
    return () => {
      const own = getOwnPropertyDescriptor(promise, "constructor");
      if (own === undefined || own.get !== getter) bump(ctx, ASYNC_COUNTER.constructorNotRestored);
    };
  }
  const value = dress === "object" ? objectFreeze({}) : 42;
  defineProperty(promise, "constructor", { value, writable: true, enumerable: false, configurable: true });
  return () => {
    const own = getOwnPropertyDescriptor(promise, "constructor");
    if (own === undefined || own.value !== value) bump(ctx, ASYNC_COUNTER.constructorNotRestored);
  };
}

const NOTHING = (): void => {};

/**
 * Dresses `promise` as `ctx.dress` says (nothing when the driver adopts the value itself, the
 * subject never sees it) and returns the check to call just before it settles.
 */
export function dressPromise(promise: Promise<unknown>, ctx: ScriptContext): () => void {
  const dress = ctx.dress;
  if (dress === undefined || ctx.driverAdopts === true) return NOTHING;
  if (dress.then !== undefined) dressThen(promise, dress.then, ctx);
  return dress.ctor === undefined ? NOTHING : dressConstructor(promise, dress.ctor, ctx);
}
