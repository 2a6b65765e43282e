// Reading untrusted input (contract §3). Nothing of the caller's runs: every field is read
// through its own property descriptor (an accessor is refused, never called), and a Proxy is
// read through the same reflective calls, so a throwing trap is caught like any other problem.
// Problems are "snags"; the channel being read turns a snag into its error code.
import { types } from "node:util";
import {
  MAX_CONTEXT_COLLECTION_ITEMS,
  MAX_CONTEXT_DEPTH,
  MAX_CONTEXT_STRING_UNITS,
  MAX_CONTEXT_TOTAL_UNITS,
  raise,
  type ErrorCode,
} from "./errors";
import { hasText, u } from "./units";

/** A problem found while reading: a limit (CONTEXT_LIMIT_EXCEEDED) or a bad value (the channel's code, or `code`). */
class Snag {
  constructor(readonly limit: boolean, readonly why: string, readonly code?: ErrorCode) {}
}

export const reject = (why: string, code?: ErrorCode): never => {
  throw new Snag(false, why, code);
};
export const tooMuch = (why: string): never => {
  throw new Snag(true, why);
};

/** Reads one channel: its snags get the channel's code; anything else thrown (a trap) too. */
export function inChannel<T>(code: ErrorCode, read: () => T): T {
  try {
    return read();
  } catch (e) {
    if (e instanceof Snag) return raise(e.limit ? "CONTEXT_LIMIT_EXCEEDED" : (e.code ?? code), e.why);
    return raise(code, "reading the input threw");
  }
}

export const MISSING: unique symbol = Symbol("missing");

export function isRecord(v: unknown): v is object {
  if (typeof v !== "object" || v === null || Array.isArray(v)) return false;
  const proto = Reflect.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

export function record(v: unknown, what: string): object {
  if (!isRecord(v)) reject(`${what} must be a plain object`);
  return v as object;
}

/** An own data property, or MISSING; an accessor is refused without being called. */
export function own(o: object, key: PropertyKey, what: string): unknown {
  const d = Reflect.getOwnPropertyDescriptor(o, key);
  if (d === undefined) return MISSING;
  if (!("value" in d)) reject(`${what}.${String(key)} is an accessor`);
  return d.value;
}

export function must(o: object, key: PropertyKey, what: string): unknown {
  const v = own(o, key, what);
  if (v === MISSING) reject(`${what}.${String(key)} is missing`);
  return v;
}

/** Counts of one read: collection items and the code points of all strings. */
export class Tally {
  items = 0;
  codePoints = 0;
  /** `limited` false: counts only (validateTranscript applies no size limits). */
  constructor(readonly limited = true) {}

  addItems(n: number): void {
    this.items += n;
    if (this.limited && this.items > MAX_CONTEXT_COLLECTION_ITEMS) tooMuch("more than 16384 collection items");
  }

  text(v: unknown, what: string, needsText: boolean): string {
    if (typeof v !== "string") reject(`${what} must be a string`);
    const s = v as string;
    const n = u(s);
    this.codePoints += n;
    if (this.limited && n > MAX_CONTEXT_STRING_UNITS) tooMuch(`${what} is longer than 65536 code points`);
    if (this.limited && this.codePoints > MAX_CONTEXT_TOTAL_UNITS) tooMuch("more than 1,000,000 code points in all strings");
    if (needsText && !hasText(s)) reject(`${what} must not be empty`);
    return s;
  }

  /**
   * The items of an array, first reached: its length, then every slot checked (an own data
   * item, no hole, no accessor) before any item is looked into, then the length counted.
   */
  slots(v: unknown, what: string, max = Infinity): unknown[] {
    if (!Array.isArray(v)) reject(`${what} must be an array`);
    const length = (Reflect.getOwnPropertyDescriptor(v as object, "length") as PropertyDescriptor).value as number;
    if (this.limited && length > max) tooMuch(`${what} has more than ${max} items`);
    const end = types.isProxy(v) ? Math.min(length, MAX_CONTEXT_COLLECTION_ITEMS + 1) : length;
    const items: unknown[] = [];
    for (let i = 0; i < end; i++) {
      const d = Reflect.getOwnPropertyDescriptor(v as object, i);
      if (d === undefined) reject(`${what}[${i}] is a hole`);
      if (!("value" in d!)) reject(`${what}[${i}] is an accessor`);
      items.push(d!.value);
    }
    this.addItems(length);
    return items;
  }
}

type Json = null | boolean | number | string | readonly Json[] | { readonly [k: string]: Json };

/** Tool-call arguments: a plain object of JSON values, no cycles, nothing deeper than 32; copied and frozen. */
export function readArguments(v: unknown, tally: Tally): { readonly [k: string]: Json } {
  return jsonObject(record(v, "arguments"), 0, [], tally);
}

function jsonObject(o: object, depth: number, path: object[], tally: Tally): { readonly [k: string]: Json } {
  const keys = Reflect.ownKeys(o);
  tally.addItems(keys.length);
  const out: Record<string, Json> = {};
  for (const key of keys) {
    if (typeof key !== "string") reject("arguments may only have string keys");
    const d = Reflect.getOwnPropertyDescriptor(o, key);
    if (d === undefined || !("value" in d) || d.enumerable !== true) reject(`arguments.${String(key)} must be an enumerable data property`);
    tally.text(key, "an argument key", false);
    // defineProperty, not assignment: a key "__proto__" is an own key like any other.
    Object.defineProperty(out, key, { value: jsonValue(d!.value, depth + 1, [...path, o], tally), enumerable: true, writable: true, configurable: true });
  }
  return Object.freeze(out);
}

function jsonValue(v: unknown, depth: number, path: object[], tally: Tally): Json {
  if (typeof v === "object" && v !== null && path.includes(v)) reject("arguments contain a cycle");
  if (tally.limited && depth > MAX_CONTEXT_DEPTH) tooMuch("arguments nest deeper than 32");
  if (v === null || typeof v === "boolean") return v;
  if (typeof v === "number") return Number.isFinite(v) ? v : reject("a number in arguments is not finite");
  if (typeof v === "string") return tally.text(v, "an argument string", false);
  if (typeof v !== "object") return reject(`arguments cannot hold a ${typeof v}`);
  if (isRecord(v)) return jsonObject(v, depth, path, tally);
  const items = tally.slots(v, "an array in arguments");
  return Object.freeze(items.map((item) => jsonValue(item, depth + 1, [...path, v], tally)));
}
