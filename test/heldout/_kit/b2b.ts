// The student code of the second blind set's several-mistake implementations (test/heldout/b2m-*):
// each mistake is a flag of one of the student's own functions (estimator, boundary walk, reader
// rules and repairs, groupToolRounds, record writer) or a part of compactContext they rewrote (the
// fast-path test, the options reader, the blank test, the size check of the summary), or a layer
// around the reference (their timeout handling, their record-id bookkeeping). With no flag set
// each function answers as the reference. The async flags are in ./async-loop
// (`thenReadThrowAsPlain`, `lateDeliveryUnhandled`, `lastResolveWins`).
import { types } from "node:util";
import { MAX_CONTEXT_REQUIREMENTS } from "../../../src/core/limits";
import { readBoundaryOptions, readCompactOptions, type BoundaryOptions } from "../../../src/core/options";
import { contextInfo } from "../../../src/core/snapshot";
import { groupToolRounds as coreGroups } from "../../../src/core/index";
import { isGenuineSignal } from "../../../src/core/signal";
import { isNonEmpty } from "../../../src/core/read";
import { INVALID_INPUT, fail } from "../../../src/core/errors";
import { messageUnits, type ContextInfo } from "../../../src/core/registry";
import type { MistakeDef } from "./assemble";
import { makeAwaitValue, type AsyncFlags } from "./async-loop";
import { ABSENT, dataField, editOptions, isOrdinary, setData, wrapSummarizer } from "./data";
import { contractError, hasCode, type Impl } from "./impl";
import { checkBuilt, mapInput } from "./layers";
import type { Context, Message } from "./units";

type Data = Record<string, unknown>;
type Json = null | boolean | number | string | readonly Json[] | { readonly [key: string]: Json };

const isObj = (value: unknown): value is object => typeof value === "object" && value !== null;
const cp = (s: string): number => Array.from(s).length;

// ---------------------------------------------------------------------------------------------
// Units (§4): the student's own estimateContextUnits, over the context the reference built.

export type UnitFlagsB2 = {
  /** A tool-result message is counted 7 + u(id) + u(toolCallId) + u(toolName): its content is left out. */
  readonly resultContentNotCounted?: boolean;
  /** A text block whose text is empty is skipped (`if (!block.text) continue`): it costs 0. */
  readonly emptyTextFree?: boolean;
  /** An empty array or object inside the arguments is counted 1, like null ("nothing there"). */
  readonly emptyContainersAsNull?: boolean;
  /** J(boolean) = String(b).length: true 4, false 5 (the 1 of the value left out). */
  readonly booleanNoBase?: boolean;
  /** A user message is counted 4 + u(content), without u(id). */
  readonly userIdNotCounted?: boolean;
};

export function studentUnitsB2(flags: UnitFlagsB2): (context: Context) => number {
  const json = (value: Json): number => {
    if (value === null) return 1;
    if (typeof value === "boolean") return flags.booleanNoBase ? String(value).length : value ? 5 : 6;
    if (typeof value === "number") return 1 + String(value).length;
    if (typeof value === "string") return 1 + cp(value);
    if (Array.isArray(value)) {
      const items = value as readonly Json[];
      if (flags.emptyContainersAsNull && items.length === 0) return 1;
      return items.reduce<number>((sum, item) => sum + 1 + json(item), 2);
    }
    const record = value as { readonly [key: string]: Json };
    const keys = Object.keys(record);
    if (flags.emptyContainersAsNull && keys.length === 0) return 1;
    return keys.reduce((sum, key) => sum + 1 + cp(key) + json(record[key]), 2);
  };
  const args = (record: { readonly [key: string]: Json }): number => Object.keys(record).reduce((sum, key) => sum + 1 + cp(key) + json(record[key]), 2);
  const message = (m: Message): number => {
    switch (m.role) {
      case "user":
        return 4 + (flags.userIdNotCounted ? 0 : cp(m.id)) + cp(m.content);
      case "toolResult":
        return 7 + cp(m.id) + cp(m.toolCallId) + cp(m.toolName) + (flags.resultContentNotCounted ? 0 : cp(m.content));
      case "assistant": {
        let sum = 4 + cp(m.id);
        for (const block of m.content) {
          if (block.type === "text") {
            if (flags.emptyTextFree && !block.text) continue;
            sum += 2 + cp(block.text);
          } else {
            sum += 6 + cp(block.id) + cp(block.name) + args(block.arguments);
          }
        }
        return sum;
      }
    }
  };
  return (context) =>
    context.requirements.reduce((sum, r) => sum + 3 + cp(r.id) + cp(r.content), 0) +
    (context.summary === null ? 0 : 5 + cp(context.summary.id) + cp(context.summary.content)) +
    context.messages.reduce((sum, m) => sum + message(m), 0);
}

export function unitsMistakeB2(flags: UnitFlagsB2): MistakeDef {
  if (!Object.values(flags).some(Boolean)) return {};
  const units = studentUnitsB2(flags);
  return { layer: (base) => ({ ...base, estimateContextUnits: (input) => units(base.buildActiveContext(input) as Context) }) };
}

// ---------------------------------------------------------------------------------------------
// Reading (§2, §3): the student's reader.

/** A tool call whose arguments object has no keys is refused ("the call has no arguments"). */
export const emptyArgumentsRefused: MistakeDef = {
  layer: (base) =>
    checkBuilt(base, (messages) => {
      for (const m of messages as readonly Data[]) {
        if (m.role !== "assistant") continue;
        for (const block of m.content as Data[]) {
          if (block.type === "toolCall" && Object.keys(block.arguments as object).length === 0) {
            throw contractError("CONTEXT_INVALID_TRANSCRIPT", "a tool call without arguments");
          }
        }
      }
    }),
};

/** The requirements' ceiling is checked with >= 128: exactly 128 requirements are refused. */
export const requirementsCeilingInclusive: MistakeDef = {
  layer: (base) =>
    checkBuilt(base, (_messages, context) => {
      if (context !== null && (context as { requirements: readonly unknown[] }).requirements.length >= MAX_CONTEXT_REQUIREMENTS) {
        throw contractError("CONTEXT_LIMIT_EXCEEDED", `${MAX_CONTEXT_REQUIREMENTS} requirements or more`);
      }
    }),
};

/** Own data descriptors of an ordinary array, every slot a data item; null otherwise. */
function slots(value: unknown): unknown[] | null {
  if (!isOrdinary(value) || !Array.isArray(value)) return null;
  const out: unknown[] = [];
  for (let i = 0; i < value.length; i++) {
    const d = Object.getOwnPropertyDescriptor(value, i);
    if (d === undefined || !("value" in d)) return null;
    out.push(d.value);
  }
  return out;
}

/** A copy of an ordinary object with the same prototype and own properties (accessors stay accessors, nothing is called), all configurable, with `key` set to `value`. */
function copyWith(record: object, key: string, value: unknown): object {
  const descriptors = Object.getOwnPropertyDescriptors(record) as Record<PropertyKey, PropertyDescriptor>;
  for (const k of Reflect.ownKeys(descriptors)) {
    const d = descriptors[k as string];
    d.configurable = true;
    if ("value" in d) d.writable = true;
  }
  const copy = Object.create(Object.getPrototypeOf(record), descriptors) as Record<PropertyKey, unknown>;
  setData(copy, key, value);
  return copy;
}

/** A tool result without an own isError, given isError: false (a copy); the message itself otherwise. */
function repairResult(message: unknown): unknown {
  if (!isOrdinary(message) || Array.isArray(message)) return message;
  if (dataField(message, "role") !== "toolResult" || Object.prototype.hasOwnProperty.call(message, "isError")) return message;
  return copyWith(message, "isError", false);
}

/** A transcript (array) whose results lacking isError are repaired; the same array when none is. */
function repairTranscript(transcript: unknown): unknown {
  const items = slots(transcript);
  if (items === null) return transcript;
  const repaired = items.map(repairResult);
  return repaired.some((m, i) => m !== items[i]) ? repaired : transcript;
}

/** A tool result without isError is read as isError: false (the helper's default taken for the IR). */
export const isErrorMissingAsFalse: MistakeDef = {
  layer: (base) => {
    const repaired = mapInput(base, (input) => {
      if (Array.isArray(input)) return repairTranscript(input);
      const messages = dataField(input, "messages");
      if (messages === ABSENT) return input;
      const fixed = repairTranscript(messages);
      return fixed === messages || Array.isArray(input) ? input : copyWith(input as object, "messages", fixed);
    });
    // A context this module built is passed on as it is (mapInput's compactContext is async already).
    return repaired;
  },
};

// ---------------------------------------------------------------------------------------------
// Grouping (§5): the student's own groupToolRounds.

export type GroupFlagsB2 = {
  /** A tool result with isError: true ends its assistant's round there (the failed call "ends the round"). */
  readonly errorEndsRound?: boolean;
  /** An empty transcript gives one empty message group (the student's do…while loop). */
  readonly emptyOneGroup?: boolean;
};

type Group = { kind: string; startIndex: number; endIndex: number; messages: readonly unknown[] };

export function groupsMistakeB2(flags: GroupFlagsB2): MistakeDef {
  if (!flags.errorEndsRound && !flags.emptyOneGroup) return {};
  return {
    layer: (base) => ({
      ...base,
      groupToolRounds: (transcript) => {
        const groups = base.groupToolRounds(transcript) as readonly Group[];
        const messages = groups.flatMap((g) => g.messages) as readonly Data[];
        if (messages.length === 0) {
          return flags.emptyOneGroup ? Object.freeze([Object.freeze({ kind: "message", startIndex: 0, endIndex: 0, messages: Object.freeze([]) })]) : groups;
        }
        if (!flags.errorEndsRound) return groups;
        // The student's intervals: from each assistant with calls through the last result of its
        // calls, or through the first of those results that is an error.
        const resultAt = new Map<unknown, number>();
        messages.forEach((m, i) => {
          if (m.role === "toolResult") resultAt.set(m.toolCallId, i);
        });
        const end: number[] = messages.map((_, i) => i + 1);
        messages.forEach((m, i) => {
          if (m.role !== "assistant") return;
          const calls = (m.content as Data[]).filter((b) => b.type === "toolCall");
          if (calls.length === 0) return;
          const at = calls.map((c) => resultAt.get(c.id) as number).sort((a, b) => a - b);
          const firstError = at.find((j) => messages[j].isError === true);
          end[i] = (firstError ?? at[at.length - 1]) + 1;
        });
        const out: Group[] = [];
        for (let start = 0; start < messages.length; ) {
          let stop = end[start];
          const round = stop > start + 1 || messages[start].role === "assistant" && (messages[start].content as Data[]).some((b) => b.type === "toolCall");
          for (let j = start; j < stop; j++) stop = Math.max(stop, end[j]);
          out.push(Object.freeze({ kind: round ? "toolRound" : "message", startIndex: start, endIndex: stop, messages: Object.freeze(messages.slice(start, stop)) }));
          start = stop;
        }
        return Object.freeze(out);
      },
    }),
  };
}

// ---------------------------------------------------------------------------------------------
// The awaiting (§7 step 5).

export function awaitMistakeB2(flags: AsyncFlags): MistakeDef {
  if (!Object.values(flags).some(Boolean)) return {};
  return { parts: { awaitValue: makeAwaitValue(flags) } };
}

// ---------------------------------------------------------------------------------------------
// The record and the new context (§7 step 8), written by the student from the reference's result.

export type RecordFlagsB2 = {
  /** The new summary { id, content } is not frozen. */
  readonly summaryUnfrozen?: boolean;
  /** The new context's compactions array is not frozen (built with a push, never frozen). */
  readonly compactionsUnfrozen?: boolean;
  /** The record also carries the summary's text (summaryText), for the record's readers. */
  readonly summaryTextInRecord?: boolean;
};

type Compacted = { status: string; context: Data; record: Data | null };

export function recordMistakeB2(flags: RecordFlagsB2): MistakeDef {
  if (!flags.summaryUnfrozen && !flags.compactionsUnfrozen && !flags.summaryTextInRecord) return {};
  return {
    layer: (base: Impl): Impl => {
      // The student's contexts, each with the reference's context it was made from.
      const toBase = new WeakMap<object, unknown>();
      const baseOf = (input: unknown) => (isObj(input) ? (toBase.get(input) ?? input) : input);
      return {
        buildActiveContext: (input) => (isObj(input) && toBase.has(input) ? input : base.buildActiveContext(input)),
        groupToolRounds: base.groupToolRounds,
        estimateContextUnits: (input) => base.estimateContextUnits(baseOf(input)),
        selectCompactionBoundary: (input, options) => base.selectCompactionBoundary(baseOf(input), options),
        compactContext: async (input, options) => {
          const reference = baseOf(input);
          const result = (await base.compactContext(reference, options)) as Compacted;
          if (result.status !== "compacted") return reference === input ? result : Object.freeze({ ...result, context: input });
          const summary = result.context.summary as Data;
          const record = flags.summaryTextInRecord ? Object.freeze({ ...result.record!, summaryText: summary.content }) : result.record!;
          const compactions = [...(result.context.compactions as unknown[]).slice(0, -1), record];
          const next = Object.freeze({
            ...result.context,
            summary: flags.summaryUnfrozen ? { ...summary } : summary,
            compactions: flags.compactionsUnfrozen ? compactions : Object.freeze(compactions),
          });
          toBase.set(next, result.context);
          return Object.freeze({ status: "compacted", context: next, record });
        },
      };
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The boundary walk (§6): the student's own.

export type WalkFlagsB2 = {
  /** retainRecentMessages 0 is taken as 1 (`Math.max(retain, 1)`: "keep at least the last message"). */
  readonly retainAtLeastOne?: boolean;
  /** latest = messages.length - retainRecentMessages + 1: one message fewer kept than asked. */
  readonly latestOnePast?: boolean;
  /** selectCompactionBoundary answers the index of the last compacted message (endIndex - 1); compactContext cuts at endIndex. */
  readonly lastCompactedIndex?: boolean;
};

export function studentWalkB2(flags: WalkFlagsB2): (info: ContextInfo, options: BoundaryOptions) => number | null {
  return (info, options) => {
    const count = info.messages.length;
    const retain = flags.retainAtLeastOne ? Math.max(options.retainRecentMessages, 1) : options.retainRecentMessages;
    const latest = count - retain + (flags.latestOnePast ? 1 : 0);
    if (latest <= 0) return null;
    const fixed = info.requirementUnits + options.summaryMaxUnits;
    const groups = coreGroups(info.messages as never) as readonly { endIndex: number }[];
    for (const group of groups) {
      const end = group.endIndex;
      if (end > latest) return null;
      if (fixed + messageUnits(info, end, count) <= options.targetUnits) return end;
    }
    return null;
  };
}

export function walkMistakeB2(flags: WalkFlagsB2): MistakeDef {
  if (!flags.retainAtLeastOne && !flags.latestOnePast && !flags.lastCompactedIndex) return {};
  const walk = studentWalkB2(flags);
  return {
    ...(flags.retainAtLeastOne || flags.latestOnePast ? { parts: { boundaryOf: walk } } : {}),
    layer: (base) => ({
      ...base,
      selectCompactionBoundary: (input, options) => {
        const info = contextInfo(input);
        const answer = walk(info, readBoundaryOptions(options));
        return flags.lastCompactedIndex && answer !== null ? answer - 1 : answer;
      },
    }),
  };
}

// ---------------------------------------------------------------------------------------------
// The fast path (§7 step 2) and the options (§7).

/** The fast path adds summaryMaxUnits to the context's units ("room for the summary"). */
export const fastPathCountsReserve: MistakeDef = {
  parts: { small: (units, maxUnits, _info, options) => units + options.summaryMaxUnits <= maxUnits },
};

/** A missing maxUnits is taken to be targetUnits (a default). */
export const maxUnitsDefaultsToTarget: MistakeDef = {
  parts: {
    readOptions: (raw) => {
      if (!isOrdinary(raw) || Array.isArray(raw) || Object.prototype.hasOwnProperty.call(raw, "maxUnits")) return readCompactOptions(raw);
      const target = dataField(raw, "targetUnits");
      return readCompactOptions(target === ABSENT ? raw : editOptions(raw, (copy) => setData(copy, "maxUnits", target)));
    },
  },
};

/** options.summaryId equal to the current summary's id is refused with CONTEXT_INVALID_INPUT (checked with the options, before the fast path). */
export const summaryIdReuseRefused: MistakeDef = {
  parts: {
    small: (units, maxUnits, info, options) => {
      const summary = info.context.summary;
      if (summary !== null && summary.id === options.summaryId) fail(INVALID_INPUT, "options.summaryId is the current summary's id");
      return units <= maxUnits;
    },
  },
};

// ---------------------------------------------------------------------------------------------
// Summary (§7 step 6).

/** The blank test is /^[ \t\r\n]*$/: a text of no-break spaces (or other Unicode whitespace) is not blank. */
export const asciiBlankOnly: MistakeDef = {
  parts: { isBlank: (text) => /^[ \t\r\n]*$/.test(text) },
};

/** The summary's size for summaryMaxUnits is measured with text.length (UTF-16 code units). */
export function summarySizeUtf16(): MistakeDef {
  let last: unknown;
  return {
    parts: {
      textOf: (value) => ((last = value), value),
      summaryUnitsForCheck: (idUnits, textUnits) => 5 + idUnits + (typeof last === "string" ? last.length : textUnits),
    },
  };
}

/** A summary longer than 65,536 code points is refused with CONTEXT_SUMMARY_INSUFFICIENT (the student's "too big" code). */
export const longSummaryInsufficient: MistakeDef = {
  parts: {
    summaryTooLong: () => false,
    isBlank: (text) => cp(text) > 65536 || !isNonEmpty(text),
  },
};

// ---------------------------------------------------------------------------------------------
// Cancellation (§7 step 5): the student's timeout handling.

const reasonGetter = Object.getOwnPropertyDescriptor(AbortSignal.prototype, "reason")!.get!;

/** An abort whose reason is a TimeoutError, once the summarizer was called, is reported as CONTEXT_SUMMARIZER_FAILED ("the summarizer timed out"). */
export const timeoutAsSummarizerFailure: MistakeDef = {
  layer: (base) => ({
    ...base,
    compactContext: async (input, options) => {
      let called = false;
      const watched = wrapSummarizer(options, (summarizer) => (...args) => {
        called = true;
        return summarizer(...args);
      });
      try {
        return await base.compactContext(input, watched);
      } catch (error) {
        const signal = dataField(options, "signal");
        if (called && hasCode(error, "CONTEXT_CANCELLED") && !types.isProxy(signal) && isGenuineSignal(signal)) {
          let reason: unknown;
          try {
            reason = reasonGetter.call(signal);
          } catch {
            reason = undefined;
          }
          if (reason instanceof DOMException && reason.name === "TimeoutError") throw contractError("CONTEXT_SUMMARIZER_FAILED", "the summarizer timed out");
        }
        throw error;
      }
    },
  }),
};

// ---------------------------------------------------------------------------------------------
// Atomicity (§7): the student's record-id bookkeeping.

/** A recordId is reserved (per context object) when the summarizer is called, and a failed compaction leaves it reserved. */
export const failedCompactionReservesRecordId: MistakeDef = {
  layer: (base) => {
    const reserved = new WeakMap<object, Set<unknown>>();
    return {
      ...base,
      compactContext: async (input, options) => {
        const recordId = dataField(options, "recordId");
        const mine = isObj(input) ? reserved.get(input) : undefined;
        if (mine !== undefined && mine.has(recordId)) throw contractError("CONTEXT_INVALID_INPUT", `record id ${String(recordId)} is already used`);
        let called = false;
        const watched = wrapSummarizer(options, (summarizer) => (...args) => {
          called = true;
          return summarizer(...args);
        });
        try {
          return await base.compactContext(input, watched);
        } catch (error) {
          if (called && isObj(input) && typeof recordId === "string") {
            const set = reserved.get(input) ?? new Set<unknown>();
            set.add(recordId);
            reserved.set(input, set);
          }
          throw error;
        }
      },
    };
  },
};
