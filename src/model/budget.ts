import type { Json } from "../scenario/data";
import { LIMIT } from "./limits";
import { modelCodePoints } from "./units";

/**
 * The input budgets of section 3 that are counted while reading: collection items and string
 * code points. `exceeded` turns true at the first overflow; the caller turns it into
 * CONTEXT_LIMIT_EXCEEDED.
 *
 * As docs/contract.md §3 (Budgets) says: a collection is an array
 * or a JSON object inside tool-call arguments; its items are the array's length or the object's
 * key count, and a JSON object's keys count as strings. The contract's records (the input,
 * requirements, summary, messages, blocks, compaction records) are fixed structure: their
 * keys are neither items nor strings, and their extra properties are dropped unread. Counting
 * record keys would make 4,096 messages unbuildable, so MAX_CONTEXT_MESSAGES could never be
 * reached.
 */
export class ReadBudget {
  items = 0;
  stringUnits = 0;
  exceeded = false;

  countItems(n: number): void {
    this.items += n;
    if (this.items > LIMIT.collectionItems) this.exceeded = true;
  }

  countString(s: string): void {
    const u = modelCodePoints(s);
    if (u > LIMIT.stringUnits) this.exceeded = true;
    this.stringUnits += u;
    if (this.stringUnits > LIMIT.totalStringUnits) this.exceeded = true;
  }

  /** A JSON object of tool arguments is read: its key count is collection items, its keys are strings. */
  countJsonObject(record: { [key: string]: Json }): void {
    const keys = Object.keys(record);
    this.countItems(keys.length);
    for (const key of keys) this.countString(key);
  }

  /** Reads a string field, counting it when it is one. */
  readString(value: Json | undefined): value is string {
    if (typeof value !== "string") return false;
    this.countString(value);
    return true;
  }
}
