// Every built-in the driver uses, captured once when this module loads, before any subject
// code runs. A subject that later patches Object.isFrozen, Array.prototype methods, JSON or
// Promise.prototype.then cannot change what the driver sees or reports. Driver code calls
// these (and never methods looked up on live values) and avoids iteration protocols
// (for…of, spread), which read patchable Symbol.iterator methods.

import { types as utilTypes } from "node:util";

const R = Reflect;

export const apply: typeof Reflect.apply = R.apply;
export const construct: typeof Reflect.construct = R.construct;
export const ownKeys: typeof Reflect.ownKeys = R.ownKeys;
export const getOwnPropertyDescriptor: typeof Reflect.getOwnPropertyDescriptor = R.getOwnPropertyDescriptor;
export const defineProperty: typeof Reflect.defineProperty = R.defineProperty;
export const deleteProperty: typeof Reflect.deleteProperty = R.deleteProperty;
export const getPrototypeOf: typeof Reflect.getPrototypeOf = R.getPrototypeOf;
export const setPrototypeOf: typeof Reflect.setPrototypeOf = R.setPrototypeOf;
export const reflectGet: typeof Reflect.get = R.get;
export const reflectSet: typeof Reflect.set = R.set;
export const reflectHas: typeof Reflect.has = R.has;
export const isExtensible: typeof Reflect.isExtensible = R.isExtensible;
export const preventExtensions: typeof Reflect.preventExtensions = R.preventExtensions;

export const objectFreeze: typeof Object.freeze = Object.freeze;
export const objectIsFrozen: typeof Object.isFrozen = Object.isFrozen;
export const objectKeys: typeof Object.keys = Object.keys;
export const objectCreate: typeof Object.create = Object.create;
export const objectIs: typeof Object.is = Object.is;
export const objectHasOwn: typeof Object.hasOwn = Object.hasOwn;
export const ObjectPrototype: object = Object.prototype;
export const isArray: typeof Array.isArray = Array.isArray;
export const numberIsSafeInteger: typeof Number.isSafeInteger = Number.isSafeInteger;
export const jsonStringify: typeof JSON.stringify = JSON.stringify;
export const StringCtor: StringConstructor = String;
export const BigIntCtor: BigIntConstructor = BigInt;
export const SymbolCtor: SymbolConstructor = Symbol;
export const ProxyCtor: ProxyConstructor = Proxy;
export const ErrorCtor: ErrorConstructor = Error;
export const ErrorPrototype: object = Error.prototype;
export const AbortControllerCtor: typeof AbortController = AbortController;
export const DOMExceptionCtor: typeof DOMException = DOMException;

const bindIntrinsic = Function.prototype.bind;
/** Function.prototype.bind as it was at load: `fn` bound to `thisArg`. */
export function functionBind(fn: (...args: never[]) => unknown, thisArg: unknown): unknown {
  return apply(bindIntrinsic, fn, [thisArg]);
}

const symbolDescriptionGetter = R.getOwnPropertyDescriptor(Symbol.prototype, "description")?.get;
/** Symbol.prototype.description, read through the captured getter. */
export function symbolDescription(s: symbol): string | undefined {
  return symbolDescriptionGetter === undefined ? undefined : (R.apply(symbolDescriptionGetter, s, []) as string | undefined);
}

export const PromiseCtor: PromiseConstructor = Promise;
const promiseThen = Promise.prototype.then;
/** The intrinsic Promise.prototype.then; throws a TypeError for anything but a native promise. */
export function thenIntrinsic<T>(p: Promise<T>, onFulfilled: (v: T) => unknown, onRejected: (e: unknown) => unknown): Promise<unknown> {
  return R.apply(promiseThen, p, [onFulfilled, onRejected]) as Promise<unknown>;
}
const utilIsPromise = utilTypes.isPromise;
/**
 * A native promise, by brand check: no `then` or `constructor` read, and no derived promise
 * created (calling the intrinsic then as a probe would leave an unhandled rejection behind).
 */
export function isNativePromise(value: unknown): value is Promise<unknown> {
  return utilIsPromise(value);
}
/** A fresh native promise with its resolvers, built without reading any patchable method. */
export function deferred<T>(): { promise: Promise<T>; resolve: (v: T) => void; reject: (e: unknown) => void } {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new PromiseCtor<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/**
 * A value the driver hands on through a promise: a frozen object without a prototype. Resolving
 * a promise with an object looks up `then` on it (the engine does, so there is no intrinsic to
 * capture), and a getter the subject planted on Object.prototype for a moment, and removed the
 * first time it ran, received the driver's record of the call and resolved with a forged one
 * before the globals check after the case could see it (red-team pass, docs/security.md). On a
 * box the lookup finds nothing.
 */
export interface Box<T> {
  readonly value: T;
}
export function box<T>(value: T): Box<T> {
  const b = objectCreate(null) as { value: T };
  defineProperty(b, "value", { value, writable: false, enumerable: true, configurable: false });
  return objectFreeze(b);
}

/**
 * `promise`, made safe to `await`: an own, fixed `constructor` that is the intrinsic Promise.
 * `await p` reads p.constructor (PromiseResolve) and, when that is not Promise, resolves a new
 * promise with p, which reads p.then: both on Promise.prototype, where the subject can put its
 * own for a moment and so receive, and replace, what the driver awaits. With its own constructor
 * the promise is adopted as it is, with no lookup. For the driver's own promises only: one handed
 * to the subject must stay as the scenario made it.
 */
export function sealed<T>(promise: Promise<T>): Promise<T> {
  if (!defineProperty(promise, "constructor", { value: PromiseCtor, writable: false, enumerable: false, configurable: false })) {
    throw new ErrorCtor("the driver could not seal one of its own promises (harness bug)");
  }
  return promise;
}

export const setTimeoutIntrinsic: typeof setTimeout = setTimeout;
export const clearTimeoutIntrinsic: typeof clearTimeout = clearTimeout;
export const setImmediateIntrinsic: typeof setImmediate = setImmediate;
export const queueMicrotaskIntrinsic: typeof queueMicrotask = queueMicrotask;
const perf = performance;
const perfNow = performance.now;
export function now(): number {
  return R.apply(perfNow, perf, []) as number;
}

const proc = process;
const processOn = process.on;
const processOff = process.off;
const processListeners = process.listeners;
export function processAddListener(event: string, listener: (...args: unknown[]) => void): void {
  R.apply(processOn, proc, [event, listener]);
}
export function processRemoveListener(event: string, listener: (...args: unknown[]) => void): void {
  R.apply(processOff, proc, [event, listener]);
}
export function processListenersOf(event: string): ((...args: unknown[]) => void)[] {
  return R.apply(processListeners, proc, [event]) as ((...args: unknown[]) => void)[];
}

const abortControllerAbort = AbortController.prototype.abort;
const abortControllerSignal = R.getOwnPropertyDescriptor(AbortController.prototype, "signal")?.get;
/** `controller.abort()`, or `controller.abort(reason)` when a reason is given (`[reason]`). */
export function abortControllerAbortIntrinsic(c: AbortController, reason: readonly [unknown] | readonly [] = []): void {
  R.apply(abortControllerAbort, c, reason);
}
const addEventListenerIntrinsic = EventTarget.prototype.addEventListener;
const stopImmediatePropagationIntrinsic = Event.prototype.stopImmediatePropagation;
/** Adds a first abort listener that stops the event, so no later listener runs. */
export function muteAbortEvent(signal: AbortSignal): void {
  R.apply(addEventListenerIntrinsic, signal, ["abort", (event: Event) => R.apply(stopImmediatePropagationIntrinsic, event, [])]);
}
const abortSignalAborted = R.getOwnPropertyDescriptor(AbortSignal.prototype, "aborted")?.get;
/** AbortSignal.prototype as it was at load. */
export const abortSignalPrototype: object = AbortSignal.prototype;
/** `aborted` of a genuine AbortSignal (the intrinsic getter's brand check); null for anything else. */
export function abortedOfGenuineSignal(value: unknown): boolean | null {
  if ((typeof value !== "object" && typeof value !== "function") || value === null) return null;
  try {
    return R.apply(abortSignalAborted as () => boolean, value, []) === true;
  } catch {
    return null;
  }
}
export function abortControllerSignalIntrinsic(c: AbortController): AbortSignal {
  return R.apply(abortControllerSignal as () => AbortSignal, c, []) as AbortSignal;
}

// Map / Set / WeakMap methods, uncurried (called on the driver's own collections only).
const mapGet = Map.prototype.get;
const mapSet = Map.prototype.set;
const mapHas = Map.prototype.has;
const setAdd = Set.prototype.add;
const setHas = Set.prototype.has;
const setDelete = Set.prototype.delete;
const weakMapGet = WeakMap.prototype.get;
const weakMapSet = WeakMap.prototype.set;
const weakMapHas = WeakMap.prototype.has;
export const MapCtor: MapConstructor = Map;
export const SetCtor: SetConstructor = Set;
export const WeakMapCtor: WeakMapConstructor = WeakMap;
export const safeMapGet = <K, V>(m: Map<K, V>, k: K): V | undefined => R.apply(mapGet, m, [k]) as V | undefined;
export const safeMapSet = <K, V>(m: Map<K, V>, k: K, v: V): void => void R.apply(mapSet, m, [k, v]);
export const safeMapHas = <K, V>(m: Map<K, V>, k: K): boolean => R.apply(mapHas, m, [k]) as boolean;
export const safeSetAdd = <T>(s: Set<T>, v: T): void => void R.apply(setAdd, s, [v]);
export const safeSetHas = <T>(s: Set<T>, v: T): boolean => R.apply(setHas, s, [v]) as boolean;
export const safeSetDelete = <T>(s: Set<T>, v: T): void => void R.apply(setDelete, s, [v]);
export const safeWeakMapGet = <K extends object, V>(m: WeakMap<K, V>, k: K): V | undefined =>
  R.apply(weakMapGet, m, [k]) as V | undefined;
export const safeWeakMapSet = <K extends object, V>(m: WeakMap<K, V>, k: K, v: V): void => void R.apply(weakMapSet, m, [k, v]);
export const safeWeakMapHas = <K extends object, V>(m: WeakMap<K, V>, k: K): boolean => R.apply(weakMapHas, m, [k]) as boolean;
