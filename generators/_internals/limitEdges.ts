import type { Json, MessageData, Path } from "../../src/scenario/data";
import { LIMIT, modelMessageUnits } from "../../src/model";

// Inputs exactly at each limit of contract §3 and exactly one past it, built cheaply (one
// message shape repeated, strings by repeat). For "past", `after` lists paths that come
// after the point of overflow in the order the contract fixes (a collection's length before
// its items, items in index order): hostile data goes there and must never be read.

export type LimitName =
  | "messages"
  | "requirements"
  | "records"
  | "collectionItems"
  | "depth"
  | "stringUnits"
  | "totalStringUnits"
  | "totalUnits";

export const LIMIT_NAMES: readonly LimitName[] = [
  "messages",
  "requirements",
  "records",
  "collectionItems",
  "depth",
  "stringUnits",
  "totalStringUnits",
  "totalUnits",
];

export interface Edge {
  readonly context: Json;
  /** Paths after the overflow point (empty at the limit). */
  readonly after: readonly Path[];
  /** Paths whose value is an object (a Proxy can wrap them). */
  readonly objects: readonly Path[];
}

export interface EdgeChoice {
  readonly past: boolean;
  /** Free choices (where a long string goes, astral or not, …), used modulo their range. */
  readonly picks: readonly number[];
}

const user = (i: number, content = ""): MessageData => ({ id: `m${i}`, role: "user", content });

/** A string of exactly `n` code points; astral ones (two UTF-16 units, one code point) when asked. */
export function codePointString(n: number, astral: boolean): string {
  if (!astral) return "x".repeat(n);
  const half = Math.floor(n / 2);
  return "\u{1F600}".repeat(half) + "y".repeat(n - half);
}

/** `count` items after `from` in the list at `listPath`: the item itself and its `id`. */
function itemsAfter(listPath: Path, from: number, count: number): { after: Path[]; objects: Path[] } {
  const after: Path[] = [];
  const objects: Path[] = [];
  for (let i = from; i < from + count; i++) {
    after.push([...listPath, i], [...listPath, i, "id"]);
    objects.push([...listPath, i]);
  }
  return { after, objects };
}

function countEdge(name: "messages" | "requirements" | "records", c: EdgeChoice): Edge {
  const n = (name === "messages" ? LIMIT.messages : name === "requirements" ? LIMIT.requirements : LIMIT.records) + (c.past ? 1 : 0);
  const key = name === "messages" ? "messages" : name === "requirements" ? "requirements" : "compactions";
  const item = (i: number): Json =>
    name === "messages"
      ? user(i, i % 7 === 0 ? "hello" : "")
      : name === "requirements"
        ? { id: `r${i}`, content: "keep" }
        : { id: `rec${i}`, summaryId: "s", boundary: 1, compactedMessageIds: [`m${i}`], unitsBefore: 10, unitsAfter: 5 };
  const list = Array.from({ length: n }, (_, i) => item(i));
  const spot = c.picks[0]! % n;
  // A count overflows when the length is read: every item is after it.
  const hostile = c.past ? itemsAfter([key], spot, Math.min(2, n - spot)) : { after: [], objects: [[key, spot]] };
  return { context: { [key]: list }, ...hostile };
}

function collectionItemsEdge(c: EdgeChoice): Edge {
  // messages (3) + the assistant's content (1) + the arguments' keys (1) + the list.
  const length = LIMIT.collectionItems - 5 + (c.past ? 1 : 0);
  const list: Json[] = Array.from({ length }, () => []);
  const listPath: Path = ["messages", 0, "content", 0, "arguments", "list"];
  const context: Json = {
    messages: [
      { id: "a", role: "assistant", content: [{ type: "toolCall", id: "c", name: "t", arguments: { list } }] },
      { id: "r", role: "toolResult", toolCallId: "c", toolName: "t", content: "", isError: false },
      user(2, "after"),
    ],
  };
  const spot = c.picks[0]! % length;
  if (!c.past) return { context, after: [], objects: [[...listPath, spot]] };
  // The overflowing list's own slots, and a later slot of the messages array that holds it (§3 "Slots first").
  return { context, after: [[...listPath, spot], [...listPath, length - 1], ["messages", 2], ["messages", 2, "id"]], objects: [[...listPath, spot], ["messages", 2]] };
}

function depthEdge(c: EdgeChoice): Edge {
  // The holder {leaf} sits at depth 31, so `leaf` is at 32: a scalar there builds; one past,
  // `leaf` holds an object whose value is at 33 (where a hostile getter goes).
  let value: Json = { leaf: c.past ? { h: 1 } : 1 };
  const path: (string | number)[] = [];
  for (let d = LIMIT.depth - 1; d >= 1; d--) {
    // The outermost wrap is the arguments object itself; inner ones mix arrays and objects.
    const asArray = d > 1 && ((c.picks[0]! >> d % 30) & 1) === 1;
    value = asArray ? [value] : { a: value };
    path.unshift(asArray ? 0 : "a");
  }
  const argsPath: Path = ["messages", 0, "content", 0, "arguments"];
  const context: Json = {
    messages: [
      { id: "a", role: "assistant", content: [{ type: "toolCall", id: "c", name: "deep", arguments: value as { [k: string]: Json } }] },
      { id: "r", role: "toolResult", toolCallId: "c", toolName: "deep", content: "ok", isError: false },
      user(2, "after"),
    ],
  };
  const holder = [...argsPath, ...path];
  // Past the depth: what is deeper, and a later slot of the messages array (§3 "Slots first").
  return { context, after: c.past ? [[...holder, "leaf", "h"], ["messages", 2], ["messages", 2, "id"]] : [], objects: [holder] };
}

/**
 * A string past (or at) the per-string limit in the other arrays of an input: a requirement, a
 * record's compactedMessageIds, an assistant's text blocks, an array inside arguments. Past the
 * limit, `after` holds the later slots of the very array whose item holds the string, and of
 * every array on the way to it (§3 "Slots first": a bad slot there may win), and what lies inside them.
 */
function stringInOtherArray(s: string, where: number, c: EdgeChoice): Edge {
  const three = (make: (i: number) => Json): Json[] => [make(0), make(1), make(2)];
  const later = (listPath: Path, from: number, to: number, field?: string): Path[] => {
    const out: Path[] = [];
    for (let i = from; i < to; i++) out.push([...listPath, i], ...(field === undefined ? [] : [[...listPath, i, field]]));
    return out;
  };
  let context: Json;
  let after: Path[];
  let objects: Path[];
  if (where === 5) {
    context = { requirements: three((i) => ({ id: `r${i}`, content: i === 1 ? s : "keep" })) };
    after = later(["requirements"], 2, 3, "id");
    objects = [["requirements", 2]];
  } else if (where === 6) {
    const ids = ["m0", s, "m2", "m3"];
    context = { compactions: [{ id: "rec", summaryId: "s", boundary: 4, compactedMessageIds: ids, unitsBefore: 0, unitsAfter: 0 }] };
    after = later(["compactions", 0, "compactedMessageIds"], 2, 4);
    objects = [["compactions", 0]];
  } else if (where === 7) {
    const blocks: Json[] = [{ type: "text", text: "a" }, { type: "text", text: s }, { type: "text", text: "c" }];
    context = { messages: [user(0, "before"), { id: "m1", role: "assistant", content: blocks }, user(2, "after")] };
    after = [...later(["messages", 1, "content"], 2, 3, "text"), ...later(["messages"], 2, 3, "id")];
    objects = [["messages", 1, "content", 2], ["messages", 2]];
  } else {
    const list: Json[] = ["a", s, "c", ["d"]];
    const listPath: Path = ["messages", 0, "content", 0, "arguments", "list"];
    context = {
      messages: [
        { id: "a", role: "assistant", content: [{ type: "toolCall", id: "c", name: "t", arguments: { list } }] },
        { id: "r", role: "toolResult", toolCallId: "c", toolName: "t", content: "", isError: false },
        user(2, "after"),
      ],
    };
    after = [...later(listPath, 2, 4), ...later(["messages"], 2, 3, "id")];
    objects = [[...listPath, 3], ["messages", 2]];
  }
  return c.past ? { context, after, objects } : { context, after: [], objects };
}

function stringUnitsEdge(c: EdgeChoice): Edge {
  const s = codePointString(LIMIT.stringUnits + (c.past ? 1 : 0), c.picks[1]! % 2 === 0);
  const where = c.picks[0]! % 9;
  if (where >= 5) return stringInOtherArray(s, where, c);
  const messages: Json[] = [user(0, "before")];
  if (where === 0) messages.push(user(1, s));
  if (where === 1) messages.push({ id: "m1", role: "assistant", content: [{ type: "text", text: s }] });
  if (where === 2 || where === 3) {
    const args = where === 2 ? { q: s } : { [s]: 1 };
    messages.push({ id: "m1", role: "assistant", content: [{ type: "toolCall", id: "c", name: "t", arguments: args }] });
    messages.push({ id: "m1r", role: "toolResult", toolCallId: "c", toolName: "t", content: "", isError: false });
  }
  if (where === 4) {
    messages.push({ id: "m1", role: "assistant", content: [{ type: "toolCall", id: "c", name: "t", arguments: {} }] });
    messages.push({ id: "m1r", role: "toolResult", toolCallId: "c", toolName: "t", content: s, isError: false });
  }
  // The overflow is inside the message holding `s` (the last one so far): the next ones are after.
  const overflowAt = messages.length - 1 - (where >= 2 && where <= 3 ? 1 : 0);
  const from = messages.length;
  for (let i = 0; i < 3; i++) messages.push(user(from + i, "after"));
  const hostile = c.past ? itemsAfter(["messages"], overflowAt + 1, messages.length - overflowAt - 1) : { after: [], objects: [["messages", 0]] };
  return { context: { messages }, ...hostile };
}

/** Filler user messages whose contents bring `total(messages)` to exactly `goal`, each string below the per-string limit. */
function fillTo(messages: MessageData[], goal: number, measure: (m: MessageData) => number, astral: boolean): void {
  let total = messages.reduce((sum, m) => sum + measure(m), 0);
  for (let i = messages.length; total < goal; i++) {
    const room = goal - total - measure(user(i));
    // Leave enough for one more message when this one cannot take all the rest.
    const n = room <= LIMIT.stringUnits - 1 ? room : Math.min(LIMIT.stringUnits - 1, room - 100);
    const m = user(i, codePointString(n, astral && i % 2 === 0));
    messages.push(m);
    total += measure(m);
  }
  if (total !== goal) throw new Error(`limitEdges: filled to ${total}, wanted ${goal}`);
}

/**
 * Strings of exactly 1,000,000 code points (or one more) held by compaction records: records
 * cost no units, and every string of a message also counts in its units, so only records
 * reach the string budget without the units ceiling.
 */
function stringTotalEdge(c: EdgeChoice): Edge {
  const astral = c.picks[1]! % 2 === 0;
  const goal = LIMIT.totalStringUnits + (c.past ? 1 : 0);
  const records: Json[] = [];
  const record = (k: number, messageId: string): Json => ({ id: `rec${k}`, summaryId: "s", boundary: 1, compactedMessageIds: [messageId], unitsBefore: 0, unitsAfter: 0 });
  for (let k = 0, total = 0; total < goal; k++) {
    const base = `rec${k}`.length + 1;
    const room = goal - total - base;
    // Leave enough for one more record when this one cannot take all the rest.
    const n = room <= LIMIT.stringUnits - 1 ? room : Math.min(LIMIT.stringUnits - 1, room - 100);
    records.push(record(k, codePointString(n, astral && k % 2 === 0)));
    total += base + n;
  }
  if (!c.past) return { context: { compactions: records }, after: [], objects: [["compactions", records.length - 1]] };
  const overflowAt = records.length - 1;
  for (let i = 0; i < 2; i++) records.push(record(records.length, "later"));
  return { context: { compactions: records }, ...itemsAfter(["compactions"], overflowAt + 1, 2) };
}

function aggregateEdge(name: "totalStringUnits" | "totalUnits", c: EdgeChoice): Edge {
  if (name === "totalStringUnits") return stringTotalEdge(c);
  // Long numbers cost units but no strings, so only the units budget is reached.
  const list: Json[] = Array.from({ length: 16_000 }, () => -0.000001234567890123);
  const messages: MessageData[] = [
    { id: "a", role: "assistant", content: [{ type: "toolCall", id: "c", name: "n", arguments: { list } }] },
    { id: "r", role: "toolResult", toolCallId: "c", toolName: "n", content: "", isError: false },
  ];
  fillTo(messages, LIMIT.totalUnits + (c.past ? 1 : 0), modelMessageUnits, c.picks[1]! % 2 === 0);
  if (!c.past) return { context: { messages }, after: [], objects: [["messages", messages.length - 1]] };
  const overflowAt = messages.length - 1;
  for (let i = 0; i < 2; i++) messages.push(user(messages.length, "after"));
  return { context: { messages }, ...itemsAfter(["messages"], overflowAt + 1, 2) };
}

export function limitEdge(name: LimitName, c: EdgeChoice): Edge {
  switch (name) {
    case "messages":
    case "requirements":
    case "records":
      return countEdge(name, c);
    case "collectionItems":
      return collectionItemsEdge(c);
    case "depth":
      return depthEdge(c);
    case "stringUnits":
      return stringUnitsEdge(c);
    case "totalStringUnits":
    case "totalUnits":
      return aggregateEdge(name, c);
  }
}
