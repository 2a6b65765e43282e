// The ceilings of contract §3 and §7, at and just past each limit: fixed scenarios (too large to
// generate at random), compared between an implementation and src/core.
import type { Impl } from "../_kit/impl";
import { settle, sync, type Outcome } from "../_witness/observe";
import { ContextCompactionError } from "../../../src/core/index";

const user = (i: number, content = "c") => ({ id: `u${i}`, role: "user", content });
const users = (n: number, content = "c") => Array.from({ length: n }, (_, i) => user(i, content));
const record = (i: number, id = `rec${i}`, ids = 1) => ({
  id,
  summaryId: "s",
  boundary: ids,
  compactedMessageIds: Array.from({ length: ids }, (_, k) => `m${k}`),
  unitsBefore: 1,
  unitsAfter: 1,
});
const withCall = (args: object) => ({
  messages: [
    { id: "a", role: "assistant", content: [{ type: "toolCall", id: "c", name: "t", arguments: args }] },
    { id: "r", role: "toolResult", toolCallId: "c", toolName: "t", content: "", isError: false },
  ],
});
const nested = (depth: number) => {
  let v: unknown = 1;
  for (let d = depth; d > 1; d--) v = [v];
  return { v };
};

type Case = { label: string; run: (m: Impl) => Outcome | Promise<Outcome> };
const built = () => "built";
const build = (label: string, input: () => unknown): Case => ({ label, run: (m) => sync(() => m.buildActiveContext(input()), built) });
const compactOptions = (extra: object = {}) => ({
  maxUnits: 10,
  targetUnits: 10,
  summaryMaxUnits: 9,
  retainRecentMessages: 0,
  summaryId: "s",
  recordId: "new",
  summarizer: () => "x",
  ...extra,
});
const compact = (label: string, input: () => unknown, options: () => object): Case => ({
  label,
  run: (m) => settle(m.compactContext(input(), options()), (v) => (v as { status: string }).status),
});

export const LIMIT_CASES: readonly Case[] = [
  build("4096 messages", () => ({ messages: users(4096) })),
  build("4097 messages", () => ({ messages: users(4097) })),
  build("128 requirements", () => ({ requirements: Array.from({ length: 128 }, (_, i) => ({ id: `r${i}`, content: "c" })) })),
  build("129 requirements", () => ({ requirements: Array.from({ length: 129 }, (_, i) => ({ id: `r${i}`, content: "c" })) })),
  build("256 records", () => ({ compactions: Array.from({ length: 256 }, (_, i) => record(i)) })),
  build("257 records", () => ({ compactions: Array.from({ length: 257 }, (_, i) => record(i)) })),
  build("a record with 4096 compacted ids", () => ({ compactions: [record(0, "r", 4096)] })),
  build("a record with 4097 compacted ids", () => ({ compactions: [record(0, "r", 4097)] })),
  build("a string of 65536 code points", () => ({ messages: [user(0, "x".repeat(65536))] })),
  build("a string of 65537 code points", () => ({ messages: [user(0, "x".repeat(65537))] })),
  build("65536 emoji (131072 UTF-16 units)", () => ({ messages: [user(0, "😀".repeat(65536))] })),
  build("an argument key of 65537 code points", () => withCall({ ["k".repeat(65537)]: 1 })),
  build("15 records with ids of 65536 (strings below 1,000,000)", () => ({ compactions: Array.from({ length: 15 }, (_, i) => record(i, `${i}`.padEnd(65536, "x"))) })),
  build("16 records with ids of 65536 (strings above 1,000,000, no units)", () => ({ compactions: Array.from({ length: 16 }, (_, i) => record(i, `${i}`.padEnd(65536, "x"))) })),
  build("16 summaryIds of 65536 in records", () => ({ compactions: Array.from({ length: 16 }, (_, i) => ({ ...record(i), summaryId: "s".repeat(65536) })) })),
  build("4000 users of 244 code points (units above 1,000,000, strings below)", () => ({ messages: Array.from({ length: 4000 }, (_, i) => ({ id: `${i}`.padStart(5, "0"), role: "user", content: "x".repeat(244) })) })),
  {
    label: "groupToolRounds of 4000 users of 244 code points (units above 1,000,000)",
    run: (m) => sync(() => m.groupToolRounds(Array.from({ length: 4000 }, (_, i) => ({ id: `${i}`.padStart(5, "0"), role: "user", content: "x".repeat(244) }))), () => "grouped"),
  },
  {
    label: "groupToolRounds of 4097 users",
    run: (m) => sync(() => m.groupToolRounds(users(4097)), () => "grouped"),
  },
  build("3900 users of 244 code points (units below 1,000,000)", () => ({ messages: Array.from({ length: 3900 }, (_, i) => ({ id: `${i}`.padStart(5, "0"), role: "user", content: "x".repeat(244) })) })),
  build("an argument array of 16380 items (16384 items in all)", () => withCall({ v: Array.from({ length: 16380 }, () => 0) })),
  build("an argument array of 16381 items (16385 items in all)", () => withCall({ v: Array.from({ length: 16381 }, () => 0) })),
  build("an argument object of 16381 keys (16384 items in all)", () => withCall(Object.fromEntries(Array.from({ length: 16381 }, (_, i) => [`k${i}`, 0])))),
  build("an argument object of 16382 keys (16385 items in all)", () => withCall(Object.fromEntries(Array.from({ length: 16382 }, (_, i) => [`k${i}`, 0])))),
  build("a value at depth 32", () => withCall(nested(32))),
  build("a value at depth 33", () => withCall(nested(33))),
  compact("summaryId of 65537 code points", () => ({ messages: users(3) }), () => compactOptions({ summaryId: "s".repeat(65537) })),
  compact("recordId of 65537 code points", () => ({ messages: users(3) }), () => compactOptions({ recordId: "r".repeat(65537) })),
  compact("recordId of 65536 emoji", () => ({ messages: users(3) }), () => compactOptions({ recordId: "😀".repeat(65536) })),
  compact("a summary of 65537 code points", () => ({ messages: users(90, "x".repeat(10000)) }), () => compactOptions({ maxUnits: 800_000, targetUnits: 800_000, summaryMaxUnits: 70_000, summarizer: () => "x".repeat(65537) })),
  compact("a summary of 65536 code points", () => ({ messages: users(90, "x".repeat(10000)) }), () => compactOptions({ maxUnits: 800_000, targetUnits: 800_000, summaryMaxUnits: 70_000, summarizer: () => "x".repeat(65536) })),
  compact("a summary of 65536 emoji", () => ({ messages: users(90, "x".repeat(10000)) }), () => compactOptions({ maxUnits: 800_000, targetUnits: 800_000, summaryMaxUnits: 70_000, summarizer: () => "😀".repeat(65536) })),
  compact("a 257th record", () => ({ messages: users(3), compactions: Array.from({ length: 256 }, (_, i) => record(i)) }), () => compactOptions()),
  compact("maxUnits 1,000,000", () => ({ messages: users(3) }), () => compactOptions({ maxUnits: 1_000_000 })),
  compact("maxUnits 1,000,001", () => ({ messages: users(3) }), () => compactOptions({ maxUnits: 1_000_001 })),
  compact("targetUnits 1,000,001", () => ({ messages: users(3) }), () => compactOptions({ maxUnits: 1_000_000, targetUnits: 1_000_001 })),
  compact("retainRecentMessages 4096", () => ({ messages: users(3) }), () => compactOptions({ retainRecentMessages: 4096 })),
  compact("retainRecentMessages 4097", () => ({ messages: users(3) }), () => compactOptions({ retainRecentMessages: 4097 })),
  compact("summaryMaxUnits 1,000,001 above target", () => ({ messages: users(3) }), () => compactOptions({ summaryMaxUnits: 1_000_001 })),
  // (s22) Fixed cases the generator does not make: a record's units 0 (the lower limit), a blank
  // compacted id, a tool call without arguments, a thenable that rejects in a later job.
  build("a record with unitsBefore and unitsAfter 0", () => ({ messages: users(1), compactions: [{ ...record(0), unitsBefore: 0, unitsAfter: 0 }] })),
  build("a record with a blank compacted id", () => ({ messages: users(1), compactions: [{ ...record(0), compactedMessageIds: [" "] }] })),
  build("a tool call without arguments", () => ({
    messages: [
      { id: "a", role: "assistant", content: [{ type: "toolCall", id: "c", name: "t" }] },
      { id: "r", role: "toolResult", toolCallId: "c", toolName: "t", content: "", isError: false },
    ],
  })),
  // (s23) Limits and shapes of the session-23 mistakes (none of them changes an earlier case).
  compact("targetUnits 1,000,000", () => ({ messages: users(3) }), () => compactOptions({ maxUnits: 1_000_000, targetUnits: 1_000_000 })),
  compact("maxUnits 10.5 (a fraction)", () => ({ messages: users(3) }), () => compactOptions({ maxUnits: 10.5 })),
  compact("options as an array with the fields as own properties", () => ({ messages: users(3) }), () => Object.assign([], compactOptions())),
  build("a summary that is a setter without a getter", () => {
    const input: Record<string, unknown> = { messages: users(1) };
    Object.defineProperty(input, "summary", { set() {}, enumerable: true, configurable: true });
    return input;
  }),
  build("a requirement whose id is a message's id", () => ({ requirements: [{ id: "u0", content: "c" }], messages: users(1) })),
  compact("an aborted signal with an own aborted property false", () => ({ messages: users(3) }), () => {
    const controller = new AbortController();
    controller.abort();
    Object.defineProperty(controller.signal, "aborted", { value: false });
    return compactOptions({ signal: controller.signal });
  }),
  compact("a thenable that rejects in a later job", () => ({ messages: users(3) }), () =>
    compactOptions({
      summarizer: () => ({
        then(_resolve: unknown, reject: (reason: unknown) => void) {
          Promise.resolve()
            .then(() => reject(new Error("late")))
            .catch(() => undefined);
        },
      }),
    }),
  ),
  // (s24) Shapes of the session-24 mistakes the generator does not make (none of them changes an
  // earlier case).
  compact("a then that delivers nothing and returns a thenable that delivers", () => ({ messages: users(3) }), () =>
    compactOptions({
      summarizer: () => ({
        then() {
          return {
            then(resolve: (value: unknown) => void) {
              resolve("x");
            },
          };
        },
      }),
    }),
  ),
  compact("an aborted signal whose reason is a ContextCompactionError", () => ({ messages: users(3) }), () => {
    const controller = new AbortController();
    controller.abort(new ContextCompactionError("CONTEXT_SUMMARIZER_FAILED", "the caller's reason"));
    return compactOptions({ signal: controller.signal });
  }),
  compact("an AbortController as options.signal", () => ({ messages: users(3) }), () => compactOptions({ signal: new AbortController() })),
  compact("a summary without an ASCII word character ('要約')", () => ({ messages: users(3) }), () => compactOptions({ summarizer: () => "要約" })),
  compact("summaryMaxUnits above targetUnits, within maxUnits", () => ({ messages: users(3) }), () => compactOptions({ maxUnits: 20, summaryMaxUnits: 15 })),
  compact("maxUnits as a string of digits", () => ({ messages: users(3) }), () => compactOptions({ maxUnits: "10" })),
  compact("no recordId", () => ({ messages: users(3) }), () => {
    const options: Record<string, unknown> = compactOptions();
    delete options.recordId;
    return options;
  }),
  build("strings of 600,010 code points in 10 users of 60,000 emoji (1,200,010 UTF-16 units)", () => ({ messages: users(10, "😀".repeat(60_000)) })),
  build("a tool call whose id is an earlier message's id", () => ({
    messages: [
      user(0),
      { id: "a", role: "assistant", content: [{ type: "toolCall", id: "u0", name: "t", arguments: {} }] },
      { id: "r", role: "toolResult", toolCallId: "u0", toolName: "t", content: "", isError: false },
    ],
  })),
  {
    label: "groupToolRounds of a tool round and the assistant's text reply",
    run: (m) =>
      sync(
        () =>
          m.groupToolRounds([
            { id: "a", role: "assistant", content: [{ type: "toolCall", id: "c", name: "t", arguments: {} }] },
            { id: "r", role: "toolResult", toolCallId: "c", toolName: "t", content: "", isError: false },
            { id: "b", role: "assistant", content: [{ type: "text", text: "done" }] },
          ]),
        (groups) => (groups as { endIndex: number }[]).map((g) => g.endIndex),
      ),
  },
  {
    label: "groupToolRounds of a call without a result",
    run: (m) => sync(() => m.groupToolRounds([user(0), { id: "a", role: "assistant", content: [{ type: "toolCall", id: "c", name: "t", arguments: {} }] }]), () => "grouped"),
  },
];

export async function limitDifferences(m: Impl, reference: Impl): Promise<{ label: string; expected: string; actual: string }[]> {
  const out: { label: string; expected: string; actual: string }[] = [];
  for (const c of LIMIT_CASES) {
    const expected = JSON.stringify(await c.run(reference));
    const actual = JSON.stringify(await c.run(m));
    if (expected !== actual) out.push({ label: c.label, expected, actual });
  }
  return out;
}
