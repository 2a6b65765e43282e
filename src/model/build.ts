import type { CompactionRecordData, ContextData, Json, MessageData, RequirementData, SummaryData } from "../scenario/data";
import { orElse, type Expected } from "../scenario/expected";
import { ReadBudget } from "./budget";
import { CODE, LIMIT } from "./limits";
import type { TranscriptIssue } from "./read-transcript";
import { readTranscript } from "./read-transcript";
import { isNonEmptyString, isRecord, isSafeIntegerValue, isUndefinedValue, numberOf } from "./special";
import { modelContextUnits, modelMessageUnits } from "./units";
import { upstreamBuild } from "./upstream";

/** A built context as data: exactly the four fields, every optional one filled in. */
export type BuiltContext = Required<ContextData> & {
  requirements: RequirementData[];
  summary: SummaryData | null;
  messages: MessageData[];
  compactions: CompactionRecordData[];
};

/**
 * `rejects`, when built: the codes of an implementation that rejects a channel present with
 * the value `undefined` instead of reading it as missing (§8: both are accepted).
 */
export type BuildOutcome = { ok: true; context: BuiltContext; rejects?: string[] } | { ok: false; codes: string[] };

/** What follows a build: its codes when it fails; when it may also be refused (§8), that too. */
export function afterBuild(built: BuildOutcome, then: (context: BuiltContext) => Expected): Expected {
  if (!built.ok) return { kind: "throws", codes: built.codes, summarizerCalls: 0 };
  const next = then(built.context);
  return built.rejects === undefined ? next : orElse(next, { kind: "throws", codes: built.rejects, summarizerCalls: 0 });
}

const CHANNEL_CODE: Readonly<Record<string, string>> = {
  requirements: CODE.invalidInput,
  summary: CODE.invalidInput,
  messages: CODE.invalidTranscript,
  compactions: CODE.invalidInput,
};

/**
 * buildActiveContext on scenario data (section 3). Every rule broken contributes its code;
 * the contract does not order the channels, so all of them are allowed (§8). A channel past
 * its count limit (messages, requirements, records, ids of one record) contributes only
 * CONTEXT_LIMIT_EXCEEDED: its items are never inspected; another channel's broken rule still
 * contributes its code.
 */
export function modelBuild(input: Json): BuildOutcome {
  const upstream = upstreamBuild(input);
  if (upstream !== undefined) return upstream.ok ? { ok: true, context: upstream.context as BuiltContext } : { ok: false, codes: [upstream.code] };
  if (!isRecord(input)) return { ok: false, codes: [CODE.invalidInput] };
  const codes = new Set<string>();
  const budget = new ReadBudget();

  const requirements = readRequirements(input.requirements, budget, codes);
  const summary = readSummary(input.summary, budget, codes);
  const messages = readMessages(input.messages, budget, codes);
  const compactions = readRecords(input.compactions, budget, codes);
  // A channel present with the value undefined: read as missing, or refused with its code (§8).
  const undefinedChannels = Object.keys(CHANNEL_CODE).filter((name) => Object.hasOwn(input, name) && isUndefinedValue(input[name]));
  const rejects = [...new Set(undefinedChannels.map((name) => CHANNEL_CODE[name]!))];

  if (budget.exceeded) codes.add(CODE.limitExceeded);
  if (codes.size > 0) {
    // The units ceiling may be checked as messages are read, or at the end (§8): both codes.
    if (partialUnits(requirements, summary, input.messages) > LIMIT.totalUnits) codes.add(CODE.limitExceeded);
    for (const code of rejects) codes.add(code);
    return { ok: false, codes: [...codes] };
  }
  const context: BuiltContext = { requirements, summary, messages, compactions };
  if (modelContextUnits(context) > LIMIT.totalUnits) return { ok: false, codes: [CODE.limitExceeded, ...rejects] };
  return rejects.length === 0 ? { ok: true, context } : { ok: true, context, rejects };
}

/** Units of what could be read of a context that fails: the valid requirements and summary, and every message that has units. */
function partialUnits(requirements: RequirementData[], summary: SummaryData | null, messages: Json | undefined): number {
  let units = modelContextUnits({ requirements, summary, messages: [], compactions: [] });
  if (!Array.isArray(messages)) return units;
  for (const message of messages) {
    try {
      const u = modelMessageUnits(message as unknown as MessageData);
      if (Number.isFinite(u)) units += u;
    } catch {
      // A message the reader rejects has no units to add.
    }
  }
  return units;
}

/** Transcript issues as codes of the build (and of groupToolRounds). */
export function transcriptIssueCodes(issues: readonly TranscriptIssue[]): string[] {
  const codes = new Set<string>();
  for (const issue of issues) {
    if (issue.code === "LIMIT") codes.add(CODE.limitExceeded);
    // Depth is listed with the arguments rules and also among the "limits" constants:
    // the contract does not say which code wins, so both are allowed.
    else if (issue.code === "DEPTH") codes.add(CODE.invalidTranscript).add(CODE.limitExceeded);
    else codes.add(CODE.invalidTranscript);
  }
  return [...codes];
}

function readMessages(value: Json | undefined, budget: ReadBudget, codes: Set<string>): MessageData[] {
  if (isUndefinedValue(value)) return [];
  const read = readTranscript(value, budget);
  for (const code of transcriptIssueCodes(read.issues)) codes.add(code);
  return read.messages ?? [];
}

function readRequirements(value: Json | undefined, budget: ReadBudget, codes: Set<string>): RequirementData[] {
  if (isUndefinedValue(value)) return [];
  if (!Array.isArray(value)) return fail(codes, CODE.invalidInput, []);
  if (value.length > LIMIT.requirements) return fail(codes, CODE.limitExceeded, []);
  budget.countItems(value.length);
  const seen = new Set<string>();
  const out: RequirementData[] = [];
  for (const item of value) {
    if (!isRecord(item)) {
      codes.add(CODE.invalidInput);
      continue;
    }
    const { id, content } = item;
    // Both fields are counted whatever the other holds: the contract orders neither the fields
    // of a record nor the rules, so a blank id beside an over-long content may be either code.
    const idOk = budget.readString(id) && isNonEmptyString(id);
    const ok = budget.readString(content) && isNonEmptyString(content) && idOk;
    if (!ok) codes.add(CODE.invalidInput);
    else if (seen.has(id)) codes.add(CODE.invalidInput);
    else {
      seen.add(id);
      out.push({ id, content: content as string });
    }
  }
  return out;
}

function readSummary(value: Json | undefined, budget: ReadBudget, codes: Set<string>): SummaryData | null {
  if (isUndefinedValue(value) || value === null) return null;
  if (!isRecord(value)) return fail(codes, CODE.invalidInput, null);
  const { id, content } = value;
  if (!(budget.readString(id) && isNonEmptyString(id))) codes.add(CODE.invalidInput);
  if (!budget.readString(content)) return fail(codes, CODE.invalidInput, null);
  if (content.trim().length === 0) return fail(codes, CODE.summaryInvalid, null);
  return typeof id === "string" ? { id, content } : null;
}

function readRecords(value: Json | undefined, budget: ReadBudget, codes: Set<string>): CompactionRecordData[] {
  if (isUndefinedValue(value)) return [];
  if (!Array.isArray(value)) return fail(codes, CODE.invalidInput, []);
  if (value.length > LIMIT.records) return fail(codes, CODE.limitExceeded, []);
  budget.countItems(value.length);
  const seen = new Set<string>();
  const out: CompactionRecordData[] = [];
  for (const item of value) {
    const record = readRecord(item, budget, codes);
    if (record === null) codes.add(CODE.invalidInput);
    else if (seen.has(record.id)) codes.add(CODE.invalidInput);
    else {
      seen.add(record.id);
      out.push(record);
    }
  }
  return out;
}

function readRecord(value: Json, budget: ReadBudget, codes: Set<string>): CompactionRecordData | null {
  if (!isRecord(value)) return null;
  const { id, summaryId, boundary, compactedMessageIds, unitsBefore, unitsAfter } = value;
  let ok = budget.readString(id) && isNonEmptyString(id);
  ok = budget.readString(summaryId) && isNonEmptyString(summaryId) && ok;
  const b = numberOf(boundary);
  ok = isSafeIntegerValue(boundary) && b !== undefined && b >= 1 && ok;
  ok = [unitsBefore, unitsAfter].every((u) => isSafeIntegerValue(u) && numberOf(u)! >= 0) && ok;
  if (!Array.isArray(compactedMessageIds)) return null;
  // At most 4,096 ids in one record, a count limit (§3): the ids are then never inspected.
  if (compactedMessageIds.length > LIMIT.idsPerRecord) {
    codes.add(CODE.limitExceeded);
    return ok ? { id: id as string, summaryId: summaryId as string, boundary: boundary as number, compactedMessageIds: [], unitsBefore: unitsBefore as number, unitsAfter: unitsAfter as number } : null;
  }
  budget.countItems(compactedMessageIds.length);
  for (const messageId of compactedMessageIds) ok = budget.readString(messageId) && isNonEmptyString(messageId) && ok;
  if (!ok || compactedMessageIds.length !== b) return null;
  return {
    id: id as string,
    summaryId: summaryId as string,
    boundary: boundary as number,
    compactedMessageIds: compactedMessageIds as string[],
    unitsBefore: unitsBefore as number,
    unitsAfter: unitsAfter as number,
  };
}

function fail<T>(codes: Set<string>, code: string, value: T): T {
  codes.add(code);
  return value;
}
