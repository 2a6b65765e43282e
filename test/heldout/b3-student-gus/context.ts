// Gus's buildActiveContext (§3) and units (§4). One pass per channel, in the contract's order;
// every built context is kept in a WeakMap with its "sheet": the units of each part and, per
// message, where its tool round reaches, so the later steps never read a message again.
import {
  MAX_CONTEXT_DEPTH,
  MAX_CONTEXT_MESSAGES,
  MAX_CONTEXT_RECORDS,
  MAX_CONTEXT_REQUIREMENTS,
  MAX_CONTEXT_TOTAL_UNITS,
  hasText,
  isProxy,
  oops,
  type Flags,
} from "./basics";
import { Budget, MISSING, Strings, isPlain, lengthOf, maybe, must, overflow, ownKeysOf, plain, slip, slot, within } from "./reader";

type Json = null | boolean | number | string | readonly Json[] | { readonly [k: string]: Json };
export type Msg = { readonly id: string; readonly role: "user" | "assistant" | "toolResult"; readonly [k: string]: unknown };
export type Ctx = {
  readonly requirements: readonly { id: string; content: string }[];
  readonly summary: { id: string; content: string } | null;
  readonly messages: readonly Msg[];
  readonly compactions: readonly { readonly id: string; readonly [k: string]: unknown }[];
};

export type Sheet = {
  readonly context: Ctx;
  readonly reqUnits: number;
  readonly summaryUnits: number;
  /** msgUnits[i]: units of message i. */
  readonly msgUnits: readonly number[];
  /** ends[i]: the index just past the last result of message i's calls (i + 1 for others). */
  readonly ends: readonly number[];
  readonly total: number;
};

const sheets = new WeakMap<object, Sheet>();
const EMPTY = Object.freeze([]) as readonly never[];

export function sheetOf(input: unknown, flags: Flags): Sheet {
  if (typeof input === "object" && input !== null) {
    const known = sheets.get(input);
    if (known !== undefined) return known;
  }
  return build(input, flags);
}

function peek(obj: unknown, key: string | number): unknown {
  if (typeof obj !== "object" || obj === null || isProxy(obj)) return undefined;
  try {
    const d = Object.getOwnPropertyDescriptor(obj, key);
    return d !== undefined && "value" in d ? d.value : undefined;
  } catch {
    return undefined;
  }
}
const peekLength = (v: unknown): number => (Array.isArray(v) && !isProxy(v) ? (v as unknown[]).length : -1);

/** The per-channel counts first: a channel past its maximum is LIMIT_EXCEEDED before anything is read. */
function countsFirst(input: object): void {
  if (peekLength(peek(input, "requirements")) > MAX_CONTEXT_REQUIREMENTS) oops("CONTEXT_LIMIT_EXCEEDED", "too many requirements");
  if (peekLength(peek(input, "messages")) > MAX_CONTEXT_MESSAGES) oops("CONTEXT_LIMIT_EXCEEDED", "too many messages");
  const records = peek(input, "compactions");
  const n = peekLength(records);
  if (n > MAX_CONTEXT_RECORDS) oops("CONTEXT_LIMIT_EXCEEDED", "too many records");
  for (let i = 0; i < n; i++) {
    if (peekLength(peek(peek(records, i), "compactedMessageIds")) > MAX_CONTEXT_MESSAGES) oops("CONTEXT_LIMIT_EXCEEDED", "too many compacted ids");
  }
}

function build(input: unknown, flags: Flags): Sheet {
  const budget = new Budget();
  const str = new Strings(budget);
  // The channel arrays' own lengths count as collection items, like every array's.
  const channelCounted = !flags.has("channel-arrays-not-items");
  const root = within("CONTEXT_INVALID_INPUT", () => plain(input, "input"));
  countsFirst(root);

  let reqUnits = 0;
  const requirements = within("CONTEXT_INVALID_INPUT", () => {
    const value = maybe(root, "requirements");
    if (value === MISSING) return EMPTY;
    const n = lengthOf(value, "requirements");
    if (n > MAX_CONTEXT_REQUIREMENTS) overflow("too many requirements");
    budget.enterArray(value as object, n, channelCounted);
    const out: { id: string; content: string }[] = [];
    const seen = new Set<string>();
    for (let i = 0; i < n; i++) {
      const r = plain(slot(value as object, i), "requirement");
      const id = str.take(r, "id", true);
      reqUnits += 3 + str.last;
      const content = str.take(r, "content", true);
      reqUnits += str.last;
      if (seen.has(id)) slip("duplicate requirement id");
      seen.add(id);
      out.push(Object.freeze({ id, content }));
    }
    return Object.freeze(out);
  });

  let summaryUnits = 0;
  const summary = within("CONTEXT_INVALID_INPUT", () => {
    const value = maybe(root, "summary");
    if (value === MISSING || value === undefined || value === null) return null;
    const s = plain(value, "summary");
    const id = str.take(s, "id", true);
    const idUnits = str.last;
    const content = str.take(s, "content", false);
    if (!hasText(content)) oops("CONTEXT_SUMMARY_INVALID", "the summary has no text");
    summaryUnits = 5 + idUnits + str.last;
    return Object.freeze({ id, content });
  });

  const rawMessages = within("CONTEXT_INVALID_INPUT", () => maybe(root, "messages"));
  const read = within("CONTEXT_INVALID_TRANSCRIPT", () => readMessages(rawMessages === MISSING ? EMPTY : rawMessages, budget, channelCounted, flags));

  const compactions = within("CONTEXT_INVALID_INPUT", () => readRecords(root, budget, str, channelCounted));

  let total = reqUnits + summaryUnits;
  for (const m of read.units) total += m;
  if (total > MAX_CONTEXT_TOTAL_UNITS) oops("CONTEXT_LIMIT_EXCEEDED", "the context has too many units");
  const context: Ctx = Object.freeze({ requirements, summary, messages: read.messages, compactions });
  const sheet: Sheet = Object.freeze({ context, reqUnits, summaryUnits, msgUnits: read.units, ends: read.ends, total });
  sheets.set(context, sheet);
  return sheet;
}

export type Transcript = { readonly messages: readonly Msg[]; readonly units: readonly number[]; readonly ends: readonly number[] };

/** A transcript (§2, §3's messages): read, copied, linked; faults are Slips. */
export function readMessages(value: unknown, budget: Budget, channelCounted: boolean, flags: Flags): Transcript {
  const n = lengthOf(value, "messages");
  if (n > MAX_CONTEXT_MESSAGES) overflow("too many messages");
  budget.enterArray(value as object, n, channelCounted);
  const str = new Strings(budget);
  const messages: Msg[] = [];
  const units: number[] = [];
  const calls = new Map<string, { at: number; name: string; done: boolean }>();
  let open = 0;
  for (let i = 0; i < n; i++) {
    const m = plain(slot(value as object, i), "message");
    const role = must(m, "role");
    let copy: Msg;
    let cost: number;
    if (role === "user") {
      const id = str.take(m, "id", true);
      cost = 4 + str.last;
      const content = str.take(m, "content", false);
      cost += str.last;
      copy = Object.freeze({ id, role: "user", content });
    } else if (role === "toolResult") {
      const id = str.take(m, "id", true);
      cost = 7 + str.last;
      const toolCallId = str.take(m, "toolCallId", true);
      cost += str.last;
      const toolName = str.take(m, "toolName", true);
      cost += str.last;
      const content = str.take(m, "content", false);
      cost += str.last;
      const isError = must(m, "isError");
      if (typeof isError !== "boolean") slip("isError is not a boolean");
      copy = Object.freeze({ id, role: "toolResult", toolCallId, toolName, content, isError });
    } else if (role === "assistant") {
      const id = str.take(m, "id", true);
      cost = 4 + str.last;
      const blocks = must(m, "content");
      const k = lengthOf(blocks, "content");
      budget.enterArray(blocks as object, k);
      const content: object[] = [];
      for (let b = 0; b < k; b++) {
        const block = plain(slot(blocks as object, b), "block");
        const type = must(block, "type");
        if (type === "text") {
          const text = str.take(block, "text", false);
          cost += 2 + str.last;
          content.push(Object.freeze({ type: "text", text }));
          continue;
        }
        if (type !== "toolCall") slip("unknown block type");
        const callId = str.take(block, "id", true);
        cost += 6 + str.last;
        const name = str.take(block, "name", true);
        cost += str.last;
        const j = { units: 0 };
        const args = readArguments(must(block, "arguments"), budget, j, flags);
        cost += j.units;
        content.push(Object.freeze({ type: "toolCall", id: callId, name, arguments: args }));
      }
      copy = Object.freeze({ id, role: "assistant", content: Object.freeze(content) });
    } else {
      return slip("unknown role");
    }
    messages.push(copy);
    units.push(cost);
    if (copy.role === "assistant") {
      for (const block of copy.content as { type: string; id: string; name: string }[]) {
        if (block.type !== "toolCall") continue;
        if (calls.has(block.id)) slip("duplicate tool-call id");
        calls.set(block.id, { at: i, name: block.name, done: false });
        open++;
      }
    } else if (copy.role === "toolResult") {
      const c = calls.get(copy.toolCallId as string);
      if (c === undefined) slip("a result without an earlier call");
      if (c!.done) slip("a second result");
      if (c!.name !== copy.toolName) slip("toolName differs from the call's name");
      c!.done = true;
      open--;
    }
  }
  if (open !== 0) slip("a call without a result");
  const frozen = Object.freeze(messages);
  return { messages: frozen, units: Object.freeze(units), ends: Object.freeze(roundEnds(frozen, flags)) };
}

/**
 * For each message, the index just past the last result of its calls (the message's own
 * i + 1 when it has none). A result names its call; the call's message is looked up by the
 * message's id.
 */
function roundEnds(messages: readonly Msg[], flags: Flags): number[] {
  const ends = messages.map((_, i) => i + 1);
  const byMessageId = flags.has("rounds-keyed-by-message-id");
  const owner = new Map<string, number>();
  const reach = new Map<string, number>();
  messages.forEach((m, i) => {
    if (m.role === "assistant") {
      for (const block of m.content as { type: string; id: string }[]) if (block.type === "toolCall") owner.set(block.id, i);
    } else if (m.role === "toolResult") {
      const at = owner.get(m.toolCallId as string)!;
      if (byMessageId) {
        const key = messages[at].id;
        reach.set(key, Math.max(reach.get(key) ?? 0, i + 1));
      } else {
        ends[at] = Math.max(ends[at], i + 1);
      }
    }
  });
  if (byMessageId) {
    messages.forEach((m, i) => {
      const r = m.role === "assistant" ? reach.get(m.id) : undefined;
      if (r !== undefined) ends[i] = Math.max(ends[i], r);
    });
  }
  return ends;
}

function jsonNumber(n: number): number {
  return 1 + String(n).length;
}

function readArguments(value: unknown, budget: Budget, j: { units: number }, flags: Flags): Json {
  const path: object[] = [];
  const onContainersOnly = flags.has("depth-checked-on-containers-only");
  const visit = (v: unknown, depth: number): Json => {
    if (typeof v === "object" && v !== null && path.includes(v)) slip("arguments hold a cycle");
    const container = typeof v === "object" && v !== null;
    if (depth > MAX_CONTEXT_DEPTH && (container || !onContainersOnly)) overflow("arguments nest too deep");
    switch (typeof v) {
      case "string":
        j.units += 1 + budget.addString(v);
        return v;
      case "number":
        if (!Number.isFinite(v)) slip("a non-finite number");
        j.units += jsonNumber(v);
        return v;
      case "boolean":
        j.units += v ? 5 : 6;
        return v;
      case "object":
        if (v === null) {
          j.units += 1;
          return null;
        }
        return isPlain(v) ? visitObject(v, depth) : visitArray(v, depth);
      default:
        return slip(`a ${typeof v} in arguments`);
    }
  };
  const visitArray = (arr: object, depth: number): readonly Json[] => {
    const n = lengthOf(arr, "arguments");
    budget.enterArray(arr, n);
    j.units += 2 + n;
    path.push(arr);
    const out: Json[] = [];
    for (let i = 0; i < n; i++) out.push(visit(slot(arr, i), depth + 1));
    path.pop();
    return Object.freeze(out);
  };
  const visitObject = (obj: object, depth: number): { readonly [k: string]: Json } => {
    const keys = ownKeysOf(obj);
    budget.addItems(keys.length);
    j.units += 2;
    path.push(obj);
    const out: { [k: string]: Json } = {};
    for (const key of keys) {
      if (typeof key !== "string") slip("a symbol key in arguments");
      let d: PropertyDescriptor | undefined;
      try {
        d = Reflect.getOwnPropertyDescriptor(obj, key);
      } catch {
        d = undefined;
      }
      if (d === undefined || d.enumerable !== true) slip(`arguments.${String(key)} is not an enumerable own data property`);
      const item = Object.hasOwn(d!, "value") ? d!.value : undefined;
      j.units += 1 + budget.addString(key as string);
      Object.defineProperty(out, key, { value: visit(item, depth + 1), enumerable: true, writable: true, configurable: true });
    }
    path.pop();
    return Object.freeze(out);
  };
  return visitObject(plain(value, "arguments"), 0);
}

function count(rec: object, key: string, min: number): number {
  const v = must(rec, key);
  if (!Number.isSafeInteger(v) || (v as number) < min) slip(`${key} is not a safe integer >= ${min}`);
  return v as number;
}

function readRecords(root: object, budget: Budget, str: Strings, channelCounted: boolean): Ctx["compactions"] {
  const value = maybe(root, "compactions");
  if (value === MISSING) return EMPTY;
  const n = lengthOf(value, "compactions");
  if (n > MAX_CONTEXT_RECORDS) overflow("too many records");
  budget.enterArray(value as object, n, channelCounted);
  const out: Ctx["compactions"][number][] = [];
  const seen = new Set<string>();
  for (let i = 0; i < n; i++) {
    const r = plain(slot(value as object, i), "record");
    const id = str.take(r, "id", true);
    const summaryId = str.take(r, "summaryId", true);
    const boundary = count(r, "boundary", 1);
    const idsValue = must(r, "compactedMessageIds");
    const k = lengthOf(idsValue, "compactedMessageIds");
    if (k > MAX_CONTEXT_MESSAGES) overflow("too many compacted ids");
    budget.enterArray(idsValue as object, k);
    if (k !== boundary) slip("compactedMessageIds.length differs from boundary");
    const ids: string[] = [];
    for (let x = 0; x < k; x++) {
      const v = slot(idsValue as object, x);
      if (typeof v !== "string") slip("a compacted id is not a string");
      budget.addString(v as string);
      if (!hasText(v as string)) slip("a compacted id is empty");
      ids.push(v as string);
    }
    const unitsBefore = count(r, "unitsBefore", 0);
    const unitsAfter = count(r, "unitsAfter", 0);
    if (seen.has(id)) slip("duplicate record id");
    seen.add(id);
    out.push(Object.freeze({ id, summaryId, boundary, compactedMessageIds: Object.freeze(ids), unitsBefore, unitsAfter }));
  }
  return Object.freeze(out);
}

/** groupToolRounds' reading of a transcript (§5: validated as §3's messages). */
export function transcriptOf(value: unknown, flags: Flags): Transcript {
  const t = within("CONTEXT_INVALID_TRANSCRIPT", () => readMessages(value, new Budget(), !flags.has("channel-arrays-not-items"), flags));
  let total = 0;
  for (const n of t.units) total += n;
  if (total > MAX_CONTEXT_TOTAL_UNITS) oops("CONTEXT_LIMIT_EXCEEDED", "the transcript has too many units");
  return t;
}
