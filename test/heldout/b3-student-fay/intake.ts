// Fay's reader (contract §3): the input is looked at through descriptors only, so no getter,
// setter or function of the caller's runs, and a Proxy's trap that throws becomes the channel's
// code. Budgets are counted as the reader goes. What it finds goes into a Sheet: the frozen
// context and the per-message units and tool-round reach that the boundary walk needs.
import {
  MAX_CONTEXT_COLLECTION_ITEMS,
  MAX_CONTEXT_DEPTH,
  MAX_CONTEXT_MESSAGES,
  MAX_CONTEXT_RECORDS,
  MAX_CONTEXT_REQUIREMENTS,
  MAX_CONTEXT_STRING_UNITS,
  MAX_CONTEXT_TOTAL_UNITS,
  ObjectProto,
  type Code,
  type Flags,
  cp,
  filled,
  freeze,
  getProto,
  isArray,
  isFinite,
  isProxy,
  isSafeInteger,
  ownDesc,
  ownKeysOf,
  owns,
  stop,
} from "./base";

/** Something wrong found while reading; `over` marks a budget. Turned into a code per channel. */
export class Snag {
  constructor(
    readonly over: boolean,
    readonly why: string,
  ) {}
}
const snag = (why: string): never => {
  throw new Snag(false, why);
};
const overflow = (why: string): never => {
  throw new Snag(true, why);
};

/** Runs `read`; a Snag becomes `code` (a budget: CONTEXT_LIMIT_EXCEEDED). */
export function channel<T>(code: Code, read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof Snag) stop(error.over ? "CONTEXT_LIMIT_EXCEEDED" : code, error.why);
    throw error;
  }
}

export class Tally {
  items = 0;
  chars = 0;
  constructor(readonly capped = true) {}
  addItems(n: number): void {
    this.items += n;
    if (this.capped && this.items > MAX_CONTEXT_COLLECTION_ITEMS) overflow("too many collection items");
  }
  /** Counts a string; returns u(s). */
  addString(s: string): number {
    const u = cp(s);
    this.chars += u;
    if (this.capped && u > MAX_CONTEXT_STRING_UNITS) overflow("a string is too long");
    if (this.capped && this.chars > MAX_CONTEXT_TOTAL_UNITS) overflow("too many code points in all");
    return u;
  }
}

// ---- descriptor reads ----

export function plain(value: unknown): value is object {
  if (typeof value !== "object" || value === null) return false;
  let proto: object | null;
  try {
    if (isArray(value)) return false;
    proto = getProto(value);
  } catch {
    return snag("a trap threw");
  }
  return proto === ObjectProto || proto === null;
}

function descriptor(o: object, key: PropertyKey): PropertyDescriptor | undefined {
  try {
    return ownDesc(o, key);
  } catch {
    return snag(`reading ${String(key)} threw`);
  }
}

export const MISSING: unique symbol = Symbol("missing");

/** An own data property's value, or MISSING. An accessor is refused, never called. */
export function maybe(o: object, key: string): unknown {
  const d = descriptor(o, key);
  if (d === undefined) return MISSING;
  if (!owns(d, "value")) snag(`${key} is an accessor`);
  return d.value;
}

export function must(o: object, key: string): unknown {
  const v = maybe(o, key);
  if (v === MISSING) snag(`${key} is missing`);
  return v;
}

function record(value: unknown, what: string): object {
  if (!plain(value)) snag(`${what} is not a plain object`);
  return value as object;
}

function lengthOf(value: unknown, what: string): number {
  let ok = false;
  try {
    ok = isArray(value);
  } catch {
    snag(`${what} threw`);
  }
  if (!ok) snag(`${what} is not an array`);
  return (descriptor(value as object, "length") as PropertyDescriptor).value as number;
}

/** Slots first: every slot is an own data item; then the length counts as items. */
function slots(array: object, length: number, tally: Tally, what: string): void {
  if (tally.capped) {
    // A Proxy may claim any length: one budget's worth of its slots is enough to look at.
    const end = isProxy(array) ? Math.min(length, MAX_CONTEXT_COLLECTION_ITEMS + 1) : length;
    for (let i = 0; i < end; i++) {
      const d = descriptor(array, i);
      if (d === undefined) snag(`${what}[${i}] is a hole`);
      if (!owns(d as PropertyDescriptor, "value")) snag(`${what}[${i}] is an accessor`);
    }
  }
  tally.addItems(length);
}

function item(array: object, i: number, what: string): unknown {
  const d = descriptor(array, i);
  if (d === undefined) snag(`${what}[${i}] is a hole`);
  if (!owns(d as PropertyDescriptor, "value")) snag(`${what}[${i}] is an accessor`);
  return (d as PropertyDescriptor).value;
}

function text(o: object, key: string, nonEmpty: boolean, tally: Tally): [string, number] {
  const v = must(o, key);
  if (typeof v !== "string") snag(`${key} is not a string`);
  const u = tally.addString(v as string);
  if (nonEmpty && !filled(v as string)) snag(`${key} is empty`);
  return [v as string, u];
}

// ---- messages ----

export type Msg =
  | { readonly id: string; readonly role: "user"; readonly content: string }
  | { readonly id: string; readonly role: "assistant"; readonly content: readonly Block[] }
  | { readonly id: string; readonly role: "toolResult"; readonly toolCallId: string; readonly toolName: string; readonly content: string; readonly isError: boolean };
export type Block = { readonly type: "text"; readonly text: string } | { readonly type: "toolCall"; readonly id: string; readonly name: string; readonly arguments: object };

/** One message, with its units (§4). */
export function readMessage(value: unknown, tally: Tally, flags: Flags): [Msg, number] {
  const o = record(value, "message");
  const role = must(o, "role");
  if (role === "user") {
    const [id, a] = text(o, "id", true, tally);
    const [content, b] = text(o, "content", false, tally);
    return [freeze({ id, role, content }), 4 + a + b];
  }
  if (role === "toolResult") {
    const [id, a] = text(o, "id", true, tally);
    const [toolCallId, b] = text(o, "toolCallId", true, tally);
    const [toolName, c] = text(o, "toolName", true, tally);
    const [content, d] = text(o, "content", false, tally);
    const isError = must(o, "isError");
    if (typeof isError !== "boolean") snag("isError is not a boolean");
    return [freeze({ id, role, toolCallId, toolName, content, isError: isError as boolean }), 7 + a + b + c + d];
  }
  if (role !== "assistant") return snag("unknown role");
  const [id, a] = text(o, "id", true, tally);
  const list = must(o, "content");
  const n = lengthOf(list, "content");
  slots(list as object, n, tally, "content");
  const blocks: Block[] = [];
  let units = 4 + a;
  for (let i = 0; i < n; i++) {
    const b = record(item(list as object, i, "content"), "block");
    const type = must(b, "type");
    if (type === "text") {
      const [t, u] = text(b, "text", false, tally);
      blocks.push(freeze({ type, text: t }));
      units += 2 + u;
    } else if (type === "toolCall") {
      const [callId, u1] = text(b, "id", true, tally);
      const [name, u2] = text(b, "name", true, tally);
      const json = { units: 0 };
      const args = readArgs(must(b, "arguments"), tally, json, flags);
      blocks.push(freeze({ type, id: callId, name, arguments: args }));
      units += 6 + u1 + u2 + json.units;
    } else {
      snag("unknown block type");
    }
  }
  return [freeze({ id, role, content: freeze(blocks) }), units];
}

// ---- tool-call arguments: JSON, depth <= 32, no cycles ----

export function readArgs(value: unknown, tally: Tally, json: { units: number }, flags: Flags): object {
  const met: object[] = [];
  return jsonObject(record(value, "arguments"), 0, met, tally, json, flags) as object;
}

function jsonValue(v: unknown, depth: number, met: object[], tally: Tally, json: { units: number }, flags: Flags): unknown {
  if (typeof v === "object" && v !== null && met.includes(v)) snag("arguments hold a cycle");
  if (depth > MAX_CONTEXT_DEPTH) overflow("arguments nest too deep");
  if (typeof v === "string") {
    json.units += 1 + tally.addString(v);
    return v;
  }
  if (typeof v === "number") {
    if (!isFinite(v)) snag("a number that is not finite");
    json.units += 1 + String(v).length;
    return v;
  }
  if (typeof v === "boolean") {
    json.units += v ? 5 : 6;
    return v;
  }
  if (v === null) {
    json.units += 1;
    return null;
  }
  if (typeof v !== "object") return snag(`a ${typeof v} in arguments`);
  if (plain(v)) return jsonObject(v, depth, met, tally, json, flags);
  const n = lengthOf(v, "arguments");
  slots(v, n, tally, "arguments");
  json.units += 2 + n;
  met.push(v);
  const copy: unknown[] = [];
  for (let i = 0; i < n; i++) copy.push(jsonValue(item(v, i, "arguments"), depth + 1, met, tally, json, flags));
  // [planted shared-container-as-cycle] the containers met stay remembered, so a container met again elsewhere counts as a cycle
  if (!flags.has("shared-container-as-cycle")) met.pop();
  return freeze(copy);
}

function jsonObject(o: object, depth: number, met: object[], tally: Tally, json: { units: number }, flags: Flags): unknown {
  let keys: (string | symbol)[];
  try {
    keys = ownKeysOf(o);
  } catch {
    return snag("listing keys threw");
  }
  tally.addItems(keys.length);
  json.units += 2;
  met.push(o);
  const copy: Record<string, unknown> = {};
  for (const key of keys) {
    if (typeof key !== "string") snag("a symbol key in arguments");
    let d: PropertyDescriptor | undefined;
    try {
      d = ownDesc(o, key);
    } catch {
      d = undefined;
    }
    if (d === undefined || d.enumerable !== true) snag(`arguments.${String(key)} is not an enumerable own data property`);
    const v = owns(d as PropertyDescriptor, "value") ? (d as PropertyDescriptor).value : undefined;
    json.units += 1 + tally.addString(key as string);
    const x = jsonValue(v, depth + 1, met, tally, json, flags);
    Object.defineProperty(copy, key, { value: x, enumerable: true, writable: true, configurable: true });
  }
  if (!flags.has("shared-container-as-cycle")) met.pop();
  return freeze(copy);
}

// ---- the context ----

export type Requirement = { readonly id: string; readonly content: string };
export type Summary = { readonly id: string; readonly content: string };
export type Rec = {
  readonly id: string;
  readonly summaryId: string;
  readonly boundary: number;
  readonly compactedMessageIds: readonly string[];
  readonly unitsBefore: number;
  readonly unitsAfter: number;
};
export type Context = { readonly requirements: readonly Requirement[]; readonly summary: Summary | null; readonly messages: readonly Msg[]; readonly compactions: readonly Rec[] };

/** What Fay keeps about a context: its units, part by part, and each message's reach. */
export type Sheet = {
  readonly context: Context;
  readonly reqUnits: number;
  readonly summaryUnits: number;
  readonly msgUnits: readonly number[];
  /** For message i: the index of the last result of its calls (i itself when none). */
  readonly reach: readonly number[];
  readonly total: number;
};

const sheets = new WeakMap<object, Sheet>();

export function remember(sheet: Sheet): Sheet {
  sheets.set(sheet.context, sheet);
  return sheet;
}

export function sheetOf(input: unknown, flags: Flags): Sheet {
  if (typeof input === "object" && input !== null) {
    const known = sheets.get(input);
    if (known !== undefined) return known;
  }
  return remember(build(input, flags));
}

/** A messages array: read, linked (every call once answered, later, by name), with units and reach. */
export function readTranscript(value: unknown, tally: Tally, flags: Flags): { messages: readonly Msg[]; units: number[]; reach: number[] } {
  const n = lengthOf(value, "messages");
  if (n > MAX_CONTEXT_MESSAGES) overflow("too many messages");
  slots(value as object, n, tally, "messages");
  const messages: Msg[] = [];
  const units: number[] = [];
  const reach: number[] = [];
  const calls = new Map<string, { at: number; name: string; done: boolean }>();
  let open = 0;
  for (let i = 0; i < n; i++) {
    const [m, u] = readMessage(item(value as object, i, "messages"), tally, flags);
    messages.push(m);
    units.push(u);
    reach.push(i);
    if (m.role === "assistant") {
      for (const b of m.content) {
        if (b.type !== "toolCall") continue;
        if (calls.has(b.id)) snag("a tool-call id used twice");
        calls.set(b.id, { at: i, name: b.name, done: false });
        open++;
      }
    } else if (m.role === "toolResult") {
      const c = calls.get(m.toolCallId);
      if (c === undefined) return snag("a result with no earlier call");
      if (c.done) snag("a second result");
      if (c.name !== m.toolName) snag("a result's toolName is not its call's name");
      c.done = true;
      open--;
      reach[c.at] = i;
    }
  }
  if (open !== 0) snag("a call without result");
  return { messages: freeze(messages), units, reach };
}

/** Counts peeked before any channel is read (plain data only: a Proxy is not looked into). */
function peekCount(o: unknown, key: PropertyKey): [unknown, number] {
  if (typeof o !== "object" || o === null || isProxy(o)) return [undefined, -1];
  let d: PropertyDescriptor | undefined;
  try {
    d = ownDesc(o, key);
  } catch {
    d = undefined;
  }
  const v = d !== undefined && owns(d, "value") ? d.value : undefined;
  if (isProxy(v) || !isArray(v)) return [v, -1];
  return [v, (v as unknown[]).length];
}

function peekAll(input: object): void {
  if (peekCount(input, "requirements")[1] > MAX_CONTEXT_REQUIREMENTS) stop("CONTEXT_LIMIT_EXCEEDED", "too many requirements");
  if (peekCount(input, "messages")[1] > MAX_CONTEXT_MESSAGES) stop("CONTEXT_LIMIT_EXCEEDED", "too many messages");
  const [records, n] = peekCount(input, "compactions");
  if (n > MAX_CONTEXT_RECORDS) stop("CONTEXT_LIMIT_EXCEEDED", "too many compaction records");
  for (let i = 0; i < n; i++) {
    const [r] = peekCount(records, i);
    if (typeof r !== "object" || r === null) continue;
    if (peekCount(r, "compactedMessageIds")[1] > MAX_CONTEXT_MESSAGES) stop("CONTEXT_LIMIT_EXCEEDED", "too many compacted ids");
  }
}

const NONE: readonly never[] = freeze([]);

function build(input: unknown, flags: Flags): Sheet {
  const tally = new Tally();
  const top = channel("CONTEXT_INVALID_INPUT", () => record(input, "input"));
  peekAll(top);
  let reqUnits = 0;
  const requirements = channel("CONTEXT_INVALID_INPUT", () => {
    const v = maybe(top, "requirements");
    if (v === MISSING) return NONE;
    const n = lengthOf(v, "requirements");
    if (n > MAX_CONTEXT_REQUIREMENTS) overflow("too many requirements");
    slots(v as object, n, tally, "requirements");
    const out: Requirement[] = [];
    const ids = new Set<string>();
    for (let i = 0; i < n; i++) {
      const r = record(item(v as object, i, "requirements"), "requirement");
      const [id, a] = text(r, "id", true, tally);
      const [content, b] = text(r, "content", true, tally);
      if (ids.has(id)) snag("a requirement id used twice");
      ids.add(id);
      reqUnits += 3 + a + b;
      out.push(freeze({ id, content }));
    }
    return freeze(out);
  });
  let summaryUnits = 0;
  const summary = channel("CONTEXT_INVALID_INPUT", (): Summary | null => {
    const v = maybe(top, "summary");
    if (v === MISSING || v === undefined || v === null) return null;
    const s = record(v, "summary");
    const [id, a] = text(s, "id", true, tally);
    const [content, b] = text(s, "content", false, tally);
    if (!filled(content)) stop("CONTEXT_SUMMARY_INVALID", "the summary has no text");
    summaryUnits = 5 + a + b;
    return freeze({ id, content });
  });
  const rawMessages = channel("CONTEXT_INVALID_INPUT", () => maybe(top, "messages"));
  const read = channel("CONTEXT_INVALID_TRANSCRIPT", () => readTranscript(rawMessages === MISSING ? NONE : rawMessages, tally, flags));
  const compactions = channel("CONTEXT_INVALID_INPUT", () => {
    const v = maybe(top, "compactions");
    if (v === MISSING) return NONE;
    const n = lengthOf(v, "compactions");
    if (n > MAX_CONTEXT_RECORDS) overflow("too many records");
    slots(v as object, n, tally, "compactions");
    const out: Rec[] = [];
    const ids = new Set<string>();
    for (let i = 0; i < n; i++) {
      const r = readRec(item(v as object, i, "compactions"), tally);
      if (ids.has(r.id)) snag("a record id used twice");
      ids.add(r.id);
      out.push(r);
    }
    return freeze(out);
  });
  const total = reqUnits + summaryUnits + read.units.reduce((x, y) => x + y, 0);
  if (total > MAX_CONTEXT_TOTAL_UNITS) stop("CONTEXT_LIMIT_EXCEEDED", "the context is too large");
  const context: Context = freeze({ requirements, summary, messages: read.messages, compactions });
  return { context, reqUnits, summaryUnits, msgUnits: read.units, reach: read.reach, total };
}

function count(o: object, key: string, min: number): number {
  const v = must(o, key);
  if (!isSafeInteger(v) || (v as number) < min) snag(`${key} is not a count`);
  return v as number;
}

function readRec(value: unknown, tally: Tally): Rec {
  const r = record(value, "record");
  const [id] = text(r, "id", true, tally);
  const [summaryId] = text(r, "summaryId", true, tally);
  const boundary = count(r, "boundary", 1);
  const list = must(r, "compactedMessageIds");
  const n = lengthOf(list, "compactedMessageIds");
  if (n > MAX_CONTEXT_MESSAGES) overflow("too many compacted ids");
  slots(list as object, n, tally, "compactedMessageIds");
  if (n !== boundary) snag("compactedMessageIds does not match the boundary");
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const x = item(list as object, i, "compactedMessageIds");
    if (typeof x !== "string") snag("a compacted id is not a string");
    tally.addString(x as string);
    if (!filled(x as string)) snag("a compacted id is empty");
    ids.push(x as string);
  }
  const unitsBefore = count(r, "unitsBefore", 0);
  const unitsAfter = count(r, "unitsAfter", 0);
  return freeze({ id, summaryId, boundary, compactedMessageIds: freeze(ids), unitsBefore, unitsAfter });
}
