// How Erin reads what a caller hands her (contract §3). Nothing of the caller's may run, so a
// field is only ever taken from its own property descriptor (an accessor is refused, never
// called) and a Proxy is read through the same reflective calls. An Intake carries the error
// code of the channel being read and the running budgets (items, code points of all strings).
import { types } from "node:util";
import {
  ContextCompactionError,
  MAX_CONTEXT_COLLECTION_ITEMS,
  MAX_CONTEXT_DEPTH,
  MAX_CONTEXT_STRING_UNITS,
  MAX_CONTEXT_TOTAL_UNITS,
  blank,
  cp,
  fail,
  type Code,
} from "./base";

export const ABSENT: unique symbol = Symbol("absent");
export type Maybe<T> = T | typeof ABSENT;

export class Intake {
  code: Code = "CONTEXT_INVALID_INPUT";
  items = 0;
  chars = 0;

  /** `strict` false: nothing is counted against a limit (validateTranscript). */
  constructor(readonly strict = true) {}

  bad(why: string): never {
    return fail(this.code, why);
  }

  over(why: string): never {
    return fail("CONTEXT_LIMIT_EXCEEDED", why);
  }

  /** Runs `read` as channel `code`: a problem it meets, or a trap that throws, gets that code. */
  channel<T>(code: Code, read: () => T): T {
    const outer = this.code;
    this.code = code;
    try {
      return read();
    } catch (e) {
      if (e instanceof ContextCompactionError) throw e;
      return fail(code, "reading the input threw");
    } finally {
      this.code = outer;
    }
  }

  /** A plain object: prototype Object.prototype or null, not an array. */
  plain(v: unknown, what: string): object {
    if (typeof v !== "object" || v === null || Array.isArray(v)) return this.bad(`${what} is not a plain object`);
    const proto = Reflect.getPrototypeOf(v);
    if (proto !== Object.prototype && proto !== null) return this.bad(`${what} is not a plain object`);
    return v;
  }

  /** An own data property, ABSENT when there is none; an accessor is refused without a call. */
  peek(o: object, key: string, what: string): Maybe<unknown> {
    const d = Reflect.getOwnPropertyDescriptor(o, key);
    if (d === undefined) return ABSENT;
    if (!("value" in d)) return this.bad(`${what}.${key} is an accessor`);
    return d.value;
  }

  field(o: object, key: string, what: string): unknown {
    const v = this.peek(o, key, what);
    return v === ABSENT ? this.bad(`${what}.${key} is missing`) : v;
  }

  count(n: number): void {
    this.items += n;
    if (this.strict && this.items > MAX_CONTEXT_COLLECTION_ITEMS) this.over("more than 16384 collection items");
  }

  /** A string, counted against the string limits; `filled`: it must be non-empty. */
  str(v: unknown, what: string, filled: boolean): string {
    if (typeof v !== "string") return this.bad(`${what} is not a string`);
    const n = cp(v);
    this.chars += n;
    if (this.strict) {
      if (n > MAX_CONTEXT_STRING_UNITS) this.over(`${what} has more than 65536 code points`);
      if (this.chars > MAX_CONTEXT_TOTAL_UNITS) this.over("the strings have more than 1,000,000 code points together");
    }
    if (filled && blank(v)) this.bad(`${what} is empty`);
    return v;
  }

  /**
   * The slots of an array, first reached: each an own data item (no hole, no accessor), all
   * checked before any item is looked into; then its length counts as items.
   */
  list(v: unknown, what: string, cap = Number.POSITIVE_INFINITY): unknown[] {
    if (!Array.isArray(v)) return this.bad(`${what} is not an array`);
    const len = (Reflect.getOwnPropertyDescriptor(v, "length") as PropertyDescriptor).value as number;
    if (this.strict && len > cap) this.over(`${what} has more than ${cap} items`);
    const upTo = types.isProxy(v) ? Math.min(len, MAX_CONTEXT_COLLECTION_ITEMS + 1) : len;
    const out = new Array<unknown>(upTo);
    for (let i = 0; i < upTo; i++) {
      const d = Reflect.getOwnPropertyDescriptor(v, i);
      if (d === undefined) this.bad(`${what} has a hole at ${i}`);
      else if (!("value" in d)) this.bad(`${what}[${i}] is an accessor`);
      else out[i] = d.value;
    }
    this.count(len);
    return out;
  }

  /** Tool-call arguments (§3): a plain object of JSON, string keys, no cycle, depth at most 32. A frozen copy. */
  args(v: unknown): object {
    return this.jsonObject(this.plain(v, "arguments"), 0, new Set());
  }

  private jsonObject(o: object, depth: number, open: Set<object>): object {
    const keys = Reflect.ownKeys(o);
    this.count(keys.length);
    open.add(o);
    const copy: Record<string, unknown> = {};
    for (const key of keys) {
      if (typeof key === "symbol") this.bad("an argument key is a symbol");
      const d = Reflect.getOwnPropertyDescriptor(o, key);
      if (d === undefined || !("value" in d) || !d.enumerable) this.bad(`argument ${String(key)} is not an enumerable data property`);
      const name = this.str(key, "an argument key", false);
      // defineProperty: a key "__proto__" stays an own key of the copy.
      Object.defineProperty(copy, name, { value: this.json(d!.value, depth + 1, open), enumerable: true, writable: true, configurable: true });
    }
    open.delete(o);
    return Object.freeze(copy);
  }

  private json(v: unknown, depth: number, open: Set<object>): unknown {
    if (typeof v === "object" && v !== null && open.has(v)) this.bad("the arguments hold a cycle");
    if (this.strict && depth > MAX_CONTEXT_DEPTH) this.over("the arguments nest deeper than 32");
    switch (typeof v) {
      case "string":
        return this.str(v, "a string in arguments", false);
      case "number":
        return Number.isFinite(v) ? v : this.bad("a number in arguments is not finite");
      case "boolean":
        return v;
      case "object":
        break;
      default:
        return this.bad(`a ${typeof v} is no JSON value`);
    }
    if (v === null) return null;
    if (!Array.isArray(v)) return this.jsonObject(this.plain(v, "an object in arguments"), depth, open);
    const items = this.list(v, "an array in arguments");
    open.add(v);
    const copy = items.map((item) => this.json(item, depth + 1, open));
    open.delete(v);
    return Object.freeze(copy);
  }
}
