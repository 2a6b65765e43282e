// Nia's reader (contract §3): src/core's buildActiveContext pass (src/core/snapshot.ts, copied),
// with the compaction records read by Nia's own `readCompactionRecord` (she wrote her own record
// reader: "what a record must look like"). Each planted mistake of hers is a flag in `planted`,
// set by the exported functions of ./compose for the call they run.
import { MAX_CONTEXT_MESSAGES, MAX_CONTEXT_RECORDS, MAX_CONTEXT_REQUIREMENTS, MAX_CONTEXT_TOTAL_UNITS } from "../../../src/core/limits";
import { SafeSet, freeze, getOwnPropertyDescriptor, hasOwn, isArray, isProxy, isSafeInteger } from "../../../src/core/intrinsics";
import { LIMIT_EXCEEDED, SUMMARY_INVALID, fail, type ContextCompactionErrorCode } from "../../../src/core/errors";
import type { ActiveContext, ActiveContextInput, CompactionRecord, Requirement, Summary } from "../../../src/core/types";
import {
  ABSENT,
  Budget,
  Fault,
  arrayItem,
  arrayLength,
  fault,
  field,
  forgetReads,
  isNonEmpty,
  limitFault,
  optionalField,
  readRecord,
  stringField,
} from "../../../src/core/read";
import { readTranscript, type MessageTable } from "../../../src/core/transcript";
import { builtInfo, register, type ContextInfo } from "../../../src/core/registry";
import { REQUIREMENT_BASE, SUMMARY_BASE } from "../../../src/core/units";

const SHAPE = "INVALID_MESSAGE";
// Where a fault happened, for message texts only.
// Stryker disable next-line StringLiteral: names the place in a message text only
const INPUT = "input";
// Stryker disable next-line StringLiteral: names the place in a message text only
const SUMMARY = "summary";


/** The info of `input` as a context: looked up when this module built it, else built now. */
export function contextInfo(input: unknown): ContextInfo {
  return builtInfo(input) ?? buildInfo(input);
}

/** Runs `read`, turning its faults into `code` (or CONTEXT_LIMIT_EXCEEDED for a budget). */
export function inChannel<T>(code: ContextCompactionErrorCode, read: () => T): T {
  // forgetReads on both paths rather than in a finally block, which StrykerJS would empty: it
  // only frees memory, which no test can see.
  let value: T;
  try {
    value = read();
  } catch (error) {
    forgetReads();
    if (Fault.is(error)) fail(error.limit ? "CONTEXT_LIMIT_EXCEEDED" : code, error.message);
    throw error;
  }
  forgetReads();
  return value;
}

function buildInfo(input: unknown): ContextInfo {
  const budget = new Budget();
  const record = inChannel("CONTEXT_INVALID_INPUT", () => {
    return readRecord(input, SHAPE, INPUT);
  });
  precheckCounts(record);
  const requirements = inChannel("CONTEXT_INVALID_INPUT", () => readRequirements(record, budget));
  const requirementUnits = requirementsUnits.value;
  const summary = inChannel("CONTEXT_INVALID_INPUT", () => readSummary(record, budget));
  const summaryUnits = lastSummaryUnits.value;
  // §8: an accessor or a throwing trap on the `messages` field itself is the input's fault
  // (CONTEXT_INVALID_INPUT); anything wrong with its value, undefined included, the transcript's.
  const messages = inChannel("CONTEXT_INVALID_INPUT", () => optionalField(record, "messages", SHAPE, INPUT));
  const table = inChannel("CONTEXT_INVALID_TRANSCRIPT", () => readTranscript(messages === ABSENT ? EMPTY : messages, budget));
  const compactions = inChannel("CONTEXT_INVALID_INPUT", () => readRecords(record, budget, table.messages.length));
  const totalUnits = requirementUnits + summaryUnits + table.unitsPrefix[table.messages.length];
  // §8: the finished context's units ceiling is checked once it is built, so a later broken
  // rule wins over it.
  // Stryker disable next-line StringLiteral: message text; the code is the contract
  if (totalUnits > MAX_CONTEXT_TOTAL_UNITS) fail(LIMIT_EXCEEDED, `the context exceeds ${MAX_CONTEXT_TOTAL_UNITS} units`);
  const context: ActiveContext = freeze({ requirements, summary, messages: table.messages, compactions });
  const info: ContextInfo = freeze({
    context,
    messages: table.messages,
    table,
    offset: 0,
    requirementUnits,
    summaryUnits,
    totalUnits,
    items: budget.items,
    strings: budget.strings,
  });
  register(info);
  return info;
}

/**
 * The core's choice in §8 row 1 (several rules broken): a per-channel count past its maximum
 * is reported first. A reader that checks each count as it reaches that channel, so that an
 * earlier channel's broken rule wins, is as valid (test/variants: input-no-count-precheck);
 * what §8 fixes is that the overflowing channel itself gives only CONTEXT_LIMIT_EXCEEDED (its
 * items are never inspected). Before any channel is read, the counts are peeked in the channels' order:
 * requirements, messages, compactions, then each record's compactedMessageIds. A peek that
 * cannot read a count (not an own data property, not an array) skips it: the reading below
 * reports that with the channel's code. The peek never looks into a Proxy (it would run the
 * caller's traps, on data that may lie past an overflow found later): ordinary objects and
 * arrays answer these reads without running any caller code, so the peek cannot be seen.
 */
// Stryker disable next-line BlockStatement: §8 row 1: a count the peek misses is checked as its channel is read (variant input-no-count-precheck)
function precheckCounts(input: object): void {
  // Stryker disable next-line StringLiteral: names the channel in a message text only
  checkCount(peekLength(input, "requirements"), MAX_CONTEXT_REQUIREMENTS, "requirements");
  // Stryker disable next-line StringLiteral: names the channel in a message text only
  checkCount(peekLength(input, "messages"), MAX_CONTEXT_MESSAGES, "messages");
  // Stryker disable next-line StringLiteral: §8 row 1: a count the peek misses is checked as its channel is read (variant input-no-count-precheck)
  const records = peekValue(input, "compactions");
  const count = arrayLengthOrMinusOne(records);
  // Stryker disable next-line StringLiteral: names the channel in a message text only
  checkCount(count, MAX_CONTEXT_RECORDS, "compaction records");
  // Stryker disable next-line ConditionalExpression,EqualityOperator,BlockStatement: §8 row 1: a count the peek misses is checked as its channel is read (variant input-no-count-precheck); index count peeks nothing
  for (let i = 0; i < count; i++) {
    const record = peekValue(records as object, i);
    // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral,LogicalOperator: §8 row 1: a count the peek misses is checked as its channel is read (variant input-no-count-precheck); a primitive or null peeks as no array
    if (typeof record !== "object" || record === null) continue;
    // Stryker disable next-line StringLiteral: names the channel in a message text only
    checkCount(peekLength(record, "compactedMessageIds"), MAX_CONTEXT_MESSAGES, "compactedMessageIds in one record");
  }
}

// Stryker disable next-line BlockStatement: §8 row 1: a count the peek misses is checked as its channel is read (variant input-no-count-precheck)
function checkCount(count: number, max: number, what: string): void {
  // Stryker disable next-line StringLiteral,ConditionalExpression: message text; a condition never true is §8 row 1: a count the peek misses is checked as its channel is read (variant input-no-count-precheck), always true refuses every input
  if (count > max) fail(LIMIT_EXCEEDED, `more than ${max} ${what}`);
}

/** The value of an own data property, or undefined when it cannot be read without a fault. */
// Stryker disable next-line BlockStatement: peeking nothing is §8 row 1: a count the peek misses is checked as its channel is read (variant input-no-count-precheck)
function peekValue(record: object, key: string | number): unknown {
  // Stryker disable next-line ConditionalExpression: peeking nothing is §8 row 1: a count the peek misses is checked as its channel is read (variant input-no-count-precheck)
  if (isProxy(record)) return undefined;
  let descriptor: PropertyDescriptor | undefined;
  // Stryker disable next-line BlockStatement: peeking nothing is §8 row 1: a count the peek misses is checked as its channel is read (variant input-no-count-precheck)
  try {
    descriptor = getOwnPropertyDescriptor(record, key);
  } catch {
    // Only an exotic object throws here (a module namespace in its TDZ): left to the reading.
  }
  // Stryker disable next-line ConditionalExpression,StringLiteral: peeking nothing is §8 row 1: a count the peek misses is checked as its channel is read (variant input-no-count-precheck)
  return descriptor !== undefined && hasOwn(descriptor, "value") ? descriptor.value : undefined;
}

function peekLength(record: object, key: string): number {
  return arrayLengthOrMinusOne(peekValue(record, key));
}

/** A real array's length, else -1 (a Proxy included: see above). */
// Stryker disable next-line BlockStatement: no count (undefined) is §8 row 1: a count the peek misses is checked as its channel is read (variant input-no-count-precheck)
function arrayLengthOrMinusOne(value: unknown): number {
  // Stryker disable next-line ConditionalExpression: always -1 is §8 row 1: a count the peek misses is checked as its channel is read (variant input-no-count-precheck)
  if (isProxy(value) || !isArray(value)) return -1;
  return (value as unknown[]).length;
}

const EMPTY: readonly never[] = freeze([]);
const requirementsUnits = { value: 0 };
const lastSummaryUnits = { value: 0 };

function readRequirements(input: object, budget: Budget): readonly Requirement[] {
  requirementsUnits.value = 0;
  const value = optionalField(input, "requirements", SHAPE, INPUT);
  // §8: a channel present with the value undefined is not missing: it is rejected below.
  if (value === ABSENT) return EMPTY;
  // Stryker disable next-line StringLiteral: names the place in a message text only
  const length = arrayLength(value, SHAPE, "requirements");
  if (length > MAX_CONTEXT_REQUIREMENTS) {
    // Stryker disable next-line StringLiteral: message text; the code is the contract
    limitFault(SHAPE, `more than ${MAX_CONTEXT_REQUIREMENTS} requirements`);
  }
  // Stryker disable next-line StringLiteral: names the place in a message text only
  budget.addArrayItems(value as object, length, SHAPE, "requirements");
  const copy: Requirement[] = [];
  const ids = new SafeSet<string>();
  let units = 0;
  for (let i = 0; i < length; i++) {
    // Stryker disable next-line StringLiteral: names the place in a message text only
    const what = `requirements[${i}]`;
    // Stryker disable next-line StringLiteral: names the place in a message text only
    const item = readRecord(arrayItem(value as object, i, SHAPE, "requirements"), SHAPE, what);
    const id = stringField(item, "id", true, budget, SHAPE, what);
    units += REQUIREMENT_BASE + budget.last;
    const content = stringField(item, "content", true, budget, SHAPE, what);
    units += budget.last;
    // Stryker disable next-line StringLiteral: message text; the code is the contract
    if (ids.has(id)) fault(SHAPE, `${what}: duplicate requirement id ${id}`);
    ids.add(id);
    copy[i] = freeze({ id, content });
  }
  requirementsUnits.value = units;
  return freeze(copy);
}

function readSummary(input: object, budget: Budget): Summary | null {
  lastSummaryUnits.value = 0;
  const value = optionalField(input, "summary", SHAPE, INPUT);
  // §8 (the course's choice): `summary: undefined` is no summary, like null; the other three
  // channels present as undefined are rejected with their code.
  if (value === ABSENT || value === undefined || value === null) return null;
  const record = readRecord(value, SHAPE, SUMMARY);
  const id = stringField(record, "id", true, budget, SHAPE, SUMMARY);
  const idUnits = budget.last;
  const content = stringField(record, "content", false, budget, SHAPE, SUMMARY);
  // Stryker disable next-line StringLiteral: message text; the code is the contract
  if (!isNonEmpty(content)) fail(SUMMARY_INVALID, "summary.content has no non-whitespace text");
  lastSummaryUnits.value = SUMMARY_BASE + idUnits + budget.last;
  return freeze({ id, content });
}

function readRecords(input: object, budget: Budget, messageCount: number): readonly CompactionRecord[] {
  const value = optionalField(input, "compactions", SHAPE, INPUT);
  if (value === ABSENT) return EMPTY;
  // Stryker disable next-line StringLiteral: names the place in a message text only
  const length = arrayLength(value, SHAPE, "compactions");
  if (length > MAX_CONTEXT_RECORDS) {
    // Stryker disable next-line StringLiteral: message text; the code is the contract
    limitFault(SHAPE, `more than ${MAX_CONTEXT_RECORDS} compaction records`);
  }
  // Stryker disable next-line StringLiteral: names the place in a message text only
  budget.addArrayItems(value as object, length, SHAPE, "compactions");
  const copy: CompactionRecord[] = [];
  const ids = new SafeSet<string>();
  for (let i = 0; i < length; i++) {
    // Stryker disable next-line StringLiteral: names the place in a message text only
    const record = readCompactionRecord(arrayItem(value as object, i, SHAPE, "compactions"), budget, `compactions[${i}]`, messageCount);
    if (ids.has(record.id)) {
      // Stryker disable next-line StringLiteral: message text; the code is the contract
      fault(SHAPE, `compactions[${i}]: duplicate record id ${record.id}`);
    }
    ids.add(record.id);
    copy[i] = record;
  }
  return freeze(copy);
}

function safeCount(record: object, key: string, min: number, what: string): number {
  const value = field(record, key, SHAPE, what);
  if (!isSafeInteger(value) || (value as number) < min) {
    // Stryker disable next-line StringLiteral: message text; the code is the contract
    fault(SHAPE, `${what}.${key} is not a safe integer >= ${min}`);
  }
  return value as number;
}

/** The mistakes planted for the current call (set by ./compose before each call). */
export const planted: { flags: ReadonlySet<string> } = { flags: new Set() };

/**
 * Nia's record reader: the fields in the order of the type, the ids each counted as they are
 * read, then her checks of "a record that makes sense".
 */
function readCompactionRecord(value: unknown, budget: Budget, what: string, messageCount: number): CompactionRecord {
  const flags = planted.flags;
  const record = readRecord(value, SHAPE, what);
  const id = stringField(record, "id", true, budget, SHAPE, what);
  const summaryId = stringField(record, "summaryId", true, budget, SHAPE, what);
  const boundary = safeCount(record, "boundary", 1, what);
  // [planted record-boundary-within-transcript] "the boundary is an index of the messages": a
  // record whose boundary is past the current transcript's length is refused
  if (flags.has("record-boundary-within-transcript") && boundary > messageCount) {
    fault(SHAPE, `${what}.boundary is past the end of the messages`);
  }
  const list = field(record, "compactedMessageIds", SHAPE, what);
  const count = arrayLength(list, SHAPE, `${what}.compactedMessageIds`);
  if (count > MAX_CONTEXT_MESSAGES) limitFault(SHAPE, `${what}: more than ${MAX_CONTEXT_MESSAGES} compactedMessageIds`);
  budget.addArrayItems(list as object, count, SHAPE, `${what}.compactedMessageIds`);
  if (count !== boundary) {
    fault(SHAPE, `${what}.compactedMessageIds.length differs from boundary`);
  }
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const item = arrayItem(list as object, i, SHAPE, `${what}.compactedMessageIds`);
    if (typeof item !== "string") fault(SHAPE, `${what}.compactedMessageIds[${i}] is not a string`);
    budget.addString(item);
    if (!isNonEmpty(item)) fault(SHAPE, `${what}.compactedMessageIds[${i}] is empty`);
    ids.push(item);
  }
  const unitsBefore = safeCount(record, "unitsBefore", 0, what);
  const unitsAfter = safeCount(record, "unitsAfter", 0, what);
  // [planted record-ids-list-kept] "the ids are checked, and strings cannot change": Nia keeps
  // the caller's own compactedMessageIds array in the copy instead of her checked list
  const compactedMessageIds = flags.has("record-ids-list-kept") ? (list as readonly string[]) : freeze(ids);
  return freeze({ id, summaryId, boundary, compactedMessageIds, unitsBefore, unitsAfter });
}
