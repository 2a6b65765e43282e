// promiseLookupThrows: a native promise whose `constructor` or species lookup throws, so the
// first application of the intrinsic then throws (contract §7 step 5):
// - where "ownConstructor": an own configurable `constructor` getter that throws (counts
//   "constructor.getter"); not undoable: an own non-configurable but writable data
//   `constructor` naming a subclass whose species getter throws (a retry could even write
//   it, but the contract retries only through a configurable one);
// - where "inheritedSpecies": no own `constructor`, an instance of a subclass whose
//   Symbol.species getter throws (counts "species.getter").
// `undoable: true` (an own configurable getter; an extensible promise): the contract's one
// retry through a temporary own data `constructor` observes it, then restores it as it was;
// the value is the text, or CONTEXT_SUMMARIZER_FAILED when `settles` is "rejects" (and the
// rejection is handled). `undoable: false` (a non-configurable getter; a frozen promise): it
// is locked, CONTEXT_ASYNC_VALUE_UNOBSERVABLE (only "fulfils": no one observes a rejection).
// `sealed: true` (an own configurable getter only): the promise is made non-extensible after its
// getter is defined; the retry redefines an existing configurable property, so it still can be
// undone (the contract asks for a configurable own constructor, not an extensible promise).
// Just before it settles, the script checks the promise is as it made it and counts
// "constructor.notRestored" otherwise (the retry's temporary constructor left behind, or the
// caller's getter lost).
import type { Json } from "../../scenario/data";
import { PromiseCtor, defineProperty, getOwnPropertyDescriptor, isExtensible, objectFreeze, preventExtensions, queueMicrotaskIntrinsic } from "../intrinsics";
import { dressPromise } from "./promise-dress";
import { ScenarioError } from "../scenario-error";
import { speciesSubclass } from "./locked-promise";
import type { ScriptContext, ScriptKind } from "./registry";
import { ASYNC_COUNTER, bump } from "./thenables";

export const NOT_RESTORED = ASYNC_COUNTER.constructorNotRestored;

type Where = "ownConstructor" | "inheritedSpecies";

/** A promise of class `Ctor` settling in a later microtask, after `beforeSettling` ran. */
function settlingLater(Ctor: PromiseConstructor, ctx: ScriptContext, value: Json, rejects: boolean, beforeSettling: () => void): Promise<unknown> {
  return new Ctor((resolve, reject) => {
    queueMicrotaskIntrinsic(() => {
      beforeSettling();
      ctx.settling();
      if (rejects) reject(value);
      else resolve(value);
    });
  });
}

/** A frozen promise subclass whose Symbol.species getter throws (counts "species.getter"). */
function throwingSpeciesClass(ctx: ScriptContext): PromiseConstructor {
  return speciesSubclass(ctx, () => {
    throw new Error("species getter");
  });
}

function ownConstructor(ctx: ScriptContext, text: Json, undoable: boolean, rejects: boolean, sealed = false): Promise<unknown> {
  const getter = () => {
    bump(ctx, ASYNC_COUNTER.constructorGetter);
    throw new Error("constructor getter");
  };
  const locked = undoable ? null : throwingSpeciesClass(ctx);
  const promise = settlingLater(PromiseCtor, ctx, rejects ? "summarizer rejected" : text, rejects, () => {
    const own = getOwnPropertyDescriptor(promise, "constructor");
    const same = own !== undefined && (locked === null ? own.get === getter && own.configurable === true : own.value === locked && own.configurable === false);
    if (!same) bump(ctx, NOT_RESTORED);
  });
  if (locked === null) {
    defineProperty(promise, "constructor", { get: getter, enumerable: false, configurable: true });
    if (sealed) preventExtensions(promise);
  } else defineProperty(promise, "constructor", { value: locked, writable: true, enumerable: false, configurable: false });
  return promise;
}

function inheritedSpecies(ctx: ScriptContext, text: Json, undoable: boolean, rejects: boolean): Promise<unknown> {
  const promise = settlingLater(throwingSpeciesClass(ctx), ctx, rejects ? "summarizer rejected" : text, rejects, () => {
    if (getOwnPropertyDescriptor(promise, "constructor") !== undefined) bump(ctx, NOT_RESTORED);
  });
  return undoable ? promise : objectFreeze(promise);
}

/** A locked native promise (its lookup throws and cannot be undone) that fulfils with `text` later. */
export function lockedByThrowingLookup(ctx: ScriptContext, where: unknown, text: Json): Promise<unknown> {
  return where === "ownConstructor" ? ownConstructor(ctx, text, false, false) : inheritedSpecies(ctx, text, false, false);
}

export const promiseLookupThrowsScript: ScriptKind = {
  kind: "promiseLookupThrows",
  dress: "ownThen",
  validate(script) {
    if (script.where !== "ownConstructor" && script.where !== "inheritedSpecies") throw new ScenarioError("promiseLookupThrows needs `where` ownConstructor or inheritedSpecies");
    if (typeof script.undoable !== "boolean") throw new ScenarioError("promiseLookupThrows needs a boolean `undoable`");
    if (script.settles !== "fulfils" && script.settles !== "rejects") throw new ScenarioError("promiseLookupThrows needs `settles` fulfils or rejects");
    if (script.settles === "rejects" && script.undoable === false) throw new ScenarioError("promiseLookupThrows: a locked promise (undoable false) only fulfils, since no one observes its rejection");
    if (typeof script.text !== "string") throw new ScenarioError("promiseLookupThrows needs a string `text`");
    if (script.sealed !== undefined && (script.sealed !== true || script.where !== "ownConstructor" || script.undoable !== true)) throw new ScenarioError("promiseLookupThrows: `sealed` is true or absent, and only for an undoable own constructor");
  },
  invoke(script, ctx) {
    const rejects = script.settles === "rejects";
    const promise = (script.where as Where) === "ownConstructor" ? ownConstructor(ctx, script.text as Json, script.undoable as boolean, rejects, script.sealed === true) : inheritedSpecies(ctx, script.text as Json, script.undoable as boolean, rejects);
    // A frozen (locked) promise takes no dress; its own `then` would have to come first.
    if (isExtensible(promise)) dressPromise(promise, ctx);
    return promise;
  },
};
