// Hana's toolbox: the built-ins she relies on, taken once when the module loads (so a caller
// who patches a global later changes nothing here), and her two string helpers.
import { types } from "node:util";
import type { Flags } from "./errors";

const uncurry = <T, A extends unknown[], R>(fn: (this: T, ...args: A) => R): ((self: T, ...args: A) => R) =>
  Function.prototype.call.bind(fn as never) as never;

export const R = {
  apply: Reflect.apply,
  construct: Reflect.construct,
  proto: Reflect.getPrototypeOf,
  desc: Reflect.getOwnPropertyDescriptor,
  keys: Reflect.ownKeys,
  define: Reflect.defineProperty,
  get: Reflect.get,
  remove: Reflect.deleteProperty,
  extensible: Reflect.isExtensible,
};
export const freeze = Object.freeze;
export const isArray = Array.isArray;
export const isSafeInteger = Number.isSafeInteger;
export const isFiniteNumber = Number.isFinite;
export const ObjectProto = Object.prototype;
export const isProxy = types.isProxy;
export const isPromise = types.isPromise;
export const NativePromise = Promise;
export const nativeThen = Promise.prototype.then;
export const later = queueMicrotask;
export const owns = uncurry(Object.prototype.hasOwnProperty as (this: object, key: PropertyKey) => boolean);
const trim = uncurry(String.prototype.trim);
const charAt = uncurry(String.prototype.charCodeAt);

export class Table<K, V> extends Map<K, V> {}
for (const name of ["get", "set", "has"]) Reflect.defineProperty(Table.prototype, name, { value: Reflect.get(Map.prototype, name) });
export class Marks<K extends object, V> extends WeakMap<K, V> {}
for (const name of ["get", "set", "has"]) Reflect.defineProperty(Marks.prototype, name, { value: Reflect.get(WeakMap.prototype, name) });

/** A string has text when something is left after trimming (contract §2). */
export function hasText(s: string): boolean {
  return trim(s).length > 0;
}

/**
 * u(s): code points. A high surrogate followed by a low one is one code point; any other
 * surrogate, alone, is one too.
 */
export function codePoints(s: string, flags: Flags): number {
  let count = 0;
  for (let i = 0; i < s.length; i++) {
    const unit = charAt(s, i);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      if (flags.has("high-surrogate-swallows-next")) {
        // (planted) a high surrogate always takes the next code unit with it
        i++;
      } else if (i + 1 < s.length) {
        const next = charAt(s, i + 1);
        if (next >= 0xdc00 && next <= 0xdfff) i++;
      }
    }
    count++;
  }
  return count;
}

/** items[from, to) copied without consulting the array's species. */
export function copyRange<T>(items: readonly T[], from: number, to: number): T[] {
  const out: T[] = [];
  for (let i = from; i < to; i++) out[i - from] = items[i];
  return out;
}
