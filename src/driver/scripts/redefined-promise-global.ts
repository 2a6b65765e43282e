// redefinedPromiseGlobal: a native promise resolving with `text`, returned while the realm's
// Promise.prototype.constructor or Promise[Symbol.species] is not the original one, so the
// intrinsic then would consult something the caller changed. Contract §7 step 5 (and
// §8, docs/contract.md): CONTEXT_ASYNC_VALUE_UNOBSERVABLE, decided from
// descriptors before anything is read. `change`:
// - constructorDeleted: Promise.prototype has no own `constructor` (a lookup finds Object).
// - constructorSubclass: it names a promise subclass that counts "subclass.constructed".
// - speciesDeleted: Promise has no own Symbol.species (a lookup finds nothing).
// - speciesReplaced: a new accessor (counts "species.getter") that returns `this`, as the
//   original does.
// The change is undone as soon as the subject's compactContext call returns (or throws), see
// ../realm-patches.ts; every variant still lets the intrinsic then work, so a subject that
// ignores the change ends with the text (a wrong success), not a crash.
import type { Json } from "../../scenario/data";
import { PromiseCtor, StringCtor, defineProperty, deleteProperty, getOwnPropertyDescriptor } from "../intrinsics";
import { undoAfterCall } from "../realm-patches";
import { ScenarioError } from "../scenario-error";
import { resolveLater } from "./deliver";
import type { ScriptContext, ScriptKind } from "./registry";
import { ASYNC_COUNTER, bump } from "./thenables";

const CHANGES = ["constructorDeleted", "constructorSubclass", "speciesDeleted", "speciesReplaced"];
const SPECIES: symbol = Symbol.species;
const PromisePrototype: object = PromiseCtor.prototype;

/** Replaces (or deletes, for `replacement` null) `owner[key]` until the subject's call returns. */
function redefine(owner: object, key: PropertyKey, replacement: PropertyDescriptor | null): void {
  const original = getOwnPropertyDescriptor(owner, key);
  const changed = replacement === null ? deleteProperty(owner, key) : defineProperty(owner, key, replacement);
  if (!changed) throw new ScenarioError(`redefinedPromiseGlobal: ${typeof key === "symbol" ? "Symbol.species" : StringCtor(key)} of the realm's Promise is locked, it cannot be changed`);
  undoAfterCall(() => {
    if (original === undefined) deleteProperty(owner, key);
    else defineProperty(owner, key, original);
  });
}

function countingSubclass(ctx: ScriptContext): PromiseConstructor {
  class CountingPromise<T> extends PromiseCtor<T> {
    constructor(executor: (resolve: (v: T) => void, reject: (e: unknown) => void) => void) {
      bump(ctx, ASYNC_COUNTER.subclassConstructed);
      super(executor);
    }
  }
  return CountingPromise as unknown as PromiseConstructor;
}

function change(kind: string, ctx: ScriptContext): void {
  if (kind === "constructorDeleted") return redefine(PromisePrototype, "constructor", null);
  if (kind === "constructorSubclass") {
    return redefine(PromisePrototype, "constructor", { value: countingSubclass(ctx), writable: true, enumerable: false, configurable: true });
  }
  if (kind === "speciesDeleted") return redefine(PromiseCtor, SPECIES, null);
  redefine(PromiseCtor, SPECIES, {
    configurable: true,
    enumerable: false,
    get(this: unknown) {
      bump(ctx, ASYNC_COUNTER.speciesGetter);
      return this;
    },
  });
}

export const redefinedPromiseGlobalScript: ScriptKind = {
  kind: "redefinedPromiseGlobal",
  dress: "ownThen",
  validate(script) {
    if (script.change !== CHANGES[0] && script.change !== CHANGES[1] && script.change !== CHANGES[2] && script.change !== CHANGES[3]) {
      throw new ScenarioError("redefinedPromiseGlobal needs `change` constructorDeleted, constructorSubclass, speciesDeleted or speciesReplaced");
    }
    if (typeof script.text !== "string") throw new ScenarioError("redefinedPromiseGlobal needs a string `text`");
  },
  invoke(script, ctx) {
    const promise = resolveLater(script.text as Json, ctx);
    // The driver adopts the value itself (abort "whilePending"): the subject never sees it,
    // and the driver's own intrinsic then must not run under the change.
    if (ctx.driverAdopts !== true) change(script.change as string, ctx);
    return promise;
  },
};
