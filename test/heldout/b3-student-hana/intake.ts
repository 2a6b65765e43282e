// Hana's reader. She reads the caller's data only through descriptors (Reflect), so no getter,
// setter or function of the caller's runs; a Proxy is asked exactly those questions, and a trap
// that throws becomes a Slip. A Slip says whether a budget was crossed; the channel reading
// (context.ts) turns it into the channel's code, or CONTEXT_LIMIT_EXCEEDED for a budget.
import { MAX_CONTEXT_COLLECTION_ITEMS, MAX_CONTEXT_STRING_UNITS, MAX_CONTEXT_TOTAL_UNITS, bail, type Code, type Flags } from "./errors";
import { ObjectProto, R, codePoints, hasText, isArray, isProxy, owns } from "./basics";

export class Slip {
  constructor(readonly message: string, readonly overBudget: boolean) {}
}
export const slip = (message: string): never => {
  throw new Slip(message, false);
};
export const over = (message: string): never => {
  throw new Slip(message, true);
};

/** Runs `read` with the Slips it throws turned into `code` (a crossed budget: CONTEXT_LIMIT_EXCEEDED). */
export function within<T>(code: Code, read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof Slip) bail(error.overBudget ? "CONTEXT_LIMIT_EXCEEDED" : code, error.message);
    throw error;
  }
}

/** Budgets of one input, counted as it is read (contract §3). */
export class Tally {
  items = 0;
  strings = 0;
  constructor(readonly flags: Flags, readonly limited = true) {}

  addItems(n: number): void {
    this.items += n;
    if (this.limited && this.items > MAX_CONTEXT_COLLECTION_ITEMS) over("too many collection items");
  }

  /** Counts a string; returns u(s). */
  addString(s: string): number {
    const u = codePoints(s, this.flags);
    this.strings += u;
    if (this.limited && u > MAX_CONTEXT_STRING_UNITS) over("a string is too long");
    if (this.limited && this.strings > MAX_CONTEXT_TOTAL_UNITS) over("too many code points in all");
    return u;
  }
}

export const ABSENT = Symbol("absent");

function descriptorOf(target: object, key: PropertyKey): PropertyDescriptor | undefined {
  try {
    return R.desc(target, key);
  } catch {
    return slip(`reading ${String(key)} threw`);
  }
}

/** A record: an object (not an array) whose prototype is Object.prototype or null. */
export function isRecord(value: unknown): value is object {
  if (typeof value !== "object" || value === null) return false;
  try {
    if (isArray(value)) return false;
    const proto = R.proto(value);
    return proto === ObjectProto || proto === null;
  } catch {
    return slip("a trap threw");
  }
}

export function record(value: unknown, what: string): object {
  if (!isRecord(value)) slip(`${what} is not a plain object`);
  return value as object;
}

/** An own data property that must be there. */
export function need(target: object, key: string): unknown {
  const d = descriptorOf(target, key);
  if (d === undefined) slip(`${key} is missing`);
  if (!owns(d as object, "value")) slip(`${key} is an accessor`);
  return (d as PropertyDescriptor).value;
}

/** An own data property that may be missing (ABSENT). */
export function maybe(target: object, key: string): unknown {
  const d = descriptorOf(target, key);
  if (d === undefined) return ABSENT;
  if (!owns(d, "value")) slip(`${key} is an accessor`);
  return d.value;
}

/** The length of a real array. */
export function lengthOf(value: unknown, what: string): number {
  let array = false;
  try {
    array = isArray(value);
  } catch {
    slip(`${what}: a trap threw`);
  }
  if (!array) slip(`${what} is not an array`);
  if (!isProxy(value)) return (value as unknown[]).length;
  return (descriptorOf(value as object, "length") as PropertyDescriptor).value as number;
}

/**
 * Every slot of an array looked at before any item is read (a hole, an accessor or a throwing
 * trap is the channel's), then its length added to the items.
 */
export function slots(array: object, length: number, tally: Tally): void {
  if (tally.limited) {
    const end = isProxy(array) && length > MAX_CONTEXT_COLLECTION_ITEMS + 1 ? MAX_CONTEXT_COLLECTION_ITEMS + 1 : length;
    for (let i = 0; i < end; i++) {
      const d = descriptorOf(array, i);
      if (d === undefined) slip(`[${i}] is a hole`);
      if (!owns(d as object, "value")) slip(`[${i}] is an accessor`);
    }
  }
  tally.addItems(length);
}

export function itemOf(array: object, i: number): unknown {
  const d = descriptorOf(array, i);
  if (d === undefined) slip(`[${i}] is a hole`);
  if (!owns(d as object, "value")) slip(`[${i}] is an accessor`);
  return (d as PropertyDescriptor).value;
}

/** A string field, counted; `withText`: it must have non-whitespace text. Returns [s, u(s)]. */
export function text(target: object, key: string, withText: boolean, tally: Tally): [string, number] {
  const value = need(target, key);
  if (typeof value !== "string") slip(`${key} is not a string`);
  const u = tally.addString(value as string);
  if (withText && !hasText(value as string)) slip(`${key} is blank`);
  return [value as string, u];
}

/** The own keys of a record. */
export function keysOf(target: object): (string | symbol)[] {
  try {
    return R.keys(target);
  } catch {
    return slip("listing keys threw");
  }
}

export { descriptorOf };
