// buildActiveContext (contract §3): one pass over the input that checks every rule and budget,
// copies what the contract names (extra properties dropped), freezes every object and array,
// and remembers the facts later calls need. The channels are read in the contract's order
// (requirements, summary, messages, compactions); a fault inside a channel becomes that
// channel's code, a budget overflow CONTEXT_LIMIT_EXCEEDED.
import { MAX_CONTEXT_RECORDS, MAX_CONTEXT_REQUIREMENTS } from "./limits";
import { SafeSet, freeze, isSafeInteger } from "./intrinsics";
import { fail, type ContextCompactionErrorCode } from "./errors";
import type { ActiveContext, ActiveContextInput, CompactionRecord, Requirement, Summary } from "./types";
import {
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
} from "./read";
import { readTranscript, type MessageTable } from "./transcript";
import { builtInfo, register, type ContextInfo } from "./registry";
import { REQUIREMENT_BASE, SUMMARY_BASE } from "./units";

const SHAPE = "INVALID_MESSAGE";

export function buildActiveContext(input: ActiveContextInput): ActiveContext {
  return contextInfo(input).context;
}

/** The info of `input` as a context: looked up when this module built it, else built now. */
export function contextInfo(input: unknown): ContextInfo {
  return builtInfo(input) ?? buildInfo(input);
}

/** Runs `read`, turning its faults into `code` (or CONTEXT_LIMIT_EXCEEDED for a budget). */
export function inChannel<T>(code: ContextCompactionErrorCode, read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (Fault.is(error)) fail(error.limit ? "CONTEXT_LIMIT_EXCEEDED" : code, error.message);
    throw error;
  } finally {
    forgetReads();
  }
}

function buildInfo(input: unknown): ContextInfo {
  const budget = new Budget();
  const record = inChannel("CONTEXT_INVALID_INPUT", () => {
    return readRecord(input, SHAPE, "input");
  });
  const requirements = inChannel("CONTEXT_INVALID_INPUT", () => readRequirements(record, budget));
  const requirementUnits = requirementsUnits.value;
  const summary = inChannel("CONTEXT_INVALID_INPUT", () => readSummary(record, budget));
  const summaryUnits = lastSummaryUnits.value;
  const table = inChannel("CONTEXT_INVALID_TRANSCRIPT", () => {
    const value = optionalField(record, "messages", SHAPE, "input");
    return readTranscript(value === undefined ? EMPTY : value, budget, requirementUnits + summaryUnits);
  });
  const compactions = inChannel("CONTEXT_INVALID_INPUT", () => readRecords(record, budget));
  const context: ActiveContext = freeze({ requirements, summary, messages: table.messages, compactions });
  const info: ContextInfo = freeze({
    context,
    messages: table.messages,
    table,
    offset: 0,
    requirementUnits,
    summaryUnits,
    totalUnits: requirementUnits + summaryUnits + table.unitsPrefix[table.messages.length],
    items: budget.items,
    strings: budget.strings,
  });
  register(info);
  return info;
}

const EMPTY: readonly never[] = freeze([]);
const requirementsUnits = { value: 0 };
const lastSummaryUnits = { value: 0 };

function readRequirements(input: object, budget: Budget): readonly Requirement[] {
  requirementsUnits.value = 0;
  const value = optionalField(input, "requirements", SHAPE, "input");
  if (value === undefined) return EMPTY;
  const length = arrayLength(value, SHAPE, "requirements");
  if (length > MAX_CONTEXT_REQUIREMENTS) limitFault(SHAPE, `more than ${MAX_CONTEXT_REQUIREMENTS} requirements`);
  budget.addItems(length);
  const copy: Requirement[] = [];
  const ids = new SafeSet<string>();
  let units = 0;
  for (let i = 0; i < length; i++) {
    const what = `requirements[${i}]`;
    const item = readRecord(arrayItem(value as object, i, SHAPE, "requirements"), SHAPE, what);
    const id = stringField(item, "id", true, budget, SHAPE, what);
    units += REQUIREMENT_BASE + budget.last;
    const content = stringField(item, "content", true, budget, SHAPE, what);
    units += budget.last;
    if (ids.has(id)) fault(SHAPE, `${what}: duplicate requirement id ${id}`);
    ids.add(id);
    copy[i] = freeze({ id, content });
  }
  requirementsUnits.value = units;
  return freeze(copy);
}

function readSummary(input: object, budget: Budget): Summary | null {
  lastSummaryUnits.value = 0;
  const value = optionalField(input, "summary", SHAPE, "input");
  if (value === undefined || value === null) return null;
  const record = readRecord(value, SHAPE, "summary");
  const id = stringField(record, "id", true, budget, SHAPE, "summary");
  const idUnits = budget.last;
  const content = stringField(record, "content", false, budget, SHAPE, "summary");
  if (!isNonEmpty(content)) fail("CONTEXT_SUMMARY_INVALID", "summary.content has no non-whitespace text");
  lastSummaryUnits.value = SUMMARY_BASE + idUnits + budget.last;
  return freeze({ id, content });
}

function readRecords(input: object, budget: Budget): readonly CompactionRecord[] {
  const value = optionalField(input, "compactions", SHAPE, "input");
  if (value === undefined) return EMPTY;
  const length = arrayLength(value, SHAPE, "compactions");
  if (length > MAX_CONTEXT_RECORDS) limitFault(SHAPE, `more than ${MAX_CONTEXT_RECORDS} compaction records`);
  budget.addItems(length);
  const copy: CompactionRecord[] = [];
  const ids = new SafeSet<string>();
  for (let i = 0; i < length; i++) {
    const record = readCompactionRecord(arrayItem(value as object, i, SHAPE, "compactions"), budget, `compactions[${i}]`);
    if (ids.has(record.id)) fault(SHAPE, `compactions[${i}]: duplicate record id ${record.id}`);
    ids.add(record.id);
    copy[i] = record;
  }
  return freeze(copy);
}

function safeCount(record: object, key: string, min: number, what: string): number {
  const value = field(record, key, SHAPE, what);
  if (!isSafeInteger(value) || (value as number) < min) fault(SHAPE, `${what}.${key} is not a safe integer >= ${min}`);
  return value as number;
}

function readCompactionRecord(value: unknown, budget: Budget, what: string): CompactionRecord {
  const record = readRecord(value, SHAPE, what);
  const id = stringField(record, "id", true, budget, SHAPE, what);
  const summaryId = stringField(record, "summaryId", true, budget, SHAPE, what);
  const boundary = safeCount(record, "boundary", 1, what);
  const idsValue = field(record, "compactedMessageIds", SHAPE, what);
  const length = arrayLength(idsValue, SHAPE, `${what}.compactedMessageIds`);
  budget.addItems(length);
  if (length !== boundary) fault(SHAPE, `${what}.compactedMessageIds.length differs from boundary`);
  const ids: string[] = [];
  for (let i = 0; i < length; i++) {
    const id = arrayItem(idsValue as object, i, SHAPE, `${what}.compactedMessageIds`);
    if (typeof id !== "string") fault(SHAPE, `${what}.compactedMessageIds[${i}] is not a string`);
    budget.addString(id);
    if (!isNonEmpty(id)) fault(SHAPE, `${what}.compactedMessageIds[${i}] is empty`);
    ids[i] = id;
  }
  const unitsBefore = safeCount(record, "unitsBefore", 0, what);
  const unitsAfter = safeCount(record, "unitsAfter", 0, what);
  return freeze({ id, summaryId, boundary, compactedMessageIds: freeze(ids), unitsBefore, unitsAfter });
}


/** Units of a context (§4); O(1) for a context this module built, whose units were counted once. */
export function estimateContextUnits(input: ActiveContext | ActiveContextInput): number {
  return contextInfo(input).totalUnits;
}
