// Contract §3 budgets: at every limit the input passes, one past it fails with
// CONTEXT_LIMIT_EXCEEDED, and hostile data after the point of overflow is never inspected.
//
// Counting (see the report): the contract can be read two ways — "every object's key count"
// and "keys included" may cover every object and key of the input (broadest), or only arrays,
// JSON objects inside tool-call arguments and their keys (narrowest). Each edge below is built
// so that the passing input passes under the broadest reading (so under both) and the failing
// input fails under the narrowest (so under both); the comments say which one is exact.
import { describe, expect, it } from "vitest";
import * as core from "../../src/core/index";
import {
  MAX_CONTEXT_COLLECTION_ITEMS,
  MAX_CONTEXT_DEPTH,
  MAX_CONTEXT_MESSAGES,
  MAX_CONTEXT_RECORDS,
  MAX_CONTEXT_REQUIREMENTS,
  MAX_CONTEXT_STRING_UNITS,
  MAX_CONTEXT_TOTAL_UNITS,
  groupToolRounds,
} from "../../src/core/index";
import { assistant, build, call, result, thrownCode, tripwire, units, user } from "./fixtures";

const LIMIT = "CONTEXT_LIMIT_EXCEEDED";
const users = (count: number) => Array.from({ length: count }, (_, i) => user("m" + i, ""));
const requirements = (count: number) => Array.from({ length: count }, (_, i) => ({ id: "r" + i, content: "c" }));
const records = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    id: "rec" + i,
    summaryId: "s",
    boundary: 1,
    compactedMessageIds: ["m"],
    unitsBefore: 1,
    unitsAfter: 1,
  }));
const withArguments = (args: unknown) => ({ messages: [assistant("a", [call("c", "t", args as never)]), result("r", "c", "t")] });

describe("message count", () => {
  it("accepts a context of 4096 messages", () => {
    expect(build({ messages: users(MAX_CONTEXT_MESSAGES) }).messages).toHaveLength(4096);
  });

  it("accepts a transcript of 4096 messages", () => {
    expect(groupToolRounds(users(MAX_CONTEXT_MESSAGES) as never)).toHaveLength(4096);
  });

  it("rejects a transcript of 4097 messages with CONTEXT_LIMIT_EXCEEDED", () => {
    expect(thrownCode(() => groupToolRounds(users(MAX_CONTEXT_MESSAGES + 1) as never))).toBe(LIMIT);
  });

  it("rejects 4097 messages with CONTEXT_LIMIT_EXCEEDED", () => {
    expect(thrownCode(() => build({ messages: users(MAX_CONTEXT_MESSAGES + 1) }))).toBe(LIMIT);
  });

  it("never inspects a message after the overflow point", () => {
    const { value, counter } = tripwire();
    thrownCode(() => build({ messages: [...users(MAX_CONTEXT_MESSAGES), value] }));
    expect(counter.calls).toBe(0);
  });
});

describe("requirement count", () => {
  it("accepts 128 requirements", () => {
    expect(build({ requirements: requirements(MAX_CONTEXT_REQUIREMENTS) }).requirements).toHaveLength(128);
  });

  it("rejects 129 requirements with CONTEXT_LIMIT_EXCEEDED", () => {
    expect(thrownCode(() => build({ requirements: requirements(MAX_CONTEXT_REQUIREMENTS + 1) }))).toBe(LIMIT);
  });

  it("never inspects a requirement after the overflow point", () => {
    const { value, counter } = tripwire();
    thrownCode(() => build({ requirements: [...requirements(MAX_CONTEXT_REQUIREMENTS), value] }));
    expect(counter.calls).toBe(0);
  });
});

describe("record count", () => {
  it("accepts 256 records", () => {
    expect(build({ compactions: records(MAX_CONTEXT_RECORDS) }).compactions).toHaveLength(256);
  });

  it("rejects 257 records with CONTEXT_LIMIT_EXCEEDED", () => {
    expect(thrownCode(() => build({ compactions: records(MAX_CONTEXT_RECORDS + 1) }))).toBe(LIMIT);
  });

  it("never inspects a record after the overflow point", () => {
    const { value, counter } = tripwire();
    thrownCode(() => build({ compactions: [...records(MAX_CONTEXT_RECORDS), value] }));
    expect(counter.calls).toBe(0);
  });
});

describe("collection items", () => {
  const transcriptWithArray = (items: unknown[]) => withArguments({ v: items });
  // Broadest: input keys (1) + messages (2) + assistant keys (3) + content (1) + call keys (4)
  // + arguments keys (1) + result keys (6) = 18 items around the array.
  const BROADEST_FIXED = 18;
  // Narrowest: messages (2) + content (1) + arguments keys (1) = 4 items around the array.
  const NARROWEST_FIXED = 4;

  it("accepts 16384 collection items (exact when every object's keys count)", () => {
    const items = new Array(MAX_CONTEXT_COLLECTION_ITEMS - BROADEST_FIXED).fill(0);
    expect(() => build(transcriptWithArray(items))).not.toThrow();
  });

  it("rejects 16385 collection items (exact when only arrays and JSON objects count)", () => {
    const items = new Array(MAX_CONTEXT_COLLECTION_ITEMS - NARROWEST_FIXED + 1).fill(0);
    expect(thrownCode(() => build(transcriptWithArray(items)))).toBe(LIMIT);
  });

  it("counts the keys of an object inside arguments as items", () => {
    const count = MAX_CONTEXT_COLLECTION_ITEMS - NARROWEST_FIXED + 1;
    const wide = Object.fromEntries(Array.from({ length: count }, (_, i) => ["k" + i, 0]));
    expect(thrownCode(() => build(withArguments({ v: wide })))).toBe(LIMIT);
  });

  it("counts items of all channels together", () => {
    const items = new Array(MAX_CONTEXT_COLLECTION_ITEMS - NARROWEST_FIXED).fill(0);
    // Exactly at the limit by the narrowest reading; the requirements array adds one more.
    expect(thrownCode(() => build({ ...transcriptWithArray(items), requirements: requirements(1) }))).toBe(LIMIT);
  });

  it("never inspects an item after the overflow point", () => {
    const { value, counter } = tripwire();
    const items: unknown[] = new Array(MAX_CONTEXT_COLLECTION_ITEMS).fill(0);
    items.push(value);
    thrownCode(() => build(transcriptWithArray(items)));
    expect(counter.calls).toBe(0);
  });
});

describe("depth", () => {
  /** `{ v: leaf }` wrapped so that the leaf sits at `depth` (the arguments object is depth 0). */
  const nestedTo = (depth: number, leaf: unknown) => {
    let value = leaf;
    for (let d = depth; d > 1; d--) value = [value];
    return { v: value };
  };

  it("accepts a value at depth 32", () => {
    expect(() => build(withArguments(nestedTo(MAX_CONTEXT_DEPTH, 1)))).not.toThrow();
  });

  it("accepts a container at depth 32 alternating arrays and objects", () => {
    let value: unknown = {};
    for (let d = MAX_CONTEXT_DEPTH; d > 1; d--) value = d % 2 === 0 ? [value] : { k: value };
    expect(() => build(withArguments({ v: value }))).not.toThrow();
  });

  it("rejects a primitive at depth 33 with CONTEXT_LIMIT_EXCEEDED", () => {
    expect(thrownCode(() => build(withArguments(nestedTo(MAX_CONTEXT_DEPTH + 1, 1))))).toBe(LIMIT);
  });

  it("rejects an empty object at depth 33 with CONTEXT_LIMIT_EXCEEDED", () => {
    expect(thrownCode(() => build(withArguments(nestedTo(MAX_CONTEXT_DEPTH + 1, {}))))).toBe(LIMIT);
  });

  it("never inspects the value found beyond depth 32", () => {
    const { value, counter } = tripwire();
    thrownCode(() => build(withArguments(nestedTo(MAX_CONTEXT_DEPTH + 1, value))));
    expect(counter.calls).toBe(0);
  });
});

describe("string length", () => {
  it("accepts a content of 65536 code points", () => {
    expect(() => build({ messages: [user("u", "a".repeat(MAX_CONTEXT_STRING_UNITS))] })).not.toThrow();
  });

  it("rejects a content of 65537 code points with CONTEXT_LIMIT_EXCEEDED", () => {
    expect(thrownCode(() => build({ messages: [user("u", "a".repeat(MAX_CONTEXT_STRING_UNITS + 1))] }))).toBe(LIMIT);
  });

  it("accepts 65536 astral code points (131072 UTF-16 code units)", () => {
    expect(() => build({ messages: [user("u", "😀".repeat(MAX_CONTEXT_STRING_UNITS))] })).not.toThrow();
  });

  it("rejects 65537 astral code points", () => {
    expect(thrownCode(() => build({ messages: [user("u", "😀".repeat(MAX_CONTEXT_STRING_UNITS + 1))] }))).toBe(LIMIT);
  });

  it("never inspects a message after an over-long string", () => {
    const { value, counter } = tripwire();
    thrownCode(() => build({ messages: [user("u", "a".repeat(MAX_CONTEXT_STRING_UNITS + 1)), value] }));
    expect(counter.calls).toBe(0);
  });

  it("applies the string limit to arguments keys", () => {
    expect(thrownCode(() => build(withArguments({ ["k".repeat(MAX_CONTEXT_STRING_UNITS + 1)]: 1 })))).toBe(LIMIT);
  });

  it("applies the string limit to a requirement (not CONTEXT_INVALID_INPUT)", () => {
    const requirement = { id: "r", content: "x".repeat(MAX_CONTEXT_STRING_UNITS + 1) };
    expect(thrownCode(() => build({ requirements: [requirement] }))).toBe(LIMIT);
  });

  it("applies the string limit to the summary", () => {
    expect(thrownCode(() => build({ summary: { id: "s", content: "x".repeat(MAX_CONTEXT_STRING_UNITS + 1) } }))).toBe(LIMIT);
  });
});

describe("aggregate string code points", () => {
  // Compaction records carry strings but cost no units, so the unit limit can never be what
  // fails here. 16 records, ids "ka".."kp", summaryId "s", one long compacted id each.
  const recordsWithIds = (idTotal: number) => {
    let remaining = idTotal;
    return Array.from({ length: 16 }, (_, i) => {
      const size = Math.min(remaining, MAX_CONTEXT_STRING_UNITS);
      remaining -= size;
      const id = "k" + String.fromCharCode(97 + i);
      return { id, summaryId: "s", boundary: 1, compactedMessageIds: ["m".repeat(size)], unitsBefore: 0, unitsAfter: 0 };
    });
  };
  // Broadest: "compactions" (11) + per record its keys (59) + "ka" (2) + "s" (1).
  const passing = () => recordsWithIds(1_000_000 - 11 - 16 * 62);
  // Narrowest: per record "ka" (2) + "s" (1), keys not counted.
  const failing = () => recordsWithIds(1_000_001 - 16 * 3);

  it("accepts 1,000,000 code points of strings (exact when every key counts)", () => {
    expect(units({ compactions: passing() })).toBe(0);
  });

  it("rejects 1,000,001 code points of strings (exact when no field name counts)", () => {
    expect(thrownCode(() => build({ compactions: failing() }))).toBe(LIMIT);
  });

  it("counts the strings of all channels together", () => {
    const atLimit = recordsWithIds(1_000_000 - 16 * 3);
    expect(thrownCode(() => build({ compactions: atLimit, messages: [user("u", "x")] }))).toBe(LIMIT);
  });

  it("never inspects a record after the aggregate overflow", () => {
    const { value, counter } = tripwire();
    thrownCode(() => build({ compactions: [...failing(), value] }));
    expect(counter.calls).toBe(0);
  });
});

describe("total units", () => {
  // Numbers cost units but no string code points, so the unit limit can be reached
  // while strings and collection items stay well under theirs.
  const NUMBER = -1.2345678901234567e-100;
  const COUNT = 16000;
  const contextOf = (totalUnits: number) => {
    const round = [assistant("a", [call("c", "t", { v: new Array(COUNT).fill(NUMBER) })]), result("r", "c", "t")];
    // assistant 4+1 + block (6+1+1 + J({v})) where J({v}) = 2 + 1 + 1 + J(array); result 7+1+1+1.
    const arrayUnits = 2 + COUNT * (1 + 1 + String(NUMBER).length);
    const roundUnits = 5 + 8 + 4 + arrayUnits + 10;
    let remaining = totalUnits - roundUnits;
    const padding = Array.from({ length: 9 }, (_, i) => {
      const size = Math.min(remaining - 6, MAX_CONTEXT_STRING_UNITS);
      remaining -= 6 + size;
      return user("p" + i, "x".repeat(size));
    });
    return { messages: [...round, ...padding] };
  };

  it("accepts a context of exactly 1,000,000 units", () => {
    expect(units(contextOf(MAX_CONTEXT_TOTAL_UNITS))).toBe(1_000_000);
  });

  it("rejects a context of 1,000,001 units with CONTEXT_LIMIT_EXCEEDED", () => {
    expect(thrownCode(() => build(contextOf(MAX_CONTEXT_TOTAL_UNITS + 1)))).toBe(LIMIT);
  });
});

describe("limit constants", () => {
  it("exports the contract's values", () => {
    expect({
      messages: core.MAX_CONTEXT_MESSAGES,
      requirements: core.MAX_CONTEXT_REQUIREMENTS,
      records: core.MAX_CONTEXT_RECORDS,
      depth: core.MAX_CONTEXT_DEPTH,
      items: core.MAX_CONTEXT_COLLECTION_ITEMS,
      string: core.MAX_CONTEXT_STRING_UNITS,
      total: core.MAX_CONTEXT_TOTAL_UNITS,
      async: core.MAX_CONTEXT_ASYNC_DEPTH,
    }).toEqual({
      messages: 4096,
      requirements: 128,
      records: 256,
      depth: 32,
      items: 16384,
      string: 65536,
      total: 1_000_000,
      async: 64,
    });
  });
});
