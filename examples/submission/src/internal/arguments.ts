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
  isFiniteNumber,
  lookupGetter,
  objectKeys,
  propertyIsEnumerable,
} from "./intrinsics";
import type { Json } from "./types";
import { arrayItem, arrayLength, fault, isPlainRecord, keysOf, limitFault, readRecord, recordIsProxy, type Budget } from "./read";
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
/** Where a fault happened, for its message. */
const WHAT = "arguments";

/** Accumulates J while reading: J is a sum of per-node weights, so one counter suffices. */
type Units = { value: number };

/**
 * The containers being read, from the arguments object down: meeting one again is a cycle.
 * A stack (at most 33 deep) rather than a Set: primitives, most of the values asked about,
 * are answered without hashing, and no Set is allocated per tool call.
 */
class Ancestors {
  // Slots [0, depth) hold the containers; a slot past them is cleared, not cut off: setting an
  // array's length is a runtime call, and cutting it to 0 frees the slots the next add grows again.
  readonly #stack: unknown[] = [];
  #depth = 0;
  has(value: unknown): boolean {
    if (typeof value !== "object" || value === null) return false;
    const stack = this.#stack;
    for (let i = 0; i < this.#depth; i++) if (stack[i] === value) return true;
    return false;
  }
  add(value: object): void {
    this.#stack[this.#depth++] = value;
  }
  /** Removes the innermost container (the one added last). */
  delete(_value: object): void {
    this.#stack[--this.#depth] = undefined;
  }
}

/** Reads, validates and copies `arguments`; returns the frozen copy and adds J to `units`. */
export function readArguments(value: unknown, budget: Budget, units: Units): { readonly [key: string]: Json } {
  return readObject(readRecord(value, ISSUE, WHAT), 0, new Ancestors(), budget, units);
}

function readValue(value: unknown, depth: number, ancestors: Ancestors, budget: Budget, units: Units): Json {
  // A cycle is reported as such, though it is also too deep: either code is accepted
  // (docs/contract-decisions.md 1). (The set only holds containers, so a primitive is never
  // found in it.)
  // Stryker disable next-line StringLiteral,ConditionalExpression: error text is not part of the contract; without the check the depth limit stops a cycle, the other accepted code
  if (ancestors.has(value)) fault(ISSUE, "arguments contain a cycle");
  // Stryker disable next-line StringLiteral: error text is not part of the contract
  if (depth > MAX_CONTEXT_DEPTH) limitFault(ISSUE, `arguments nest deeper than ${MAX_CONTEXT_DEPTH}`);
  switch (typeof value) {
    case "string":
      units.value += JSON_STRING_BASE + budget.addString(value);
      return value;
    case "number":
      // Stryker disable next-line StringLiteral: error text is not part of the contract
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
      // isPlainRecord asks Array.isArray first (in a try: only a revoked Proxy makes it
      // throw) and is false for an array. Whatever is not a plain object must be a real
      // array: readArray rejects anything else (a class instance, a Date, …) as not an array.
      if (isPlainRecord(value, ISSUE, WHAT)) return readObject(value, depth, ancestors, budget, units);
      return readArray(value, depth, ancestors, budget, units);
    default:
      // Stryker disable next-line StringLiteral: error text is not part of the contract
      return fault(ISSUE, `arguments contain a value of type ${typeof value}`);
  }
}

/**
 * The value of an enumerable own data property, read as read.ts reads fields. An accessor
 * is never called: its descriptor has no value, so it reads as undefined, which readValue
 * rejects as not JSON (a setter-only accessor reads as undefined through [[Get]] as well).
 */
function entryValue(record: object, key: string, enumerable: boolean): unknown {
  let descriptor: PropertyDescriptor | undefined;
  try {
    // A fast path only: the descriptor read below gives an ordinary object the same answer,
    // and this path gives a Proxy the same answer too (through its `get` trap, which the
    // contract does not rule out: src/model/hostile-effects.ts).
    // Stryker disable next-line ConditionalExpression,BooleanLiteral: a fast path only (see above)
    if (!recordIsProxy(record)) {
      // An ordinary object runs no code when asked for a getter or enumerability, and a read
      // of a property without a getter runs none either. `enumerable`: known for every key.
      if (lookupGetter(record, key) === undefined && (enumerable || propertyIsEnumerable(record, key))) return (record as Record<string, unknown>)[key];
    } else {
      descriptor = getOwnPropertyDescriptor(record, key);
    }
  } catch {
    // A trap (or an exotic object, e.g. a module namespace in its TDZ) threw: no descriptor.
  }
  if (descriptor === undefined || descriptor.enumerable !== true) {
    // Stryker disable next-line StringLiteral: error text is not part of the contract
    fault(ISSUE, `arguments.${key} is not an enumerable own data property`);
  }
  // An accessor's descriptor (a Proxy may report one) has no own `value`: reading it anyway would
  // reach Object.prototype, where the caller may have put a getter.
  return hasOwn(descriptor, "value") ? descriptor.value : undefined;
}

/**
 * Whether every own key of an ordinary object (`count` of them, symbols included) is an
 * enumerable string key: Object.keys lists those, running nothing of the caller's, so one
 * call answers for all the keys instead of one propertyIsEnumerable per key. False for a
 * Proxy, and whenever the object is anything but ordinary and asking throws (a module
 * namespace in its TDZ): each key is then asked for itself, as before.
 */
function allEnumerable(record: object, count: number): boolean {
  // Stryker disable next-line ConditionalExpression,BooleanLiteral: a fast path only: false sends every key to the per-key check, the same answers, and entryValue reads a Proxy's entries through descriptors whatever this answer (asking would only run its ownKeys and getOwnPropertyDescriptor traps, both allowed, once more, a throw caught)
  if (recordIsProxy(record)) return false;
  try {
    return objectKeys(record).length === count;
  }
  // Stryker disable next-line BlockStatement,BooleanLiteral: only an exotic object (a module namespace in its TDZ) throws here, and then its per-key read throws inside entryValue's try the same way, whatever this answer
  catch {
    return false;
  }
}

function readArray(array: object, depth: number, ancestors: Ancestors, budget: Budget, units: Units): readonly Json[] {
  const length = arrayLength(array, ISSUE, WHAT);
  budget.addArrayItems(array, length, ISSUE, WHAT);
  units.value += JSON_CONTAINER_BASE;
  // Stryker disable next-line ArithmeticOperator: JSON_ENTRY_BASE is 1, so length / JSON_ENTRY_BASE is the same number
  units.value += length * JSON_ENTRY_BASE;
  ancestors.add(array);
  const copy: Json[] = [];
  for (let i = 0; i < length; i++) {
    copy[i] = readValue(arrayItem(array, i, ISSUE, WHAT), depth + 1, ancestors, budget, units);
  }
  // A container met again once it is finished is shared, not a cycle: `a: x, b: x` is valid.
  ancestors.delete(array);
  return freeze(copy);
}

function readObject(
  record: object,
  depth: number,
  ancestors: Ancestors,
  budget: Budget,
  units: Units,
): { readonly [key: string]: Json } {
  const keys = keysOf(record, ISSUE, WHAT);
  budget.addItems(keys.length);
  units.value += JSON_CONTAINER_BASE;
  ancestors.add(record);
  const copy: { [key: string]: Json } = {};
  let enumerable = allEnumerable(record, keys.length);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i];
    if (typeof key !== "string") {
      // Stryker disable next-line StringLiteral: error text is not part of the contract
      fault(ISSUE, "arguments have a symbol key");
    }
    const value = entryValue(record, key, enumerable);
    // Reading a container may run a Proxy's trap (inside it), which could redefine a key of
    // this record: its later keys are then asked one by one again.
    // Stryker disable next-line ConditionalExpression,LogicalOperator: resetting after more values (true, ||) only sends more keys to the per-key check, the same answers; never resetting (false) is killed by test/core/hostile-input.test.ts
    if (typeof value === "object" && value !== null) enumerable = false;
    units.value += JSON_ENTRY_BASE + budget.addRecurring(key);
    const item = readValue(value, depth + 1, ancestors, budget, units);
    // A plain store is safe, and fast, unless Object.prototype has the key: then it could be
    // "__proto__" or a setter a caller installed, so the key is defined instead (read-only
    // and non-configurable like every other key once the copy is frozen below).
    // Stryker disable next-line ConditionalExpression: a fast path only; defining every key gives the same copy
    if (key in ObjectPrototype) defineProperty(copy, key, { value: item, enumerable: true });
    else copy[key] = item;
  }
  ancestors.delete(record);
  return freeze(copy);
}
