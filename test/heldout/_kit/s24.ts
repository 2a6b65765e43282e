// The student code of the session-24 implementations (test/heldout/s24-*): each mistake is a
// flag of one of the student's own functions (options reader, groupToolRounds, boundary walk) or
// a part of compactContext they rewrote (fast-path test, summary text, signal watching), or a
// layer around the reference (the rules their reader gets wrong, their signal handling, their
// record writer, their options wrapper). With no flag set each function answers as the
// reference. The async flags of the session are in ./async-loop (`asyncDepthIsJsonDepth`,
// `thenReturnAdoptedAsDelivery`); the whole-flow student is in its folder's flow.ts.
import { types } from "node:util";
import { MAX_CONTEXT_COLLECTION_ITEMS, MAX_CONTEXT_MESSAGES, MAX_CONTEXT_TOTAL_UNITS } from "../../../src/core/limits";
import { readBoundaryOptions, readCompactOptions } from "../../../src/core/options";
import { contextInfo } from "../../../src/core/snapshot";
import { ContextCompactionError, groupToolRounds as coreGroups, buildActiveContext as coreBuild } from "../../../src/core/index";
import type { MistakeDef } from "./assemble";
import { makeAwaitValue, type AsyncFlags } from "./async-loop";
import { ABSENT, dataField, deepFreeze, editOptions, isOrdinary, setData } from "./data";
import { contractError, hasCode, type Impl } from "./impl";
import { checkBuilt, mapInput, remapRejection } from "./layers";
import { acceptDespite17 } from "./s17";
import type { Context, Message } from "./units";

type Data = Record<string, unknown>;
type Json = null | boolean | number | string | readonly Json[] | { readonly [key: string]: Json };

const cp = (s: string): number => Array.from(s).length;
const isPlainShape = (value: unknown): value is Data => {
  if (!isOrdinary(value) || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};
const isObj = (value: unknown): value is object => typeof value === "object" && value !== null;

// ---------------------------------------------------------------------------------------------
// The awaiting (§7 step 5).

export function awaitMistake24(flags: AsyncFlags): MistakeDef {
  return { parts: { awaitValue: makeAwaitValue(flags) } };
}

// ---------------------------------------------------------------------------------------------
// compactContext's options reader (§6, §7): the student's cross-check of summaryMaxUnits and
// their reading of maxUnits.

export type OptionFlags24 = {
  /** compactContext's cross-check compares summaryMaxUnits with maxUnits (the largest budget), not with targetUnits. */
  readonly summaryMaxAgainstMaxUnits?: boolean;
  /** maxUnits is read with Number(…): a string of digits is taken as its number. */
  readonly maxUnitsStringCoerced?: boolean;
};

export function optionsMistake24(flags: OptionFlags24): MistakeDef {
  return {
    parts: {
      readOptions: (raw) => {
        if (!isPlainShape(raw)) return readCompactOptions(raw);
        let patched: unknown = raw;
        let summaryMaxUnits: number | undefined;
        const maxUnits = dataField(raw, "maxUnits");
        if (flags.maxUnitsStringCoerced && typeof maxUnits === "string" && maxUnits.trim() !== "" && Number.isSafeInteger(Number(maxUnits))) {
          patched = editOptions(patched, (copy) => setData(copy, "maxUnits", Number(maxUnits)));
        }
        if (flags.summaryMaxAgainstMaxUnits) {
          const target = dataField(patched, "targetUnits");
          const summaryMax = dataField(patched, "summaryMaxUnits");
          const max = dataField(patched, "maxUnits");
          if (Number.isSafeInteger(target) && Number.isSafeInteger(summaryMax) && Number.isSafeInteger(max) && (summaryMax as number) > (target as number) && (summaryMax as number) <= (max as number)) {
            summaryMaxUnits = summaryMax as number;
            patched = editOptions(patched, (copy) => setData(copy, "summaryMaxUnits", target));
          }
        }
        const read = readCompactOptions(patched);
        return summaryMaxUnits === undefined ? read : { ...read, summaryMaxUnits };
      },
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Grouping (§5): the student's own groupToolRounds (their interval sweep and their validation).

export type GroupFlags24 = {
  /** When a later assistant's interval carries a tool round further (overlapping intervals), the round's start is moved to that assistant. */
  readonly startOverwritten?: boolean;
  /** The student's validation checks that every result names a call, not that every call has a result: a call without a result is grouped. */
  readonly missingResultAccepted?: boolean;
  /** The student's groupToolRounds refuses an empty transcript ("nothing to group") with CONTEXT_INVALID_TRANSCRIPT. */
  readonly emptyRefused?: boolean;
};

type Group = { kind: "message" | "toolRound"; startIndex: number; endIndex: number; messages: readonly Message[] };

/** The transcript with a made-up result appended for each call that has none, or null (nothing to repair, or not plain data). */
function withMissingResults(transcript: unknown): unknown[] | null {
  if (!Array.isArray(transcript) || types.isProxy(transcript)) return null;
  const calls = new Map<string, string>();
  const answered = new Set<unknown>();
  const items: unknown[] = [];
  for (let i = 0; i < transcript.length; i++) {
    const slot = Object.getOwnPropertyDescriptor(transcript, i);
    if (slot === undefined || !("value" in slot) || !isOrdinary(slot.value)) return null;
    const m = slot.value;
    items.push(m);
    const role = dataField(m, "role");
    if (role === "toolResult") answered.add(dataField(m, "toolCallId"));
    if (role !== "assistant") continue;
    const content = dataField(m, "content");
    if (!Array.isArray(content) || types.isProxy(content)) return null;
    for (let j = 0; j < content.length; j++) {
      const b = Object.getOwnPropertyDescriptor(content, j);
      if (b === undefined || !("value" in b) || !isOrdinary(b.value)) return null;
      if (dataField(b.value, "type") !== "toolCall") continue;
      const id = dataField(b.value, "id");
      const name = dataField(b.value, "name");
      if (typeof id === "string" && typeof name === "string") calls.set(id, name);
    }
  }
  const missing = [...calls].filter(([id]) => !answered.has(id));
  if (missing.length === 0) return null;
  return [...items, ...missing.map(([toolCallId, toolName], k) => ({ id: `missing-result-${k}`, role: "toolResult", toolCallId, toolName, content: "", isError: false }))];
}

/** The student's sweep: each assistant with calls reaches its last result; a round grows while a message inside it reaches further. */
function studentGroups24(messages: readonly Message[], flags: GroupFlags24): Group[] {
  const owner = new Map<string, number>();
  const reach = messages.map((_, i) => i);
  messages.forEach((m, i) => {
    if (m.role === "assistant") for (const b of m.content) if (b.type === "toolCall") owner.set(b.id, i);
    if (m.role === "toolResult" && owner.has(m.toolCallId)) {
      const at = owner.get(m.toolCallId)!;
      reach[at] = Math.max(reach[at], i);
    }
  });
  const groups: Group[] = [];
  for (let i = 0; i < messages.length; ) {
    if (reach[i] === i) {
      groups.push({ kind: "message", startIndex: i, endIndex: i + 1, messages: messages.slice(i, i + 1) });
      i++;
      continue;
    }
    let start = i;
    let end = reach[i] + 1;
    for (let j = i + 1; j < end; j++) {
      if (reach[j] + 1 > end) {
        end = reach[j] + 1;
        if (flags.startOverwritten) start = j;
      }
    }
    groups.push({ kind: "toolRound", startIndex: start, endIndex: end, messages: messages.slice(start, end) });
    i = end;
  }
  return groups;
}

export function groupsMistake24(flags: GroupFlags24): MistakeDef {
  return {
    layer: (base) => ({
      ...base,
      groupToolRounds: (transcript) => {
        if (flags.emptyRefused && Array.isArray(transcript) && !types.isProxy(transcript) && transcript.length === 0) throw contractError("CONTEXT_INVALID_TRANSCRIPT", "the transcript has no messages");
        const repaired = flags.missingResultAccepted ? withMissingResults(transcript) : null;
        const messages =
          repaired === null
            ? (coreGroups(transcript as never) as unknown as readonly Group[]).flatMap((g) => g.messages)
            : ((coreBuild({ messages: repaired } as never) as unknown as Context).messages.slice(0, (transcript as unknown[]).length) as readonly Message[]);
        return deepFreeze(studentGroups24(messages, flags).map((g) => ({ ...g, messages: [...g.messages] })));
      },
    }),
  };
}

// ---------------------------------------------------------------------------------------------
// Cancellation (§7 steps 3-5, the options' signal).

/** On cancellation, a signal whose reason is a ContextCompactionError has that error passed on ("already ours"), its own code and all. */
export const abortReasonCodePassedOn: MistakeDef = {
  layer: (base) =>
    remapRejection(base, (error, options) => {
      if (!hasCode(error, "CONTEXT_CANCELLED")) return null;
      const signal = dataField(options, "signal");
      if (!(signal instanceof AbortSignal) || types.isProxy(signal)) return null;
      let reason: unknown;
      try {
        reason = signal.reason;
      } catch {
        return null;
      }
      return reason instanceof ContextCompactionError ? reason : null;
    }),
};

/** An AbortController given as options.signal is taken for its signal (controller.signal). */
export const controllerAcceptedAsSignal: MistakeDef = {
  layer: (base) => ({
    ...base,
    compactContext: (input, options) => {
      const signal = dataField(options, "signal");
      if (!(signal instanceof AbortController) || types.isProxy(signal)) return base.compactContext(input, options);
      return base.compactContext(input, editOptions(options, (copy) => setData(copy, "signal", signal.signal)));
    },
  }),
};

// ---------------------------------------------------------------------------------------------
// Reading (§3).

/** Every string of a built context, or of a built transcript (context null). */
function* stringsOf24(messages: readonly Data[], context: Data | null): Generator<string> {
  const json = function* (value: unknown): Generator<string> {
    if (typeof value === "string") yield value;
    else if (Array.isArray(value)) for (const item of value) yield* json(item);
    else if (isObj(value)) {
      for (const key of Object.keys(value)) {
        yield key;
        yield* json((value as Data)[key]);
      }
    }
  };
  if (context !== null) {
    for (const r of context.requirements as Data[]) yield* json([r.id, r.content]);
    if (context.summary) yield* json([(context.summary as Data).id, (context.summary as Data).content]);
    for (const r of context.compactions as Data[]) yield* json([r.id, r.summaryId, r.compactedMessageIds]);
  }
  for (const m of messages) {
    yield m.id as string;
    if (m.role === "user") yield m.content as string;
    else if (m.role === "toolResult") yield* json([m.toolCallId, m.toolName, m.content]);
    else
      for (const b of m.content as Data[]) {
        if (b.type === "text") yield b.text as string;
        else {
          yield* json([b.id, b.name]);
          yield* json(b.arguments);
        }
      }
  }
}

/** The 1,000,000 total of all strings is counted in UTF-16 code units (s.length). */
export const stringTotalUtf16: MistakeDef = {
  layer: (base) =>
    checkBuilt(base, (messages, context) => {
      let total = 0;
      for (const s of stringsOf24(messages as Data[], context as Data | null)) total += s.length;
      if (total > MAX_CONTEXT_TOTAL_UNITS) throw contractError("CONTEXT_LIMIT_EXCEEDED", `more than ${MAX_CONTEXT_TOTAL_UNITS} units of strings`);
    }),
};

/** An ordinary object holding an accessor anywhere inside (plain JSON data only). */
function hasAccessorInside(value: unknown, depth = 0): boolean {
  if (!isOrdinary(value) || depth > 40) return false;
  for (const key of Reflect.ownKeys(value)) {
    const d = Object.getOwnPropertyDescriptor(value, key)!;
    if (!("value" in d)) return true;
    if (hasAccessorInside(d.value, depth + 1)) return true;
  }
  return false;
}

/** A copy of an ordinary object with the same prototype and descriptors, `key` set to `value`. */
function withData(record: object, key: PropertyKey, value: unknown): object {
  const copy = Object.create(Object.getPrototypeOf(record), Object.getOwnPropertyDescriptors(record)) as object;
  Object.defineProperty(copy, key, { value, writable: true, enumerable: true, configurable: true });
  return copy;
}

/**
 * The student's reader copies tool-call arguments with JSON.parse(JSON.stringify(arguments))
 * before checking them, so a getter inside arguments is called and its value copied as data.
 */
export const argumentsGetterCalled: MistakeDef = {
  layer: (base) => {
    const fixMessages = (messages: unknown): unknown => {
      if (!Array.isArray(messages) || types.isProxy(messages)) return messages;
      let changed = false;
      const out: unknown[] = [];
      for (let i = 0; i < messages.length; i++) {
        const slot = Object.getOwnPropertyDescriptor(messages, i);
        if (slot === undefined || !("value" in slot)) return messages;
        let m = slot.value;
        const content = dataField(m, "content");
        if (dataField(m, "role") === "assistant" && Array.isArray(content) && !types.isProxy(content)) {
          const blocks: unknown[] = [];
          let blockChanged = false;
          for (let j = 0; j < content.length; j++) {
            const b = Object.getOwnPropertyDescriptor(content, j);
            if (b === undefined || !("value" in b)) return messages;
            let block = b.value;
            const args = dataField(block, "arguments");
            if (dataField(block, "type") === "toolCall" && hasAccessorInside(args)) {
              try {
                block = withData(block as object, "arguments", JSON.parse(JSON.stringify(args)));
                blockChanged = true;
              } catch {
                // Left as it is: the reference refuses it.
              }
            }
            blocks.push(block);
          }
          if (blockChanged) {
            m = withData(m as object, "content", blocks);
            changed = true;
          }
        }
        out.push(m);
      }
      return changed ? out : messages;
    };
    const fixInput = (input: unknown): unknown => {
      if (!isPlainShape(input)) return input;
      const messages = dataField(input, "messages");
      if (messages === ABSENT) return input;
      const fixed = fixMessages(messages);
      return fixed === messages ? input : withData(input, "messages", fixed);
    };
    const mapped = mapInput(base, fixInput);
    return { ...mapped, groupToolRounds: (transcript) => base.groupToolRounds(fixMessages(transcript)) };
  },
};

/** The collection items and the code points of the strings of a plain copy of an input, as §3 counts them. */
function budgetsOf(input: unknown): { items: number; strings: number } {
  let items = 0;
  let strings = 0;
  const walk = (value: unknown, inArguments: boolean, key: string | null): void => {
    if (typeof value === "string") {
      if (key !== "role" && key !== "type") strings += cp(value);
    } else if (Array.isArray(value)) {
      items += value.length;
      for (const item of value) walk(item, inArguments, null);
    } else if (isObj(value)) {
      for (const k of Object.keys(value)) {
        if (inArguments) {
          items++;
          strings += cp(k);
        }
        walk((value as Data)[k], inArguments || k === "arguments", k);
      }
    }
  };
  walk(input, false, null);
  return { items, strings };
}

/**
 * The student's reader never applies the ceiling of 4096 compactedMessageIds in one record (only
 * the collection items in total): a record with more is read (its ids cut to 4096, and the
 * boundary with them, for the reference; put back in the student's copy).
 */
export const recordIdsCeilingUnchecked: MistakeDef = acceptDespite17((input) => {
  const records = input.compactions;
  if (!Array.isArray(records)) return null;
  // The budgets the student does count, on the whole input (so cutting the ids lets nothing else through).
  const { items, strings } = budgetsOf(input);
  if (items > MAX_CONTEXT_COLLECTION_ITEMS || strings > MAX_CONTEXT_TOTAL_UNITS) return null;
  const changed: [number, unknown[], unknown][] = [];
  records.forEach((r, i) => {
    if (!isObj(r) || Array.isArray(r)) return;
    const record = r as Data;
    const ids = record.compactedMessageIds;
    if (!Array.isArray(ids) || ids.length <= MAX_CONTEXT_MESSAGES || record.boundary !== ids.length) return;
    changed.push([i, ids, record.boundary]);
    record.compactedMessageIds = ids.slice(0, MAX_CONTEXT_MESSAGES);
    record.boundary = MAX_CONTEXT_MESSAGES;
  });
  if (changed.length === 0) return null;
  return {
    input,
    restore: (built) => {
      for (const [i, ids, boundary] of changed) {
        const record = (built.compactions as Data[])[i] as Data;
        record.compactedMessageIds = ids;
        record.boundary = boundary;
      }
      return built;
    },
  };
});

// ---------------------------------------------------------------------------------------------
// The boundary walk (§6): the student's own, over the context and options the reference read.

export type WalkFlags24 = {
  /** The walk counts a kept assistant message by its text blocks only: 4 + u(id) + Σ text blocks, its tool calls left out. */
  readonly assistantTextOnly?: boolean;
  /** When no cut fits, the walk answers the latest whole-group cut it may make (compact as much as allowed). */
  readonly noFitAnswersLatest?: boolean;
};

const jsonUnits = (value: Json): number => {
  if (value === null) return 1;
  if (typeof value === "boolean") return value ? 5 : 6;
  if (typeof value === "number") return 1 + String(value).length;
  if (typeof value === "string") return 1 + cp(value);
  if (Array.isArray(value)) return (value as readonly Json[]).reduce<number>((sum, item) => sum + 1 + jsonUnits(item), 2);
  const record = value as { readonly [key: string]: Json };
  return Object.keys(record).reduce((sum, key) => sum + 1 + cp(key) + jsonUnits(record[key]), 2);
};

function walkMessageUnits(m: Message, flags: WalkFlags24): number {
  switch (m.role) {
    case "user":
      return 4 + cp(m.id) + cp(m.content);
    case "toolResult":
      return 7 + cp(m.id) + cp(m.toolCallId) + cp(m.toolName) + cp(m.content);
    case "assistant":
      return m.content.reduce(
        (sum, b) => sum + (b.type === "toolCall" ? (flags.assistantTextOnly ? 0 : 6 + cp(b.id) + cp(b.name) + jsonUnits(b.arguments as Json)) : 2 + cp(b.text)),
        4 + cp(m.id),
      );
  }
}

export function studentWalk24(context: Context, options: { targetUnits: number; summaryMaxUnits: number; retainRecentMessages: number }, flags: WalkFlags24): number | null {
  const messages = context.messages;
  const latest = messages.length - options.retainRecentMessages;
  if (latest <= 0) return null;
  const fixed = context.requirements.reduce((sum, r) => sum + 3 + cp(r.id) + cp(r.content), 0) + options.summaryMaxUnits;
  let lastAllowed: number | null = null;
  for (const g of studentGroups24(messages, {})) {
    if (g.endIndex > latest) break;
    lastAllowed = g.endIndex;
    const kept = messages.slice(g.endIndex).reduce((sum, m) => sum + walkMessageUnits(m, flags), 0);
    if (fixed + kept <= options.targetUnits) return g.endIndex;
  }
  return flags.noFitAnswersLatest ? lastAllowed : null;
}

export function walkMistake24(flags: WalkFlags24): MistakeDef {
  return {
    parts: { boundaryOf: (info, options) => studentWalk24(info.context as unknown as Context, options, flags) },
    layer: (base) => ({
      ...base,
      selectCompactionBoundary: (input, options) => {
        const info = contextInfo(input);
        return studentWalk24(info.context as unknown as Context, readBoundaryOptions(options), flags);
      },
    }),
  };
}

// ---------------------------------------------------------------------------------------------
// The student's options wrapper (a generated recordId) and their watching of the signal.

/**
 * The student's compactContext spreads the options into a copy with a generated recordId
 * (`record-<n>`, n the number of records after this one) when none is given (absent, or
 * undefined); accessors are left as they are.
 */
export const missingRecordIdGenerated: MistakeDef = {
  layer: (base) => ({
    ...base,
    compactContext: (input, options) => {
      if (!isPlainShape(options)) return base.compactContext(input, options);
      const descriptor = Object.getOwnPropertyDescriptor(options, "recordId");
      if (descriptor !== undefined && !("value" in descriptor && descriptor.value === undefined)) return base.compactContext(input, options);
      let records = 0;
      try {
        records = ((base.buildActiveContext(input) as { compactions: readonly unknown[] }).compactions ?? []).length;
      } catch {
        return base.compactContext(input, options);
      }
      return base.compactContext(input, editOptions(options, (copy) => setData(copy, "recordId", `record-${records + 1}`)));
    },
  }),
};

/** Whether a value has a callable then of its own or inherited, found through descriptors only (no getter runs); a Proxy is not looked into. */
function hasDataThen(value: unknown): boolean {
  if (!isObj(value) && typeof value !== "function") return false;
  let at: object | null = value as object;
  for (let depth = 0; at !== null && depth < 100; depth++) {
    if (types.isProxy(at)) return false;
    const d = Object.getOwnPropertyDescriptor(at, "then");
    if (d !== undefined) return "value" in d && typeof d.value === "function";
    at = Object.getPrototypeOf(at);
  }
  return false;
}

/** The signal is raced only against a native promise: a thenable (not a native promise) returned by the summarizer is awaited without watching the signal. */
export const thenableWaitUnwatched: MistakeDef = {
  parts: { signalWatchedFor: (value) => types.isPromise(value) || !hasDataThen(value) },
};

// ---------------------------------------------------------------------------------------------
// The fast path (§7 step 2) and the summary's blank test (§7 step 6).

/** The fast path leaves the current summary out of the context's units (it will be replaced anyway). */
export const fastpathWithoutSummary: MistakeDef = {
  parts: { small: (units, maxUnits, info) => units - info.summaryUnits <= maxUnits },
};

/** The student's blank test is "no word character" (!/\w/.test(text)), so a summary without an ASCII letter, digit or underscore is refused as blank. */
export const summaryNeedsWordCharacter: MistakeDef = {
  parts: { isBlank: (text) => !/\w/.test(text) },
};

// ---------------------------------------------------------------------------------------------
// The record writer (§7 step 8).

type Compacted = { status: string; context: Data; record: Data | null };
type Patch24 = (record: Data, old: Context, options: unknown) => Data;

/** A student's record, from the reference's compacted result (the new context's last record replaced). */
export function recordLayer24(patch: Patch24): MistakeDef {
  return {
    layer: (base: Impl): Impl => {
      const toBase = new WeakMap<object, unknown>();
      const baseOf = (input: unknown) => (isObj(input) ? (toBase.get(input) ?? input) : input);
      return {
        buildActiveContext: (input) => (isObj(input) && toBase.has(input) ? input : base.buildActiveContext(input)),
        groupToolRounds: base.groupToolRounds,
        estimateContextUnits: (input) => base.estimateContextUnits(baseOf(input)),
        selectCompactionBoundary: (input, options) => base.selectCompactionBoundary(baseOf(input), options),
        compactContext: async (input, options) => {
          const reference = baseOf(input);
          const old = base.buildActiveContext(reference) as Context;
          const result = (await base.compactContext(old, options)) as Compacted;
          if (result.status !== "compacted") return reference === input ? result : Object.freeze({ ...result, context: input });
          const record = deepFreeze(patch({ ...result.record! }, old, options));
          const compactions = Object.freeze([...(result.context.compactions as unknown[]).slice(0, -1), record]);
          const next = Object.freeze({ ...result.context, compactions });
          toBase.set(next, result.context);
          return Object.freeze({ status: "compacted", context: next, record });
        },
      };
    },
  };
}

/** unitsBefore leaves out the requirements (only what the compaction can shrink: the summary and the messages). */
export const unitsBeforeWithoutRequirements = recordLayer24((record, old) => ({
  ...record,
  unitsBefore: (record.unitsBefore as number) - old.requirements.reduce((sum, r) => sum + 3 + cp(r.id) + cp(r.content), 0),
}));

/** unitsAfter is the target the compaction aimed at (options.targetUnits), not the units of the new context. */
export const unitsAfterIsTarget = recordLayer24((record, _old, options) => ({ ...record, unitsAfter: dataField(options, "targetUnits") }));

/** compactedMessageIds also list the ids of the tool calls inside the compacted assistant messages, each after its message's id. */
export const compactedIdsIncludeCallIds = recordLayer24((record, old) => ({
  ...record,
  compactedMessageIds: old.messages.slice(0, record.boundary as number).flatMap((m) => [m.id, ...(m.role === "assistant" ? m.content.flatMap((b) => (b.type === "toolCall" ? [b.id] : [])) : [])]),
}));
