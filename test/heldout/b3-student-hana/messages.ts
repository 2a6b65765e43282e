// Hana's message reading (contract §2, §3, §4): one message at a time, checked, copied, frozen and
// costed, then the transcript's linkage as it goes (a result must find its call earlier, with the
// call's name, once; every call answered by the end).
import { MAX_CONTEXT_DEPTH, MAX_CONTEXT_MESSAGES } from "./errors";
import { ObjectProto, R, Table, freeze, isFiniteNumber, isArray, isProxy, owns } from "./basics";
import { Slip, Tally, descriptorOf, isRecord, itemOf, keysOf, lengthOf, need, over, record, slip, slots, text } from "./intake";
import { COST } from "./cost";

export type Json = null | boolean | number | string | readonly Json[] | { readonly [k: string]: Json };
export type Block = { type: "text"; text: string } | { type: "toolCall"; id: string; name: string; arguments: { readonly [k: string]: Json } };
export type Message =
  | { id: string; role: "user"; content: string }
  | { id: string; role: "assistant"; content: readonly Block[] }
  | { id: string; role: "toolResult"; toolCallId: string; toolName: string; content: string; isError: boolean };

/** What reading one message found besides its copy. */
export type Read = { message: Message; units: number };

export function readMessage(value: unknown, tally: Tally): Read {
  const rec = record(value, "message");
  const role = need(rec, "role");
  if (role === "user") return readUser(rec, tally);
  if (role === "assistant") return readAssistant(rec, tally);
  if (role === "toolResult") return readResult(rec, tally);
  return slip("unknown role");
}

export function readUser(rec: object, tally: Tally): Read {
  const [id, idU] = text(rec, "id", true, tally);
  const [content, contentU] = text(rec, "content", false, tally);
  return { message: freeze({ id, role: "user", content }), units: COST.user + idU + contentU };
}

export function readResult(rec: object, tally: Tally): Read {
  const [id, idU] = text(rec, "id", true, tally);
  const [toolCallId, callU] = text(rec, "toolCallId", true, tally);
  const [toolName, nameU] = text(rec, "toolName", true, tally);
  const [content, contentU] = text(rec, "content", false, tally);
  const isError = need(rec, "isError");
  if (typeof isError !== "boolean") slip("isError is not a boolean");
  return {
    message: freeze({ id, role: "toolResult", toolCallId, toolName, content, isError: isError as boolean }),
    units: COST.result + idU + callU + nameU + contentU,
  };
}

export function readAssistant(rec: object, tally: Tally): Read {
  const [id, idU] = text(rec, "id", true, tally);
  const blocks = need(rec, "content");
  const n = lengthOf(blocks, "content");
  slots(blocks as object, n, tally);
  let units = COST.assistant + idU;
  const content: Block[] = [];
  for (let i = 0; i < n; i++) {
    const block = record(itemOf(blocks as object, i), "block");
    const type = need(block, "type");
    if (type === "text") {
      const [body, bodyU] = text(block, "text", false, tally);
      units += COST.textBlock + bodyU;
      content[i] = freeze({ type: "text", text: body });
    } else if (type === "toolCall") {
      const [callId, callU] = text(block, "id", true, tally);
      const [name, nameU] = text(block, "name", true, tally);
      const args = new ArgumentReader(tally);
      const copy = args.object(record(need(block, "arguments"), "arguments"), 0);
      units += COST.toolCall + callU + nameU + args.units;
      content[i] = freeze({ type: "toolCall", id: callId, name, arguments: copy });
    } else {
      slip("unknown block type");
    }
  }
  return { message: freeze({ id, role: "assistant", content: freeze(content) }), units };
}

/** Reads tool-call arguments (JSON only, depth at most 32, no cycles) and sums J. */
class ArgumentReader {
  units = 0;
  readonly #open: object[] = [];
  constructor(readonly tally: Tally) {}

  value(v: unknown, depth: number): Json {
    if (typeof v === "object" && v !== null && this.#open.includes(v)) slip("a cycle in arguments");
    if (depth > MAX_CONTEXT_DEPTH) over("arguments nest too deep");
    switch (typeof v) {
      case "string":
        this.units += COST.jsonString + this.tally.addString(v);
        return v;
      case "number":
        if (!isFiniteNumber(v)) slip("a non-finite number");
        this.units += 1 + ("" + v).length;
        return v;
      case "boolean":
        this.units += v ? COST.jsonTrue : COST.jsonFalse;
        return v;
      case "object":
        if (v === null) {
          this.units += COST.jsonNull;
          return null;
        }
        if (isRecord(v)) return this.object(v, depth);
        return this.array(v, depth);
      default:
        return slip(`a ${typeof v} in arguments`);
    }
  }

  array(v: object, depth: number): readonly Json[] {
    const n = lengthOf(v, "arguments");
    slots(v, n, this.tally);
    this.units += COST.jsonContainer + n * COST.jsonEntry;
    this.#open.push(v);
    const out: Json[] = [];
    for (let i = 0; i < n; i++) out[i] = this.value(itemOf(v, i), depth + 1);
    this.#open.pop();
    return freeze(out);
  }

  object(v: object, depth: number): { readonly [k: string]: Json } {
    const keys = keysOf(v);
    this.tally.addItems(keys.length);
    this.units += COST.jsonContainer;
    this.#open.push(v);
    const out: { [k: string]: Json } = {};
    for (const key of keys) {
      if (typeof key !== "string") slip("a symbol key in arguments");
      const d = descriptorOf(v, key);
      if (d === undefined || d.enumerable !== true) slip(`arguments.${String(key)} is not an enumerable own data property`);
      if (!isProxy(v) && typeof (d as PropertyDescriptor).get === "function") slip(`arguments.${key as string} is a getter`);
      const raw = owns(d as object, "value") ? (d as PropertyDescriptor).value : undefined;
      this.units += COST.jsonEntry + this.tally.addString(key as string);
      const item = this.value(raw, depth + 1);
      R.define(out, key, { value: item, enumerable: true, writable: true, configurable: true });
    }
    this.#open.pop();
    return freeze(out);
  }
}

/** A transcript read: the frozen copies and, per message, its units, items, strings and span end. */
export type Transcript = {
  readonly messages: readonly Message[];
  readonly units: number[];
  readonly items: number[];
  readonly strings: number[];
  /** For message i: one past the last result of its calls (i + 1 when it has none). */
  readonly reachEnd: number[];
};

export function readTranscript(value: unknown, tally: Tally): Transcript {
  const n = lengthOf(value, "messages");
  if (n > MAX_CONTEXT_MESSAGES) over("too many messages");
  slots(value as object, n, tally);
  const messages: Message[] = [];
  const units: number[] = [];
  const items: number[] = [];
  const strings: number[] = [];
  const reachEnd: number[] = [];
  const calls = new Table<string, { at: number; name: string; answered: boolean }>();
  let open = 0;
  for (let i = 0; i < n; i++) {
    const itemsBefore = tally.items;
    const stringsBefore = tally.strings;
    const read = readMessage(itemOf(value as object, i), tally);
    const m = read.message;
    messages[i] = m;
    units[i] = read.units;
    items[i] = tally.items - itemsBefore;
    strings[i] = tally.strings - stringsBefore;
    reachEnd[i] = i + 1;
    if (m.role === "assistant") {
      for (const block of m.content) {
        if (block.type !== "toolCall") continue;
        if (calls.has(block.id)) slip(`duplicate tool-call id ${block.id}`);
        calls.set(block.id, { at: i, name: block.name, answered: false });
        open++;
      }
    } else if (m.role === "toolResult") {
      const call = calls.get(m.toolCallId);
      if (call === undefined) return slip(`no earlier call ${m.toolCallId}`);
      if (call.answered) slip(`a second result for ${m.toolCallId}`);
      if (call.name !== m.toolName) slip("toolName differs from the call's name");
      call.answered = true;
      open--;
      reachEnd[call.at] = i + 1;
    }
  }
  if (open !== 0) slip("a tool call has no result");
  return { messages: freeze(messages), units, items, strings, reachEnd };
}

export { Slip, isArray, ObjectProto };
