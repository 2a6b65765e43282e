// Uma's own reader of tool-call arguments (contract §3 "Tool-call arguments", §4 J). She wrote it
// as a small class that walks the caller's value once: it checks every node (plain object or real
// array, own enumerable data properties, string keys, finite numbers, no cycle, the depth), counts
// the budgets as it goes, prices J and builds the frozen copy. The rest of her reader is the
// reference's chain (./message-read.ts, ./transcript.ts, ./snapshot.ts), which calls
// readArguments for each tool call. Her planted mistakes are flags (PLANTED).
import { MAX_CONTEXT_DEPTH } from "../../../src/core/limits";
import { arrayItem, arrayLength, fault, isPlainRecord, keysOf, limitFault, readRecord, type Budget } from "../../../src/core/read";
import { numberUnits } from "../../../src/core/units";
import type { Json } from "../../../src/core/types";

/** The mistakes planted in this reader (index.ts switches both on). */
export const PLANTED = ["nested-json-left-unfrozen", "arrays-add-no-depth"] as const;

/** The flags of the call being served (set by the exports around each call: reading is synchronous). */
export const switches: { on: ReadonlySet<string> } = { on: new Set() };

const BAD = "INVALID_TOOL_ARGUMENTS";
const HERE = "arguments";

type Units = { value: number };
type JsonObject = { [key: string]: Json };

const ObjectProto = Object.prototype;
const descriptorOf = Reflect.getOwnPropertyDescriptor;
const define = Reflect.defineProperty;
const freeze = Object.freeze;
const own = (o: object, k: PropertyKey) => Object.prototype.hasOwnProperty.call(o, k);

class JsonWalker {
  /** J of what was walked so far. */
  units = 0;
  /** The containers on the path from the arguments object to the node being read. */
  readonly #path: object[] = [];

  constructor(
    private readonly budget: Budget,
    private readonly flags: ReadonlySet<string>,
  ) {}

  /** The arguments object itself (level 0), already known to be a plain record. */
  top(record: object): JsonObject {
    return this.object(record, 0);
  }

  node(value: unknown, level: number): Json {
    if (typeof value === "object" && value !== null && this.#path.includes(value)) fault(BAD, "arguments contain a cycle");
    if (level > MAX_CONTEXT_DEPTH) limitFault(BAD, `arguments nest deeper than ${MAX_CONTEXT_DEPTH}`);
    if (typeof value === "string") {
      this.units += 1 + this.budget.addString(value);
      return value;
    }
    if (typeof value === "number") {
      if (!Number.isFinite(value)) fault(BAD, "arguments contain a number that is not finite");
      this.units += numberUnits(value);
      return value;
    }
    if (typeof value === "boolean") {
      this.units += value ? 5 : 6;
      return value;
    }
    if (value === null) {
      this.units += 1;
      return null;
    }
    if (typeof value !== "object") return fault(BAD, `arguments contain a ${typeof value}`);
    return isPlainRecord(value, BAD, HERE) ? this.object(value, level) : this.array(value, level);
  }

  object(record: object, level: number): JsonObject {
    const keys = keysOf(record, BAD, HERE);
    this.budget.addItems(keys.length);
    this.units += 2;
    this.#path.push(record);
    const copy: JsonObject = {};
    for (const key of keys) {
      if (typeof key !== "string") fault(BAD, "arguments have a symbol key");
      const value = this.entry(record, key);
      this.units += 1 + this.budget.addString(key);
      const item = this.node(value, level + 1);
      if (key in ObjectProto) define(copy, key, { value: item, enumerable: true, writable: true, configurable: true });
      else copy[key] = item;
    }
    this.#path.pop();
    return this.done(copy, level);
  }

  array(array: object, level: number): readonly Json[] {
    const length = arrayLength(array, BAD, HERE);
    this.budget.addArrayItems(array, length, BAD, HERE);
    this.units += 2 + length;
    this.#path.push(array);
    // The items of an array sit one level below it: an array is a container like an object.
    // [planted arrays-add-no-depth] Uma counts levels of objects only: an array's items stay at its level.
    const inner = this.flags.has("arrays-add-no-depth") ? level : level + 1;
    const copy: Json[] = [];
    for (let i = 0; i < length; i++) copy[i] = this.node(arrayItem(array, i, BAD, HERE), inner);
    this.#path.pop();
    return this.done(copy, level);
  }

  /** An own enumerable data property of the record (a getter is never called). */
  entry(record: object, key: string): unknown {
    let descriptor: PropertyDescriptor | undefined;
    try {
      descriptor = descriptorOf(record, key);
    } catch {
      fault(BAD, `reading arguments.${key} threw`);
    }
    if (descriptor === undefined || descriptor.enumerable !== true) fault(BAD, `arguments.${key} is not an enumerable own data property`);
    return own(descriptor, "value") ? descriptor.value : undefined;
  }

  /** The finished copy of a container, frozen. */
  done<T extends object>(copy: T, level: number): T {
    // [planted nested-json-left-unfrozen] only the arguments object itself is frozen; the arrays and objects inside it are left as built
    if (this.flags.has("nested-json-left-unfrozen") && level > 0) return copy;
    return freeze(copy);
  }
}

/** Reads, validates and copies `arguments`; adds J(arguments) to `units` (the reference's signature). */
export function readArguments(value: unknown, budget: Budget, units: Units): { readonly [key: string]: Json } {
  const walker = new JsonWalker(budget, switches.on);
  const copy = walker.top(readRecord(value, BAD, HERE));
  units.value += walker.units;
  return copy;
}
