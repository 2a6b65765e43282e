// Shared pieces of the hostile async scripts (issue 4): generic thenables that count every
// call of their `then` in Observation.hostile, and the counter names the properties read.
// Counts are the subject's touches only: when the driver adopts the value itself (abort point
// "whilePending"), the engine's calls are not counted.
import { apply, defineProperty, objectCreate, objectFreeze, reflectGet, setPrototypeOf, thenIntrinsic } from "../intrinsics";
import type { ScriptContext } from "./registry";
import { ScenarioError } from "../scenario-error";

export const ASYNC_COUNTER = objectFreeze({
  /** Every call of a script thenable's `then`. */
  thenCalls: "then.calls",
  /** Calls of a `then` beyond the first, on any one thenable (the contract wants none). */
  thenRepeat: "then.repeat",
  /** Reads of a `then` accessor. */
  thenGetter: "then.getter",
  /** Reads of an own `constructor` accessor of a locked promise. */
  constructorGetter: "constructor.getter",
  /** Reads of a subclass's Symbol.species accessor. */
  speciesGetter: "species.getter",
  /** Instances of a promise subclass constructed by someone else than the script. */
  subclassConstructed: "subclass.constructed",
  /** A promise settled with its own constructor not as its script left it (a retry not undone). */
  constructorNotRestored: "constructor.notRestored",
  /** Prefix of the per-trap counts of a Proxy around a native promise. */
  proxyTrap: "proxyPromise.",
});

export function bump(ctx: ScriptContext, name: string): void {
  if (ctx.driverAdopts !== true) ctx.counters.bump(name);
}

export type Resolvers = { fulfil(value: unknown): void; reject(reason: unknown): void };

/** The callbacks a then was given, as resolvers (a callback that is not a function is skipped). */
function resolversFor(onFulfilled: unknown, onRejected: unknown): Resolvers {
  return {
    fulfil: (value) => {
      if (typeof onFulfilled === "function") apply(onFulfilled, undefined, [value]);
    },
    reject: (reason) => {
      if (typeof onRejected === "function") apply(onRejected, undefined, [reason]);
    },
  };
}

/** An object whose own `then` is an accessor: each read is counted (then.getter), then `read` gives the then, or throws. */
export function thenAccessor(ctx: ScriptContext, read: () => unknown): object {
  const value = {};
  defineProperty(value, "then", {
    enumerable: true,
    configurable: false,
    get() {
      bump(ctx, ASYNC_COUNTER.thenGetter);
      return read();
    },
  });
  return value;
}

/**
 * A plain object whose own `then` counts its calls (total, per `name`, repeats) and runs
 * `body` with the caller's callbacks and the 1-based call number. `counted: false` for
 * thenables only the engine ever sees.
 */
export function countedThenable(ctx: ScriptContext, name: string, body: (r: Resolvers, call: number) => unknown, counted = true): object {
  let calls = 0;
  return {
    then(this: unknown, onFulfilled: unknown, onRejected: unknown) {
      calls++;
      if (counted) {
        bump(ctx, ASYNC_COUNTER.thenCalls);
        bump(ctx, `${ASYNC_COUNTER.thenCalls}.${name}`);
        if (calls > 1) bump(ctx, ASYNC_COUNTER.thenRepeat);
      }
      // A then is a method of its thenable, called on it as a promise calls it (§7 step 5): like
      // any then that reads its own object, called bare it finds none and throws.
      if (this === undefined || this === null) throw new TypeError("then was called without its thenable as this");
      return body(resolversFor(onFulfilled, onRejected), calls);
    },
  };
}

/**
 * A function (typeof "function") with an own `then` counted like countedThenable's: a thenable
 * is any object or function with a callable then (contract §7 step 5).
 */
export function countedFunctionThenable(ctx: ScriptContext, name: string, body: (r: Resolvers, call: number) => unknown): object {
  const thenable = function functionThenable(): void {};
  defineProperty(thenable, "then", { value: reflectGet(countedThenable(ctx, name, body), "then"), writable: true, enumerable: true, configurable: true });
  return thenable;
}

/**
 * The thenable of a script whose holder is a function by default (any object or function with a
 * callable then is a thenable): with `holder: "object"`, the same thenable as a plain object
 * (the root-cause analysis asks it, to tell whether a mistake needs the function).
 */
export function holderThenable(ctx: ScriptContext, script: { readonly [field: string]: unknown }, name: string, body: (r: Resolvers, call: number) => unknown): object {
  return script.holder === "object" ? countedThenable(ctx, name, body) : countedFunctionThenable(ctx, name, body);
}

/** Throws unless the script's `holder` is absent (a function) or "object". */
export function validateHolder(script: { readonly [field: string]: unknown }): void {
  if (script.holder !== undefined && script.holder !== "object") throw new ScenarioError(`${String(script.kind)} needs \`holder\` absent or "object"`);
}

/** Where a thenable's then is inherited from (./thenable-chain's `inherit`). */
export type Inherit = "class" | "subclass" | "objectCreate";
export function isInherit(value: unknown): value is Inherit {
  return value === "class" || value === "subclass" || value === "objectCreate";
}

/**
 * A thenable counted as countedThenable's whose then is not its own but inherited: an instance
 * of a class whose prototype has the then method ("class"), an instance of a subclass of such a
 * class ("subclass"), or an object made with Object.create from an object holding then
 * ("objectCreate"). Contract §7 step 5: then is read as any property is, an inherited one too.
 */
export function inheritedThenable(ctx: ScriptContext, name: string, body: (r: Resolvers, call: number) => unknown, inherit: Inherit, counted = true, nullPrototype = false): object {
  return inheritors(reflectGet(countedThenable(ctx, name, body, counted), "then"), inherit, nullPrototype)();
}

/** A maker of objects that inherit `then` as `inherit` says (one class, subclass or holder for every object it makes). */
function inheritors(then: unknown, inherit: Inherit, nullPrototype: boolean): () => object {
  if (inherit === "objectCreate") {
    const holder: object = nullPrototype ? (objectCreate(null) as object) : {};
    defineProperty(holder, "then", { value: then, writable: true, enumerable: true, configurable: true });
    return () => objectCreate(holder) as object;
  }
  class LaterSummary {}
  defineProperty(LaterSummary.prototype, "then", { value: then, writable: true, enumerable: false, configurable: true });
  // With `nullPrototype`, the class's prototype has no prototype: no Object.prototype on the chain.
  if (nullPrototype) setPrototypeOf(LaterSummary.prototype, null);
  if (inherit === "class") return () => new LaterSummary();
  class LaterSummaryPart extends LaterSummary {}
  return () => new LaterSummaryPart();
}

/**
 * `count` thenables that all inherit one then (contract §7 step 5: each object is its own
 * thenable, and only the same object reached again is a repeat): instances of one class
 * ("class"), of one subclass of it ("subclass"), or objects made with Object.create from one
 * holder ("objectCreate"); with `nullPrototype`, no Object.prototype on their chain. The shared
 * then finds its thenable by `this` (a then called on anything else throws, as one called bare)
 * and counts as countedThenable's, repeats per thenable. `body(level)` runs the call on the
 * thenable at `level`. Returns the thenables, the first one first.
 */
export function sharedThenThenables(ctx: ScriptContext, name: string, count: number, body: (level: number, r: Resolvers) => unknown, inherit: Inherit, counted = true, nullPrototype = false): object[] {
  const links: object[] = [];
  const calls: number[] = [];
  const then = function then(this: unknown, onFulfilled: unknown, onRejected: unknown): unknown {
    let level = -1;
    for (let i = 0; i < links.length; i++) if (links[i] === this) level = i;
    if (counted) {
      bump(ctx, ASYNC_COUNTER.thenCalls);
      bump(ctx, `${ASYNC_COUNTER.thenCalls}.${name}`);
    }
    if (level < 0) throw new TypeError("then was called without one of its thenables as this");
    calls[level] = calls[level]! + 1;
    if (counted && calls[level]! > 1) bump(ctx, ASYNC_COUNTER.thenRepeat);
    return body(level, resolversFor(onFulfilled, onRejected));
  };
  const make = inheritors(then, inherit, nullPrototype);
  for (let i = 0; i < count; i++) {
    links[i] = make();
    calls[i] = 0;
  }
  return links;
}

/**
 * A thenable counted as countedThenable's, made with Object.create(null): its own then, and no
 * Object.prototype on its chain (not an instanceof Object), still a thenable (§7 step 5).
 */
export function nullPrototypeThenable(ctx: ScriptContext, name: string, body: (r: Resolvers, call: number) => unknown, counted = true): object {
  const thenable = objectCreate(null) as object;
  defineProperty(thenable, "then", { value: reflectGet(countedThenable(ctx, name, body, counted), "then"), writable: true, enumerable: true, configurable: true });
  return thenable;
}

/**
 * `count` generic thenables, each delivering the next, the last delivering `last()` (which
 * calls `ctx.settling()` itself when what it delivers is the settlement). With `inherit`, each
 * thenable inherits its then (inheritedThenable), and with `sharedThen` too, they all inherit
 * one then (sharedThenThenables); with `nullPrototype`, no thenable has Object.prototype on its
 * prototype chain.
 */
export function thenableChain(ctx: ScriptContext, count: number, last: () => unknown, counted = true, inherit?: Inherit, nullPrototype = false, sharedThen = false): unknown {
  if (sharedThen && inherit !== undefined) {
    // One then for the whole chain: the thenable at `level` delivers the next, the last `last()`.
    const links = sharedThenThenables(ctx, "chain", count, (level, r) => r.fulfil(level === count - 1 ? last() : links[level + 1]), inherit, counted, nullPrototype);
    return links[0];
  }
  let next: unknown = null;
  for (let level = count - 1; level >= 0; level--) {
    const deliver = next;
    const isLast = level === count - 1;
    const body = (r: Resolvers): void => {
      if (isLast) {
        r.fulfil(last());
      } else {
        r.fulfil(deliver);
      }
    };
    next =
      inherit !== undefined
        ? inheritedThenable(ctx, "chain", body, inherit, counted, nullPrototype)
        : nullPrototype
          ? nullPrototypeThenable(ctx, "chain", body, counted)
          : countedThenable(ctx, "chain", body, counted);
  }
  return next;
}

/** Marks a native promise of the script's own as handled (nobody else will observe it). */
export function markHandled(promise: Promise<unknown>): void {
  const noop = (): void => {};
  thenIntrinsic(promise, noop, noop);
}
