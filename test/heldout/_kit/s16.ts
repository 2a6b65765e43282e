// The student code of the session-16 implementations (test/heldout/s16-*): each mistake is a
// flag of one of the student's own functions (estimator, grouping, boundary walk, summary
// check, fast-path test, awaiting) or a layer around the reference (the reader, the record, the
// unchanged result, the signal's check, the summarizer's promise). With no flag set each
// function answers as the reference.
import { types } from "node:util";
import * as core from "../../../src/core/index";
import { readBoundaryOptions, type CompactOptions } from "../../../src/core/options";
import { contextInfo } from "../../../src/core/snapshot";
import { boundaryOf } from "../../../src/core/boundary";
import { awaitValue } from "../../../src/core/observe-async";
import type { ContextInfo } from "../../../src/core/registry";
import type { MistakeDef } from "./assemble";
import { dataField, deepFreeze, editOptions, isOrdinary, setData, wrapSummarizer } from "./data";
import { contractError, type Impl } from "./impl";
import { checkBuilt } from "./layers";
import { abortedOf } from "./signal";
import { studentUnits15 } from "./s15";
import type { Context, Message } from "./units";

type Data = Record<string, unknown>;
type Json = null | boolean | number | string | readonly Json[] | { readonly [key: string]: Json };

// ---------------------------------------------------------------------------------------------
// Units (§4): the student's own estimateContextUnits, over the context the reference built.

export type UnitFlags16 = {
  /** A requirement is counted 3 + u(content), without u(id). */
  readonly requirementIdMissing?: boolean;
  /** J(string) counts both quotes: 2 + u(s). */
  readonly stringBothQuotes?: boolean;
  /** An assistant message is counted 4 + Σ blocks, without u(id). */
  readonly assistantIdMissing?: boolean;
  /** J(object) is Σ over keys (1 + u(key) + J(value)), without its base 2. */
  readonly objectBaseMissing?: boolean;
  /** A tool result's content is counted as a JSON string, 1 + u(content). */
  readonly resultContentJson?: boolean;
};

export function studentUnits16(flags: UnitFlags16): (context: Context) => number {
  const u = (s: string): number => Array.from(s).length;
  const json = (value: Json): number => {
    if (value === null) return 1;
    if (typeof value === "boolean") return value ? 5 : 6;
    if (typeof value === "number") return 1 + String(value).length;
    if (typeof value === "string") return (flags.stringBothQuotes ? 2 : 1) + u(value);
    if (Array.isArray(value)) return (value as readonly Json[]).reduce<number>((sum, item) => sum + 1 + json(item), 2);
    const record = value as { readonly [key: string]: Json };
    return Object.keys(record).reduce((sum, key) => sum + 1 + u(key) + json(record[key]), flags.objectBaseMissing ? 0 : 2);
  };
  const message = (m: Message): number => {
    switch (m.role) {
      case "user":
        return 4 + u(m.id) + u(m.content);
      case "toolResult":
        return 7 + u(m.id) + u(m.toolCallId) + u(m.toolName) + (flags.resultContentJson ? 1 : 0) + u(m.content);
      case "assistant":
        return m.content.reduce(
          (sum, block) => sum + (block.type === "text" ? 2 + u(block.text) : 6 + u(block.id) + u(block.name) + json(block.arguments)),
          4 + (flags.assistantIdMissing ? 0 : u(m.id)),
        );
    }
  };
  return (context) =>
    context.requirements.reduce((sum, r) => sum + 3 + (flags.requirementIdMissing ? 0 : u(r.id)) + u(r.content), 0) +
    (context.summary === null ? 0 : 5 + u(context.summary.id) + u(context.summary.content)) +
    context.messages.reduce((sum, m) => sum + message(m), 0);
}

export function unitsMistake16(flags: UnitFlags16): MistakeDef {
  const units = studentUnits16(flags);
  return { layer: (base) => ({ ...base, estimateContextUnits: (input) => units(base.buildActiveContext(input) as Context) }) };
}

// ---------------------------------------------------------------------------------------------
// Grouping (§5): the student's own groupToolRounds, also used by their boundary walk.

export type GroupFlags16 = {
  /** A user message right before an assistant with tool calls is put in that assistant's tool round. */
  readonly precedingUser?: boolean;
  /** The groups (and the list) are returned unfrozen. */
  readonly unfrozen?: boolean;
};

type Group = { kind: "message" | "toolRound"; startIndex: number; endIndex: number; messages: readonly unknown[] };

const callIdsOf = (m: Message): string[] => (m.role === "assistant" ? m.content.flatMap((b) => (b.type === "toolCall" ? [b.id] : [])) : []);

export function studentGroups16(messages: readonly Message[], flags: GroupFlags16): Group[] {
  const reach = messages.map((_, i) => i);
  const callAt = new Map<string, number>();
  messages.forEach((m, i) => {
    callIdsOf(m).forEach((id) => callAt.set(id, i));
    if (m.role === "toolResult") {
      const owner = callAt.get(m.toolCallId) ?? -1;
      if (owner >= 0) reach[owner] = Math.max(reach[owner], i);
    }
  });
  const groups: Group[] = [];
  for (let start = 0; start < messages.length; ) {
    let last = reach[start];
    for (let j = start + 1; j <= last; j++) last = Math.max(last, reach[j]);
    const round = callIdsOf(messages[start]).length > 0;
    const previous = groups[groups.length - 1];
    if (flags.precedingUser && round && previous !== undefined && previous.kind === "message" && (messages[previous.startIndex] as Message).role === "user") {
      groups[groups.length - 1] = { kind: "toolRound", startIndex: previous.startIndex, endIndex: last + 1, messages: messages.slice(previous.startIndex, last + 1) };
    } else {
      groups.push({ kind: round ? "toolRound" : "message", startIndex: start, endIndex: last + 1, messages: messages.slice(start, last + 1) });
    }
    start = last + 1;
  }
  return groups;
}

// ---------------------------------------------------------------------------------------------
// Boundary (§6): the student's walk over their groups, with the reference's units.

export type WalkFlags16 = GroupFlags16 & {
  /** The cut at 0 (nothing compacted) is tried first: a context that fits already answers 0. */
  readonly emptyCutTried?: boolean;
  /** (compactContext) The cut is fitted against maxUnits, not targetUnits. */
  readonly fitAgainstMaxUnits?: boolean;
};

const referenceUnits = studentUnits15({});

type WalkOptions = { targetUnits: number; summaryMaxUnits: number; retainRecentMessages: number; maxUnits?: number };

export function studentBoundary16(context: Context, options: WalkOptions, flags: WalkFlags16): number | null {
  const messages = context.messages;
  const n = messages.length;
  const latest = n - options.retainRecentMessages;
  if (latest <= 0) return null;
  const kept = new Array<number>(n + 1).fill(0);
  for (let i = n - 1; i >= 0; i--) kept[i] = kept[i + 1] + referenceUnits.message(messages[i]);
  const fixed = referenceUnits.requirements(context) + options.summaryMaxUnits;
  const limit = flags.fitAgainstMaxUnits && options.maxUnits !== undefined ? options.maxUnits : options.targetUnits;
  if (flags.emptyCutTried && fixed + kept[0] <= limit) return 0;
  for (const group of studentGroups16(messages, flags)) {
    if (group.endIndex > latest) return null;
    if (fixed + kept[group.endIndex] <= limit) return group.endIndex;
  }
  return null;
}

/** The student's grouping and boundary walk, wherever they are used. */
export function walkMistake16(flags: WalkFlags16): MistakeDef {
  const freeze = flags.unfrozen
    ? (groups: Group[]) => groups.map((g) => ({ ...g, messages: [...g.messages] }))
    : (groups: Group[]) => Object.freeze(groups.map((g) => Object.freeze({ ...g, messages: Object.freeze(g.messages) })));
  return {
    parts: { boundaryOf: (info: ContextInfo, options: CompactOptions) => studentBoundary16(info.context as Context, options, flags) },
    layer: (base) => ({
      ...base,
      groupToolRounds: (transcript) => {
        const groups = core.groupToolRounds(transcript as never) as readonly { messages: readonly Message[] }[];
        return freeze(studentGroups16(groups.flatMap((g) => g.messages), flags));
      },
      selectCompactionBoundary: (input, options) => studentBoundary16(contextInfo(input).context as Context, readBoundaryOptions(options), flags),
    }),
  };
}

// ---------------------------------------------------------------------------------------------
// Reading (§2, §3): valid transcripts the student's reader refuses.

/** Two messages with the same id are refused (message ids need not be unique). */
export const duplicateMessageIdRefused: MistakeDef = {
  layer: (base) =>
    checkBuilt(base, (messages) => {
      const seen = new Set<string>();
      for (const m of messages as Message[]) {
        if (seen.has(m.id)) throw contractError("CONTEXT_INVALID_TRANSCRIPT", `message id ${m.id} is used twice`);
        seen.add(m.id);
      }
    }),
};

/** An assistant message without content blocks is refused. */
export const emptyAssistantContentRefused: MistakeDef = {
  layer: (base) =>
    checkBuilt(base, (messages) => {
      for (const m of messages as Message[]) {
        if (m.role === "assistant" && m.content.length === 0) throw contractError("CONTEXT_INVALID_TRANSCRIPT", `assistant message ${m.id} has no content`);
      }
    }),
};

// ---------------------------------------------------------------------------------------------
// The summary (§7 step 6).

/** The blank test is text.length === 0: a summary of whitespace passes. */
export const blankCheckEmptyOnly: MistakeDef = { parts: { isBlank: (text) => text.length === 0 } };
/** No limit on the summary's length. */
export const summaryLengthUnlimited: MistakeDef = { parts: { summaryLengthChecked: false } };
/** The summary is compared with summaryMaxUnits as u(summaryId) + u(text), without its base 5. */
export const summaryBaseNotCounted: MistakeDef = { parts: { summaryUnitsForCheck: (idUnits, textUnits) => idUnits + textUnits } };
/** A summary value that is not a string is refused with CONTEXT_SUMMARY_INSUFFICIENT. */
export const nonStringSummaryCode: MistakeDef = { parts: { notStringCode: "CONTEXT_SUMMARY_INSUFFICIENT" } };

// ---------------------------------------------------------------------------------------------
// The fast path (§7 step 2).

/** The fast path compares the messages' units alone with maxUnits (requirements and summary left out). */
export const fastpathCountsMessagesOnly: MistakeDef = {
  parts: { small: (units, maxUnits, info) => units - info.requirementUnits - info.summaryUnits <= maxUnits },
};

/** The boundary is looked for before the fast path: a small context without a boundary is refused. */
export const fastpathAfterBoundaryCheck: MistakeDef = {
  parts: {
    small: (units, maxUnits, info, options) => {
      if (boundaryOf(info, options) === null) throw contractError("CONTEXT_BOUNDARY_UNAVAILABLE", "no whole-group cut fits the target");
      return units <= maxUnits;
    },
  },
};

/** The unchanged result is not frozen. */
export const unchangedResultUnfrozen: MistakeDef = {
  layer: (base) => ({
    ...base,
    compactContext: async (input, options) => {
      const result = (await base.compactContext(input, options)) as { status: string; context: unknown };
      return result.status === "unchanged" ? { status: "unchanged", context: result.context, record: null } : result;
    },
  }),
};

// ---------------------------------------------------------------------------------------------
// Cancellation: the signal is checked only once compaction is needed.

const intrinsicThen = Promise.prototype.then;

const isSignalLike = (signal: unknown) => signal === undefined || signal === null || (isOrdinary(signal) && !types.isProxy(signal) && abortedOf(signal) !== null);

/**
 * The student checks options.signal only after the fast path: a bad signal with a small context
 * resolves unchanged. (The reference is first asked without the signal and with a summarizer of
 * the student's that is never reached on the unchanged path; anything else is the reference's
 * answer to the options as given.)
 */
export const signalCheckedAfterFastpath: MistakeDef = {
  layer: (base) => ({
    ...base,
    compactContext: async (input, options) => {
      const signal = dataField(options, "signal");
      if (!isOrdinary(options) || types.isProxy(signal) || isSignalLike(signal) || typeof dataField(options, "summarizer") !== "function") {
        return base.compactContext(input, options);
      }
      let probe: unknown;
      try {
        probe = editOptions(options, (copy) => {
          setData(copy, "signal", undefined);
          setData(copy, "summarizer", () => {
            throw new Error("not small");
          });
        });
      } catch {
        return base.compactContext(input, options);
      }
      try {
        const result = (await base.compactContext(input, probe)) as { status: string };
        if (result.status === "unchanged") return result;
      } catch {
        // not the unchanged path: the reference's own answer
      }
      return base.compactContext(input, options);
    },
  }),
};

// ---------------------------------------------------------------------------------------------
// Async observation.

/** The student also logs the summarizer's promise with a then that has no rejection handler. */
export const summarizerRejectionUnhandled: MistakeDef = {
  layer: (base) => ({
    ...base,
    compactContext: (input, options) =>
      base.compactContext(
        input,
        wrapSummarizer(options, (summarizer) => (...args) => {
          const value = summarizer(...args);
          if (types.isPromise(value) && !types.isProxy(value) && Object.getPrototypeOf(value) === Promise.prototype && Reflect.ownKeys(value as object).length === 0) {
            try {
              Reflect.apply(intrinsicThen, value, [(text: unknown) => void text]);
            } catch {
              // a promise that cannot be logged
            }
          }
          return value;
        }),
      ),
  }),
};

/** A native promise that cannot be observed (locked) is failed as CONTEXT_SUMMARIZER_FAILED. */
export const lockedPromiseFailed: MistakeDef = {
  parts: {
    awaitValue: (value, watch, settle) =>
      awaitValue(value, watch, (error, text) =>
        settle(
          error !== null && error.code === "CONTEXT_ASYNC_VALUE_UNOBSERVABLE" && /constructor or species/.test(error.message)
            ? new core.ContextCompactionError("CONTEXT_SUMMARIZER_FAILED", "the summary promise could not be awaited")
            : error,
          text,
        ),
      ),
  },
};

// ---------------------------------------------------------------------------------------------
// The record and the new context (§7 step 8), written by the student from the reference's
// result. A patched context maps to the base's own, so that passing it back works as for any
// built context.

export type RecordFlags16 = {
  /** compactedMessageIds are the ids of the kept messages. */
  readonly idsOfKept?: boolean;
  /** The record's id is the summaryId. */
  readonly idFromSummaryId?: boolean;
  /** result.record is a copy of the record, not the last element of compactions. */
  readonly copyInResult?: boolean;
  /** The record's boundary is the index of the last compacted message (boundary − 1). */
  readonly boundaryMinusOne?: boolean;
  /** The new context's requirements are dropped (the summary is taken to cover them). */
  readonly requirementsDropped?: boolean;
};

type Compacted = { status: string; context: Data; record: Data | null };

export function recordMistake16(flags: RecordFlags16): MistakeDef {
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
          const record: Data = { ...result.record! };
          if (flags.idsOfKept) record.compactedMessageIds = (result.context.messages as { id: string }[]).map((m) => m.id);
          if (flags.idFromSummaryId) record.id = record.summaryId;
          if (flags.boundaryMinusOne) record.boundary = (record.boundary as number) - 1;
          deepFreeze(record);
          const compactions = Object.freeze([...(result.context.compactions as unknown[]).slice(0, -1), record]);
          const next = Object.freeze({ ...result.context, ...(flags.requirementsDropped ? { requirements: Object.freeze([]) } : {}), compactions });
          toBase.set(next, result.context);
          return Object.freeze({ status: "compacted", context: next, record: flags.copyInResult ? Object.freeze({ ...record }) : record });
        },
      };
    },
  };
}
