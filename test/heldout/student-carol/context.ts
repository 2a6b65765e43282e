// buildActiveContext, estimateContextUnits, groupToolRounds and selectCompactionBoundary
// (contract §3-§6), and what Carol's module remembers about the contexts it built.
import {
  MAX_CONTEXT_MESSAGES,
  MAX_CONTEXT_RECORDS,
  MAX_CONTEXT_REQUIREMENTS,
  MAX_CONTEXT_TOTAL_UNITS,
  fail,
  type Bugs,
} from "./errors";
import { ABSENT, Budget, arrayLength, bad, channel, field, item, optional, over, plain, readArguments } from "./read";
import { W, blank, jsonUnits, u } from "./units";

type Obj = Record<string, unknown>;
export type Message = Obj & { readonly id: string; readonly role: string };
export type Context = {
  readonly requirements: readonly Obj[];
  readonly summary: { readonly id: string; readonly content: string } | null;
  readonly messages: readonly Message[];
  readonly compactions: readonly Obj[];
};
export type Info = { context: Context; requirementUnits: number; summaryUnits: number; messageUnits: number[]; units: number; reach: number[] };

/** Contexts built here, and the message arrays of those contexts. */
const built = new WeakMap<object, Info>();
const builtMessages = new WeakMap<object, Info>();

export function remember(info: Info): Info {
  [built, builtMessages].forEach((map, i) => map.set(i === 0 ? info.context : info.context.messages, info));
  return info;
}

export function messageUnits(m: Message): number {
  if (m.role === "user") return W.user + u(m.id) + u(m.content as string);
  if (m.role === "toolResult") return W.toolResult + u(m.id) + u(m.toolCallId as string) + u(m.toolName as string) + u(m.content as string);
  let n = W.assistant + u(m.id);
  for (const b of m.content as Obj[]) {
    n += b.type === "text" ? W.text + u(b.text as string) : W.toolCall + u(b.id as string) + u(b.name as string) + jsonUnits(b.arguments);
  }
  return n;
}

function readBlock(v: unknown, budget: Budget): Obj {
  const b = plain(v, "a block");
  const type = field(b, "type", "a block");
  if (type === "text") return Object.freeze({ type, text: budget.string(field(b, "text", "a block"), "text", false) });
  if (type !== "toolCall") bad("a block's type is not text or toolCall");
  const id = budget.string(field(b, "id", "a call"), "a call id", true);
  const name = budget.string(field(b, "name", "a call"), "a tool name", true);
  return Object.freeze({ type, id, name, arguments: readArguments(field(b, "arguments", "a call"), budget) });
}

function readMessage(v: unknown, budget: Budget): Message {
  const m = plain(v, "a message");
  const role = field(m, "role", "a message");
  const id = () => budget.string(field(m, "id", "a message"), "a message id", true);
  if (role === "user") return Object.freeze({ id: id(), role, content: budget.string(field(m, "content", "a message"), "content", false) });
  if (role === "assistant") {
    const i = id();
    const blocks = field(m, "content", "a message");
    const n = arrayLength(blocks, "content");
    budget.addArray(blocks as object, n, "content");
    const content: Obj[] = [];
    for (let k = 0; k < n; k++) content.push(readBlock(item(blocks as object, k, "content"), budget));
    return Object.freeze({ id: i, role, content: Object.freeze(content) });
  }
  if (role === "toolResult") {
    const i = id();
    const toolCallId = budget.string(field(m, "toolCallId", "a result"), "toolCallId", true);
    const toolName = budget.string(field(m, "toolName", "a result"), "toolName", true);
    const content = budget.string(field(m, "content", "a result"), "content", false);
    const isError = field(m, "isError", "a result");
    if (typeof isError !== "boolean") bad("isError is not a boolean");
    return Object.freeze({ id: i, role, toolCallId, toolName, content, isError });
  }
  return bad("a message's role is not user, assistant or toolResult");
}

/** A transcript: every message read, calls and results linked; `reach[i]` is the last result of message i's calls. */
function readTranscript(v: unknown, budget: Budget): { messages: readonly Message[]; reach: number[] } {
  const n = arrayLength(v, "messages");
  if (n > MAX_CONTEXT_MESSAGES) over("too many messages");
  budget.addArray(v as object, n, "messages");
  const messages: Message[] = [];
  const reach: number[] = [];
  const calls = new Map<string, { index: number; name: string; answered: boolean }>();
  for (let i = 0; i < n; i++) {
    const m = readMessage(item(v as object, i, "messages"), budget);
    messages.push(m);
    reach.push(i);
    if (m.role === "assistant") {
      for (const b of m.content as Obj[]) {
        if (b.type !== "toolCall") continue;
        if (calls.has(b.id as string)) bad("a tool-call id is used twice");
        calls.set(b.id as string, { index: i, name: b.name as string, answered: false });
      }
    } else if (m.role === "toolResult") {
      const call = calls.get(m.toolCallId as string);
      if (call === undefined) bad("a result without an earlier call");
      if (call!.answered) bad("a second result");
      if (call!.name !== m.toolName) bad("a result's toolName differs from its call");
      call!.answered = true;
      reach[call!.index] = i;
    }
  }
  for (const call of calls.values()) if (!call.answered) bad("a call without a result");
  return { messages: Object.freeze(messages), reach };
}

function readRequirements(input: Obj, budget: Budget): readonly Obj[] {
  const v = optional(input, "requirements", "input");
  if (v === ABSENT) return Object.freeze([]);
  const n = arrayLength(v, "requirements");
  if (n > MAX_CONTEXT_REQUIREMENTS) over("too many requirements");
  budget.addArray(v as object, n, "requirements");
  const out: Obj[] = [];
  const ids = new Set<string>();
  for (let i = 0; i < n; i++) {
    const r = plain(item(v as object, i, "requirements"), "a requirement");
    const id = budget.string(field(r, "id", "a requirement"), "a requirement id", true);
    const content = budget.string(field(r, "content", "a requirement"), "a requirement", true);
    if (ids.has(id)) bad("two requirements share an id");
    ids.add(id);
    out.push(Object.freeze({ id, content }));
  }
  return Object.freeze(out);
}

function readSummary(input: Obj, budget: Budget): Context["summary"] {
  const v = optional(input, "summary", "input");
  if (v === ABSENT || v === null || v === undefined) return null;
  const s = plain(v, "summary");
  const id = budget.string(field(s, "id", "summary"), "the summary id", true);
  const content = budget.string(field(s, "content", "summary"), "the summary", false);
  if (blank(content)) bad("the summary is blank", "CONTEXT_SUMMARY_INVALID");
  return Object.freeze({ id, content });
}

function readRecords(input: Obj, budget: Budget): readonly Obj[] {
  const v = optional(input, "compactions", "input");
  if (v === ABSENT) return Object.freeze([]);
  const n = arrayLength(v, "compactions");
  if (n > MAX_CONTEXT_RECORDS) over("too many records");
  budget.addArray(v as object, n, "compactions");
  // Mistake record-strings-uncounted: a record's strings are checked one by one but left out of the total.
  const uncounted = budget.bugs.has("record-strings-uncounted");
  const out: Obj[] = [];
  const ids = new Set<string>();
  for (let i = 0; i < n; i++) {
    const r = plain(item(v as object, i, "compactions"), "a record");
    const id = budget.string(field(r, "id", "a record"), "a record id", true, uncounted);
    const summaryId = budget.string(field(r, "summaryId", "a record"), "a record's summaryId", true, uncounted);
    const boundary = field(r, "boundary", "a record");
    if (!Number.isSafeInteger(boundary) || (boundary as number) < 1) bad("a record's boundary");
    const idsValue = field(r, "compactedMessageIds", "a record");
    const count = arrayLength(idsValue, "compactedMessageIds");
    if (count > MAX_CONTEXT_MESSAGES) over("too many compacted ids");
    budget.addArray(idsValue as object, count, "compactedMessageIds");
    if (count !== boundary) bad("compactedMessageIds does not match the boundary");
    const compacted: string[] = [];
    for (let k = 0; k < count; k++) compacted.push(budget.string(item(idsValue as object, k, "compactedMessageIds"), "a compacted id", true, uncounted));
    const [unitsBefore, unitsAfter] = ["unitsBefore", "unitsAfter"].map((key) => field(r, key, "a record"));
    for (const x of [unitsBefore, unitsAfter]) if (!Number.isSafeInteger(x) || (x as number) < 0) bad("a record's units");
    if (ids.has(id)) bad("two records share an id");
    ids.add(id);
    out.push(Object.freeze({ id, summaryId, boundary, compactedMessageIds: Object.freeze(compacted), unitsBefore, unitsAfter }));
  }
  return Object.freeze(out);
}

const summaryUnits = (s: Context["summary"]): number => (s === null ? 0 : W.summary + u(s.id) + u(s.content));

/** The info of a context: looked up when built here, else read (which may fail). */
export function contextInfo(input: unknown, bugs: Bugs): Info {
  const known = typeof input === "object" && input !== null ? built.get(input) : undefined;
  if (known !== undefined) return known;
  const { fields, reach } = readFields(input, bugs);
  return finish(fields, reach);
}

/** The four channels of an input, each read with its own code, in order. */
export function readFields(input: unknown, bugs: Bugs): { fields: Context; reach: number[] } {
  const budget = new Budget(bugs);
  const record = channel("CONTEXT_INVALID_INPUT", () => plain(input, "the input"));
  const requirements = channel("CONTEXT_INVALID_INPUT", () => readRequirements(record, budget));
  const summary = channel("CONTEXT_INVALID_INPUT", () => readSummary(record, budget));
  const messagesValue = channel("CONTEXT_INVALID_INPUT", () => optional(record, "messages", "input"));
  const transcript = channel("CONTEXT_INVALID_TRANSCRIPT", () => readTranscript(messagesValue === ABSENT ? [] : messagesValue, budget));
  const compactions = channel("CONTEXT_INVALID_INPUT", () => readRecords(record, budget));
  return { fields: { requirements, summary, messages: transcript.messages, compactions }, reach: transcript.reach };
}

/** Units, the 1,000,000-unit ceiling, the frozen context, remembered. */
export function finish(fields: Context, reach: number[]): Info {
  const requirementUnits = fields.requirements.reduce((n, r) => n + W.requirement + u(r.id as string) + u(r.content as string), 0);
  const units = fields.messages.map(messageUnits);
  const total = requirementUnits + summaryUnits(fields.summary) + units.reduce((a, b) => a + b, 0);
  if (total > MAX_CONTEXT_TOTAL_UNITS) fail("CONTEXT_LIMIT_EXCEEDED", "the context is above 1,000,000 units");
  return remember({ context: Object.freeze({ ...fields }), requirementUnits, summaryUnits: summaryUnits(fields.summary), messageUnits: units, units: total, reach });
}

/** A transcript's messages and reach: a built context's, or read now (as §3's messages). */
function transcriptOf(v: unknown, bugs: Bugs): { messages: readonly Message[]; reach: number[] } {
  const known = typeof v === "object" && v !== null ? builtMessages.get(v) : undefined;
  if (known !== undefined) return { messages: known.context.messages, reach: known.reach };
  const t = channel("CONTEXT_INVALID_TRANSCRIPT", () => readTranscript(v, new Budget(bugs)));
  if (t.messages.reduce((n, m) => n + messageUnits(m), 0) > MAX_CONTEXT_TOTAL_UNITS) fail("CONTEXT_LIMIT_EXCEEDED", "the transcript is above 1,000,000 units");
  return t;
}

/** Group ends, from `reach` (an interval runs through the last result of its calls; overlapping ones merge). */
export function groupEnds(reach: readonly number[]): number[] {
  const ends: number[] = [];
  for (let start = 0; start < reach.length; ) {
    let end = start + 1;
    for (let i = start; i < end; i++) end = Math.max(end, reach[i] + 1);
    ends.push(end);
    start = end;
  }
  return ends;
}

export function groups(transcript: unknown, bugs: Bugs): readonly Obj[] {
  const { messages, reach } = transcriptOf(transcript, bugs);
  const ends = groupEnds(reach);
  const starts = [0, ...ends.slice(0, -1)];
  return Object.freeze(ends.map((end, k) => Object.freeze({ kind: end - starts[k] > 1 ? "toolRound" : "message", startIndex: starts[k], endIndex: end, messages: Object.freeze(messages.slice(starts[k], end)) })));
}

export type Budgets = { targetUnits: number; summaryMaxUnits: number; retainRecentMessages: number };

export function boundaryOf(info: Info, o: Budgets): number | null {
  const n = info.context.messages.length;
  const latest = n - o.retainRecentMessages;
  if (latest <= 0) return null;
  const fixed = info.requirementUnits + o.summaryMaxUnits;
  let kept = info.messageUnits.reduce((a, b) => a + b, 0);
  let start = 0;
  for (const end of groupEnds(info.reach)) {
    for (let i = start; i < end; i++) kept -= info.messageUnits[i];
    if (end > latest) return null;
    if (fixed + kept <= o.targetUnits) return end;
    start = end;
  }
  return null;
}
