// Ren's own reader of a context (contract §3), written over src/core's reading primitives: the
// transcript is read by the core's readTranscript, the three other channels (requirements, the
// summary, the compaction records) by Ren's own code, which counts the budgets as it goes, copies
// what the contract names and freezes it. The context is registered with the core, so the core's
// boundary, compaction and estimate take it as a context this module built. Each planted mistake
// is a flag.
import { MAX_CONTEXT_MESSAGES, MAX_CONTEXT_RECORDS, MAX_CONTEXT_REQUIREMENTS, MAX_CONTEXT_TOTAL_UNITS } from "../../../src/core/limits";
import { ContextCompactionError } from "../../../src/core/errors";
import { inChannel } from "../../../src/core/snapshot";
import { readTranscript } from "../../../src/core/transcript";
import { builtInfo, register, type ContextInfo } from "../../../src/core/registry";
import { ABSENT, Budget, arrayItem, arrayLength, fault, field, isNonEmpty, limitFault, optionalField, readRecord } from "../../../src/core/read";
import { compactWith } from "../_kit/compact-with";
import { readBoundaryOptions } from "../../../src/core/options";
import { boundaryOf } from "../../../src/core/boundary";
import { isProxy } from "node:util/types";

type Flags = ReadonlySet<string>;

/** The mistakes planted in this reader (index.ts switches both on). */
export const PLANTED = ["blank-summary-dropped", "requirement-content-may-be-empty"];

const BAD = "INVALID_MESSAGE";
const NONE: readonly never[] = Object.freeze([]);

type Requirement = { readonly id: string; readonly content: string };
type Summary = { readonly id: string; readonly content: string };
type CompactionRecord = {
  readonly id: string;
  readonly summaryId: string;
  readonly boundary: number;
  readonly compactedMessageIds: readonly string[];
  readonly unitsBefore: number;
  readonly unitsAfter: number;
};

class Reader {
  readonly budget = new Budget();
  constructor(readonly flags: Flags) {}

  /** A string field of a record, counted against the string budgets; `needsText`: s.trim() must not be empty. */
  text(record: object, key: string, needsText: boolean, where: string): string {
    const value = field(record, key, BAD, where);
    if (typeof value !== "string") fault(BAD, `${where}.${key} is not a string`);
    this.budget.addString(value);
    if (needsText && !isNonEmpty(value)) fault(BAD, `${where}.${key} is empty`);
    return value;
  }

  /** A safe integer >= min. */
  count(record: object, key: string, min: number, where: string): number {
    const value = field(record, key, BAD, where);
    if (!Number.isSafeInteger(value) || (value as number) < min) fault(BAD, `${where}.${key} is not a safe integer >= ${min}`);
    return value as number;
  }

  /** An array channel or list: its length, held to `max`, and its items counted (slots first). */
  list(value: unknown, max: number, where: string): number {
    const length = arrayLength(value, BAD, where);
    if (length > max) limitFault(BAD, `more than ${max} ${where}`);
    this.budget.addArrayItems(value as object, length, BAD, where);
    return length;
  }

  requirements(input: object): { list: readonly Requirement[]; units: number } {
    const value = optionalField(input, "requirements", BAD, "input");
    if (value === ABSENT) return { list: NONE, units: 0 };
    const length = this.list(value, MAX_CONTEXT_REQUIREMENTS, "requirements");
    const list: Requirement[] = [];
    const seen = new Set<string>();
    let units = 0;
    for (let i = 0; i < length; i++) {
      const where = `requirements[${i}]`;
      const item = readRecord(arrayItem(value as object, i, BAD, "requirements"), BAD, where);
      const id = this.text(item, "id", true, where);
      units += 3 + this.budget.last;
      // [planted requirement-content-may-be-empty] a requirement's content read like a message's (may be empty)
      const content = this.text(item, "content", !this.flags.has("requirement-content-may-be-empty"), where);
      units += this.budget.last;
      if (seen.has(id)) fault(BAD, `${where}: duplicate requirement id ${id}`);
      seen.add(id);
      list.push(Object.freeze({ id, content }));
    }
    return { list: Object.freeze(list), units };
  }

  summary(input: object): { summary: Summary | null; units: number } {
    const value = optionalField(input, "summary", BAD, "input");
    if (value === ABSENT || value === undefined || value === null) return { summary: null, units: 0 };
    const record = readRecord(value, BAD, "summary");
    const id = this.text(record, "id", true, "summary");
    const idUnits = this.budget.last;
    const content = this.text(record, "content", false, "summary");
    if (!isNonEmpty(content)) {
      // [planted blank-summary-dropped] a summary with nothing in it is taken as no summary
      if (this.flags.has("blank-summary-dropped")) return { summary: null, units: 0 };
      throw new ContextCompactionError("CONTEXT_SUMMARY_INVALID", "summary.content has no non-whitespace text");
    }
    return { summary: Object.freeze({ id, content }), units: 5 + idUnits + this.budget.last };
  }

  records(input: object): readonly CompactionRecord[] {
    const value = optionalField(input, "compactions", BAD, "input");
    if (value === ABSENT) return NONE;
    const length = this.list(value, MAX_CONTEXT_RECORDS, "compactions");
    const list: CompactionRecord[] = [];
    const seen = new Set<string>();
    for (let i = 0; i < length; i++) {
      const record = this.record(arrayItem(value as object, i, BAD, "compactions"), `compactions[${i}]`);
      if (seen.has(record.id)) fault(BAD, `compactions[${i}]: duplicate record id ${record.id}`);
      seen.add(record.id);
      list.push(record);
    }
    return Object.freeze(list);
  }

  record(value: unknown, where: string): CompactionRecord {
    const record = readRecord(value, BAD, where);
    const id = this.text(record, "id", true, where);
    const summaryId = this.text(record, "summaryId", true, where);
    const boundary = this.count(record, "boundary", 1, where);
    const idsValue = field(record, "compactedMessageIds", BAD, where);
    const length = this.list(idsValue, MAX_CONTEXT_MESSAGES, `${where}.compactedMessageIds`);
    if (length !== boundary) fault(BAD, `${where}.compactedMessageIds.length differs from boundary`);
    const ids: string[] = [];
    for (let i = 0; i < length; i++) {
      const id = arrayItem(idsValue as object, i, BAD, `${where}.compactedMessageIds`);
      if (typeof id !== "string") fault(BAD, `${where}.compactedMessageIds[${i}] is not a string`);
      this.budget.addString(id);
      if (!isNonEmpty(id)) fault(BAD, `${where}.compactedMessageIds[${i}] is empty`);
      ids.push(id);
    }
    const unitsBefore = this.count(record, "unitsBefore", 0, where);
    const unitsAfter = this.count(record, "unitsAfter", 0, where);
    return Object.freeze({ id, summaryId, boundary, compactedMessageIds: Object.freeze(ids), unitsBefore, unitsAfter });
  }
}

/** The length of an own data array property of an ordinary object, or -1 (nothing of the caller's runs). */
function peekCount(holder: unknown, key: string | number): number {
  const value = peek(holder, key);
  return !isProxy(value) && Array.isArray(value) ? (value as unknown[]).length : -1;
}

function peek(holder: unknown, key: string | number): unknown {
  if (typeof holder !== "object" || holder === null || isProxy(holder)) return undefined;
  let own: PropertyDescriptor | undefined;
  try {
    own = Object.getOwnPropertyDescriptor(holder, key);
  } catch {
    return undefined;
  }
  return own !== undefined && "value" in own ? own.value : undefined;
}

function tooMany(count: number, max: number, what: string): void {
  if (count > max) throw new ContextCompactionError("CONTEXT_LIMIT_EXCEEDED", `more than ${max} ${what}`);
}

/** Ren's build: the counts first (an overflowing channel is refused before anything is read), then each channel in order. */
function build(input: unknown, flags: Flags): ContextInfo {
  const reader = new Reader(flags);
  const record = inChannel("CONTEXT_INVALID_INPUT", () => readRecord(input, BAD, "input"));
  tooMany(peekCount(record, "requirements"), MAX_CONTEXT_REQUIREMENTS, "requirements");
  tooMany(peekCount(record, "messages"), MAX_CONTEXT_MESSAGES, "messages");
  const records = peek(record, "compactions");
  const recordCount = peekCount(record, "compactions");
  tooMany(recordCount, MAX_CONTEXT_RECORDS, "compaction records");
  for (let i = 0; i < recordCount; i++) {
    const one = peek(records, i);
    if (typeof one === "object" && one !== null) tooMany(peekCount(one, "compactedMessageIds"), MAX_CONTEXT_MESSAGES, "compactedMessageIds in one record");
  }
  const requirements = inChannel("CONTEXT_INVALID_INPUT", () => reader.requirements(record));
  const summary = inChannel("CONTEXT_INVALID_INPUT", () => reader.summary(record));
  const messages = inChannel("CONTEXT_INVALID_INPUT", () => optionalField(record, "messages", BAD, "input"));
  const table = inChannel("CONTEXT_INVALID_TRANSCRIPT", () => readTranscript(messages === ABSENT ? NONE : messages, reader.budget));
  const compactions = inChannel("CONTEXT_INVALID_INPUT", () => reader.records(record));
  const totalUnits = requirements.units + summary.units + table.unitsPrefix[table.messages.length];
  if (totalUnits > MAX_CONTEXT_TOTAL_UNITS) throw new ContextCompactionError("CONTEXT_LIMIT_EXCEEDED", `the context exceeds ${MAX_CONTEXT_TOTAL_UNITS} units`);
  const context = Object.freeze({ requirements: requirements.list, summary: summary.summary, messages: table.messages, compactions });
  const info: ContextInfo = Object.freeze({
    context,
    messages: table.messages,
    table,
    offset: 0,
    requirementUnits: requirements.units,
    summaryUnits: summary.units,
    totalUnits,
    items: reader.budget.items,
    strings: reader.budget.strings,
  });
  register(info);
  return info;
}

/** A context this module built is taken as it is; anything else is read. */
export function infoWith(flags: Flags): (input: unknown) => ContextInfo {
  return (input) => builtInfo(input) ?? build(input, flags);
}

export function readerWith(flags: Flags) {
  const info = infoWith(flags);
  return {
    buildActiveContext: (input: unknown) => info(input).context,
    estimateContextUnits: (input: unknown) => info(input).totalUnits,
    selectCompactionBoundary: (input: unknown, options: unknown) => boundaryOf(info(input), readBoundaryOptions(options)),
    compactContext: compactWith({ contextInfo: info }) as (input: unknown, options: unknown) => Promise<unknown>,
  };
}
