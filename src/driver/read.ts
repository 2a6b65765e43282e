// Defensive reads of values the subject produced (or that the driver built and the subject
// may have touched). Nothing here calls an accessor, and every read that could reach a
// Proxy trap is wrapped: a hostile value can make a read fail, never make the driver throw.
import {
  defineProperty,
  getOwnPropertyDescriptor,
  getPrototypeOf,
  isArray,
  objectHasOwn,
  objectIsFrozen,
  ownKeys,
} from "./intrinsics";

export type OwnRead =
  | { readonly kind: "data"; readonly value: unknown; readonly enumerable: boolean }
  | { readonly kind: "accessor"; readonly enumerable: boolean }
  | { readonly kind: "absent" }
  | { readonly kind: "unreadable" };

export function isObjectLike(value: unknown): value is object {
  return (typeof value === "object" && value !== null) || typeof value === "function";
}

/** An own property of `target`, without invoking an accessor. */
export function readOwn(target: unknown, key: PropertyKey): OwnRead {
  if (!isObjectLike(target)) return { kind: "absent" };
  try {
    const d = getOwnPropertyDescriptor(target, key);
    if (d === undefined) return { kind: "absent" };
    const enumerable = d.enumerable === true;
    // Own fields of the descriptor only: `"value" in d` also finds a `value` planted on Object.prototype.
    if (objectHasOwn(d, "value")) return { kind: "data", value: d.value, enumerable };
    return { kind: "accessor", enumerable };
  } catch {
    return { kind: "unreadable" };
  }
}

/** The value of an own data property, or `undefined` when absent, an accessor or unreadable. */
export function ownDataValue(target: unknown, key: PropertyKey): unknown {
  const r = readOwn(target, key);
  return r.kind === "data" ? r.value : undefined;
}

/**
 * The first property named `key` on the prototype chain when it is a data property (an
 * accessor anywhere first yields "accessor"). Used for error fields such as `name`, which
 * classes usually keep on the prototype.
 */
export function readThroughChain(target: unknown, key: PropertyKey): OwnRead {
  let current: unknown = target;
  for (let depth = 0; depth < 64 && isObjectLike(current); depth++) {
    const r = readOwn(current, key);
    if (r.kind !== "absent") return r;
    try {
      current = getPrototypeOf(current);
    } catch {
      return { kind: "unreadable" };
    }
  }
  return { kind: "absent" };
}

/** OrdinaryHasInstance without Symbol.hasInstance: is `proto` on the chain of `value`? */
export function hasOnChain(value: unknown, proto: unknown): boolean {
  if (!isObjectLike(value) || !isObjectLike(proto)) return false;
  let current: unknown = value;
  for (let depth = 0; depth < 10_000; depth++) {
    try {
      current = getPrototypeOf(current as object);
    } catch {
      return false;
    }
    if (current === null || !isObjectLike(current)) return false;
    if (current === proto) return true;
  }
  return false;
}

/** `value instanceof ctor` for a possibly missing, non-function or hostile `ctor`, never throwing. */
export function isInstanceOf(value: unknown, ctor: unknown): boolean {
  if (typeof ctor !== "function") return false;
  const proto = ownDataValue(ctor, "prototype");
  return hasOnChain(value, proto);
}

export function safeIsArray(value: unknown): boolean | "unreadable" {
  try {
    return isArray(value);
  } catch {
    return "unreadable"; // a revoked Proxy
  }
}

export function safeIsFrozen(value: unknown): boolean {
  try {
    return objectIsFrozen(value);
  } catch {
    return false;
  }
}

export function safeOwnKeys(value: object): (string | symbol)[] | null {
  try {
    return ownKeys(value);
  } catch {
    return null;
  }
}

/** Defines an own data property (never `obj[key] = v`, which could hit a setter on a prototype). */
export function defineData(target: object, key: PropertyKey, value: unknown): void {
  defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
}

/** Appends to an array the driver owns, without Array.prototype.push. */
export function pushItem<T>(target: T[], value: T): void {
  defineProperty(target, target.length, { value, writable: true, enumerable: true, configurable: true });
}
