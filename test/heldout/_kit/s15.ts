// The student code of the session-15 implementations (test/heldout/s15-*): each mistake is a
// flag of one of the student's own functions (estimator, grouping and boundary walk, reader of
// the input, options) or a layer around the reference (the result's record, the unchanged
// result, the signal). With no flag set each function answers as the reference.
import { types } from "node:util";
import * as core from "../../../src/core/index";
import { readBoundaryOptions } from "../../../src/core/options";
import { builtInfo } from "../../../src/core/registry";
import { contextInfo } from "../../../src/core/snapshot";
import type { MistakeDef } from "./assemble";
import { ABSENT, dataField, deepFreeze, editOptions, isOrdinary, setData, wrapSummarizer } from "./data";
import { contractError, type Impl } from "./impl";
import { plainCopy } from "./s12";
import { abortedOf, reasonOf } from "./signal";
import type { Context, Message } from "./units";

type Data = Record<string, unknown>;
type Json = null | boolean | number | string | readonly Json[] | { readonly [key: string]: Json };

// ---------------------------------------------------------------------------------------------
// Units (§4): the student's own estimateContextUnits, over the context the reference built.

export type UnitFlags15 = {
  /** J(object) counts each key by its JSON text (its quotes included): 1 + u(JSON.stringify(key)) + J(value). */
  readonly keyJsonText?: boolean;
  /** J(array) is counted like an object whose keys are the indices: 2 + Σ (1 + u(String(i)) + J(item)). */
  readonly arrayIndices?: boolean;
  /** J(number) counts the number written out in full (toLocaleString without grouping), not String(n). */
  readonly numberPositional?: boolean;
  /** A requirement has the base 4 of a message (it is 3). */
  readonly requirementBase4?: boolean;
  /** A tool-call block has the base 2 of a text block (it is 6). */
  readonly toolCallBase2?: boolean;
  /** A summary is counted 5 + u(content), without u(id). */
  readonly summaryIdMissing?: boolean;
  /** A tool-result message also counts J(isError). */
  readonly isErrorCounted?: boolean;
  /** An assistant message is counted u(id) + Σ blocks, without its base 4. */
  readonly assistantBaseMissing?: boolean;
  /** u(s) counts only well-formed characters: a lone surrogate counts 0. */
  readonly loneSurrogateZero?: boolean;
};

/** The student's counter of characters: a regular expression for well-formed code points. */
const WELL_FORMED = /[\0-\uD7FF\uE000-\uFFFF]|[\uD800-\uDBFF][\uDC00-\uDFFF]/g;

export type StudentUnits = {
  readonly message: (m: Message) => number;
  readonly requirements: (context: Context) => number;
  readonly context: (context: Context) => number;
};

export function studentUnits15(flags: UnitFlags15): StudentUnits {
  const u = (s: string): number => (flags.loneSurrogateZero ? (s.match(WELL_FORMED) ?? []).length : Array.from(s).length);
  const numberText = (n: number): string => (flags.numberPositional ? n.toLocaleString("en-US", { useGrouping: false, maximumFractionDigits: 20 }) : String(n));
  const json = (value: Json): number => {
    if (value === null) return 1;
    if (typeof value === "boolean") return value ? 5 : 6;
    if (typeof value === "number") return 1 + numberText(value).length;
    if (typeof value === "string") return 1 + u(value);
    if (Array.isArray(value)) {
      let sum = 2;
      (value as readonly Json[]).forEach((item, i) => (sum += 1 + (flags.arrayIndices ? u(String(i)) : 0) + json(item)));
      return sum;
    }
    const record = value as { readonly [key: string]: Json };
    let sum = 2;
    for (const key of Object.keys(record)) sum += 1 + (flags.keyJsonText ? u(JSON.stringify(key)) : u(key)) + json(record[key]);
    return sum;
  };
  const message = (m: Message): number => {
    switch (m.role) {
      case "user":
        return 4 + u(m.id) + u(m.content);
      case "toolResult":
        return 7 + u(m.id) + u(m.toolCallId) + u(m.toolName) + u(m.content) + (flags.isErrorCounted ? json(m.isError) : 0);
      case "assistant": {
        let sum = (flags.assistantBaseMissing ? 0 : 4) + u(m.id);
        for (const block of m.content) {
          sum += block.type === "text" ? 2 + u(block.text) : (flags.toolCallBase2 ? 2 : 6) + u(block.id) + u(block.name) + json(block.arguments);
        }
        return sum;
      }
    }
  };
  const requirements = (context: Context): number => context.requirements.reduce((sum, r) => sum + (flags.requirementBase4 ? 4 : 3) + u(r.id) + u(r.content), 0);
  const summary = (s: { id: string; content: string } | null): number => (s === null ? 0 : 5 + (flags.summaryIdMissing ? 0 : u(s.id)) + u(s.content));
  return {
    message,
    requirements,
    context: (context) => requirements(context) + summary(context.summary) + context.messages.reduce((sum, m) => sum + message(m), 0),
  };
}

/** The student's estimateContextUnits (over the context the reference built). */
export function unitsMistake15(flags: UnitFlags15): MistakeDef {
  const units = studentUnits15(flags);
  return { layer: (base) => ({ ...base, estimateContextUnits: (input) => units.context(base.buildActiveContext(input) as Context) }) };
}

// ---------------------------------------------------------------------------------------------
// Grouping (§5) and boundary (§6): the student's own, over the context the reference built, with
// the student's estimator.

export type WalkFlags15 = {
  /** Each tool result is given to the nearest assistant with tool calls before it, not to the call it names. */
  readonly nearestAssistant?: boolean;
  /** Consecutive messages outside tool rounds are put in one message group. */
  readonly plainMerged?: boolean;
  /** The boundary walks message by message (every index is a cut), not group by group. */
  readonly cutsByMessage?: boolean;
  /** The walk stops at the first cut that does not fit (null), instead of going on to later groups. */
  readonly stopsAtFirstMisfit?: boolean;
};

type Group = { kind: "message" | "toolRound"; startIndex: number; endIndex: number; messages: readonly unknown[] };

const callIdsOf = (m: Message): string[] => (m.role === "assistant" ? m.content.flatMap((b) => (b.type === "toolCall" ? [b.id] : [])) : []);

/** The student's groupToolRounds over a validated transcript. */
export function studentGroups15(messages: readonly Message[], flags: WalkFlags15): Group[] {
  const n = messages.length;
  const reach = messages.map((_, i) => i);
  const callAt = new Map<string, number>();
  let lastAssistant = -1;
  messages.forEach((m, i) => {
    const ids = callIdsOf(m);
    ids.forEach((id) => callAt.set(id, i));
    if (ids.length > 0) lastAssistant = i;
    if (m.role !== "toolResult") return;
    const owner = flags.nearestAssistant ? lastAssistant : (callAt.get(m.toolCallId) ?? -1);
    if (owner >= 0) reach[owner] = Math.max(reach[owner], i);
  });
  const groups: Group[] = [];
  for (let start = 0; start < n; ) {
    let last = reach[start];
    for (let j = start + 1; j <= last; j++) last = Math.max(last, reach[j]);
    const kind = callIdsOf(messages[start]).length > 0 ? "toolRound" : "message";
    const previous = groups[groups.length - 1];
    if (flags.plainMerged && kind === "message" && previous !== undefined && previous.kind === "message") {
      previous.endIndex = last + 1;
      previous.messages = messages.slice(previous.startIndex, last + 1);
    } else {
      groups.push({ kind, startIndex: start, endIndex: last + 1, messages: messages.slice(start, last + 1) });
    }
    start = last + 1;
  }
  return groups;
}

type BoundaryOptions = { targetUnits: number; summaryMaxUnits: number; retainRecentMessages: number };

export function studentBoundary15(context: Context, options: BoundaryOptions, flags: WalkFlags15, units: StudentUnits): number | null {
  const messages = context.messages;
  const n = messages.length;
  const latest = n - options.retainRecentMessages;
  if (latest <= 0) return null;
  const cuts = flags.cutsByMessage ? messages.map((_, i) => i + 1) : studentGroups15(messages, flags).map((g) => g.endIndex);
  const kept = new Array<number>(n + 1).fill(0);
  for (let i = n - 1; i >= 0; i--) kept[i] = kept[i + 1] + units.message(messages[i]);
  const fixed = units.requirements(context) + options.summaryMaxUnits;
  for (const end of cuts) {
    if (end > latest) return null;
    if (fixed + kept[end] <= options.targetUnits) return end;
    if (flags.stopsAtFirstMisfit) return null;
  }
  return null;
}

const freezeGroups = (groups: Group[]) => Object.freeze(groups.map((g) => Object.freeze({ ...g, messages: Object.freeze(g.messages) })));

/** The student's grouping and boundary walk (with their estimator), wherever they are used. */
export function walkMistake15(flags: WalkFlags15, unitFlags: UnitFlags15 = {}): MistakeDef {
  const units = studentUnits15(unitFlags);
  const regroups = flags.nearestAssistant || flags.plainMerged;
  return {
    parts: { boundaryOf: (info, options) => studentBoundary15(info.context as Context, options, flags, units) },
    layer: (base) => ({
      ...base,
      groupToolRounds: regroups
        ? (transcript) => {
            const groups = core.groupToolRounds(transcript as never) as readonly { messages: readonly Message[] }[];
            return freezeGroups(studentGroups15(groups.flatMap((g) => g.messages), flags));
          }
        : base.groupToolRounds,
      selectCompactionBoundary: (input, options) => studentBoundary15(contextInfo(input).context as Context, readBoundaryOptions(options), flags, units),
    }),
  };
}

// ---------------------------------------------------------------------------------------------
// Reading (§3): defects the student's reader accepts, and a valid value it refuses.

const isRecordLike = (value: unknown): value is Data => isOrdinary(value) && !Array.isArray(value);

/** A copy of a real, hole-free array of ordinary items, each mapped; null for anything else. */
function mapArray(array: unknown, item: (value: unknown) => unknown): unknown[] | null {
  if (!isOrdinary(array) || !Array.isArray(array) || Object.getPrototypeOf(array) !== Array.prototype) return null;
  const out: unknown[] = [];
  for (let i = 0; i < array.length; i++) {
    const descriptor = Object.getOwnPropertyDescriptor(array, i);
    if (descriptor === undefined || !("value" in descriptor)) return null;
    const mapped = item(descriptor.value);
    if (mapped === ABSENT) return null;
    out.push(mapped);
  }
  return out;
}

/**
 * The student's repairs of a plain input (a copy; null when it has no such defect or is not plain
 * data): a tool result's isError that is not a boolean is coerced with Boolean(…), and a
 * compaction record's unitsBefore / unitsAfter is copied unchecked (the reference is given 0 in
 * its place, and the value is put back in what is built).
 */
type Repair = { input: Data; restore: (built: Data) => Data };

export type ReadFlags15 = { readonly isErrorCoerced?: boolean; readonly recordUnitsUnchecked?: boolean };

function repairInput(input: unknown, flags: ReadFlags15, transcriptOnly: boolean): Repair | null {
  const copy = plainCopy(transcriptOnly ? { messages: input } : input);
  if (copy === ABSENT || !isRecordLike(copy)) return null;
  const data = copy as Data;
  const units: [number, "unitsBefore" | "unitsAfter", unknown][] = [];
  let changed = false;
  if (flags.isErrorCoerced && Array.isArray(data.messages)) {
    for (const m of data.messages as Data[]) {
      if (isRecordLike(m) && m.role === "toolResult" && typeof m.isError !== "boolean") {
        m.isError = Boolean(m.isError);
        changed = true;
      }
    }
  }
  if (flags.recordUnitsUnchecked && Array.isArray(data.compactions)) {
    (data.compactions as Data[]).forEach((record, i) => {
      if (!isRecordLike(record)) return;
      for (const key of ["unitsBefore", "unitsAfter"] as const) {
        const value = record[key];
        if (key in record && !(Number.isSafeInteger(value) && (value as number) >= 0)) {
          units.push([i, key, value]);
          record[key] = 0;
          changed = true;
        }
      }
    });
  }
  if (!changed) return null;
  return {
    input: transcriptOnly ? (data.messages as never) : data,
    restore: (built) => {
      for (const [i, key, value] of units) ((built.compactions as Data[])[i] as Data)[key] = value;
      return built;
    },
  };
}

/** The reference refuses; the student reads a repaired copy (and builds it with the defect put back). */
export function readMistake15(flags: ReadFlags15): MistakeDef {
  const attempt = <A extends unknown[], R>(call: (input: unknown, ...rest: A) => R, transcriptOnly = false) =>
    (input: unknown, ...rest: A): R => {
      try {
        return call(input, ...rest);
      } catch (error) {
        const repair = repairInput(input, flags, transcriptOnly);
        if (repair === null) throw error;
        try {
          return call(repair.input, ...rest);
        } catch {
          throw error;
        }
      }
    };
  return {
    layer: (base) => ({
      ...base,
      buildActiveContext: (input) => {
        try {
          return base.buildActiveContext(input);
        } catch (error) {
          const repair = repairInput(input, flags, false);
          if (repair === null) throw error;
          let built: unknown;
          try {
            built = base.buildActiveContext(repair.input);
          } catch {
            throw error;
          }
          // A context whose records keep the student's numbers is no longer one the reference built.
          if (!flags.recordUnitsUnchecked) return built;
          return deepFreeze(repair.restore(plainCopy(built) as Data));
        }
      },
      groupToolRounds: attempt(base.groupToolRounds, true),
      estimateContextUnits: attempt(base.estimateContextUnits),
      selectCompactionBoundary: attempt(base.selectCompactionBoundary),
      compactContext: async (input, options) => {
        try {
          return await base.compactContext(input, options);
        } catch (error) {
          const repair = repairInput(input, flags, false);
          if (repair === null) throw error;
          let result: { status: string; context: Data; record: unknown };
          try {
            result = (await base.compactContext(repair.input, options)) as typeof result;
          } catch {
            throw error;
          }
          if (!flags.recordUnitsUnchecked) return result;
          // The old records keep the student's numbers in the new context.
          const context = repair.restore(plainCopy(result.context) as Data);
          return deepFreeze({ status: result.status, context, record: result.record === null ? null : (context.compactions as unknown[])[(context.compactions as unknown[]).length - 1] });
        }
      },
    }),
  };
}

/** The student checks `input.summary !== undefined` and then reads it as a record: summary: null is refused. */
export const summaryNullRefused: MistakeDef = {
  layer: (base) => {
    const check = (input: unknown) => {
      if (isRecordLike(input) && builtInfo(input) === undefined && dataField(input, "summary") === null) {
        throw contractError("CONTEXT_INVALID_INPUT", "input.summary is not a summary");
      }
    };
    return {
      ...base,
      buildActiveContext: (input) => (check(input), base.buildActiveContext(input)),
      estimateContextUnits: (input) => (check(input), base.estimateContextUnits(input)),
      selectCompactionBoundary: (input, options) => (check(input), base.selectCompactionBoundary(input, options)),
      compactContext: async (input, options) => (check(input), base.compactContext(input, options)),
    };
  },
};

// ---------------------------------------------------------------------------------------------
// Options (§6).

/** The student reads retainRecentMessages as optional: missing or undefined means 0. */
export const retainOptionalDefaultZero: MistakeDef = {
  layer: (base) => {
    const withDefault = (options: unknown) => {
      if (!isRecordLike(options)) return options;
      const descriptor = Object.getOwnPropertyDescriptor(options, "retainRecentMessages");
      if (descriptor !== undefined && !("value" in descriptor && descriptor.value === undefined)) return options;
      return editOptions(options, (copy) => setData(copy, "retainRecentMessages", 0));
    };
    return {
      ...base,
      selectCompactionBoundary: (input, options) => base.selectCompactionBoundary(input, withDefault(options)),
      compactContext: (input, options) => base.compactContext(input, withDefault(options)),
    };
  },
};

// ---------------------------------------------------------------------------------------------
// The fast path (§7 step 2).

/** The unchanged result carries a fresh copy of the context (built again from a spread), not the very context passed in. */
export const fastpathContextCopy: MistakeDef = {
  layer: (base) => ({
    ...base,
    compactContext: async (input, options) => {
      const result = (await base.compactContext(input, options)) as { status: string; context: Data };
      if (result.status !== "unchanged") return result;
      return Object.freeze({ status: "unchanged", context: core.buildActiveContext({ ...result.context } as never), record: null });
    },
  }),
};

// ---------------------------------------------------------------------------------------------
// Cancellation.

const addListener = Function.prototype.call.bind(EventTarget.prototype.addEventListener) as (target: unknown, type: string, listener: () => void) => void;

/**
 * The student relays the caller's signal into an AbortController of their own, read at the start
 * and aborted by the caller's abort event; the reference watches the relay. An abort whose event
 * a caller's listener stopped never reaches it. The summarizer still gets the caller's signal.
 */
export const abortEventOnly: MistakeDef = {
  layer: (base) => ({
    ...base,
    compactContext: (input, options) => {
      const signal = dataField(options, "signal");
      if (!isOrdinary(signal) || types.isProxy(signal) || abortedOf(signal) === null || typeof dataField(options, "summarizer") !== "function") {
        return base.compactContext(input, options);
      }
      const relay = new AbortController();
      if (abortedOf(signal)) relay.abort(reasonOf(signal));
      else {
        try {
          addListener(signal, "abort", () => relay.abort(reasonOf(signal)));
        } catch {
          return base.compactContext(input, options);
        }
      }
      const relayed = editOptions(options, (copy) => setData(copy, "signal", relay.signal));
      return base.compactContext(input, wrapSummarizer(relayed, (summarizer) => (request) => summarizer(request, signal)));
    },
  }),
};

// ---------------------------------------------------------------------------------------------
// The record (§7 step 8), written by the student from the reference's result. A patched
// context maps to the base's own, so that passing it back works as for any built context.

type Compacted = { status: string; context: Data; record: Data | null };
type Patch = (record: Data, old: readonly unknown[]) => { record: Data; compactions: unknown[] };

function recordLayer15(patch: Patch): MistakeDef {
  return {
    layer: (base: Impl): Impl => {
      const toBase = new WeakMap<object, unknown>();
      const baseOf = (input: unknown) => (typeof input === "object" && input !== null ? (toBase.get(input) ?? input) : input);
      return {
        buildActiveContext: (input) => (typeof input === "object" && input !== null && toBase.has(input) ? input : base.buildActiveContext(input)),
        groupToolRounds: base.groupToolRounds,
        estimateContextUnits: (input) => base.estimateContextUnits(baseOf(input)),
        selectCompactionBoundary: (input, options) => base.selectCompactionBoundary(baseOf(input), options),
        compactContext: async (input, options) => {
          const reference = baseOf(input);
          const result = (await base.compactContext(reference, options)) as Compacted;
          if (result.status !== "compacted") return reference === input ? result : Object.freeze({ ...result, context: input });
          const { record, compactions } = patch({ ...result.record! }, (result.context.compactions as unknown[]).slice(0, -1));
          deepFreeze(record);
          const next = Object.freeze({ ...result.context, compactions: Object.freeze(compactions) });
          toBase.set(next, result.context);
          return Object.freeze({ status: "compacted", context: next, record });
        },
      };
    },
  };
}

/** compactedMessageIds leaves out the last compacted message (ids of messages 0 .. boundary - 2). */
export const compactedIdsOneShort = recordLayer15((record, old) => {
  const ids = record.compactedMessageIds as string[];
  const next = { ...record, compactedMessageIds: ids.slice(0, ids.length - 1) };
  return { record: next, compactions: [...old, next] };
});

/** The new record is put first in compactions ([record, ...old]), not appended. */
export const recordPrepended = recordLayer15((record, old) => ({ record, compactions: [record, ...old] }));

// ---------------------------------------------------------------------------------------------
// The summary (§7 step 6).

/** A value shaped like a message ({ role, content: string }) has its content taken as the summary text. */
export const messageContentTaken: MistakeDef = {
  parts: {
    textOf: (value) => {
      if (typeof value !== "object" || value === null || types.isProxy(value) || Object.getPrototypeOf(value) !== Object.prototype) return value;
      const role = dataField(value, "role");
      const content = dataField(value, "content");
      return typeof role === "string" && typeof content === "string" ? content : value;
    },
  },
};

/** The summary is "blank" only when it is made of spaces (text.replaceAll(" ", "") === ""): other whitespace passes. */
export const blankSpacesOnly: MistakeDef = { parts: { isBlank: (text) => text.replaceAll(" ", "") === "" } };
