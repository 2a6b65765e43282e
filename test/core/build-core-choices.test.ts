// Contract §3 as now written, and the core's choices in the §8 rows about reading input: the
// string total counts the bounded strings but not the role/type tags; at most 4,096 ids per
// record; the units ceiling is checked once the context is built; a channel present with the
// value undefined is rejected (but summary: undefined is no summary); an accessor on
// `messages` is the input's fault; every array's slots are checked when it is first reached,
// so a bad slot anywhere in it gives the channel's code even after an overflow in an earlier item.
import { describe, expect, it } from "vitest";
import { groupToolRounds } from "../../src/core/index";
import { assistant, build, call, result, text, thrownCode, units, user } from "./fixtures";

describe("the string total counts bounded strings only", () => {
  // Compaction records cost no units, so they can carry most of the 1,000,000 code points
  // while the context's units stay small: 16 records "k0".."kf" with summaryId "s" and one long
  // compacted id each fill up what the messages leave.
  const withStrings = (total: number, messages: Record<string, unknown>[], messageStrings: number) => {
    let remaining = total - messageStrings - 16 * 3;
    const compactions = Array.from({ length: 16 }, (_, i) => {
      const size = Math.min(remaining, 65_536);
      remaining -= size;
      return { id: "k" + i.toString(16), summaryId: "s", boundary: 1, compactedMessageIds: ["m".repeat(size)], unitsBefore: 0, unitsAfter: 0 };
    });
    return { messages, compactions };
  };
  // 1,000 user messages "u000".."u999" with empty contents: 4,000 code points of ids, and
  // 4,000 more of "user" tags if tags were counted.
  const users = Array.from({ length: 1000 }, (_, i) => user("u" + String(i).padStart(3, "0"), ""));
  // One assistant "a" with 1,000 empty text blocks: 4,000 code points of "text" tags if counted.
  const blocks = [assistant("a", Array.from({ length: 1000 }, () => ({ type: "text", text: "" })))];

  it("accepts exactly 1,000,000 code points of bounded strings (role tags are not counted)", () => {
    expect(() => build(withStrings(1_000_000, users, 4000))).not.toThrow();
  });

  it("rejects 1,000,001", () => {
    expect(thrownCode(() => build(withStrings(1_000_001, users, 4000)))).toBe("CONTEXT_LIMIT_EXCEEDED");
  });

  it("does not count block type tags either", () => {
    expect(() => build(withStrings(1_000_000, blocks, 1))).not.toThrow();
    expect(thrownCode(() => build(withStrings(1_000_001, blocks, 1)))).toBe("CONTEXT_LIMIT_EXCEEDED");
  });
});

describe("compactedMessageIds per record", () => {
  const record = (count: number) => ({
    id: "k",
    summaryId: "s",
    boundary: count,
    compactedMessageIds: Array.from({ length: count }, (_, i) => "m" + i),
    unitsBefore: 0,
    unitsAfter: 0,
  });

  it("accepts 4,096 ids in one record", () => {
    expect(build({ compactions: [record(4096)] }).compactions[0].compactedMessageIds).toHaveLength(4096);
  });

  it("rejects 4,097 ids in one record with CONTEXT_LIMIT_EXCEEDED", () => {
    expect(thrownCode(() => build({ compactions: [record(4097)] }))).toBe("CONTEXT_LIMIT_EXCEEDED");
  });
});

describe("the finished context's units ceiling is checked at the end (§8)", () => {
  // Numbers cost units but no string code points: 16,000 of them in one tool call.
  const NUMBER = -1.2345678901234567e-100;
  const heavy = () => {
    const args = { v: new Array(16_000).fill(NUMBER) };
    const round = [assistant("a", [call("c", "t", args)]), result("r", "c", "t")];
    const padding = Array.from({ length: 9 }, (_, i) => user("p" + i, "x".repeat(65_536)));
    return [...round, ...padding];
  };

  it("is CONTEXT_LIMIT_EXCEEDED on its own", () => {
    expect(thrownCode(() => build({ messages: heavy() }))).toBe("CONTEXT_LIMIT_EXCEEDED");
  });

  it("lets a later broken rule win: a duplicate record id is CONTEXT_INVALID_INPUT", () => {
    const record = { id: "k", summaryId: "s", boundary: 1, compactedMessageIds: ["m"], unitsBefore: 0, unitsAfter: 0 };
    expect(thrownCode(() => build({ messages: heavy(), compactions: [record, record] }))).toBe("CONTEXT_INVALID_INPUT");
  });

  it("applies to groupToolRounds once the transcript is read", () => {
    expect(thrownCode(() => groupToolRounds(heavy() as never))).toBe("CONTEXT_LIMIT_EXCEEDED");
  });
});

describe("a channel present with the value undefined (§8: the course's choices)", () => {
  it.each([
    ["requirements", "CONTEXT_INVALID_INPUT"],
    ["messages", "CONTEXT_INVALID_TRANSCRIPT"],
    ["compactions", "CONTEXT_INVALID_INPUT"],
  ])("%s: undefined is %s", (channel, code) => {
    expect(thrownCode(() => build({ [channel]: undefined }))).toBe(code);
  });

  it("takes summary: undefined as no summary, like null", () => {
    expect(build({ summary: undefined }).summary).toBeNull();
    expect(build({ summary: null }).summary).toBeNull();
  });
});

describe("the input's messages field itself (§8: CONTEXT_INVALID_INPUT)", () => {
  it("rejects an accessor without calling it", () => {
    let calls = 0;
    const input = {
      get messages() {
        calls++;
        return [];
      },
    };
    expect(thrownCode(() => build(input))).toBe("CONTEXT_INVALID_INPUT");
    expect(calls).toBe(0);
  });

  it("rejects a trap that throws when the field is read", () => {
    const input = new Proxy({ messages: [] }, {
      getOwnPropertyDescriptor(target, key) {
        if (key === "messages") throw new Error("trap");
        return Reflect.getOwnPropertyDescriptor(target, key);
      },
    });
    expect(thrownCode(() => build(input))).toBe("CONTEXT_INVALID_INPUT");
  });

  it("keeps a bad value of messages a transcript problem", () => {
    expect(thrownCode(() => build({ messages: "none" }))).toBe("CONTEXT_INVALID_TRANSCRIPT");
  });
});

describe("collection-item overflow with a bad slot in the overflowing array (§8: the channel's code)", () => {
  const withItems = (items: unknown[]) => ({ messages: [assistant("a", [call("c", "t", { items })]), result("r", "c", "t")] });
  const overflowing = () => new Array(16_385).fill(0);

  it("is CONTEXT_LIMIT_EXCEEDED when every slot is fine", () => {
    expect(thrownCode(() => build(withItems(overflowing())))).toBe("CONTEXT_LIMIT_EXCEEDED");
  });

  it("is the channel's code for a hole", () => {
    const items = overflowing();
    delete items[16_000];
    expect(thrownCode(() => build(withItems(items)))).toBe("CONTEXT_INVALID_TRANSCRIPT");
  });

  it("is the channel's code for an accessor, which is not called", () => {
    const items = overflowing();
    let calls = 0;
    Object.defineProperty(items, 3, {
      get() {
        calls++;
        return 0;
      },
    });
    expect(thrownCode(() => build(withItems(items)))).toBe("CONTEXT_INVALID_TRANSCRIPT");
    expect(calls).toBe(0);
  });

  it("is the channel's code for a throwing descriptor trap", () => {
    const items = new Proxy(overflowing(), {
      getOwnPropertyDescriptor(target, key) {
        if (key === "7") throw new Error("trap");
        return Reflect.getOwnPropertyDescriptor(target, key);
      },
    });
    expect(thrownCode(() => build(withItems(items)))).toBe("CONTEXT_INVALID_TRANSCRIPT");
  });

  it("is CONTEXT_INVALID_INPUT for a hole in an overflowing compactedMessageIds", () => {
    // 4 records of 4,096 ids fill 16,384 + 4 record slots: the last array overflows.
    const record = (i: number, hole: boolean) => {
      const ids = Array.from({ length: 4096 }, (_, j) => "m" + j);
      if (hole) delete ids[10];
      return { id: "k" + i, summaryId: "s", boundary: 4096, compactedMessageIds: ids, unitsBefore: 0, unitsAfter: 0 };
    };
    expect(thrownCode(() => build({ compactions: [record(0, false), record(1, false), record(2, false), record(3, false)] }))).toBe("CONTEXT_LIMIT_EXCEEDED");
    expect(thrownCode(() => build({ compactions: [record(0, false), record(1, false), record(2, false), record(3, true)] }))).toBe("CONTEXT_INVALID_INPUT");
  });
});

describe("units stay as §4 says", () => {
  it("counts a small context exactly", () => {
    expect(units({ requirements: [{ id: "r", content: "AB" }], messages: [user("u", "😀")] })).toBe(12);
  });
});

describe("the core reports a per-channel count past its maximum before any other broken rule (its choice in §8 row 1)", () => {
  const tooMany = (count: number, make: (i: number) => unknown) => Array.from({ length: count }, (_, i) => make(i));
  const badRequirement = { id: " ", content: "x" };
  it("129 requirements after nothing else", () => {
    expect(thrownCode(() => build({ requirements: tooMany(129, (i) => ({ id: "r" + i, content: "c" })) }))).toBe("CONTEXT_LIMIT_EXCEEDED");
  });

  it("4,097 messages with a bad requirement read earlier", () => {
    expect(thrownCode(() => build({ requirements: [badRequirement], messages: tooMany(4097, (i) => user("m" + i, "")) }))).toBe("CONTEXT_LIMIT_EXCEEDED");
  });

  it("257 records with a bad message read earlier", () => {
    const record = (i: number) => ({ id: "k" + i, summaryId: "s", boundary: 1, compactedMessageIds: ["m"], unitsBefore: 0, unitsAfter: 0 });
    expect(thrownCode(() => build({ messages: [{ role: "nobody" }], compactions: tooMany(257, record) }))).toBe("CONTEXT_LIMIT_EXCEEDED");
  });

  it("4,097 ids in one record with a bad requirement read earlier", () => {
    const record = { id: "k", summaryId: "s", boundary: 4097, compactedMessageIds: tooMany(4097, (i) => "m" + i), unitsBefore: 0, unitsAfter: 0 };
    expect(thrownCode(() => build({ requirements: [badRequirement], compactions: [record] }))).toBe("CONTEXT_LIMIT_EXCEEDED");
  });
});

describe("every slot of an array is checked when the array is first reached (§3 Slots first, §8: the channel's code)", () => {
  const BIG = "x".repeat(65_537);
  /** `items` with a getter (never called) at `index`; the count of calls is returned too. */
  const withGetter = <T,>(items: T[], index: number) => {
    const box = { calls: 0 };
    Object.defineProperty(items, index, {
      get() {
        box.calls++;
        return items[0];
      },
      enumerable: true,
    });
    return { items, box };
  };

  it("messages: a getter at messages[2] after a message longer than 65,536 code points", () => {
    const { items, box } = withGetter([user("m0", "ok"), user("m1", BIG), user("m2", "")], 2);
    expect(thrownCode(() => build({ messages: items }))).toBe("CONTEXT_INVALID_TRANSCRIPT");
    expect(box.calls).toBe(0);
  });

  it("compactions: a getter at compactions[16] after records whose ids cross 1,000,000 code points", () => {
    const record = (i: number) => ({ id: "k" + i, summaryId: "s", boundary: 1, compactedMessageIds: ["m".repeat(65_000)], unitsBefore: 0, unitsAfter: 0 });
    const { items, box } = withGetter(Array.from({ length: 17 }, (_, i) => record(i)), 16);
    expect(thrownCode(() => build({ compactions: items }))).toBe("CONTEXT_INVALID_INPUT");
    expect(box.calls).toBe(0);
    // Without the bad slot the string total is the fault.
    expect(thrownCode(() => build({ compactions: Array.from({ length: 17 }, (_, i) => record(i)) }))).toBe("CONTEXT_LIMIT_EXCEEDED");
  });

  it("requirements: a hole after a requirement longer than 65,536 code points", () => {
    const requirements: unknown[] = [{ id: "r0", content: BIG }, { id: "r1", content: "x" }];
    requirements.length = 3;
    expect(thrownCode(() => build({ requirements }))).toBe("CONTEXT_INVALID_INPUT");
  });

  it("compactedMessageIds: a hole after an id longer than 65,536 code points", () => {
    const ids: unknown[] = [BIG, "m1"];
    ids.length = 3;
    expect(thrownCode(() => build({ compactions: [{ id: "k", summaryId: "s", boundary: 3, compactedMessageIds: ids, unitsBefore: 0, unitsAfter: 0 }] }))).toBe("CONTEXT_INVALID_INPUT");
  });

  it("an assistant's content: a getter at a later block after a text longer than 65,536 code points", () => {
    const { items, box } = withGetter([text(BIG), text("b")], 1);
    expect(thrownCode(() => build({ messages: [assistant("a", items)] }))).toBe("CONTEXT_INVALID_TRANSCRIPT");
    expect(box.calls).toBe(0);
  });

  it("an array inside arguments: a hole after an item nested past depth 32", () => {
    let deep: unknown = 1;
    for (let d = 0; d < 40; d++) deep = [deep];
    const list: unknown[] = [deep, 1];
    list.length = 3;
    const messages = [assistant("a", [call("c", "t", { list })]), result("r", "c", "t")];
    expect(thrownCode(() => build({ messages }))).toBe("CONTEXT_INVALID_TRANSCRIPT");
  });

  it("a slot is checked through the descriptor trap of a Proxy array, before the items", () => {
    const seen: string[] = [];
    const messages = new Proxy([user("m0", BIG), user("m1", "")], {
      getOwnPropertyDescriptor(target, key) {
        seen.push(String(key));
        if (key === "1") throw new Error("trap");
        return Reflect.getOwnPropertyDescriptor(target, key);
      },
    });
    expect(thrownCode(() => build({ messages }))).toBe("CONTEXT_INVALID_TRANSCRIPT");
    expect(seen).toContain("1");
  });

  it("a setter-only slot is an accessor too", () => {
    const items: unknown[] = [user("m0", BIG), user("m1", "")];
    Object.defineProperty(items, 1, { set() {}, enumerable: true });
    expect(thrownCode(() => build({ messages: items }))).toBe("CONTEXT_INVALID_TRANSCRIPT");
  });

  it("a slot holding undefined is a data slot: the overflow before it is the fault", () => {
    expect(thrownCode(() => build({ messages: [user("m0", BIG), undefined] }))).toBe("CONTEXT_LIMIT_EXCEEDED");
  });

  it("without an overflow a bad slot is the channel's code as before", () => {
    const items: unknown[] = [user("m0", "a")];
    items.length = 2;
    expect(thrownCode(() => build({ messages: items }))).toBe("CONTEXT_INVALID_TRANSCRIPT");
  });
});
