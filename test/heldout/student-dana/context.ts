// buildActiveContext, estimateContextUnits, groupToolRounds and selectCompactionBoundary
// (contract §3-§6). A context Dana's module built is remembered with what later calls need
// (units per message, where each tool round ends), so it is never read again.
import { MAX_CONTEXT_MESSAGES, MAX_CONTEXT_RECORDS, MAX_CONTEXT_REQUIREMENTS, MAX_CONTEXT_TOTAL_UNITS, raise, type Flags } from "./errors";
import { MISSING, Tally, inChannel, must, own, readArguments, record, reject, tooMuch } from "./reader";
import { hasText, messageUnits, requirementUnits, summaryUnits } from "./units";

export type Requirement = { readonly id: string; readonly content: string };
export type Summary = { readonly id: string; readonly content: string };
export type Block = { readonly type: "text"; readonly text: string } | { readonly type: "toolCall"; readonly id: string; readonly name: string; readonly arguments: object };
export type Message =
  | { readonly id: string; readonly role: "user"; readonly content: string }
  | { readonly id: string; readonly role: "assistant"; readonly content: readonly Block[] }
  | { readonly id: string; readonly role: "toolResult"; readonly toolCallId: string; readonly toolName: string; readonly content: string; readonly isError: boolean };
export type CompactionRecord = {
  readonly id: string;
  readonly summaryId: string;
  readonly boundary: number;
  readonly compactedMessageIds: readonly string[];
  readonly unitsBefore: number;
  readonly unitsAfter: number;
};
export type ActiveContext = {
  readonly requirements: readonly Requirement[];
  readonly summary: Summary | null;
  readonly messages: readonly Message[];
  readonly compactions: readonly CompactionRecord[];
};

/** A transcript as read: its messages and, for each message, the index of the last result of its calls (itself when it has none). */
export type Transcript = { readonly messages: readonly Message[]; readonly lastResult: readonly number[] };

/** What Dana's module knows about a context it built. */
export type Snapshot = {
  readonly context: ActiveContext;
  readonly lastResult: readonly number[];
  readonly requirementUnits: number;
  readonly perMessage: readonly number[];
  readonly units: number;
};

const builtContexts = new WeakMap<object, Snapshot>();
const builtTranscripts = new WeakMap<object, Snapshot>();

export function readMessage(v: unknown, tally: Tally): Message {
  const m = record(v, "a message");
  const role = must(m, "role", "a message");
  const id = () => tally.text(must(m, "id", "a message"), "a message id", true);
  switch (role) {
    case "user": {
      const messageId = id();
      return Object.freeze({ id: messageId, role, content: tally.text(must(m, "content", "a message"), "a user content", false) });
    }
    case "assistant": {
      const messageId = id();
      const blocks = tally.slots(must(m, "content", "a message"), "an assistant content").map((b) => readBlock(b, tally));
      return Object.freeze({ id: messageId, role, content: Object.freeze(blocks) });
    }
    case "toolResult": {
      const messageId = id();
      const toolCallId = tally.text(must(m, "toolCallId", "a result"), "toolCallId", true);
      const toolName = tally.text(must(m, "toolName", "a result"), "toolName", true);
      const content = tally.text(must(m, "content", "a result"), "a result content", false);
      const isError = must(m, "isError", "a result");
      if (typeof isError !== "boolean") reject("isError must be a boolean");
      return Object.freeze({ id: messageId, role, toolCallId, toolName, content, isError: isError as boolean });
    }
    default:
      return reject("a message's role must be user, assistant or toolResult");
  }
}

function readBlock(v: unknown, tally: Tally): Block {
  const b = record(v, "a block");
  const type = must(b, "type", "a block");
  if (type === "text") return Object.freeze({ type, text: tally.text(must(b, "text", "a text block"), "a text", false) });
  if (type !== "toolCall") return reject("a block's type must be text or toolCall");
  const id = tally.text(must(b, "id", "a tool call"), "a tool-call id", true);
  const name = tally.text(must(b, "name", "a tool call"), "a tool name", true);
  return Object.freeze({ type, id, name, arguments: readArguments(must(b, "arguments", "a tool call"), tally) });
}

/** Reads a transcript and links each call to its one result, in order. */
export function readTranscript(v: unknown, tally: Tally): Transcript {
  const items = tally.slots(v, "messages", MAX_CONTEXT_MESSAGES);
  const messages: Message[] = [];
  const lastResult: number[] = [];
  const open = new Map<string, { at: number; name: string; answered: boolean }>();
  items.forEach((item, i) => {
    const m = readMessage(item, tally);
    messages.push(m);
    lastResult.push(i);
    if (m.role === "assistant") {
      for (const b of m.content) {
        if (b.type !== "toolCall") continue;
        if (open.has(b.id)) reject(`tool-call id ${b.id} is used twice`);
        open.set(b.id, { at: i, name: b.name, answered: false });
      }
    } else if (m.role === "toolResult") {
      const call = open.get(m.toolCallId);
      if (call === undefined) return reject(`result ${m.id} names no earlier call`);
      if (call.answered) reject(`call ${m.toolCallId} has two results`);
      if (call.name !== m.toolName) reject(`result ${m.id} has another toolName than its call`);
      call.answered = true;
      lastResult[call.at] = i;
    }
  });
  for (const [id, call] of open) if (!call.answered) reject(`call ${id} has no result`);
  return { messages: Object.freeze(messages), lastResult };
}

function readRequirements(input: object, tally: Tally): readonly Requirement[] {
  const v = own(input, "requirements", "the input");
  if (v === MISSING) return Object.freeze([]);
  const seen = new Set<string>();
  const out = tally.slots(v, "requirements", MAX_CONTEXT_REQUIREMENTS).map((item) => {
    const r = record(item, "a requirement");
    const id = tally.text(must(r, "id", "a requirement"), "a requirement id", true);
    const content = tally.text(must(r, "content", "a requirement"), "a requirement content", true);
    if (seen.has(id)) reject(`requirement id ${id} is used twice`);
    seen.add(id);
    return Object.freeze({ id, content });
  });
  return Object.freeze(out);
}

function readSummary(input: object, tally: Tally): Summary | null {
  const v = own(input, "summary", "the input");
  // (§8: a summary present as undefined is no summary, like null.)
  if (v === MISSING || v === null || v === undefined) return null;
  const s = record(v, "the summary");
  const id = tally.text(must(s, "id", "the summary"), "the summary id", true);
  const content = tally.text(must(s, "content", "the summary"), "the summary content", false);
  if (!hasText(content)) reject("the summary is only whitespace", "CONTEXT_SUMMARY_INVALID");
  return Object.freeze({ id, content });
}

function readRecords(input: object, tally: Tally): readonly CompactionRecord[] {
  const v = own(input, "compactions", "the input");
  if (v === MISSING) return Object.freeze([]);
  const seen = new Set<string>();
  const out = tally.slots(v, "compactions", MAX_CONTEXT_RECORDS).map((item) => {
    const r = record(item, "a compaction record");
    const id = tally.text(must(r, "id", "a record"), "a record id", true);
    const summaryId = tally.text(must(r, "summaryId", "a record"), "a record's summaryId", true);
    const boundary = must(r, "boundary", "a record");
    if (!Number.isSafeInteger(boundary) || (boundary as number) < 1) reject("a record's boundary must be a safe integer >= 1");
    const ids = tally.slots(must(r, "compactedMessageIds", "a record"), "compactedMessageIds", MAX_CONTEXT_MESSAGES);
    if (ids.length !== boundary) reject("compactedMessageIds must have boundary ids");
    const compactedMessageIds = Object.freeze(ids.map((x) => tally.text(x, "a compacted message id", true)));
    const unitsBefore = must(r, "unitsBefore", "a record");
    const unitsAfter = must(r, "unitsAfter", "a record");
    for (const n of [unitsBefore, unitsAfter]) if (!Number.isSafeInteger(n) || (n as number) < 0) reject("a record's units must be safe integers >= 0");
    if (seen.has(id)) reject(`record id ${id} is used twice`);
    seen.add(id);
    return Object.freeze({ id, summaryId, boundary: boundary as number, compactedMessageIds, unitsBefore: unitsBefore as number, unitsAfter: unitsAfter as number });
  });
  return Object.freeze(out);
}

/** The four channels, each read under its own code, in the contract's order. */
export function readContext(input: unknown): { context: ActiveContext; lastResult: readonly number[] } {
  const tally = new Tally();
  const top = inChannel("CONTEXT_INVALID_INPUT", () => record(input, "the input"));
  const requirements = inChannel("CONTEXT_INVALID_INPUT", () => readRequirements(top, tally));
  const summary = inChannel("CONTEXT_INVALID_INPUT", () => readSummary(top, tally));
  const messagesValue = inChannel("CONTEXT_INVALID_INPUT", () => own(top, "messages", "the input"));
  const transcript = inChannel("CONTEXT_INVALID_TRANSCRIPT", () => readTranscript(messagesValue === MISSING ? [] : messagesValue, tally));
  const compactions = inChannel("CONTEXT_INVALID_INPUT", () => readRecords(top, tally));
  return { context: { requirements, summary, messages: transcript.messages, compactions }, lastResult: transcript.lastResult };
}

/** Counts units, checks the 1,000,000-unit ceiling, freezes and remembers the context. */
export function remember(context: ActiveContext, lastResult: readonly number[], flags: Flags): Snapshot {
  const reqUnits = context.requirements.reduce((n, r) => n + requirementUnits(r), 0);
  const perMessage = context.messages.map((m) => messageUnits(m, flags));
  const units = reqUnits + summaryUnits(context.summary) + perMessage.reduce((a, b) => a + b, 0);
  if (units > MAX_CONTEXT_TOTAL_UNITS) raise("CONTEXT_LIMIT_EXCEEDED", "the context is above 1,000,000 units");
  const frozen = Object.isFrozen(context) ? context : Object.freeze(context);
  const snapshot: Snapshot = { context: frozen, lastResult, requirementUnits: reqUnits, perMessage, units };
  builtContexts.set(frozen, snapshot);
  builtTranscripts.set(frozen.messages, snapshot);
  return snapshot;
}

/** The snapshot of `input`: remembered when Dana's module built it, else read now (which may throw). */
export function snapshotOf(input: unknown, flags: Flags): Snapshot {
  const known = typeof input === "object" && input !== null ? builtContexts.get(input) : undefined;
  if (known !== undefined) return known;
  const { context, lastResult } = readContext(input);
  return remember(context, lastResult, flags);
}

/** Group ends (exclusive): a call's round runs to its last result, and rounds that overlap merge. */
export function groupEnds(lastResult: readonly number[]): number[] {
  const ends: number[] = [];
  let start = 0;
  while (start < lastResult.length) {
    let end = start + 1;
    for (let i = start; i < end; i++) if (lastResult[i] + 1 > end) end = lastResult[i] + 1;
    ends.push(end);
    start = end;
  }
  return ends;
}

export function groupToolRounds(transcript: unknown, flags: Flags): readonly object[] {
  let messages: readonly Message[];
  let lastResult: readonly number[];
  const known = typeof transcript === "object" && transcript !== null ? builtTranscripts.get(transcript) : undefined;
  if (known !== undefined) {
    [messages, lastResult] = [known.context.messages, known.lastResult];
  } else {
    ({ messages, lastResult } = inChannel("CONTEXT_INVALID_TRANSCRIPT", () => readTranscript(transcript, new Tally())));
    if (messages.reduce((n, m) => n + messageUnits(m, flags), 0) > MAX_CONTEXT_TOTAL_UNITS) raise("CONTEXT_LIMIT_EXCEEDED", "the transcript is above 1,000,000 units");
  }
  let start = 0;
  const groups = groupEnds(lastResult).map((end) => {
    const group = Object.freeze({ kind: end - start > 1 ? "toolRound" : "message", startIndex: start, endIndex: end, messages: Object.freeze(messages.slice(start, end)) });
    start = end;
    return group;
  });
  return Object.freeze(groups);
}

export type BoundaryOptions = { readonly targetUnits: number; readonly summaryMaxUnits: number; readonly retainRecentMessages: number };

/** §6: the earliest whole-group cut whose kept messages fit beside the requirements and the new summary. */
export function chooseBoundary(s: Snapshot, o: BoundaryOptions, flags: Flags): number | null {
  const latest = s.context.messages.length - o.retainRecentMessages;
  if (latest <= 0) return null;
  // Mistake boundary-forgets-requirements: only the new summary's allowance is reserved, the
  // requirements (which stay in the context) are left out.
  const reserved = flags.has("boundary-forgets-requirements") ? o.summaryMaxUnits : s.requirementUnits + o.summaryMaxUnits;
  let kept = s.perMessage.reduce((a, b) => a + b, 0);
  let start = 0;
  for (const end of groupEnds(s.lastResult)) {
    for (let i = start; i < end; i++) kept -= s.perMessage[i];
    if (end > latest) return null;
    if (reserved + kept <= o.targetUnits) return end;
    start = end;
  }
  return null;
}
