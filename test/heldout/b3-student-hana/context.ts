// Hana's buildActiveContext (contract §3): the four channels read in order, each through its own
// code; a ledger kept for every context she built (its units and budgets, per message), so that a
// context she built is returned as it is, and later steps never read the messages again.
import {
  MAX_CONTEXT_MESSAGES,
  MAX_CONTEXT_RECORDS,
  MAX_CONTEXT_REQUIREMENTS,
  MAX_CONTEXT_TOTAL_UNITS,
  bail,
  type Flags,
} from "./errors";
import { Marks, R, Table, freeze, hasText, isArray, isProxy, isSafeInteger, owns } from "./basics";
import { ABSENT, Tally, itemOf, lengthOf, maybe, need, over, record, slip, slots, text, within } from "./intake";
import { readTranscript, type Message, type Transcript } from "./messages";
import { COST } from "./cost";

export type Requirement = { id: string; content: string };
export type Summary = { id: string; content: string };
export type CompactionRecord = {
  id: string;
  summaryId: string;
  boundary: number;
  compactedMessageIds: readonly string[];
  unitsBefore: number;
  unitsAfter: number;
};
export type ActiveContext = {
  requirements: readonly Requirement[];
  summary: Summary | null;
  messages: readonly Message[];
  compactions: readonly CompactionRecord[];
};

/** What Hana remembers of a context she built. */
export type Ledger = {
  readonly context: ActiveContext;
  readonly requirementUnits: number;
  readonly summaryUnits: number;
  readonly total: number;
  readonly items: number;
  readonly strings: number;
  readonly transcript: Transcript;
};

const built = new Marks<object, Ledger>();
const transcripts = new Marks<object, Transcript>();

export function remember(ledger: Ledger): void {
  built.set(ledger.context, ledger);
  transcripts.set(ledger.context.messages, ledger.transcript);
}

export function knownTranscript(value: unknown): Transcript | undefined {
  return typeof value === "object" && value !== null ? transcripts.get(value) : undefined;
}

export function ledgerOf(input: unknown, flags: Flags): Ledger {
  if (typeof input === "object" && input !== null) {
    const known = built.get(input);
    if (known !== undefined) return known;
  }
  return build(input, flags);
}

const NONE: readonly never[] = freeze([]);

function build(input: unknown, flags: Flags): Ledger {
  const tally = new Tally(flags);
  const top = within("CONTEXT_INVALID_INPUT", () => record(input, "input"));
  countsFirst(top);
  let requirementUnits = 0;
  const requirements = within("CONTEXT_INVALID_INPUT", () => {
    const value = maybe(top, "requirements");
    if (value === ABSENT) return NONE;
    const n = lengthOf(value, "requirements");
    if (n > MAX_CONTEXT_REQUIREMENTS) over("too many requirements");
    slots(value as object, n, tally);
    const out: Requirement[] = [];
    const seen = new Table<string, true>();
    for (let i = 0; i < n; i++) {
      const item = record(itemOf(value as object, i), "requirement");
      const [id, idU] = text(item, "id", true, tally);
      const [content, contentU] = text(item, "content", true, tally);
      requirementUnits += COST.requirement + idU + contentU;
      if (seen.has(id)) slip(`duplicate requirement id ${id}`);
      seen.set(id, true);
      out[i] = freeze({ id, content });
    }
    return freeze(out);
  });
  let summaryUnits = 0;
  const summary = within("CONTEXT_INVALID_INPUT", (): Summary | null => {
    const value = maybe(top, "summary");
    if (value === ABSENT || value === undefined || value === null) return null;
    const item = record(value, "summary");
    const [id, idU] = text(item, "id", true, tally);
    const [content, contentU] = text(item, "content", false, tally);
    if (!hasText(content)) bail("CONTEXT_SUMMARY_INVALID", "the summary has no text");
    summaryUnits = COST.summary + idU + contentU;
    return freeze({ id, content });
  });
  const rawMessages = within("CONTEXT_INVALID_INPUT", () => maybe(top, "messages"));
  const transcript = within("CONTEXT_INVALID_TRANSCRIPT", () => readTranscript(rawMessages === ABSENT ? NONE : rawMessages, tally));
  const compactions = within("CONTEXT_INVALID_INPUT", () => readRecords(top, tally));
  let total = requirementUnits + summaryUnits;
  for (const u of transcript.units) total += u;
  if (total > MAX_CONTEXT_TOTAL_UNITS) bail("CONTEXT_LIMIT_EXCEEDED", "the context has too many units");
  const context: ActiveContext = freeze({ requirements, summary, messages: transcript.messages, compactions });
  const ledger: Ledger = freeze({ context, requirementUnits, summaryUnits, total, items: tally.items, strings: tally.strings, transcript });
  remember(ledger);
  return ledger;
}

function readRecords(top: object, tally: Tally): readonly CompactionRecord[] {
  const value = maybe(top, "compactions");
  if (value === ABSENT) return NONE;
  const n = lengthOf(value, "compactions");
  if (n > MAX_CONTEXT_RECORDS) over("too many compaction records");
  slots(value as object, n, tally);
  const out: CompactionRecord[] = [];
  const seen = new Table<string, true>();
  for (let i = 0; i < n; i++) {
    const item = record(itemOf(value as object, i), "record");
    const [id] = text(item, "id", true, tally);
    const [summaryId] = text(item, "summaryId", true, tally);
    const boundary = count(item, "boundary", 1);
    const idsValue = need(item, "compactedMessageIds");
    const length = lengthOf(idsValue, "compactedMessageIds");
    if (length > MAX_CONTEXT_MESSAGES) over("too many compactedMessageIds");
    slots(idsValue as object, length, tally);
    if (length !== boundary) slip("compactedMessageIds does not match boundary");
    const ids: string[] = [];
    for (let k = 0; k < length; k++) {
      const one = itemOf(idsValue as object, k);
      if (typeof one !== "string") slip("a compacted id is not a string");
      tally.addString(one as string);
      if (!hasText(one as string)) slip("a compacted id is blank");
      ids[k] = one as string;
    }
    const unitsBefore = count(item, "unitsBefore", 0);
    const unitsAfter = count(item, "unitsAfter", 0);
    if (seen.has(id)) slip(`duplicate record id ${id}`);
    seen.set(id, true);
    out[i] = freeze({ id, summaryId, boundary, compactedMessageIds: freeze(ids), unitsBefore, unitsAfter });
  }
  return freeze(out);
}

function count(item: object, key: string, min: number): number {
  const v = need(item, key);
  if (!isSafeInteger(v) || (v as number) < min) slip(`${key} is not a safe integer >= ${min}`);
  return v as number;
}

/**
 * Before reading anything, the channel counts are looked at (plain arrays only, never through a
 * Proxy): a count past its maximum is CONTEXT_LIMIT_EXCEEDED whatever else is wrong.
 */
function countsFirst(top: object): void {
  const peek = (target: object, key: string | number): unknown => {
    if (isProxy(target)) return undefined;
    let d: PropertyDescriptor | undefined;
    try {
      d = R.desc(target, key);
    } catch {
      return undefined;
    }
    return d !== undefined && owns(d, "value") ? d.value : undefined;
  };
  const len = (v: unknown): number => (isProxy(v) || !isArray(v) ? -1 : (v as unknown[]).length);
  if (len(peek(top, "requirements")) > MAX_CONTEXT_REQUIREMENTS) bail("CONTEXT_LIMIT_EXCEEDED", "too many requirements");
  if (len(peek(top, "messages")) > MAX_CONTEXT_MESSAGES) bail("CONTEXT_LIMIT_EXCEEDED", "too many messages");
  const records = peek(top, "compactions");
  const n = len(records);
  if (n > MAX_CONTEXT_RECORDS) bail("CONTEXT_LIMIT_EXCEEDED", "too many compaction records");
  for (let i = 0; i < n; i++) {
    const one = peek(records as object, i);
    if (typeof one !== "object" || one === null) continue;
    if (len(peek(one, "compactedMessageIds")) > MAX_CONTEXT_MESSAGES) bail("CONTEXT_LIMIT_EXCEEDED", "too many compactedMessageIds");
  }
}
