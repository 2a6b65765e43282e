// buildActiveContext, estimateContextUnits, groupToolRounds and selectCompactionBoundary
// (contract §3-§6). Every context Erin builds is kept in a ledger with its units and group
// ends, so a later call on it neither reads it again nor recounts it.
import { MAX_CONTEXT_MESSAGES, MAX_CONTEXT_RECORDS, MAX_CONTEXT_REQUIREMENTS, MAX_CONTEXT_TOTAL_UNITS, blank, fail, type Mistakes } from "./base";
import { messageCost, requirementCost, summaryCost } from "./cost";
import { ABSENT, Intake } from "./intake";
import type { ActiveContext, CompactionRecord, Message, Requirement, Summary } from "./shapes";
import { groupEnds, transcript, type ReadTranscript } from "./transcript";

export type Ledger = {
  readonly context: ActiveContext;
  readonly ends: readonly number[];
  readonly fixedUnits: number;
  readonly messageUnits: readonly number[];
  readonly total: number;
};

const ledgers = new WeakMap<object, Ledger>();

function requirements(top: object, at: Intake): readonly Requirement[] {
  const v = at.peek(top, "requirements", "the input");
  if (v === ABSENT) return Object.freeze([]);
  const ids = new Set<string>();
  return Object.freeze(
    at.list(v, "requirements", MAX_CONTEXT_REQUIREMENTS).map((item) => {
      const o = at.plain(item, "a requirement");
      const id = at.str(at.field(o, "id", "a requirement"), "a requirement id", true);
      const content = at.str(at.field(o, "content", "a requirement"), "a requirement content", true);
      if (ids.has(id)) at.bad(`requirement ${id} appears twice`);
      ids.add(id);
      return Object.freeze({ id, content });
    }),
  );
}

function summary(top: object, at: Intake): Summary | null {
  const v = at.peek(top, "summary", "the input");
  // (§8: a summary present as undefined is refused like any other non-object; only null or a missing field is no summary.)
  if (v === ABSENT || v === null) return null;
  const o = at.plain(v, "the summary");
  const id = at.str(at.field(o, "id", "the summary"), "the summary id", true);
  const content = at.str(at.field(o, "content", "the summary"), "the summary content", false);
  if (blank(content)) fail("CONTEXT_SUMMARY_INVALID", "the summary has no text");
  return Object.freeze({ id, content });
}

const count = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0;

function compactions(top: object, at: Intake): readonly CompactionRecord[] {
  const v = at.peek(top, "compactions", "the input");
  if (v === ABSENT) return Object.freeze([]);
  const ids = new Set<string>();
  return Object.freeze(
    at.list(v, "compactions", MAX_CONTEXT_RECORDS).map((item) => {
      const o = at.plain(item, "a compaction record");
      const id = at.str(at.field(o, "id", "a record"), "a record id", true);
      const summaryId = at.str(at.field(o, "summaryId", "a record"), "a record's summaryId", true);
      const boundary = at.field(o, "boundary", "a record");
      if (!count(boundary) || boundary < 1) at.bad("a record's boundary is not a safe integer of at least 1");
      const slots = at.list(at.field(o, "compactedMessageIds", "a record"), "compactedMessageIds", MAX_CONTEXT_MESSAGES);
      if (slots.length !== boundary) at.bad("a record's compactedMessageIds are not boundary ids");
      const compactedMessageIds = Object.freeze(slots.map((x) => at.str(x, "a compacted message id", true)));
      const unitsBefore = at.field(o, "unitsBefore", "a record");
      const unitsAfter = at.field(o, "unitsAfter", "a record");
      if (!count(unitsBefore) || !count(unitsAfter)) at.bad("a record's units are not safe integers of at least 0");
      if (ids.has(id)) at.bad(`record ${id} appears twice`);
      ids.add(id);
      return Object.freeze({ id, summaryId, boundary: boundary as number, compactedMessageIds, unitsBefore: unitsBefore as number, unitsAfter: unitsAfter as number });
    }),
  );
}

/** The four channels, in the contract's order, each under its own code. */
export function intake(input: unknown): { context: ActiveContext; read: ReadTranscript } {
  const at = new Intake();
  const top = at.channel("CONTEXT_INVALID_INPUT", () => at.plain(input, "the input"));
  const reqs = at.channel("CONTEXT_INVALID_INPUT", () => requirements(top, at));
  const sum = at.channel("CONTEXT_INVALID_INPUT", () => summary(top, at));
  const field = at.channel("CONTEXT_INVALID_INPUT", () => at.peek(top, "messages", "the input"));
  const read = at.channel("CONTEXT_INVALID_TRANSCRIPT", () => transcript(field === ABSENT ? [] : field, at));
  const recs = at.channel("CONTEXT_INVALID_INPUT", () => compactions(top, at));
  return { context: { requirements: reqs, summary: sum, messages: read.messages, compactions: recs }, read };
}

/** Prices a context just read, checks the ceiling of units, freezes it and enters it in the ledger. */
export function enter(context: ActiveContext, read: ReadTranscript, mistakes: Mistakes): Ledger {
  const fixedUnits = context.requirements.reduce((n, r) => n + requirementCost(r, mistakes), 0);
  const messageUnits = context.messages.map((m) => messageCost(m, mistakes));
  const total = messageUnits.reduce((n, x) => n + x, fixedUnits + summaryCost(context.summary));
  if (total > MAX_CONTEXT_TOTAL_UNITS) fail("CONTEXT_LIMIT_EXCEEDED", "the context has more than 1,000,000 units");
  const ledger: Ledger = { context: Object.freeze(context), ends: groupEnds(context.messages.length, read.spans, mistakes), fixedUnits, messageUnits, total };
  ledgers.set(ledger.context, ledger);
  return ledger;
}

export function ledgerOf(input: unknown, mistakes: Mistakes): Ledger {
  const known = typeof input === "object" && input !== null ? ledgers.get(input) : undefined;
  if (known !== undefined) return known;
  const { context, read } = intake(input);
  return enter(context, read, mistakes);
}

export function groups(v: unknown, mistakes: Mistakes): readonly object[] {
  const at = new Intake();
  const read = at.channel("CONTEXT_INVALID_TRANSCRIPT", () => transcript(v, at));
  const units = read.messages.reduce((n, m: Message) => n + messageCost(m, mistakes), 0);
  if (units > MAX_CONTEXT_TOTAL_UNITS) fail("CONTEXT_LIMIT_EXCEEDED", "the transcript has more than 1,000,000 units");
  let start = 0;
  return Object.freeze(
    groupEnds(read.messages.length, read.spans, mistakes).map((end) => {
      const g = { kind: end - start > 1 ? "toolRound" : "message", startIndex: start, endIndex: end, messages: Object.freeze(read.messages.slice(start, end)) };
      start = end;
      return Object.freeze(g);
    }),
  );
}

export type Budgets = { readonly targetUnits: number; readonly summaryMaxUnits: number; readonly retainRecentMessages: number };

/** §6: the earliest whole-group cut after which the kept messages fit beside the requirements and a new summary. */
export function cut(l: Ledger, b: Budgets): number | null {
  const latest = l.context.messages.length - b.retainRecentMessages;
  if (latest <= 0) return null;
  const reserve = l.fixedUnits + b.summaryMaxUnits;
  let kept = l.messageUnits.reduce((n, x) => n + x, 0);
  let from = 0;
  for (const end of l.ends) {
    while (from < end) kept -= l.messageUnits[from++];
    if (end > latest) return null;
    if (reserve + kept <= b.targetUnits) return end;
  }
  return null;
}
