// buildActiveContext and estimateContextUnits (§3, §4). Frank keeps a "sheet" for every context
// his module built: the frozen context, the price of each message and of the requirements, and
// for each message the index where its tool round ends. A context he built is never read again.
import { MAX_CONTEXT_MESSAGES, MAX_CONTEXT_RECORDS, MAX_CONTEXT_REQUIREMENTS, MAX_CONTEXT_TOTAL_UNITS, bail, type Switches } from "./limits";
import { ABSENT, Reader, asPlain, peek, take, under, wrong } from "./inspect";
import { filled, priceMessage, priceRequirement, priceSummary } from "./measure";

export type Block = { readonly type: "text"; readonly text: string } | { readonly type: "toolCall"; readonly id: string; readonly name: string; readonly arguments: object };
export type Message =
  | { readonly id: string; readonly role: "user"; readonly content: string }
  | { readonly id: string; readonly role: "assistant"; readonly content: readonly Block[] }
  | { readonly id: string; readonly role: "toolResult"; readonly toolCallId: string; readonly toolName: string; readonly content: string; readonly isError: boolean };
export type Requirement = { readonly id: string; readonly content: string };
export type Summary = { readonly id: string; readonly content: string };
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

/** A transcript read and linked: `roundEnd[i]` is one past the last result of message i's calls (i + 1 without calls). */
export type Linked = { readonly messages: readonly Message[]; readonly roundEnd: readonly number[] };

export type Sheet = {
  readonly context: ActiveContext;
  readonly roundEnd: readonly number[];
  readonly prices: readonly number[];
  readonly requirementsPrice: number;
  readonly total: number;
};

const sheets = new WeakMap<object, Sheet>();
const transcripts = new WeakMap<object, Sheet>();

export function knownSheet(v: unknown): Sheet | undefined {
  return typeof v === "object" && v !== null ? sheets.get(v) : undefined;
}
export function knownTranscript(v: unknown): Sheet | undefined {
  return typeof v === "object" && v !== null ? transcripts.get(v) : undefined;
}

function block(v: unknown, r: Reader): Block {
  const b = asPlain(v, "a content block");
  const type = take(b, "type", "a block");
  if (type === "text") return Object.freeze({ type: "text", text: r.str(take(b, "text", "a text block"), "text", false) });
  if (type !== "toolCall") return wrong("a block is a text or a toolCall");
  const id = r.str(take(b, "id", "a tool call"), "a tool-call id", true);
  const name = r.str(take(b, "name", "a tool call"), "a tool name", true);
  return Object.freeze({ type: "toolCall", id, name, arguments: r.args(take(b, "arguments", "a tool call")) });
}

export function message(v: unknown, r: Reader): Message {
  const m = asPlain(v, "a message");
  const role = take(m, "role", "a message");
  if (role !== "user" && role !== "assistant" && role !== "toolResult") return wrong("a message's role is user, assistant or toolResult");
  const id = r.str(take(m, "id", "a message"), "a message id", true);
  if (role === "user") return Object.freeze({ id, role, content: r.str(take(m, "content", "a user message"), "a user's content", false) });
  if (role === "assistant") {
    const blocks = r.list(take(m, "content", "an assistant message"), "an assistant's content", Infinity).map((b) => block(b, r));
    return Object.freeze({ id, role, content: Object.freeze(blocks) });
  }
  const toolCallId = r.str(take(m, "toolCallId", "a tool result"), "toolCallId", true);
  const toolName = r.str(take(m, "toolName", "a tool result"), "toolName", true);
  const content = r.str(take(m, "content", "a tool result"), "a result's content", false);
  const isError = take(m, "isError", "a tool result");
  if (isError !== true && isError !== false) wrong("isError is not a boolean");
  return Object.freeze({ id, role, toolCallId, toolName, content, isError: isError as boolean });
}

/** Reads the messages and ties every result to its call: ids unique, one result each, later, same name. */
export function link(v: unknown, r: Reader): Linked {
  const raw = r.list(v, "messages", MAX_CONTEXT_MESSAGES);
  const messages: Message[] = [];
  const roundEnd: number[] = [];
  const calls = new Map<string, { from: number; name: string; done: boolean }>();
  for (let i = 0; i < raw.length; i++) {
    const m = message(raw[i], r);
    messages.push(m);
    roundEnd.push(i + 1);
    if (m.role === "assistant") {
      for (const b of m.content) {
        if (b.type !== "toolCall") continue;
        if (calls.has(b.id)) wrong(`the tool-call id ${b.id} appears twice`);
        calls.set(b.id, { from: i, name: b.name, done: false });
      }
    } else if (m.role === "toolResult") {
      const call = calls.get(m.toolCallId);
      if (call === undefined) wrong(`the result ${m.id} answers no earlier call`);
      else {
        if (call.done) wrong(`the call ${m.toolCallId} is answered twice`);
        if (call.name !== m.toolName) wrong(`the result ${m.id} names another tool than its call`);
        call.done = true;
        roundEnd[call.from] = i + 1;
      }
    }
  }
  for (const [id, call] of calls) if (!call.done) wrong(`the call ${id} has no result`);
  return { messages: Object.freeze(messages), roundEnd };
}

function requirements(input: object, r: Reader): readonly Requirement[] {
  const v = peek(input, "requirements", "the input");
  if (v === ABSENT) return Object.freeze([]);
  const ids = new Set<string>();
  const out: Requirement[] = [];
  for (const item of r.list(v, "requirements", MAX_CONTEXT_REQUIREMENTS)) {
    const o = asPlain(item, "a requirement");
    const id = r.str(take(o, "id", "a requirement"), "a requirement's id", true);
    const content = r.str(take(o, "content", "a requirement"), "a requirement's content", true);
    if (ids.has(id)) wrong(`two requirements have the id ${id}`);
    ids.add(id);
    out.push(Object.freeze({ id, content }));
  }
  return Object.freeze(out);
}

function summary(input: object, r: Reader): Summary | null {
  const v = peek(input, "summary", "the input");
  if (v === ABSENT || v === null || v === undefined) return null;
  const o = asPlain(v, "the summary");
  const id = r.str(take(o, "id", "the summary"), "the summary's id", true);
  const content = r.str(take(o, "content", "the summary"), "the summary's content", false);
  if (!filled(content)) wrong("the summary has no text", "CONTEXT_SUMMARY_INVALID");
  return Object.freeze({ id, content });
}

const count = (v: unknown) => Number.isSafeInteger(v) && (v as number) >= 0;

function records(input: object, r: Reader): readonly CompactionRecord[] {
  const v = peek(input, "compactions", "the input");
  if (v === ABSENT) return Object.freeze([]);
  const ids = new Set<string>();
  const out: CompactionRecord[] = [];
  for (const item of r.list(v, "compactions", MAX_CONTEXT_RECORDS)) {
    const o = asPlain(item, "a compaction record");
    const id = r.str(take(o, "id", "a record"), "a record's id", true);
    const summaryId = r.str(take(o, "summaryId", "a record"), "a record's summaryId", true);
    const boundary = take(o, "boundary", "a record");
    if (!Number.isSafeInteger(boundary) || (boundary as number) < 1) wrong("a record's boundary is not a safe integer of at least 1");
    // Mistake compacted-ids-ceiling-missing: the ids of one record are not held to 4096.
    const most = r.switches.has("compacted-ids-ceiling-missing") ? Infinity : MAX_CONTEXT_MESSAGES;
    const listed = r.list(take(o, "compactedMessageIds", "a record"), "compactedMessageIds", most);
    if (listed.length !== boundary) wrong("a record lists another number of ids than its boundary");
    const compactedMessageIds = Object.freeze(listed.map((x) => r.str(x, "a compacted message id", true)));
    const unitsBefore = take(o, "unitsBefore", "a record");
    const unitsAfter = take(o, "unitsAfter", "a record");
    if (!count(unitsBefore) || !count(unitsAfter)) wrong("a record's units are not safe integers of at least 0");
    if (ids.has(id)) wrong(`two records have the id ${id}`);
    ids.add(id);
    out.push(Object.freeze({ id, summaryId, boundary: boundary as number, compactedMessageIds, unitsBefore: unitsBefore as number, unitsAfter: unitsAfter as number }));
  }
  return Object.freeze(out);
}

/** The channels in the contract's order, each under its own code. */
export function readInput(input: unknown, switches: Switches): { context: ActiveContext; roundEnd: readonly number[] } {
  const r = new Reader(switches);
  const top = under("CONTEXT_INVALID_INPUT", () => asPlain(input, "the input"));
  const reqs = under("CONTEXT_INVALID_INPUT", () => requirements(top, r));
  const sum = under("CONTEXT_INVALID_INPUT", () => summary(top, r));
  const given = under("CONTEXT_INVALID_INPUT", () => peek(top, "messages", "the input"));
  const linked = under("CONTEXT_INVALID_TRANSCRIPT", () => link(given === ABSENT ? [] : given, r));
  const comps = under("CONTEXT_INVALID_INPUT", () => records(top, r));
  return { context: { requirements: reqs, summary: sum, messages: linked.messages, compactions: comps }, roundEnd: linked.roundEnd };
}

/** Prices a context, holds it to 1,000,000 units, freezes it and keeps its sheet. */
export function file(context: ActiveContext, roundEnd: readonly number[]): Sheet {
  const requirementsPrice = context.requirements.reduce((n, q) => n + priceRequirement(q), 0);
  const prices = context.messages.map(priceMessage);
  let total = requirementsPrice + prices.reduce((a, b) => a + b, 0);
  if (context.summary !== null) total += priceSummary(context.summary.id, context.summary.content);
  if (total > MAX_CONTEXT_TOTAL_UNITS) bail("CONTEXT_LIMIT_EXCEEDED", "the context is above 1,000,000 units");
  const frozen = Object.freeze(context);
  const sheet: Sheet = { context: frozen, roundEnd, prices, requirementsPrice, total };
  sheets.set(frozen, sheet);
  transcripts.set(frozen.messages, sheet);
  return sheet;
}

export function sheetOf(input: unknown, switches: Switches): Sheet {
  const known = knownSheet(input);
  if (known !== undefined) return known;
  const { context, roundEnd } = readInput(input, switches);
  return file(context, roundEnd);
}
