// Every built-in the core relies on, captured once when this module loads. A caller who
// later replaces a global, a prototype method or a Reflect function cannot change what the
// core does: static functions are kept by reference, prototype methods are "uncurried"
// (bound to Function.prototype.call at load time), and the collections the core uses are
// private subclasses whose methods are own copies of the original ones (Node's primordials
// pattern), so `map.get(k)` never looks at Map.prototype again.
import { Buffer } from "node:buffer";
import { types } from "node:util";

const uncurryThis = Function.prototype.bind.bind(Function.prototype.call) as <T, A extends unknown[], R>(
  fn: (this: T, ...args: A) => R,
) => (self: T, ...args: A) => R;

export const apply = Reflect.apply;
export const construct = Reflect.construct;
export const getPrototypeOf = Reflect.getPrototypeOf;
export const getOwnPropertyDescriptor = Reflect.getOwnPropertyDescriptor;
export const ownKeys = Reflect.ownKeys;
export const getOwnPropertyNames = Object.getOwnPropertyNames;
export const getOwnPropertySymbols = Object.getOwnPropertySymbols;
export const objectKeys = Object.keys;
export const defineProperty = Reflect.defineProperty;
export const reflectGet = Reflect.get;
export const deleteProperty = Reflect.deleteProperty;
export const isExtensible = Reflect.isExtensible;

export const freeze = Object.freeze;
export const isFrozen = Object.isFrozen;
export const ObjectPrototype = Object.prototype;
export const ArrayConstructor = Array;
export const Int32ArrayConstructor = Int32Array;
export const isArray = Array.isArray;
export const isSafeInteger = Number.isSafeInteger;
export const isFiniteNumber = Number.isFinite;

export const isNativePromise = types.isPromise;
export const isProxy = types.isProxy;

export const IntrinsicPromise = Promise;
export const promiseThen = Promise.prototype.then;
/** Runs a callback in a later job without any promise of ours (whose then a caller could reach). */
export const enqueueJob = queueMicrotask;

const ObjectPrototypeMethods = Object.prototype as unknown as {
  __lookupGetter__(this: object, key: PropertyKey): unknown;
  propertyIsEnumerable(this: object, key: PropertyKey): boolean;
  hasOwnProperty(this: object, key: PropertyKey): boolean;
};
/** The getter of an own accessor (undefined for a data property); reads a descriptor, runs nothing. */
export const lookupGetter = uncurryThis(ObjectPrototypeMethods.__lookupGetter__);
export const propertyIsEnumerable = uncurryThis(ObjectPrototypeMethods.propertyIsEnumerable);
/**
 * Whether `key` is an own property of `object` (Object.hasOwn for an object). The method
 * itself, uncurried: Object.hasOwn is a wrapper around it, and a build asks this for every
 * field it reads.
 */
export const hasOwn: (object: object, key: PropertyKey) => boolean = uncurryThis(ObjectPrototypeMethods.hasOwnProperty);

export const stringTrim = uncurryThis(String.prototype.trim);
export const stringCharCodeAt = uncurryThis(String.prototype.charCodeAt);
export const regexpExec = uncurryThis(RegExp.prototype.exec);

export const bufferFrom = Buffer.from;
// WebAssembly is missing where code generation is (node --jitless).
type WasmApi = {
  readonly Module: new (bytes: Uint8Array) => object;
  readonly Instance: new (module: object) => { readonly exports: object };
};
const Wasm = (globalThis as { readonly WebAssembly?: WasmApi }).WebAssembly;
export const WasmModule = Wasm?.Module;
export const WasmInstance = Wasm?.Instance;
const BufferPrototypeMethods = Buffer.prototype as unknown as {
  ucs2Write?: (this: Buffer, s: string, offset: number, length: number) => number;
};
/**
 * `buffer.ucs2Write(s, offset, bytes)`: copies the UTF-16 code units of s into the buffer
 * (little-endian), natively. Undefined where Node has no such method.
 */
export const ucs2Write =
  typeof BufferPrototypeMethods.ucs2Write === "function" ? uncurryThis(BufferPrototypeMethods.ucs2Write) : undefined;

const abortedGetter = Reflect.getOwnPropertyDescriptor(AbortSignal.prototype, "aborted")?.get as (this: AbortSignal) => boolean;
export const signalAborted = uncurryThis(abortedGetter);
// Annotated so that declaration files can name the type (package build, scripts/build.ts).
type ListenerMethod<K extends "addEventListener" | "removeEventListener"> = (target: EventTarget, ...args: Parameters<EventTarget[K]>) => void;
export const addEventListener: ListenerMethod<"addEventListener"> = uncurryThis(EventTarget.prototype.addEventListener);
export const removeEventListener: ListenerMethod<"removeEventListener"> = uncurryThis(EventTarget.prototype.removeEventListener);
export const AbortControllerConstructor = AbortController;
const controllerSignalGetter = Reflect.getOwnPropertyDescriptor(AbortController.prototype, "signal")?.get as (this: AbortController) => AbortSignal;
export const controllerSignal = uncurryThis(controllerSignalGetter);

/**
 * items[start, end) as a new array. Array.prototype.slice would consult the source's
 * `constructor` and Symbol.species, which a caller can redefine; this loop consults nothing.
 */
export function sliceOf<T>(items: readonly T[], start: number, end: number): T[] {
  const copy: T[] = [];
  for (let i = start; i < end; i++) copy[i - start] = items[i];
  return copy;
}

/** Copies the original methods onto a private subclass so later patches of the global class do not reach it. */
function lockMethods(target: object, source: object, names: readonly string[]): void {
  for (const name of names) {
    Reflect.defineProperty(target, name, {
      value: Reflect.get(source, name),
      writable: false,
      enumerable: false,
      configurable: false,
    });
  }
  Object.freeze(target);
}

export class SafeMap<K, V> extends Map<K, V> {}
lockMethods(SafeMap.prototype, Map.prototype, ["get", "set", "has"]);

export class SafeSet<T> extends Set<T> {}
lockMethods(SafeSet.prototype, Set.prototype, ["add", "has", "delete"]);

export class SafeWeakMap<K extends object, V> extends WeakMap<K, V> {}
lockMethods(SafeWeakMap.prototype, WeakMap.prototype, ["get", "set", "has"]);

export class SafeWeakSet<T extends object> extends WeakSet<T> {}
lockMethods(SafeWeakSet.prototype, WeakSet.prototype, ["add", "has"]);
