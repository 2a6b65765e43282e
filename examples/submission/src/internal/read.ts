// Hostile-safe reading. A Proxy is only ever inspected through Reflect.getPrototypeOf,
// Reflect.getOwnPropertyDescriptor, Reflect.ownKeys and Array.isArray, so exactly those traps
// run, and no getter, setter or function of the caller. Each reflective call sits in a
// try/catch: whatever a trap throws becomes a Fault, which the channel turns into the
// contract's code, so a trap's exception never escapes as itself (not even a
// ContextCompactionError a trap kept from an earlier call).
//
// An ordinary object (not a Proxy) cannot run code when asked whether it has an own
// property, or for the getter of one, so its fields take an allocation-free path: own
// property, no getter, then a plain read. Only a value that reads as undefined (a data
// property holding undefined, or an accessor without a getter) needs the descriptor to
// tell the two apart. A build reads tens of thousands of fields; not allocating a
// descriptor for each is most of what keeps it at the speed of structuredClone.
import { MAX_CONTEXT_COLLECTION_ITEMS, MAX_CONTEXT_STRING_UNITS, MAX_CONTEXT_TOTAL_UNITS } from "./limits";
import {
  ObjectPrototype,
  getOwnPropertyDescriptor,
  getOwnPropertyNames,
  getOwnPropertySymbols,
  getPrototypeOf,
  hasOwn,
  isArray,
  ownKeys,
  isProxy,
  lookupGetter,
  stringCharCodeAt,
  stringTrim,
} from "./intrinsics";
import { codePoints } from "./units";

/** Which validateTranscript code a problem inside a message maps to. */
export type IssueKind = "INVALID_TRANSCRIPT" | "INVALID_MESSAGE" | "EMPTY_TOOL_NAME" | "INVALID_TOOL_ARGUMENTS";

/** The issue of every budget overflow: validateTranscript reports it for the transcript as a whole. */
const BUDGET = "INVALID_TRANSCRIPT";

/** A problem found while reading. Channels translate it; it never leaves the core. */
export class Fault {
  // Stryker disable next-line BooleanLiteral: `#brand in v` tests that the field exists, never its value
  #brand = true;
  constructor(
    readonly issue: IssueKind,
    readonly message: string,
    readonly limit: boolean,
  ) {}
  /** The same fault, its message prefixed with where it happened (built only on failure). */
  at(where: string): Fault {
    // Stryker disable next-line StringLiteral: message text; the code is the contract
    return new Fault(this.issue, `${where}: ${this.message}`, this.limit);
  }

  /** Brand check: `#brand in v` reads nothing from v and runs no Proxy trap. */
  static is(value: unknown): value is Fault {
    // Stryker disable next-line ConditionalExpression,LogicalOperator: only objects are ever thrown inside the core: a trap's exception becomes a Fault where it is caught
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
 * point of overflow is inspected.
 *
 * Decision (the contract's "collection items" is open to two readings): a collection is an
 * array or a JSON object (tool-call arguments and the objects inside them); its items are
 * the array's length or the object's key count. Records (the input, requirements, summary,
 * messages, blocks, compaction records) are not collections: their fields are fixed
 * structure, and their extra properties are dropped unread. Counting record keys as well
 * would make the 4,096-message ceiling unreachable (4,096 messages of 3 keys plus the
 * array's 4,096 slots already fill 16,384), so it cannot be what the contract means.
 * "All strings together" counts the strings the contract bounds: ids, contents, texts,
 * names, toolCallId, a record's summaryId and compactedMessageIds, argument keys and string
 * values; not the fixed role/type tags and not record keys.
 */
export class Budget {
  items = 0;
  strings = 0;
  /** u(s) of the string counted last, so callers need not count it twice. */
  last = 0;

  /** `limited` false: counts only, never faults (validateTranscript applies no size limits, §2). */
  constructor(readonly limited: boolean = true) {}

  addItems(count: number): void {
    this.items += count;
    if (this.items > MAX_CONTEXT_COLLECTION_ITEMS && this.limited) {
      // Stryker disable next-line StringLiteral: message text; the code is the contract
      limitFault(BUDGET, `more than ${MAX_CONTEXT_COLLECTION_ITEMS} collection items in total`);
    }
  }

  /**
   * Adds an array's length to the items, for an array whose items are read next. §3 "Slots
   * first" and §8 (the core's choice, the course's): when an array is first reached, every
   * one of its slots is looked at before any item's contents, so a hole, an accessor or a
   * throwing trap anywhere in it is the channel's fault (`issue`), also where an earlier
   * item, or the length itself, would overflow a budget. Reading slot descriptors is not
   * reading past the overflow. A Proxy claiming a huge length is looked at for one budget's
   * worth of slots; past that the overflow is the limit. validateTranscript's unlimited
   * budget has no overflow for a slot to win over, and reads each slot with its item.
   */
  addArrayItems(array: object, length: number, issue: IssueKind, what: string): void {
    // Stryker disable next-line ConditionalExpression: whether the slots are looked at first is the choice §8 leaves open (see checkSlots); each slot is read with its item anyway
    if (this.limited) checkSlots(array, length, issue, what);
    this.addItems(length);
  }

  // The last RECENT strings counted by addRecurring and their units, in slots reused in turn.
  // Stryker disable next-line ArrayDeclaration: a cache only: an empty array finds nothing, and every string is counted
  readonly #recent: (string | undefined)[] = [undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined];
  // Stryker disable next-line ArrayDeclaration: the slot is written before it is read
  readonly #recentUnits: number[] = [0, 0, 0, 0, 0, 0, 0, 0];
  #next = 0;

  /**
   * Counts a string of a kind that recurs in a transcript (a tool name, an argument key) as
   * addString does, without counting it again when it is one of the last few counted here
   * (a build counts thousands of them, and they are a handful of distinct strings).
   */
  addRecurring(s: string): number {
    const recent = this.#recent;
    // Stryker disable next-line ConditionalExpression,EqualityOperator: a cache only: slots not looked at are strings counted again, the same units
    for (let i = 0; i < RECENT; i++) {
      // Stryker disable next-line ConditionalExpression: a cache only: a string not found is counted, the same units (this also hides the always-true mutant, which answers the units of another string and which test/core/units.test.ts kills)
      if (recent[i] === s) return this.addString(s, this.#recentUnits[i]);
    }
    const units = this.addString(s);
    const slot = this.#next;
    recent[slot] = s;
    this.#recentUnits[slot] = units;
    // Stryker disable next-line ArithmeticOperator: a cache only: any order of reusing the slots remembers strings with their own units
    this.#next = (slot + 1) & (RECENT - 1);
    return units;
  }

  /** Counts a string of the input (of `units` code points, when already known); returns u(s). */
  addString(s: string, units: number = codePoints(s)): number {
    this.last = units;
    this.strings += units;
    if (units > MAX_CONTEXT_STRING_UNITS && this.limited) {
      // Stryker disable next-line StringLiteral: message text; the code is the contract
      limitFault(BUDGET, `a string longer than ${MAX_CONTEXT_STRING_UNITS} code points`);
    }
    if (this.strings > MAX_CONTEXT_TOTAL_UNITS && this.limited) {
      // Stryker disable next-line StringLiteral: message text; the code is the contract
      limitFault(BUDGET, `more than ${MAX_CONTEXT_TOTAL_UNITS} code points of strings in total`);
    }
    return units;
  }
}

/** How many strings addRecurring remembers (a power of 2). */
const RECENT = 8;

/**
 * Faults with `issue` at the first slot of `array` that is a hole, an accessor or a throwing
 * trap, before any item is read. Where an item would overflow a budget, §8 accepts either the
 * slot's channel code (the core's choice) or CONTEXT_LIMIT_EXCEEDED (what skipping this check
 * gives); elsewhere each slot is checked again as its item is read (arrayItem), so its
 * mutants make the other allowed choice (test/variants: slots-read-with-items).
 */
// Stryker disable next-line BlockStatement: the other choice §8 allows (see above)
function checkSlots(array: object, length: number, issue: IssueKind, what: string): void {
  // An ordinary array runs no code of the caller's here: own property, no getter, then a
  // plain read; only an item that reads as undefined needs its descriptor (a setter-only
  // accessor reads so too). No descriptor is allocated for the others.
  // Stryker disable next-line ConditionalExpression,BlockStatement: a fast path only: the descriptor loop below gives an ordinary array the same answer
  if (!arrayIsProxy(array)) {
    // Stryker disable next-line ConditionalExpression,EqualityOperator: fewer slots checked is the other choice §8 allows (see above)
    for (let i = 0; i < length; i++) {
      // Stryker disable next-line StringLiteral,ConditionalExpression: message text; the other choice §8 allows (see above)
      if (!hasOwn(array, i)) fault(issue, `${what}[${i}] is a hole`);
      // Stryker disable next-line StringLiteral,ConditionalExpression: message text; the other choice §8 allows (see above)
      if (lookupGetter(array, i) !== undefined) fault(issue, `${what}[${i}] is an accessor`);
      // Stryker disable next-line ConditionalExpression: the descriptor gives a data item the same answer
      if ((array as unknown[])[i] !== undefined) continue;
      // Stryker disable next-line StringLiteral,ConditionalExpression: message text; the other choice §8 allows (see above)
      if (!hasOwn(getOwnPropertyDescriptor(array, i) as PropertyDescriptor, "value")) fault(issue, `${what}[${i}] is an accessor`);
    }
    return;
  }
  // Stryker disable next-line ConditionalExpression,ArithmeticOperator,EqualityOperator: only bounds the reading of a Proxy's claimed length
  const end = length > MAX_CONTEXT_COLLECTION_ITEMS + 1 ? MAX_CONTEXT_COLLECTION_ITEMS + 1 : length;
  // Stryker disable next-line ConditionalExpression,EqualityOperator,BlockStatement: fewer slots checked is the other choice §8 allows (see above)
  for (let i = 0; i < end; i++) {
    // Stryker disable next-line StringLiteral: names the place in a message text only
    const descriptor = ownDescriptor(array, i, issue, `${what}[${i}]`);
    // Stryker disable next-line StringLiteral,ConditionalExpression: message text; the other choice §8 allows (see above)
    if (descriptor === undefined) fault(issue, `${what}[${i}] is a hole`);
    // Stryker disable next-line StringLiteral,ConditionalExpression: message text; the other choice §8 allows (see above)
    if (!hasOwn(descriptor, "value")) fault(issue, `${what}[${i}] is an accessor`);
  }
}

/** `s.trim().length > 0`, through the captured String.prototype.trim. */
export function isNonEmpty(s: string): boolean {
  // Fast path: a string that starts with a character from "!" to U+009F is not blank (none
  // of them is whitespace; U+0020 and U+00A0 are, so a bound moved by one changes answers).
  // "" gives NaN here and goes to the trim.
  const first = stringCharCodeAt(s, 0);
  // Stryker disable next-line ConditionalExpression: a fast path only: the trim gives the same answer
  if (first > 0x20 && first < 0xa0) return true;
  return stringTrim(s).length > 0;
}

// Whether the record (and the array) read last is a Proxy. The fields of one record are read
// one after the other, so one isProxy call per record suffices. Keyed by identity, so the
// answer stays right even when a trap re-enters the core in the middle of a read.
// A plain object sent down the descriptor path gets the same answer there; a Proxy sent down
// a fast path would run traps outside the try that turns their exceptions into faults.
let lastRecord: object | null = null;
let lastRecordIsProxy = false;
let lastArray: object | null = null;
let lastArrayIsProxy = false;

export function recordIsProxy(record: object): boolean {
  // Stryker disable next-line ConditionalExpression: a cache only: asking isProxy again gives the same answer
  if (record !== lastRecord) {
    lastRecord = record;
    lastRecordIsProxy = isProxy(record);
  }
  return lastRecordIsProxy;
}

function arrayIsProxy(array: object): boolean {
  // Stryker disable next-line ConditionalExpression: a cache only: asking isProxy again gives the same answer
  if (array !== lastArray) {
    lastArray = array;
    lastArrayIsProxy = isProxy(array);
  }
  return lastArrayIsProxy;
}

/** Lets go of the caller's objects remembered above once a read is over. */
// Stryker disable next-line BlockStatement: only frees memory; a kept object is still answered right (a Proxy stays one)
export function forgetReads(): void {
  lastRecord = null;
  lastArray = null;
}

function trapFault(issue: IssueKind, what: string): never {
  // Stryker disable next-line StringLiteral: message text; the code is the contract
  fault(issue, `reading ${what} threw`);
}

/** True for a non-array object whose prototype is Object.prototype or null. */
// Every caller faults with `issue` when the answer is false, so the answer for a primitive
// is not decisive: Reflect.getPrototypeOf throws for one, and the catch faults with `issue`.
export function isPlainRecord(value: unknown, issue: IssueKind, what: string): value is object {
  // Stryker disable next-line LogicalOperator,ConditionalExpression: a primitive or null fails below with the same issue (see above)
  if (typeof value !== "object" || value === null) return false;
  let proto: object | null;
  try {
    if (isArray(value)) return false;
    proto = getPrototypeOf(value);
  }
  // Stryker disable next-line BlockStatement: without it proto stays undefined, not plain, and every caller faults with the same issue
  catch {
    trapFault(issue, what);
  }
  return proto === ObjectPrototype || proto === null;
}

/** Own keys of a record already known to be plain. */
export function keysOf(record: object, issue: IssueKind, what: string): (string | symbol)[] {
  // A fast path only: for an object that is not a Proxy, Reflect.ownKeys is its string keys
  // then its symbols, the same list, and it was measured ten times slower than these two
  // (allocating four times more) on a tool call's small arguments object.
  // Stryker disable next-line ConditionalExpression,BooleanLiteral,BlockStatement: a fast path only (see above)
  if (!recordIsProxy(record)) {
    const keys: (string | symbol)[] = getOwnPropertyNames(record);
    const symbols = getOwnPropertySymbols(record);
    for (let i = 0; i < symbols.length; i++) keys[keys.length] = symbols[i];
    return keys;
  }
  try {
    return ownKeys(record);
  } catch {
    trapFault(issue, what);
  }
}

/** Checks that `value` is a plain record (its keys are not read: extra properties are dropped unread). */
export function readRecord(value: unknown, issue: IssueKind, what: string): object {
  // Stryker disable next-line StringLiteral: message text; the code is the contract
  if (!isPlainRecord(value, issue, what)) fault(issue, `${what} is not a plain object`);
  return value;
}

/** The own descriptor of `key`, a trap's exception turned into a fault. */
function ownDescriptor(object: object, key: string | number, issue: IssueKind, what: string): PropertyDescriptor | undefined {
  let descriptor: PropertyDescriptor | undefined;
  try {
    descriptor = getOwnPropertyDescriptor(object, key);
  } catch {
    trapFault(issue, what);
  }
  return descriptor;
}

/** What optionalField answers for an absent property (a present one may hold undefined). */
export const ABSENT: unique symbol = Symbol("absent");

/** The value of an own data property, or ABSENT when the property is absent. */
export function optionalField(record: object, key: string, issue: IssueKind, what: string): unknown {
  // Stryker disable next-line StringLiteral: names the place in a message text only
  const descriptor = ownDescriptor(record, key, issue, `${what}.${key}`);
  if (descriptor === undefined) return ABSENT;
  if (!hasOwn(descriptor, "value")) {
    // Stryker disable next-line StringLiteral: message text; the code is the contract
    fault(issue, `${what}.${key} is an accessor`);
  }
  return descriptor.value;
}

/** The value of an own data property that must be present. */
export function field(record: object, key: string, issue: IssueKind, what: string): unknown {
  // A plain object (not a Proxy) runs no code of the caller's here, so nothing can throw.
  // Stryker disable next-line BlockStatement,ConditionalExpression: a fast path only: the descriptor path below gives a plain object the same answer
  if (!recordIsProxy(record)) {
    // Stryker disable next-line StringLiteral: message text; the code is the contract
    if (!hasOwn(record, key)) fault(issue, `${what}.${key} is missing`);
    // Stryker disable next-line StringLiteral: message text; the code is the contract
    if (lookupGetter(record, key) !== undefined) fault(issue, `${what}.${key} is an accessor`);
    const value = readOwn(record, key);
    // Stryker disable next-line ConditionalExpression: the descriptor path below gives the same value
    if (value !== undefined) return value;
  }
  // Stryker disable next-line StringLiteral: names the place in a message text only
  const descriptor = ownDescriptor(record, key, issue, `${what}.${key}`);
  // Stryker disable next-line StringLiteral: message text; the code is the contract
  if (descriptor === undefined) fault(issue, `${what}.${key} is missing`);
  if (!hasOwn(descriptor, "value")) {
    // Stryker disable next-line StringLiteral: message text; the code is the contract
    fault(issue, `${what}.${key} is an accessor`);
  }
  return descriptor.value;
}

/**
 * `record[key]`, for an own data property of an ordinary object. The keys the core reads
 * most get a load of their own, each with its own inline cache that sees the few shapes of
 * one kind of record, where `record[key]` would be one load for every key and every shape
 * (a megamorphic lookup per field). Comparing `key` with the literals costs little: they are
 * the same interned strings.
 */
// Stryker disable ConditionalExpression,StringLiteral: a fast path only: a key that skips its line (false, or another literal) is read by the last line, the same property. This also hides each line made always true, which then reads its field for every later key: a wrong value where the record has that field (a valid transcript shows it for the fields of messages), elsewhere undefined, which field() reads again from the descriptor
function readOwn(record: object, key: string): unknown {
  const fields = record as Record<string, unknown>;
  if (key === "id") return fields.id;
  if (key === "role") return fields.role;
  if (key === "content") return fields.content;
  if (key === "type") return fields.type;
  if (key === "text") return fields.text;
  if (key === "name") return fields.name;
  if (key === "arguments") return fields.arguments;
  if (key === "toolCallId") return fields.toolCallId;
  if (key === "toolName") return fields.toolName;
  if (key === "isError") return fields.isError;
  return fields[key];
}
// Stryker restore ConditionalExpression,StringLiteral

/** The length of a real array (read from its own `length` descriptor), or a fault. */
export function arrayLength(value: unknown, issue: IssueKind, what: string): number {
  // Stryker disable next-line BooleanLiteral: never read as it starts: the try assigns it, or its catch faults
  let array = false;
  try {
    // Array.isArray runs no trap; it throws only for a revoked Proxy. (It is false for a primitive.)
    array = isArray(value);
  }
  // Stryker disable next-line BlockStatement: a revoked Proxy then reads as no array, the same fault with the same issue
  catch {
    trapFault(issue, what);
  }
  // Stryker disable next-line StringLiteral: message text; the code is the contract
  if (!array) fault(issue, `${what} is not an array`);
  // A genuine array's length is a data property: reading it runs nothing.
  // Either way gives the same length: a Proxy sent here only has its `get` trap run as well
  // (the contract leaves `get` open: src/model/hostile-effects.ts), a plain array sent below
  // reads the same descriptor.
  // Stryker disable next-line ConditionalExpression,BooleanLiteral: both ways give the same length (see above)
  if (!arrayIsProxy(value as object)) return (value as unknown[]).length;
  // A real array's length is always an own, non-configurable data property; a Proxy's
  // trap cannot report it otherwise without the engine throwing.
  return (ownDescriptor(value as object, "length", issue, what) as PropertyDescriptor).value as number;
}

/** Item `index` of an array: an own data property, not a hole, not an accessor. */
export function arrayItem(array: object, index: number, issue: IssueKind, what: string): unknown {
  // A real array that is not a Proxy runs no code of the caller's here, so nothing can throw.
  // Stryker disable next-line BlockStatement,ConditionalExpression: a fast path only: the descriptor path below gives a plain array the same answer
  if (!arrayIsProxy(array)) {
    // Stryker disable next-line StringLiteral: message text; the code is the contract
    if (!hasOwn(array, index)) fault(issue, `${what}[${index}] is a hole`);
    // Stryker disable next-line StringLiteral: message text; the code is the contract
    if (lookupGetter(array, index) !== undefined) fault(issue, `${what}[${index}] is an accessor`);
    const value = (array as unknown[])[index];
    // Either way is the same: every caller rejects an undefined item with the same issue, and
    // the descriptor below holds the same value.
    // Stryker disable next-line ConditionalExpression,EqualityOperator: no caller accepts undefined (see above)
    if (value !== undefined) return value;
  }
  // Stryker disable next-line StringLiteral: names the place in a message text only
  const descriptor = ownDescriptor(array, index, issue, `${what}[${index}]`);
  // Stryker disable next-line StringLiteral: message text; the code is the contract
  if (descriptor === undefined) fault(issue, `${what}[${index}] is a hole`);
  // Without this check an accessor item reads as undefined, which every caller rejects with the same issue (see above).
  // Stryker disable next-line BlockStatement,ConditionalExpression: no caller accepts undefined
  if (!hasOwn(descriptor, "value")) {
    // Stryker disable next-line StringLiteral: message text; the code is the contract
    fault(issue, `${what}[${index}] is an accessor`);
  }
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
  if (typeof value !== "string") {
    // Stryker disable next-line StringLiteral: message text; the code is the contract
    fault(issue, `${what}.${key} is not a string`);
  }
  budget.addString(value);
  // Stryker disable next-line StringLiteral: message text; the code is the contract
  if (nonEmpty && !isNonEmpty(value)) fault(issue, `${what}.${key} is empty`);
  return value;
}
