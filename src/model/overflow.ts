import type { Json, MessageData, Path } from "../scenario/data";
import { ReadBudget } from "./budget";
import { LIMIT } from "./limits";
import { isRecord } from "./special";
import { modelMessageUnits } from "./units";

// Contract §3: "Budgets on one input, counted as validation reads it, so hostile data after
// the point of overflow is never inspected." The contract orders neither the channels nor
// the fields of a record, only the obvious: a collection's length is read before its items,
// and items are read in index order. So each channel is walked on its own, from empty
// budgets: if it overflows alone, it overflows at that point (or earlier) whatever else was
// read first, and everything after the point is surely unread.

/**
 * Where a channel overflows: a collection whose size broke a budget (its insides are unread,
 * but its direct slots' descriptors may be read, §3/§8), or a string/message. `units`: the
 * context's units ceiling, which may be checked at the end, so later data may be read
 * (no getter or function called), §8.
 */
export interface OverflowPoint {
  readonly path: Path;
  /** The overflow came from the size of the collection at `path`: nothing inside it is read. */
  readonly collection: boolean;
  readonly units: boolean;
}

class Overflow {
  constructor(readonly point: OverflowPoint) {}
}

function stop(path: Path, collection: boolean, units = false): never {
  throw new Overflow({ path, collection, units });
}

function countString(budget: ReadBudget, value: Json | undefined, path: Path): void {
  if (typeof value !== "string") return;
  budget.countString(value);
  if (budget.exceeded) stop(path, false);
}

function countCollection(budget: ReadBudget, size: number, path: Path): void {
  budget.countItems(size);
  if (budget.exceeded) stop(path, true);
}

function walkJson(budget: ReadBudget, value: Json, path: Path): void {
  if (typeof value === "string") return countString(budget, value, path);
  if (Array.isArray(value)) {
    countCollection(budget, value.length, path);
    value.forEach((item, i) => walkJson(budget, item, [...path, i]));
    return;
  }
  if (!isRecord(value)) return;
  const keys = Object.keys(value);
  countCollection(budget, keys.length, path);
  // A key is counted when its entry is read; entries of one object are not ordered.
  for (const key of keys) {
    countString(budget, key, [...path, key]);
    walkJson(budget, value[key]!, [...path, key]);
  }
}

function walkFields(budget: ReadBudget, record: { [k: string]: Json }, names: readonly string[], path: Path): void {
  for (const name of names) countString(budget, record[name], [...path, name]);
}

// Fields of one record are read in no fixed order, so the strings of a record's own fields
// are counted after what its arrays hold: the latest an overflow inside those arrays can
// come, hence the fewest items called "after".
function walkMessage(budget: ReadBudget, message: Json, path: Path): void {
  if (!isRecord(message)) return;
  const content = message.content;
  if (Array.isArray(content)) {
    countCollection(budget, content.length, [...path, "content"]);
    content.forEach((block, j) => {
      if (!isRecord(block)) return;
      const at = [...path, "content", j];
      if (block.type === "toolCall" && block.arguments !== undefined) walkJson(budget, block.arguments, [...at, "arguments"]);
      walkFields(budget, block, ["text", "id", "name"], at);
    });
  } else countString(budget, content, [...path, "content"]);
  walkFields(budget, message, ["id", "toolCallId", "toolName"], path);
}

function walkTranscript(value: Json | undefined, path: Path): void {
  if (!Array.isArray(value)) return;
  if (value.length > LIMIT.messages) stop(path, true);
  const budget = new ReadBudget();
  countCollection(budget, value.length, path);
  let units = 0;
  value.forEach((message, i) => {
    walkMessage(budget, message, [...path, i]);
    // The context's units are checked message by message; only messages count here.
    units += safeUnits(message);
    if (units > LIMIT.totalUnits) stop([...path, i], false, true);
  });
}

function safeUnits(message: Json): number {
  try {
    return modelMessageUnits(message as unknown as MessageData);
  } catch {
    return 0;
  }
}

function walkList(value: Json | undefined, path: Path, max: number, fields: readonly string[], inner?: string): void {
  if (!Array.isArray(value)) return;
  if (value.length > max) stop(path, true);
  const budget = new ReadBudget();
  countCollection(budget, value.length, path);
  value.forEach((item, i) => {
    if (!isRecord(item)) return;
    const list = inner === undefined ? undefined : item[inner];
    if (Array.isArray(list)) {
      countCollection(budget, list.length, [...path, i, inner!]);
      list.forEach((s, j) => countString(budget, s, [...path, i, inner!, j]));
    }
    walkFields(budget, item, fields, [...path, i]);
  });
}

function pointOf(walk: () => void): OverflowPoint | null {
  try {
    walk();
    return null;
  } catch (error) {
    if (error instanceof Overflow) return error.point;
    throw error;
  }
}

/** The standalone overflow point of every channel of an input that overflows on its own. */
export function overflowPoints(input: Json, rootKind: "context" | "transcript"): OverflowPoint[] {
  if (rootKind === "transcript") return [pointOf(() => walkTranscript(input, []))].filter((p) => p !== null);
  if (!isRecord(input)) return [];
  const points = [
    pointOf(() => walkList(input.requirements, ["requirements"], LIMIT.requirements, ["id", "content"])),
    pointOf(() => walkTranscript(input.messages, ["messages"])),
    pointOf(() => walkList(input.compactions, ["compactions"], LIMIT.records, ["id", "summaryId"], "compactedMessageIds")),
  ];
  return points.filter((p) => p !== null);
}

/**
 * How much of the data at `path` an implementation may read, given an overflow `point`:
 * "unread" (never inspected), "slot" (a slot of an array reached on the way to the point, or
 * of the overflowing collection: its descriptor may be read, nothing called), "noCalls" (after
 * the units ceiling: may be read, no getter or function called), or null (before the point:
 * read as usual).
 */
export type AfterOverflow = "unread" | "slot" | "noCalls" | null;

export function afterOverflow(path: Path, point: OverflowPoint): AfterOverflow {
  if (!isAfterOverflow(path, point)) return null;
  if (point.units) return "noCalls";
  return isSlotOfReachedArray(path, point) ? "slot" : "unread";
}

/**
 * §3 "Slots first": when an array is first reached, every slot of it may be checked before any
 * item is read. The arrays reached before an overflow are those on the way to its point (and
 * the overflowing collection itself, whose length is read); `path` is a slot of one of them
 * when it is an index into it.
 */
function isSlotOfReachedArray(path: Path, point: OverflowPoint): boolean {
  if (typeof path[path.length - 1] !== "number") return false;
  const array = path.slice(0, -1);
  const o = point.path;
  if (array.length > o.length || (array.length === o.length && !point.collection)) return false;
  return array.every((key, i) => key === o[i]);
}

/** `path` is surely never read: inside an overflowing collection, or at a later index of an array on the way to the point. */
export function isAfterOverflow(path: Path, point: OverflowPoint): boolean {
  const o = point.path;
  for (let k = 0; k < Math.min(path.length, o.length); k++) {
    if (path[k] === o[k]) continue;
    const a = path[k];
    const b = o[k];
    return typeof a === "number" && typeof b === "number" && a > b;
  }
  return point.collection && path.length > o.length;
}
