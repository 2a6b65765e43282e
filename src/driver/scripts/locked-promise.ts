// lockedPromise: a native promise resolving with `text` whose `constructor` or species is
// locked (frozen, non-configurable) so the intrinsic then would run caller code: contract
// §7 step 5 answers CONTEXT_ASYNC_VALUE_UNOBSERVABLE, before any of it is read.
// - ownAccessor: an own `constructor` accessor (counts "constructor.getter").
// - ownSubclass: an own non-configurable `constructor` data property naming a promise
//   subclass whose constructor counts "subclass.constructed" (then would construct it).
// - subclassSpecies: an instance of a subclass whose Symbol.species accessor counts
//   "species.getter".
import type { Json } from "../../scenario/data";
import { PromiseCtor, defineProperty, objectFreeze, queueMicrotaskIntrinsic } from "../intrinsics";
import { ScenarioError } from "../scenario-error";
import { resolveLater } from "./deliver";
import { dressPromise } from "./promise-dress";
import type { ScriptContext, ScriptKind } from "./registry";
import { ASYNC_COUNTER, bump } from "./thenables";

const LOCKS = ["ownAccessor", "ownSubclass", "subclassSpecies"];
const SPECIES: symbol = Symbol.species;

function ownAccessor(ctx: ScriptContext, text: Json): Promise<unknown> {
  const promise = resolveLater(text, ctx);
  defineProperty(promise, "constructor", {
    configurable: false,
    enumerable: false,
    get() {
      bump(ctx, ASYNC_COUNTER.constructorGetter);
      return PromiseCtor;
    },
  });
  return objectFreeze(promise);
}

function ownSubclass(ctx: ScriptContext, text: Json): Promise<unknown> {
  class CountingPromise<T> extends PromiseCtor<T> {
    constructor(executor: (resolve: (v: T) => void, reject: (e: unknown) => void) => void) {
      bump(ctx, ASYNC_COUNTER.subclassConstructed);
      super(executor);
    }
  }
  objectFreeze(CountingPromise.prototype);
  objectFreeze(CountingPromise);
  const promise = resolveLater(text, ctx);
  defineProperty(promise, "constructor", { value: CountingPromise, writable: false, enumerable: false, configurable: false });
  return objectFreeze(promise);
}

/**
 * A frozen promise subclass whose Symbol.species getter counts "species.getter" and answers
 * `species(theClass)` (the class itself, or a throw: ./promise-lookup-throws).
 */
export function speciesSubclass(ctx: ScriptContext, species: (theClass: PromiseConstructor) => unknown): PromiseConstructor {
  class SpeciesPromise<T> extends PromiseCtor<T> {}
  defineProperty(SpeciesPromise, SPECIES, {
    configurable: false,
    enumerable: false,
    get() {
      bump(ctx, ASYNC_COUNTER.speciesGetter);
      return species(SpeciesPromise as PromiseConstructor);
    },
  });
  objectFreeze(SpeciesPromise.prototype);
  objectFreeze(SpeciesPromise);
  return SpeciesPromise as PromiseConstructor;
}

function subclassSpecies(ctx: ScriptContext, text: Json): Promise<unknown> {
  const SpeciesPromise = speciesSubclass(ctx, (theClass) => theClass);
  const promise = new SpeciesPromise<unknown>((resolve) => {
    queueMicrotaskIntrinsic(() => {
      ctx.settling();
      resolve(text);
    });
  });
  dressPromise(promise, ctx);
  return objectFreeze(promise);
}

export const lockedPromiseScript: ScriptKind = {
  kind: "lockedPromise",
  dress: "ownThen",
  validate(script) {
    if (script.lock !== LOCKS[0] && script.lock !== LOCKS[1] && script.lock !== LOCKS[2]) throw new ScenarioError(`lockedPromise needs \`lock\` ownAccessor, ownSubclass or subclassSpecies`);
    if (typeof script.text !== "string") throw new ScenarioError("lockedPromise needs a string `text`");
  },
  invoke(script, ctx) {
    const text = script.text as Json;
    if (script.lock === "ownAccessor") return ownAccessor(ctx, text);
    return script.lock === "ownSubclass" ? ownSubclass(ctx, text) : subclassSpecies(ctx, text);
  },
};
