// Tool-call arguments (contract §3): a plain object of JSON values, read and copied in one
// pass while J(arguments) (§4) is summed. The arguments object is depth 0; a value inside a
// container at depth d is at depth d + 1; anything deeper than 32 fails.
import { MAX_CONTEXT_DEPTH } from "./limits";
import {
  ObjectPrototype,
  defineProperty,
  freeze,
  getOwnPropertyDescriptor,
  hasOwn,
  isArray,
  isFiniteNumber,
  lookupGetter,
  propertyIsEnumerable,
} from "./intrinsics";
import type { Json } from "./types";
import { Fault, arrayItem, arrayLength, fault, isPlainRecord, keysOf, limitFault, recordIsProxy, type Budget } from "./read";
import {
  JSON_CONTAINER_BASE,
  JSON_ENTRY_BASE,
  JSON_FALSE,
  JSON_NULL,
  JSON_STRING_BASE,
  JSON_TRUE,
  numberUnits,
} from "./units";

const ISSUE = "INVALID_TOOL_ARGUMENTS";

/** Accumulates J while reading: J is a sum of per-node weights, so one counter suffices. */
type Units = { value: number };

/** Reads, validates and copies `arguments`; returns the frozen copy and adds J to `units`. */
export function readArguments(value: unknown, budget: Budget, units: Units): { readonly [key: string]: Json } {
  if (!isPlainRecord(value, ISSUE, "arguments")) fault(ISSUE, "arguments is not a plain object");
  return readObject(value, 0, [], budget, units);
}

function readValue(value: unknown, depth: number, ancestors: object[], budget: Budget, units: Units): Json {
  if (typeof value === "object" && value !== null) {
    // A cycle is reported as such even when it would also be too deep.
    for (let i = 0; i < ancestors.length; i++) if (ancestors[i] === value) fault(ISSUE, "arguments contain a cycle");
  }
  if (depth > MAX_CONTEXT_DEPTH) limitFault(ISSUE, `arguments nest deeper than ${MAX_CONTEXT_DEPTH}`);
  switch (typeof value) {
    case "string":
      units.value += JSON_STRING_BASE + budget.addString(value);
      return value;
    case "number":
      if (!isFiniteNumber(value)) fault(ISSUE, "arguments contain a non-finite number");
      units.value += numberUnits(value);
      return value;
    case "boolean":
      units.value += value ? JSON_TRUE : JSON_FALSE;
      return value;
    case "object":
      if (value === null) {
        units.value += JSON_NULL;
        return null;
      }
      if (isArrayValue(value)) return readArray(value, depth, ancestors, budget, units);
      if (!isPlainRecord(value, ISSUE, "arguments")) fault(ISSUE, "arguments contain a non-plain object");
      return readObject(value, depth, ancestors, budget, units);
    default:
      return fault(ISSUE, `arguments contain a value of type ${typeof value}`);
  }
}

/** The value of an enumerable own data property, read as read.ts reads fields. */
function entryValue(record: object, key: string): unknown {
  let descriptor: PropertyDescriptor | undefined;
  try {
    if (!recordIsProxy(record)) {
      if (lookupGetter(record, key) !== undefined || !propertyIsEnumerable(record, key)) {
        fault(ISSUE, `arguments.${key} is not an enumerable own data property`);
      }
      const value = (record as Record<string, unknown>)[key];
      if (value !== undefined) return value;
    }
    descriptor = getOwnPropertyDescriptor(record, key);
  } catch (error) {
    if (Fault.is(error)) throw error;
    fault(ISSUE, `reading arguments.${key} threw`);
  }
  if (descriptor === undefined || !hasOwn(descriptor, "value") || descriptor.enumerable !== true) {
    fault(ISSUE, `arguments.${key} is not an enumerable own data property`);
  }
  return descriptor.value;
}

function isArrayValue(value: object): boolean {
  try {
    return isArray(value);
  } catch {
    // Only a revoked Proxy makes Array.isArray throw.
    return fault(ISSUE, "arguments contain a revoked Proxy");
  }
}

function readArray(array: object, depth: number, ancestors: object[], budget: Budget, units: Units): readonly Json[] {
  const length = arrayLength(array, ISSUE, "arguments");
  budget.addItems(length);
  units.value += JSON_CONTAINER_BASE + length * JSON_ENTRY_BASE;
  ancestors[ancestors.length] = array;
  const copy: Json[] = [];
  for (let i = 0; i < length; i++) {
    copy[i] = readValue(arrayItem(array, i, ISSUE, "arguments"), depth + 1, ancestors, budget, units);
  }
  ancestors.length--;
  return freeze(copy);
}

function readObject(
  record: object,
  depth: number,
  ancestors: object[],
  budget: Budget,
  units: Units,
): { readonly [key: string]: Json } {
  const keys = keysOf(record, ISSUE, "arguments");
  budget.addItems(keys.length);
  units.value += JSON_CONTAINER_BASE;
  ancestors[ancestors.length] = record;
  const copy: { [key: string]: Json } = {};
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i];
    if (typeof key !== "string") fault(ISSUE, "arguments have a symbol key");
    const value = entryValue(record, key);
    units.value += JSON_ENTRY_BASE + budget.addString(key);
    const item = readValue(value, depth + 1, ancestors, budget, units);
    // A plain store is safe, and fast, unless Object.prototype has the key: then it could be
    // "__proto__" or a setter a caller installed, so the key is defined instead.
    if (key in ObjectPrototype) defineProperty(copy, key, { value: item, writable: true, enumerable: true, configurable: true });
    else copy[key] = item;
  }
  ancestors.length--;
  return freeze(copy);
}
