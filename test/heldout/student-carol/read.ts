// Reading untrusted input (contract §3) into frozen copies: only own data properties, read
// through descriptors (a getter is never called), budgets counted as the data is read.
import {
  MAX_CONTEXT_COLLECTION_ITEMS,
  MAX_CONTEXT_DEPTH,
  MAX_CONTEXT_STRING_UNITS,
  MAX_CONTEXT_TOTAL_UNITS,
  ContextCompactionError,
  fail,
  type Bugs,
  type Code,
} from "./errors";
import { blank, u } from "./units";

const faults = new WeakSet<object>();

/** A problem found while reading; the channel decides its code (`code` overrides it). */
class Fault {
  constructor(readonly limit: boolean, readonly message: string, readonly code?: Code) {
    faults.add(this);
  }
}

export const bad = (message: string, code?: Code): never => {
  throw new Fault(false, message, code);
};
export const over = (message: string): never => {
  throw new Fault(true, message);
};

/** Runs one channel's read: its faults, and anything a Proxy trap throws, become the channel's code. */
export function channel<T>(code: Code, read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (faults.has(error as object)) {
      const f = error as Fault;
      return fail(f.limit ? "CONTEXT_LIMIT_EXCEEDED" : (f.code ?? code), f.message);
    }
    return fail(code, "reading the input threw");
  }
}

export { ContextCompactionError };

export const ABSENT = Symbol("absent");

/** A record: a non-array object whose prototype is Object.prototype or null. */
export function isPlain(v: unknown): v is object {
  if (typeof v !== "object" || v === null || Array.isArray(v)) return false;
  const proto = Reflect.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

export function plain(v: unknown, what: string): Record<string, unknown> {
  if (!isPlain(v)) bad(`${what} is not a plain object`);
  return v as Record<string, unknown>;
}

export function optional(o: object, key: PropertyKey, what: string): unknown {
  const d = Reflect.getOwnPropertyDescriptor(o, key);
  if (d === undefined) return ABSENT;
  if (!("value" in d)) bad(`${what}.${String(key)} is an accessor`);
  return d.value;
}

export function field(o: object, key: PropertyKey, what: string): unknown {
  const v = optional(o, key, what);
  if (v === ABSENT) bad(`${what}.${String(key)} is missing`);
  return v;
}

export function arrayLength(v: unknown, what: string): number {
  if (!Array.isArray(v)) bad(`${what} is not an array`);
  return (Reflect.getOwnPropertyDescriptor(v as object, "length") as PropertyDescriptor).value as number;
}

export function item(array: object, i: number, what: string): unknown {
  const d = Reflect.getOwnPropertyDescriptor(array, i);
  if (d === undefined) bad(`${what}[${i}] is a hole`);
  if (!("value" in d!)) bad(`${what}[${i}] is an accessor`);
  return d!.value;
}

/** The budgets of one read (§3). */
export class Budget {
  items = 0;
  strings = 0;
  constructor(readonly bugs: Bugs) {}

  addItems(n: number): void {
    this.items += n;
    if (this.items > MAX_CONTEXT_COLLECTION_ITEMS) over("too many collection items");
  }

  /** An array's length; when it overflows, its slots are looked at first (a bad slot is the channel's fault). */
  addArray(array: object, length: number, what: string): void {
    if (this.items + length > MAX_CONTEXT_COLLECTION_ITEMS) {
      for (let i = 0; i < Math.min(length, MAX_CONTEXT_COLLECTION_ITEMS + 1); i++) item(array, i, what);
    }
    this.addItems(length);
  }

  /** A string of the input: its own ceiling, and the total unless `uncounted`. */
  string(v: unknown, what: string, nonEmpty: boolean, uncounted = false): string {
    if (typeof v !== "string") bad(`${what} is not a string`);
    const n = u(v as string);
    if (!uncounted) this.strings += n;
    if (n > MAX_CONTEXT_STRING_UNITS) over(`${what} is too long`);
    if (this.strings > MAX_CONTEXT_TOTAL_UNITS) over("too many code points in all");
    if (nonEmpty && blank(v as string)) bad(`${what} is empty`);
    return v as string;
  }
}

type Json = null | boolean | number | string | readonly Json[] | { readonly [k: string]: Json };

/** Tool-call arguments: a plain object of JSON values, copied and frozen. */
export function readArguments(v: unknown, budget: Budget): { readonly [k: string]: Json } {
  return readObject(plain(v, "arguments"), 0, [], budget);
}

function readObject(o: object, depth: number, seen: object[], budget: Budget): { readonly [k: string]: Json } {
  const keys = Reflect.ownKeys(o);
  budget.addItems(keys.length);
  const copy: Record<string, Json> = {};
  for (const key of keys) {
    if (typeof key === "symbol") bad("arguments have a symbol key");
    const d = Reflect.getOwnPropertyDescriptor(o, key);
    if (d === undefined || d.enumerable !== true || !("value" in d)) bad(`arguments.${String(key)} is not an enumerable data property`);
    budget.string(key, "an argument key", false);
    const item = readValue(d!.value, depth + 1, [...seen, o], budget);
    // (Found by the grader, not flagged by the writer: a plain store of "__proto__" sets the copy's prototype.)
    if (budget.bugs.has("argument-proto-key-stored")) copy[key as string] = item;
    else Reflect.defineProperty(copy, key, { value: item, enumerable: true, writable: true, configurable: true });
  }
  return Object.freeze(copy);
}

function readValue(v: unknown, depth: number, seen: object[], budget: Budget): Json {
  if (typeof v === "object" && v !== null && seen.includes(v)) bad("arguments contain a cycle");
  if (depth > MAX_CONTEXT_DEPTH) over("arguments nest too deep");
  switch (typeof v) {
    case "string":
      return budget.string(v, "an argument", false);
    case "number":
      if (!Number.isFinite(v)) bad("a non-finite number");
      return v;
    case "boolean":
      return v;
    case "object": {
      if (v === null) return null;
      if (isPlain(v)) return readObject(v, depth, seen, budget);
      const n = arrayLength(v, "an argument array");
      budget.addArray(v, n, "an argument array");
      const copy: Json[] = [];
      for (let i = 0; i < n; i++) copy.push(readValue(item(v, i, "an argument array"), depth + 1, [...seen, v], budget));
      return Object.freeze(copy);
    }
    default:
      return bad(`arguments hold a ${typeof v}`);
  }
}
