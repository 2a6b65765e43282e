// The child's own JSON serialiser for its replies. JSON.stringify looks up `toJSON` on every
// object it meets, through the prototype chain: one planted on Object.prototype received every
// reply (its key included) and returned what it liked. This one reads own data properties only,
// through functions captured when the child program loaded (before the submission), so no code
// of the submission runs while a reply is written; it is applied to the driver's own data (an
// observation is plain data the driver built). It writes what JSON.stringify writes for such
// data, and stops as soon as the text would pass `maxChars`.

import { types } from "node:util";

const R = Reflect;
const hasOwn = Object.hasOwn;
const isProxy = types.isProxy;
const ownKeys = R.ownKeys;
const getOwnPropertyDescriptor = R.getOwnPropertyDescriptor;
const getPrototypeOf = R.getPrototypeOf;
const isArray = Array.isArray;
const stringify = JSON.stringify;
const ObjectPrototype = Object.prototype;
const ArrayPrototype = Array.prototype;
const ErrorCtor = Error;

/** The text would be longer than the cap: nothing is returned. */
export const OVER_CAP: unique symbol = Symbol("over the cap");

/** Data JSON cannot hold as the driver means it, or not the driver's own (a proxy, a class instance, a getter). */
export class NotData extends ErrorCtor {}

/** The JSON text of `value`, or OVER_CAP when it would be longer than `maxChars`. */
export function serializeData(value: unknown, maxChars: number): string | typeof OVER_CAP {
  const out = new Writer(maxChars);
  return write(value, out, 0) ? out.text : OVER_CAP;
}

class Writer {
  text = "";
  constructor(private readonly maxChars: number) {}
  /** False (and nothing added) when `piece` does not fit. */
  add(piece: string): boolean {
    if (this.text.length + piece.length > this.maxChars) return false;
    this.text += piece;
    return true;
  }
  room(): number {
    return this.maxChars - this.text.length;
  }
}

const MAX_DEPTH = 512;

/** Writes `value` as JSON.stringify would (undefined, functions and symbols as JSON leaves them out). */
function write(value: unknown, out: Writer, depth: number): boolean {
  if (value === null) return out.add("null");
  switch (typeof value) {
    case "string":
      // At least length + 2 characters once quoted: refused before the copy is made.
      return value.length + 2 <= out.room() && out.add(stringify(value));
    case "number":
    case "boolean":
      return out.add(stringify(value));
    case "object":
      break;
    default:
      throw new NotData(`a ${typeof value} where data was expected`);
  }
  if (depth > MAX_DEPTH) throw new NotData("data nested too deeply");
  if (isProxy(value)) throw new NotData("a proxy where data was expected");
  const object = value as object;
  const proto = getPrototypeOf(object);
  if (isArray(object)) {
    if (proto !== ArrayPrototype) throw new NotData("an array that is not a plain array");
    const length = dataOf(object, "length") as number;
    if (!out.add("[")) return false;
    for (let i = 0; i < length; i++) {
      if (i > 0 && !out.add(",")) return false;
      const item = dataOf(object, i);
      const ok = item === undefined || typeof item === "function" || typeof item === "symbol" ? out.add("null") : write(item, out, depth + 1);
      if (!ok) return false;
    }
    return out.add("]");
  }
  if (proto !== ObjectPrototype && proto !== null) throw new NotData("an object that is not plain data");
  if (!out.add("{")) return false;
  let first = true;
  const keys = ownKeys(object);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    if (typeof key !== "string") continue;
    const descriptor = getOwnPropertyDescriptor(object, key)!;
    // Own fields only: reading an absent `get` would look it up on Object.prototype.
    if (!hasOwn(descriptor, "value")) throw new NotData(`a getter at ${stringify(key)}`);
    if (descriptor.enumerable !== true) continue;
    const item: unknown = descriptor.value;
    if (item === undefined || typeof item === "function" || typeof item === "symbol") continue;
    if (!out.add(first ? "" : ",") || !write(key, out, depth) || !out.add(":") || !write(item, out, depth + 1)) return false;
    first = false;
  }
  return out.add("}");
}

/** An own data property's value, never a getter's. */
function dataOf(object: object, key: string | number): unknown {
  const descriptor = getOwnPropertyDescriptor(object, key);
  if (descriptor === undefined) return undefined;
  if (!hasOwn(descriptor, "value")) throw new NotData(`a getter at ${stringify(key)}`);
  return descriptor.value;
}
