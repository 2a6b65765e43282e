import fc from "fast-check";
import type { ContextData, Json, MessageData } from "../../src/scenario/data";
import { nestedChain } from "./json";
import { cloneData } from "./labels";

// Ways to break a valid context, one rule at a time (or two, for the "several codes" class).
// Each returns the broken input as Json; the model says which code(s) follow.

export type ContextMutation = { name: string; apply: (ctx: ContextData) => Json };

const json = (ctx: ContextData): { [key: string]: Json } => cloneData(ctx) as unknown as { [key: string]: Json };
const user = (i: number, content = ""): Json => ({ id: `u${i}`, role: "user", content });

/** A transcript with one complete round first, so linkage can be broken. */
const withRound = (ctx: ContextData): MessageData[] => [
  { id: "x-a", role: "assistant", content: [{ type: "toolCall", id: "x-call", name: "x-tool", arguments: { a: 1 } }] },
  { id: "x-r", role: "toolResult", toolCallId: "x-call", toolName: "x-tool", content: "r", isError: false },
  ...cloneData(ctx.messages ?? []),
];
const messages = (ctx: ContextData, f: (m: Json[]) => void): Json => {
  const m = withRound(ctx) as unknown as Json[];
  f(m);
  return { ...json(ctx), messages: m };
};
const argsOf = (value: Json) => (m: Json[]) => {
  (m[0] as { content: { arguments: Json }[] }).content[0]!.arguments = value;
};
const setIn = (m: Json[], i: number, key: string, value: Json) => {
  (m[i] as { [k: string]: Json })[key] = value;
};

const record = { id: "bad-rec", summaryId: "s", boundary: 1, compactedMessageIds: ["m"], unitsBefore: 1, unitsAfter: 1 };
const withRecord = (ctx: ContextData, r: Json): Json => ({ ...json(ctx), compactions: [...(cloneData(ctx.compactions ?? []) as unknown as Json[]), r] });

export const INPUT_MUTATIONS: ContextMutation[] = [
  { name: "input:not-plain", apply: () => [] },
  { name: "input:null", apply: () => null },
  { name: "requirements:not-array", apply: (c) => ({ ...json(c), requirements: { id: "r", content: "c" } }) },
  { name: "requirement:blank-id", apply: (c) => ({ ...json(c), requirements: [{ id: " ", content: "c" }] }) },
  { name: "requirement:blank-content", apply: (c) => ({ ...json(c), requirements: [{ id: "r", content: "\n" }] }) },
  { name: "requirement:duplicate-id", apply: (c) => ({ ...json(c), requirements: [{ id: "r", content: "a" }, { id: "r", content: "b" }] }) },
  { name: "summary:not-object", apply: (c) => ({ ...json(c), summary: "a summary" }) },
  { name: "summary:blank-id", apply: (c) => ({ ...json(c), summary: { id: "", content: "c" } }) },
  { name: "records:not-array", apply: (c) => ({ ...json(c), compactions: record }) },
  { name: "record:boundary-zero", apply: (c) => withRecord(c, { ...record, boundary: 0, compactedMessageIds: [] }) },
  { name: "record:ids-length-mismatch", apply: (c) => withRecord(c, { ...record, boundary: 2 }) },
  { name: "record:negative-units", apply: (c) => withRecord(c, { ...record, unitsAfter: -1 }) },
  { name: "record:fractional-units", apply: (c) => withRecord(c, { ...record, unitsBefore: 0.5 }) },
  { name: "record:duplicate-id", apply: (c) => ({ ...withRecord(c, record) as object, compactions: [record, record] }) as Json },
];

export const SUMMARY_MUTATIONS: ContextMutation[] = [
  { name: "summary:whitespace-only", apply: (c) => ({ ...json(c), summary: { id: "s", content: " \t\u00a0" } }) },
  { name: "summary:empty-content", apply: (c) => ({ ...json(c), summary: { id: "s", content: "" } }) },
];

export const TRANSCRIPT_MUTATIONS: ContextMutation[] = [
  { name: "messages:not-array", apply: (c) => ({ ...json(c), messages: { 0: user(0) } }) },
  { name: "message:bad-role", apply: (c) => messages(c, (m) => setIn(m, 1, "role", "tool")) },
  { name: "message:blank-id", apply: (c) => messages(c, (m) => setIn(m, 0, "id", " ")) },
  { name: "message:is-error-not-boolean", apply: (c) => messages(c, (m) => setIn(m, 1, "isError", "false")) },
  { name: "args:NaN", apply: (c) => messages(c, argsOf({ n: { $cc: "NaN" } })) },
  { name: "args:undefined", apply: (c) => messages(c, argsOf({ n: { $cc: "undefined" } })) },
  { name: "args:function", apply: (c) => messages(c, argsOf({ f: { $cc: "function" } })) },
  { name: "args:bigint", apply: (c) => messages(c, argsOf({ b: { $cc: "bigint", value: "10" } })) },
  { name: "args:array", apply: (c) => messages(c, argsOf([1, 2])) },
  { name: "args:too-deep", apply: (c) => messages(c, argsOf({ d: nestedChain(new Array<boolean>(32).fill(true), 0) })) },
  { name: "result:missing", apply: (c) => messages(c, (m) => m.splice(1, 1)) },
  { name: "result:orphan", apply: (c) => messages(c, (m) => setIn(m, 1, "toolCallId", "x-nowhere")) },
  { name: "result:before-call", apply: (c) => messages(c, (m) => m.unshift(m.splice(1, 1)[0]!)) },
  { name: "result:name-mismatch", apply: (c) => messages(c, (m) => setIn(m, 1, "toolName", "x-other")) },
  { name: "result:duplicate", apply: (c) => messages(c, (m) => m.splice(2, 0, cloneData(m[1]!))) },
  { name: "call:duplicate-id", apply: (c) => messages(c, (m) => m.splice(2, 0, cloneData(m[0]!), cloneData(m[1]!))) },
  { name: "tool-name:empty", apply: (c) => messages(c, (m) => { (m[0] as { content: { name: string }[] }).content[0]!.name = " "; setIn(m, 1, "toolName", " "); }) },
];

const big = (n: number) => "x".repeat(n);
export const LIMIT_MUTATIONS: ContextMutation[] = [
  { name: "limit:messages", apply: (c) => ({ ...json(c), messages: Array.from({ length: 4097 }, (_, i) => user(i)) }) },
  { name: "limit:requirements", apply: (c) => ({ ...json(c), requirements: Array.from({ length: 129 }, (_, i) => ({ id: `r${i}`, content: "c" })) }) },
  { name: "limit:records", apply: (c) => ({ ...json(c), compactions: Array.from({ length: 257 }, (_, i) => ({ ...record, id: `r${i}` })) }) },
  { name: "limit:string", apply: (c) => ({ ...json(c), requirements: [{ id: "r", content: "😀".repeat(65537) }] }) },
  { name: "limit:total-strings", apply: (c) => ({ ...json(c), messages: Array.from({ length: 16 }, (_, i) => user(i, big(63000))) }) },
  { name: "limit:collection-items", apply: (c) => messages(c, argsOf({ many: new Array<Json>(16400).fill(0) })) },
  {
    name: "limit:units",
    apply: (c) =>
      messages(c, (m) => {
        argsOf({ n: new Array<Json>(15000).fill(-1.2345678901234567e-200) })(m);
        m.push(...Array.from({ length: 14 }, (_, i) => user(i, big(65000))));
      }),
  },
];

export const ALL_CONTEXT_MUTATIONS = [INPUT_MUTATIONS, SUMMARY_MUTATIONS, TRANSCRIPT_MUTATIONS, LIMIT_MUTATIONS] as const;

/** One family picked evenly (so each code gets a fair share), then one mutation in it. */
export function contextMutation(families: readonly ContextMutation[][] = [...ALL_CONTEXT_MUTATIONS]): fc.Arbitrary<ContextMutation> {
  return fc.oneof(...families.map((family) => fc.constantFrom(...family)));
}

/** Two mutations from different families at once: the model allows each one's code. */
export function doubleMutation(): fc.Arbitrary<ContextMutation> {
  return fc.tuple(fc.constantFrom(...INPUT_MUTATIONS.slice(2)), fc.constantFrom(...SUMMARY_MUTATIONS, ...TRANSCRIPT_MUTATIONS)).map(([a, b]) => ({
    name: `${a.name}+${b.name}`,
    apply: (ctx: ContextData) => {
      const first = a.apply(ctx) as { [key: string]: Json };
      const second = b.apply(ctx) as { [key: string]: Json };
      // Take each broken channel from the mutation that broke it.
      const out: { [key: string]: Json } = { ...first };
      for (const key of ["summary", "messages"]) if (key in second && JSON.stringify(second[key]) !== JSON.stringify(first[key])) out[key] = second[key]!;
      return out;
    },
  }));
}
