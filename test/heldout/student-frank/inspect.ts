// Reading what the caller hands in (§3) without running any of it: fields are taken from their
// own property descriptors (an accessor is refused uncalled), arrays are checked slot by slot
// before their items are read, and the budgets are counted as the reading goes. Whatever goes
// wrong inside a channel (a trap that throws included) comes out with that channel's code.
import { types } from "node:util";
import { MAX_CONTEXT_COLLECTION_ITEMS, MAX_CONTEXT_DEPTH, MAX_CONTEXT_STRING_UNITS, MAX_CONTEXT_TOTAL_UNITS, bail, type Code, type Switches } from "./limits";
import { cp, filled } from "./measure";

/** Something wrong in the data: over a budget, or a bad value (with its own code when it has one). */
class Trouble {
  constructor(readonly overBudget: boolean, readonly what: string, readonly code: Code | null = null) {}
}

export const wrong = (what: string, code: Code | null = null): never => {
  throw new Trouble(false, what, code);
};
const overBudget = (what: string): never => {
  throw new Trouble(true, what);
};

/** Runs one reading step; anything it throws leaves as a ContextCompactionError with `code`. */
export function under<T>(code: Code, step: () => T): T {
  try {
    return step();
  } catch (thrown) {
    if (thrown instanceof Trouble) bail(thrown.overBudget ? "CONTEXT_LIMIT_EXCEEDED" : (thrown.code ?? code), thrown.what);
    return bail(code, "the input could not be read");
  }
}

export const ABSENT: unique symbol = Symbol("absent");

export function plain(v: unknown): v is object {
  if (typeof v !== "object" || v === null || Array.isArray(v)) return false;
  const p = Reflect.getPrototypeOf(v);
  return p === Object.prototype || p === null;
}

export function asPlain(v: unknown, what: string): object {
  return plain(v) ? v : wrong(`${what} is not a plain object`);
}

/** An own data property's value, ABSENT when there is none; an accessor is refused (never called). */
export function peek(o: object, key: string, what: string): unknown {
  const d = Reflect.getOwnPropertyDescriptor(o, key);
  if (d === undefined) return ABSENT;
  if (d.get !== undefined || d.set !== undefined || !("value" in d)) return wrong(`${what}.${key} is an accessor`);
  return d.value;
}

export function take(o: object, key: string, what: string): unknown {
  const v = peek(o, key, what);
  return v === ABSENT ? wrong(`${what}.${key} is missing`) : v;
}

type Json = null | boolean | number | string | readonly Json[] | { readonly [k: string]: Json };

/** One reading of one input, with its running counts. */
export class Reader {
  items = 0;
  chars = 0;
  /** `sized` false: nothing is limited (validateTranscript). */
  constructor(readonly switches: Switches, readonly sized = true) {}

  count(n: number): void {
    this.items += n;
    if (this.sized && this.items > MAX_CONTEXT_COLLECTION_ITEMS) overBudget("more than 16384 collection items");
  }

  str(v: unknown, what: string, mustHaveText: boolean): string {
    if (typeof v !== "string") return wrong(`${what} is not a string`);
    const n = cp(v);
    this.chars += n;
    if (this.sized && n > MAX_CONTEXT_STRING_UNITS) overBudget(`${what} has more than 65536 code points`);
    if (this.sized && this.chars > MAX_CONTEXT_TOTAL_UNITS) overBudget("the strings have more than 1,000,000 code points together");
    if (mustHaveText && !filled(v)) wrong(`${what} is empty`);
    return v;
  }

  /** An array's items: every slot checked first (own data, no hole), then the length counted as items. */
  list(v: unknown, what: string, most: number, counted = true): unknown[] {
    if (!Array.isArray(v)) return wrong(`${what} is not an array`);
    const lengthSlot = Reflect.getOwnPropertyDescriptor(v, "length") as PropertyDescriptor;
    const length = lengthSlot.value as number;
    if (this.sized && length > most) overBudget(`${what} has more than ${most} entries`);
    const stop = types.isProxy(v) ? Math.min(length, MAX_CONTEXT_COLLECTION_ITEMS + 1) : length;
    const out: unknown[] = [];
    for (let i = 0; i < stop; i++) {
      const d = Reflect.getOwnPropertyDescriptor(v, i);
      if (d === undefined) wrong(`${what} has a hole at ${i}`);
      else if (!("value" in d)) wrong(`${what}[${i}] is an accessor`);
      else out.push(d.value);
    }
    if (counted) this.count(length);
    return out;
  }

  /** Tool-call arguments: a plain object of JSON, no cycle, nothing deeper than 32; a frozen copy. */
  args(v: unknown): { readonly [k: string]: Json } {
    return this.jsonObject(asPlain(v, "arguments"), 0, []);
  }

  private jsonObject(o: object, depth: number, above: object[]): { readonly [k: string]: Json } {
    const keys = Reflect.ownKeys(o);
    // Mistake argument-containers-not-counted: the key counts of the objects inside the
    // arguments (and, below, the lengths of their arrays) are not added to the items.
    if (!this.switches.has("argument-containers-not-counted")) this.count(keys.length);
    const copy: Record<string, Json> = {};
    for (const key of keys) {
      if (typeof key !== "string") wrong("arguments have a symbol key");
      const d = Reflect.getOwnPropertyDescriptor(o, key);
      if (d === undefined || !("value" in d) || !d.enumerable) wrong(`arguments.${String(key)} is not an enumerable data property`);
      this.str(key, "an argument key", false);
      Object.defineProperty(copy, key as string, { value: this.json(d!.value, depth + 1, [...above, o]), enumerable: true, writable: true, configurable: true });
    }
    return Object.freeze(copy);
  }

  private json(v: unknown, depth: number, above: object[]): Json {
    if (typeof v === "object" && v !== null && above.includes(v)) wrong("arguments hold a cycle");
    if (this.sized && depth > MAX_CONTEXT_DEPTH) overBudget("arguments nest deeper than 32");
    if (v === null || typeof v === "boolean") return v;
    if (typeof v === "number") return Number.isFinite(v) ? v : wrong("a number in arguments is not finite");
    if (typeof v === "string") return this.str(v, "a string in arguments", false);
    if (typeof v !== "object") return wrong(`arguments cannot hold a ${typeof v}`);
    if (plain(v)) return this.jsonObject(v, depth, above);
    const items = this.list(v, "an array in arguments", Infinity, !this.switches.has("argument-containers-not-counted"));
    return Object.freeze(items.map((item) => this.json(item, depth + 1, [...above, v])));
  }
}
