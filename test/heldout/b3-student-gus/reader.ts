// Gus's reader: every look at the caller's data goes through descriptors, prototypes and own
// keys, each inside a try, so no getter, setter or function of the caller runs and a trap's
// exception becomes a Slip. A Slip is turned into the channel's code (or LIMIT_EXCEEDED when
// it is a budget) by `within`.
import { MAX_CONTEXT_COLLECTION_ITEMS, MAX_CONTEXT_STRING_UNITS, MAX_CONTEXT_TOTAL_UNITS, hasText, isProxy, oops, u, type Code } from "./basics";

export class Slip {
  constructor(
    readonly why: string,
    readonly overBudget: boolean,
  ) {}
}
export const slip = (why: string): never => {
  throw new Slip(why, false);
};
export const overflow = (why: string): never => {
  throw new Slip(why, true);
};

export function within<T>(code: Code, body: () => T): T {
  try {
    return body();
  } catch (error) {
    if (error instanceof Slip) oops(error.overBudget ? "CONTEXT_LIMIT_EXCEEDED" : code, error.why);
    throw error;
  }
}

export const MISSING = Symbol("missing");

function describe(obj: object, key: PropertyKey): PropertyDescriptor | undefined {
  try {
    return Reflect.getOwnPropertyDescriptor(obj, key);
  } catch {
    return slip(`reading ${String(key)} threw`);
  }
}

/** A non-array object whose prototype is Object.prototype or null. */
export function isPlain(value: unknown): value is object {
  if (typeof value !== "object" || value === null) return false;
  let proto: object | null;
  try {
    if (Array.isArray(value)) return false;
    proto = Reflect.getPrototypeOf(value);
  } catch {
    return slip("reading the prototype threw");
  }
  return proto === Object.prototype || proto === null;
}

export function plain(value: unknown, what: string): object {
  if (!isPlain(value)) slip(`${what} is not a plain object`);
  return value as object;
}

/** An own data property's value, or MISSING. */
export function maybe(obj: object, key: string): unknown {
  const d = describe(obj, key);
  if (d === undefined) return MISSING;
  if (!Object.hasOwn(d, "value")) slip(`${key} is an accessor`);
  return d.value;
}

export function must(obj: object, key: string): unknown {
  const v = maybe(obj, key);
  if (v === MISSING) slip(`${key} is missing`);
  return v;
}

export function ownKeysOf(obj: object): (string | symbol)[] {
  try {
    return Reflect.ownKeys(obj);
  } catch {
    return slip("listing keys threw");
  }
}

/** A real array's length (a Proxy's from its descriptor). */
export function lengthOf(value: unknown, what: string): number {
  let ok = false;
  try {
    ok = Array.isArray(value);
  } catch {
    slip(`${what} threw`);
  }
  if (!ok) slip(`${what} is not an array`);
  if (!isProxy(value)) return (value as unknown[]).length;
  return (describe(value as object, "length") as PropertyDescriptor).value as number;
}

export function slot(array: object, i: number): unknown {
  const d = describe(array, i);
  if (d === undefined) slip(`[${i}] is a hole`);
  if (!Object.hasOwn(d!, "value")) slip(`[${i}] is an accessor`);
  return d!.value;
}

/** The budgets of one input. */
export class Budget {
  items = 0;
  strings = 0;

  addItems(n: number): void {
    this.items += n;
    if (this.items > MAX_CONTEXT_COLLECTION_ITEMS) overflow("too many collection items");
  }

  /** Every slot is looked at before any item is read; then the length is counted (when `counted`). */
  enterArray(array: object, length: number, counted = true): void {
    const end = isProxy(array) ? Math.min(length, MAX_CONTEXT_COLLECTION_ITEMS + 1) : length;
    for (let i = 0; i < end; i++) slot(array, i);
    if (counted) this.addItems(length);
  }

  /** Counts a string; returns u(s). */
  addString(s: string): number {
    const n = u(s);
    this.strings += n;
    if (n > MAX_CONTEXT_STRING_UNITS) overflow("a string is too long");
    if (this.strings > MAX_CONTEXT_TOTAL_UNITS) overflow("too many code points");
    return n;
  }
}

/** A string field counted against the budgets; its u(s) is `last`. */
export class Strings {
  last = 0;
  constructor(readonly budget: Budget) {}
  take(obj: object, key: string, nonEmpty: boolean): string {
    const v = must(obj, key);
    if (typeof v !== "string") slip(`${key} is not a string`);
    this.last = this.budget.addString(v as string);
    if (nonEmpty && !hasText(v as string)) slip(`${key} is empty`);
    return v as string;
  }
}
