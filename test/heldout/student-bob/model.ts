// Bob's ActiveContext (contract §3-§6): the snapshot, its units, groups and boundary.
import { MAX_CONTEXT_MESSAGES, MAX_CONTEXT_RECORDS, MAX_CONTEXT_REQUIREMENTS, MAX_CONTEXT_TOTAL_UNITS, codePoints, isBlank, raise, type Flags } from "./shared";
import { ContextReader, MISSING } from "./reader";

type Any = Record<string, any>;
export type Snapshot = { requirements: readonly Any[]; summary: Any | null; messages: readonly Any[]; compactions: readonly Any[] };
export type Facts = { snapshot: Snapshot; requirementUnits: number; messageUnits: readonly number[]; units: number; lastResult: readonly number[] };

function jsonUnits(v: unknown): number {
  if (v === null) return 1;
  if (typeof v === "boolean") return v ? 5 : 6;
  if (typeof v === "number") return 1 + String(v).length;
  if (typeof v === "string") return 1 + codePoints(v);
  if (Array.isArray(v)) return 2 + v.map((x) => 1 + jsonUnits(x)).reduce((a, b) => a + b, 0);
  return 2 + Object.entries(v as object).map(([k, x]) => 1 + codePoints(k) + jsonUnits(x)).reduce((a, b) => a + b, 0);
}

export function unitsOfMessage(m: Any): number {
  switch (m.role) {
    case "user":
      return 4 + codePoints(m.id) + codePoints(m.content);
    case "toolResult":
      return 7 + codePoints(m.id) + codePoints(m.toolCallId) + codePoints(m.toolName) + codePoints(m.content);
    default:
      return (
        4 +
        codePoints(m.id) +
        (m.content as Any[]).map((b) => (b.type === "text" ? 2 + codePoints(b.text) : 6 + codePoints(b.id) + codePoints(b.name) + jsonUnits(b.arguments))).reduce((a, b) => a + b, 0)
      );
  }
}

export class ContextModel {
  readonly #facts = new WeakMap<object, Facts>();
  readonly #transcripts = new WeakMap<object, Facts>();

  constructor(readonly flags: Flags) {}

  summaryUnits(s: Any | null): number {
    if (s === null) return 0;
    // Mistake summary-base-4: a summary is weighed like a message (4) instead of 5.
    return (this.flags.has("summary-base-4") ? 4 : 5) + codePoints(s.id) + codePoints(s.content);
  }

  facts(input: unknown): Facts {
    const known = input !== null && typeof input === "object" ? this.#facts.get(input) : undefined;
    return known ?? this.build(input);
  }

  /** Reads the four channels, each under its own code. A channel present as undefined counts as missing. */
  build(input: unknown): Facts {
    const r = new ContextReader(this.flags.has("argument-proto-key-stored"));
    const top = r.channel("CONTEXT_INVALID_INPUT", () => r.record(input, "the context"));
    const channelValue = (key: string) => r.channel("CONTEXT_INVALID_INPUT", () => r.peek(top, key));
    const requirementsValue = channelValue("requirements");
    const requirements = r.channel("CONTEXT_INVALID_INPUT", () => this.requirements(r, requirementsValue));
    const summaryValue = channelValue("summary");
    const summary = r.channel("CONTEXT_INVALID_INPUT", () => this.summary(r, summaryValue));
    const messagesValue = channelValue("messages");
    const transcript = r.channel("CONTEXT_INVALID_TRANSCRIPT", () => this.transcript(r, messagesValue === MISSING || messagesValue === undefined ? [] : messagesValue));
    const compactionsValue = channelValue("compactions");
    const compactions = r.channel("CONTEXT_INVALID_INPUT", () => this.records(r, compactionsValue));
    return this.seal({ requirements, summary, messages: transcript.messages, compactions }, transcript.lastResult);
  }

  /** Counts, checks the units ceiling, freezes and remembers a snapshot. */
  seal(parts: Snapshot, lastResult: readonly number[]): Facts {
    const requirementUnits = parts.requirements.reduce((n, q) => n + 3 + codePoints(q.id) + codePoints(q.content), 0);
    const messageUnits = parts.messages.map(unitsOfMessage);
    const units = requirementUnits + this.summaryUnits(parts.summary) + messageUnits.reduce((a, b) => a + b, 0);
    if (units > MAX_CONTEXT_TOTAL_UNITS) raise("CONTEXT_LIMIT_EXCEEDED", "more than 1,000,000 units");
    const snapshot = Object.freeze({ ...parts });
    const facts: Facts = { snapshot, requirementUnits, messageUnits, units, lastResult };
    this.#facts.set(snapshot, facts);
    this.#transcripts.set(snapshot.messages, facts);
    return facts;
  }

  requirements(r: ContextReader, value: unknown): readonly Any[] {
    if (value === MISSING || value === undefined) return Object.freeze([]);
    const { array, length } = r.list(value, "requirements");
    if (length > MAX_CONTEXT_REQUIREMENTS) r.overflow("more than 128 requirements");
    r.countArray(array, length);
    const seen = new Set<string>();
    const out: Any[] = [];
    for (let i = 0; i < length; i++) {
      const q = r.record(r.entry(array, i), "a requirement");
      const id = r.text(r.need(q, "id"), "requirement id", true);
      const content = r.text(r.need(q, "content"), "requirement content", true);
      if (seen.has(id)) r.problem("duplicate requirement id");
      seen.add(id);
      out.push(Object.freeze({ id, content }));
    }
    return Object.freeze(out);
  }

  summary(r: ContextReader, value: unknown): Any | null {
    if (value === MISSING || value === undefined || value === null) return null;
    const s = r.record(value, "summary");
    const id = r.text(r.need(s, "id"), "summary id", true);
    const content = r.text(r.need(s, "content"), "summary content", false);
    if (isBlank(content)) r.problem("the summary has no text", "CONTEXT_SUMMARY_INVALID");
    return Object.freeze({ id, content });
  }

  records(r: ContextReader, value: unknown): readonly Any[] {
    if (value === MISSING || value === undefined) return Object.freeze([]);
    const { array, length } = r.list(value, "compactions");
    if (length > MAX_CONTEXT_RECORDS) r.overflow("more than 256 records");
    r.countArray(array, length);
    const seen = new Set<string>();
    const out: Any[] = [];
    for (let i = 0; i < length; i++) {
      const c = r.record(r.entry(array, i), "a record");
      const id = r.text(r.need(c, "id"), "record id", true);
      const summaryId = r.text(r.need(c, "summaryId"), "record summaryId", true);
      const boundary = r.need(c, "boundary");
      if (!Number.isSafeInteger(boundary) || (boundary as number) < 1) r.problem("bad boundary");
      const ids = r.list(r.need(c, "compactedMessageIds"), "compactedMessageIds");
      if (ids.length > MAX_CONTEXT_MESSAGES) r.overflow("more than 4096 compacted ids");
      r.countArray(ids.array, ids.length);
      if (ids.length !== boundary) r.problem("compactedMessageIds length differs from boundary");
      const compactedMessageIds: string[] = [];
      for (let k = 0; k < ids.length; k++) compactedMessageIds.push(r.text(r.entry(ids.array, k), "compacted id", true));
      const unitsBefore = r.need(c, "unitsBefore");
      const unitsAfter = r.need(c, "unitsAfter");
      if (!Number.isSafeInteger(unitsBefore) || (unitsBefore as number) < 0) r.problem("bad unitsBefore");
      if (!Number.isSafeInteger(unitsAfter) || (unitsAfter as number) < 0) r.problem("bad unitsAfter");
      if (seen.has(id)) r.problem("duplicate record id");
      seen.add(id);
      out.push(Object.freeze({ id, summaryId, boundary, compactedMessageIds: Object.freeze(compactedMessageIds), unitsBefore, unitsAfter }));
    }
    return Object.freeze(out);
  }

  message(r: ContextReader, value: unknown): Any {
    const m = r.record(value, "a message");
    const role = r.need(m, "role");
    if (role === "user") {
      const id = r.text(r.need(m, "id"), "message id", true);
      return Object.freeze({ id, role, content: r.text(r.need(m, "content"), "content", false) });
    }
    if (role === "toolResult") {
      const id = r.text(r.need(m, "id"), "message id", true);
      const toolCallId = r.text(r.need(m, "toolCallId"), "toolCallId", true);
      const toolName = r.text(r.need(m, "toolName"), "toolName", true);
      const content = r.text(r.need(m, "content"), "content", false);
      const isError = r.need(m, "isError");
      if (typeof isError !== "boolean") r.problem("isError must be a boolean");
      return Object.freeze({ id, role, toolCallId, toolName, content, isError });
    }
    if (role !== "assistant") r.problem("unknown role");
    const id = r.text(r.need(m, "id"), "message id", true);
    const { array, length } = r.list(r.need(m, "content"), "assistant content");
    r.countArray(array, length);
    const blocks: Any[] = [];
    for (let i = 0; i < length; i++) {
      const b = r.record(r.entry(array, i), "a block");
      const type = r.need(b, "type");
      if (type === "text") {
        blocks.push(Object.freeze({ type, text: r.text(r.need(b, "text"), "text", false) }));
      } else if (type === "toolCall") {
        const callId = r.text(r.need(b, "id"), "tool-call id", true);
        const name = r.text(r.need(b, "name"), "tool name", true);
        const args = r.record(r.need(b, "arguments"), "arguments");
        blocks.push(Object.freeze({ type, id: callId, name, arguments: r.jsonObject(args, 0, []) }));
      } else {
        r.problem("unknown block type");
      }
    }
    return Object.freeze({ id, role, content: Object.freeze(blocks) });
  }

  transcript(r: ContextReader, value: unknown): { messages: readonly Any[]; lastResult: number[] } {
    const { array, length } = r.list(value, "messages");
    if (length > MAX_CONTEXT_MESSAGES) r.overflow("more than 4096 messages");
    r.countArray(array, length);
    const messages: Any[] = [];
    const lastResult: number[] = [];
    const open = new Map<string, { at: number; name: string; done: boolean }>();
    for (let i = 0; i < length; i++) {
      const m = this.message(r, r.entry(array, i));
      messages.push(m);
      lastResult.push(i);
      if (m.role === "assistant") {
        for (const b of m.content) {
          if (b.type !== "toolCall") continue;
          if (open.has(b.id)) r.problem("duplicate tool-call id");
          open.set(b.id, { at: i, name: b.name, done: false });
        }
      } else if (m.role === "toolResult") {
        const call = open.get(m.toolCallId);
        if (!call) r.problem("a result with no earlier call");
        if (call!.done) r.problem("a second result for one call");
        if (call!.name !== m.toolName) r.problem("toolName does not match the call");
        call!.done = true;
        lastResult[call!.at] = i;
      }
    }
    for (const call of open.values()) if (!call.done) r.problem("a call with no result");
    return { messages: Object.freeze(messages), lastResult };
  }

  /** The messages of a transcript (a built context's, or validated now) and where each call's round ends. */
  transcriptFacts(value: unknown): { messages: readonly Any[]; lastResult: readonly number[] } {
    const known = value !== null && typeof value === "object" ? this.#transcripts.get(value) : undefined;
    if (known) return { messages: known.snapshot.messages, lastResult: known.lastResult };
    const r = new ContextReader(this.flags.has("argument-proto-key-stored"));
    const t = r.channel("CONTEXT_INVALID_TRANSCRIPT", () => this.transcript(r, value));
    if (t.messages.map(unitsOfMessage).reduce((a, b) => a + b, 0) > MAX_CONTEXT_TOTAL_UNITS) raise("CONTEXT_LIMIT_EXCEEDED", "more than 1,000,000 units");
    return t;
  }
}

/** Exclusive ends of the groups: a round grows while a message inside it reaches further. */
export function groupEnds(lastResult: readonly number[]): number[] {
  const ends: number[] = [];
  let start = 0;
  while (start < lastResult.length) {
    let end = start;
    for (let i = start; i <= end; i++) if (lastResult[i] > end) end = lastResult[i];
    ends.push(end + 1);
    start = end + 1;
  }
  return ends;
}

export function groupsOf(messages: readonly Any[], lastResult: readonly number[]): readonly Any[] {
  const out: Any[] = [];
  let start = 0;
  for (const end of groupEnds(lastResult)) {
    out.push(Object.freeze({ kind: end - start === 1 ? "message" : "toolRound", startIndex: start, endIndex: end, messages: Object.freeze(messages.slice(start, end)) }));
    start = end;
  }
  return Object.freeze(out);
}

export type BoundaryOptions = { targetUnits: number; summaryMaxUnits: number; retainRecentMessages: number };

export function chooseBoundary(facts: Facts, o: BoundaryOptions): number | null {
  const count = facts.snapshot.messages.length;
  const latest = count - o.retainRecentMessages;
  if (latest <= 0) return null;
  let remaining = facts.messageUnits.reduce((a, b) => a + b, 0);
  let start = 0;
  for (const end of groupEnds(facts.lastResult)) {
    for (let i = start; i < end; i++) remaining -= facts.messageUnits[i];
    if (end > latest) return null;
    if (facts.requirementUnits + o.summaryMaxUnits + remaining <= o.targetUnits) return end;
    start = end;
  }
  return null;
}
