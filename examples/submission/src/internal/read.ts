// Hostile-safe reading. Input is only ever inspected through Reflect.getPrototypeOf,
// Reflect.getOwnPropertyDescriptor, Reflect.ownKeys and Array.isArray, so no getter, setter or
// function of the caller runs; a Proxy is read through exactly those traps. Each reflective
// call sits in its own try/catch: whatever a trap throws becomes a Fault, which the channel
// turns into the contract's code, so a trap's exception never escapes as itself (not even a
// ContextCompactionError a trap kept from an earlier call).
import { MAX_CONTEXT_COLLECTION_ITEMS, MAX_CONTEXT_STRING_UNITS, MAX_CONTEXT_TOTAL_UNITS } from "./limits";
import {
  ObjectPrototype,
  getOwnPropertyDescriptor,
  getPrototypeOf,
  hasOwn,
  isArray,
  ownKeys,
  stringTrim,
} from "./intrinsics";
import { codePoints } from "./units";

/** Which validateTranscript code a problem inside a message maps to. */
export type IssueKind = "INVALID_TRANSCRIPT" | "INVALID_MESSAGE" | "EMPTY_TOOL_NAME" | "INVALID_TOOL_ARGUMENTS";

/** The issue of every budget overflow: validateTranscript reports it for the transcript as a whole. */
const BUDGET = "INVALID_TRANSCRIPT";

/** A problem found while reading. Channels translate it; it never leaves the core. */
export class Fault {
  #brand = true;
  constructor(
    readonly issue: IssueKind,
    readonly message: string,
    readonly limit: boolean,
  ) {}
  /** Brand check: `#brand in v` reads nothing from v and runs no Proxy trap. */
  static is(value: unknown): value is Fault {
    return typeof value === "object" && value !== null && #brand in value;
  }
}

export function fault(issue: IssueKind, message: string): never {
  throw new Fault(issue, message, false);
}

export function limitFault(issue: IssueKind, message: string): never {
  throw new Fault(issue, message, true);
}

/**
 * Budgets of one input (contract §3), counted as the reader goes so that nothing after the
 * point of overflow is inspected: collection items (every array length and every object's
 * key count) and code points (every string value and every string key, of records as well
 * as of arguments). The canonical counters count the frozen copy instead (extra properties
 * dropped): what the same context would cost if passed in again, which is what compaction
 * needs to validate a derived context without reading it again.
 */
export class Budget {
  items = 0;
  strings = 0;
  canonicalItems = 0;
  canonicalStrings = 0;
  /** u(s) of the string value counted last, so callers need not count it twice. */
  last = 0;

  addItems(actual: number, canonical: number): void {
    this.items += actual;
    this.canonicalItems += canonical;
    if (this.items > MAX_CONTEXT_COLLECTION_ITEMS) {
      limitFault(BUDGET, `more than ${MAX_CONTEXT_COLLECTION_ITEMS} collection items in total`);
    }
  }

  /** Counts a string value of the input (kept in the copy); returns u(s). */
  addString(s: string): number {
    const units = this.addKey(s);
    this.canonicalStrings += units;
    return units;
  }

  /** Counts a string that the copy may drop (a record's key); returns u(s). */
  addKey(s: string): number {
    const units = codePoints(s);
    this.last = units;
    this.strings += units;
    if (units > MAX_CONTEXT_STRING_UNITS) limitFault(BUDGET, `a string longer than ${MAX_CONTEXT_STRING_UNITS} code points`);
    if (this.strings > MAX_CONTEXT_TOTAL_UNITS) limitFault(BUDGET, `more than ${MAX_CONTEXT_TOTAL_UNITS} code points of strings in total`);
    return units;
  }

  /** Counts a record's keys; the copy keeps `fieldCount` keys whose names total `fieldUnits`. */
  addRecord(keys: readonly (string | symbol)[], fieldCount: number, fieldUnits: number): void {
    this.addItems(keys.length, fieldCount);
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i];
      if (typeof key === "string") this.addKey(key);
    }
    this.canonicalStrings += fieldUnits;
  }

  /** The copy's share of a record whose kind was only known after its keys were counted. */
  addCanonical(shape: RecordShape): void {
    this.canonicalItems += shape.count;
    this.canonicalStrings += shape.units;
  }
}

/** `s.trim().length > 0`, through the captured String.prototype.trim. */
export function isNonEmpty(s: string): boolean {
  return stringTrim(s).length > 0;
}

function trapFault(issue: IssueKind, what: string): never {
  fault(issue, `reading ${what} threw`);
}

/** True for a non-array object whose prototype is Object.prototype or null. */
export function isPlainRecord(value: unknown, issue: IssueKind, what: string): value is object {
  if (typeof value !== "object" || value === null) return false;
  let proto: object | null;
  try {
    if (isArray(value)) return false;
    proto = getPrototypeOf(value);
  } catch {
    trapFault(issue, what);
  }
  return proto === ObjectPrototype || proto === null;
}

/** Own keys of a record already known to be plain. */
export function keysOf(record: object, issue: IssueKind, what: string): (string | symbol)[] {
  try {
    return ownKeys(record);
  } catch {
    trapFault(issue, what);
  }
}

/** The shape of a record kind in the copy: how many keys, and the code points of their names. */
export type RecordShape = { readonly count: number; readonly units: number };

export const NO_SHAPE: RecordShape = { count: 0, units: 0 };

export function shapeOf(...fields: string[]): RecordShape {
  let units = 0;
  for (const name of fields) units += name.length;
  return { count: fields.length, units };
}

/** Reads a plain record or faults, counting its keys (extra keys included) against `budget`. */
export function readRecord(value: unknown, budget: Budget, shape: RecordShape, issue: IssueKind, what: string): object {
  if (!isPlainRecord(value, issue, what)) fault(issue, `${what} is not a plain object`);
  budget.addRecord(keysOf(value, issue, what), shape.count, shape.units);
  return value;
}

/** The value of an own data property, or `undefined` when the property is absent. */
export function optionalField(record: object, key: string, issue: IssueKind, what: string): unknown {
  let descriptor: PropertyDescriptor | undefined;
  try {
    descriptor = getOwnPropertyDescriptor(record, key);
  } catch {
    trapFault(issue, `${what}.${key}`);
  }
  if (descriptor === undefined) return undefined;
  if (!hasOwn(descriptor, "value")) fault(issue, `${what}.${key} is an accessor`);
  return descriptor.value;
}

/** The value of an own data property that must be present. */
export function field(record: object, key: string, issue: IssueKind, what: string): unknown {
  let descriptor: PropertyDescriptor | undefined;
  try {
    descriptor = getOwnPropertyDescriptor(record, key);
  } catch {
    trapFault(issue, `${what}.${key}`);
  }
  if (descriptor === undefined) fault(issue, `${what}.${key} is missing`);
  if (!hasOwn(descriptor, "value")) fault(issue, `${what}.${key} is an accessor`);
  return descriptor.value;
}

/** The length of a real array (read from its own `length` descriptor), or a fault. */
export function arrayLength(value: unknown, issue: IssueKind, what: string): number {
  try {
    if (typeof value !== "object" || value === null || !isArray(value)) fault(issue, `${what} is not an array`);
    // A real array's length is always an own, non-configurable data property; a Proxy's
    // trap cannot report it otherwise without the engine throwing.
    return (getOwnPropertyDescriptor(value, "length") as PropertyDescriptor).value as number;
  } catch (error) {
    if (Fault.is(error)) throw error;
    trapFault(issue, what);
  }
}

/** Item `index` of an array: an own data property, not a hole, not an accessor. */
export function arrayItem(array: object, index: number, issue: IssueKind, what: string): unknown {
  let descriptor: PropertyDescriptor | undefined;
  try {
    descriptor = getOwnPropertyDescriptor(array, index);
  } catch {
    trapFault(issue, `${what}[${index}]`);
  }
  if (descriptor === undefined) fault(issue, `${what}[${index}] is a hole`);
  if (!hasOwn(descriptor, "value")) fault(issue, `${what}[${index}] is an accessor`);
  return descriptor.value;
}

/** A string field, counted against the string budgets; `nonEmpty` applies the trim rule. */
export function stringField(
  record: object,
  key: string,
  nonEmpty: boolean,
  budget: Budget,
  issue: IssueKind,
  what: string,
): string {
  const value = field(record, key, issue, what);
  if (typeof value !== "string") fault(issue, `${what}.${key} is not a string`);
  budget.addString(value);
  if (nonEmpty && !isNonEmpty(value)) fault(issue, `${what}.${key} is empty`);
  return value;
}
