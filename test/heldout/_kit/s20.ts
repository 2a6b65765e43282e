// The student code of the session-20 implementations (test/heldout/s20-*): each mistake is a
// flag of one of the student's own functions (estimator, reader rules, boundary walk, record
// writer) or a part of compactContext they rewrote (the fast-path test, the options reader, the
// summary text), or a layer around the reference (their groupToolRounds, their fast path's
// result, their request, their post-check of the summary, their early cancellation). With no flag
// set each function answers as the reference. The async flags of the session are in
// ./async-loop (`inheritedThenIgnored`, `thenReturnedRejectionFails`, `undefinedDeliveryPending`,
// `rejectionSummaryInvalid`).
import { MAX_CONTEXT_TOTAL_UNITS } from "../../../src/core/limits";
import { readBoundaryOptions, readCompactOptions, type BoundaryOptions } from "../../../src/core/options";
import { contextInfo } from "../../../src/core/snapshot";
import { groupToolRounds as coreGroups } from "../../../src/core/index";
import { isGenuineSignal, readAborted } from "../../../src/core/signal";
import { messageUnits, type ContextInfo } from "../../../src/core/registry";
import type { MistakeDef } from "./assemble";
import { makeAwaitValue, type AsyncFlags } from "./async-loop";
import { ABSENT, dataField, editOptions, setData, wrapSummarizer } from "./data";
import { contractError, hasCode, type Impl } from "./impl";
import { checkBuilt } from "./layers";
import type { Context, Message } from "./units";

type Data = Record<string, unknown>;
type Json = null | boolean | number | string | readonly Json[] | { readonly [key: string]: Json };

const isObj = (value: unknown): value is object => typeof value === "object" && value !== null;
const cp = (s: string): number => Array.from(s).length;

// ---------------------------------------------------------------------------------------------
// Units (§4): the student's own estimateContextUnits, over the context the reference built.

export type UnitFlags20 = {
  /** An assistant message's base 4 + u(id) is counted once per block (each block taken as a message of its own). */
  readonly basePerBlock?: boolean;
  /** A JSON object nested inside the arguments is counted 2 + Σ (u(key) + J(value)), without the 1 of each key (the arguments object itself is counted right, by the tool-call code). */
  readonly nestedKeySeparatorMissing?: boolean;
  /** J(number) = 1 + String(Math.trunc(n)).length: the fraction is not counted (numbers taken as integers). */
  readonly fractionDropped?: boolean;
  /** A requirement is counted 3 + u(id), without u(content). */
  readonly requirementContentMissing?: boolean;
};

export function studentUnits20(flags: UnitFlags20): (context: Context) => number {
  const json = (value: Json, nested = true): number => {
    if (value === null) return 1;
    if (typeof value === "boolean") return value ? 5 : 6;
    if (typeof value === "number") return 1 + String(flags.fractionDropped ? Math.trunc(value) : value).length;
    if (typeof value === "string") return 1 + cp(value);
    if (Array.isArray(value)) return (value as readonly Json[]).reduce<number>((sum, item) => sum + 1 + json(item), 2);
    const record = value as { readonly [key: string]: Json };
    return Object.keys(record).reduce((sum, key) => sum + (flags.nestedKeySeparatorMissing && nested ? 0 : 1) + cp(key) + json(record[key]), 2);
  };
  const message = (m: Message): number => {
    switch (m.role) {
      case "user":
        return 4 + cp(m.id) + cp(m.content);
      case "toolResult":
        return 7 + cp(m.id) + cp(m.toolCallId) + cp(m.toolName) + cp(m.content);
      case "assistant":
        return m.content.reduce(
          (sum, block, i) =>
            sum + (flags.basePerBlock && i > 0 ? 4 + cp(m.id) : 0) + (block.type === "text" ? 2 + cp(block.text) : 6 + cp(block.id) + cp(block.name) + json(block.arguments, false)),
          4 + cp(m.id),
        );
    }
  };
  return (context) =>
    context.requirements.reduce((sum, r) => sum + 3 + cp(r.id) + (flags.requirementContentMissing ? 0 : cp(r.content)), 0) +
    (context.summary === null ? 0 : 5 + cp(context.summary.id) + cp(context.summary.content)) +
    context.messages.reduce((sum, m) => sum + message(m), 0);
}

export function unitsMistake20(flags: UnitFlags20): MistakeDef {
  const units = studentUnits20(flags);
  return { layer: (base) => ({ ...base, estimateContextUnits: (input) => units(base.buildActiveContext(input) as Context) }) };
}

// ---------------------------------------------------------------------------------------------
// Reading (§2, §3): rules the student's reader adds, checked on the context the reference built.

export type ReadingFlags20 = {
  /** A null anywhere in tool-call arguments is refused (the student's "no missing value" check is `value == null`). */
  readonly nullArgumentRefused?: boolean;
  /** The results of one assistant's calls must come in the order of its calls. */
  readonly resultsInCallOrder?: boolean;
  /** An input summary must be named by a compaction record's summaryId. */
  readonly summaryNeedsRecord?: boolean;
};

const hasNull = (value: unknown): boolean =>
  value === null || (isObj(value) && (Array.isArray(value) ? value.some(hasNull) : Object.keys(value).some((key) => hasNull((value as Data)[key]))));

export function readingMistake20(flags: ReadingFlags20): MistakeDef {
  return {
    layer: (base) =>
      checkBuilt(base, (messages, context) => {
        const list = messages as readonly Data[];
        if (flags.nullArgumentRefused) {
          for (const m of list) {
            if (m.role !== "assistant") continue;
            for (const block of m.content as Data[]) {
              if (block.type === "toolCall" && hasNull(block.arguments)) throw contractError("CONTEXT_INVALID_TRANSCRIPT", "a tool call's arguments hold a missing value (null)");
            }
          }
        }
        if (flags.resultsInCallOrder) {
          const at = new Map<unknown, number>();
          list.forEach((m, i) => {
            if (m.role === "toolResult") at.set(m.toolCallId, i);
          });
          for (const m of list) {
            if (m.role !== "assistant") continue;
            let last = -1;
            for (const block of m.content as Data[]) {
              if (block.type !== "toolCall") continue;
              const index = at.get(block.id) ?? -1;
              if (index < last) throw contractError("CONTEXT_INVALID_TRANSCRIPT", "tool results are not in the order of their calls");
              last = index;
            }
          }
        }
        if (flags.summaryNeedsRecord && context !== null) {
          const c = context as { summary: Data | null; compactions: readonly Data[] };
          if (c.summary !== null && !c.compactions.some((r) => r.summaryId === c.summary!.id)) {
            throw contractError("CONTEXT_INVALID_INPUT", "the summary is not named by any compaction record");
          }
        }
      }),
  };
}

// ---------------------------------------------------------------------------------------------
// The awaiting (§7 step 5).

export function awaitMistake20(flags: AsyncFlags): MistakeDef {
  return { parts: { awaitValue: makeAwaitValue(flags) } };
}

// ---------------------------------------------------------------------------------------------
// Cancellation (§7): the student's signal handling.

/** A falsy signal (false, 0, "") is taken as no signal (`if (!signal)`), like absent, undefined and null. */
export const falsySignalAsNone: MistakeDef = {
  parts: {
    readOptions: (raw) => {
      const signal = dataField(raw, "signal");
      const falsy = signal !== ABSENT && signal !== undefined && signal !== null && !signal;
      return readCompactOptions(falsy ? editOptions(raw, (copy) => setData(copy, "signal", undefined)) : raw);
    },
  },
};

/**
 * The student's compactContext is a plain function that checks an already aborted signal before
 * it starts its async part, and throws there: synchronously, not as a rejection (after the
 * context and the options were read and the context found too large, as step 3 wants).
 */
export const abortedThrownSynchronously: MistakeDef = {
  layer: (base) => ({
    ...base,
    compactContext: (input, options) => {
      const signal = dataField(options, "signal");
      if (isGenuineSignal(signal) && readAborted(signal) === true) {
        let large = false;
        try {
          const info = contextInfo(input);
          const read = readCompactOptions(options);
          large = info.totalUnits > read.maxUnits;
        } catch {
          large = false;
        }
        if (large) throw contractError("CONTEXT_CANCELLED", "the signal was aborted before compaction");
      }
      return base.compactContext(input, options);
    },
  }),
};

// ---------------------------------------------------------------------------------------------
// The boundary walk (§6): the student's own.

export type WalkFlags20 = {
  /** The answer is the number of whole groups removed, not the endIndex of the last one. */
  readonly groupCount?: boolean;
  /** The kept messages are counted from endIndex + 1 (the message at endIndex left out). */
  readonly keptAfterEnd?: boolean;
  /** The walk starts at the second group: the cut after the first group is never tried. */
  readonly firstCutSkipped?: boolean;
};

export function studentWalk20(flags: WalkFlags20): (info: ContextInfo, options: BoundaryOptions) => number | null {
  return (info, options) => {
    const count = info.messages.length;
    const latest = count - options.retainRecentMessages;
    if (latest <= 0) return null;
    const fixed = info.requirementUnits + options.summaryMaxUnits;
    const groups = coreGroups(info.messages as never) as readonly { endIndex: number }[];
    for (let g = flags.firstCutSkipped ? 1 : 0; g < groups.length; g++) {
      const end = groups[g].endIndex;
      if (end > latest) return null;
      const keptFrom = flags.keptAfterEnd ? Math.min(end + 1, count) : end;
      if (fixed + messageUnits(info, keptFrom, count) <= options.targetUnits) return flags.groupCount ? g + 1 : end;
    }
    return null;
  };
}

export function walkMistake20(flags: WalkFlags20): MistakeDef {
  const walk = studentWalk20(flags);
  return {
    parts: { boundaryOf: walk },
    layer: (base) => ({
      ...base,
      selectCompactionBoundary: (input, options) => {
        const info = contextInfo(input);
        return walk(info, readBoundaryOptions(options));
      },
    }),
  };
}

// ---------------------------------------------------------------------------------------------
// The record (§7 step 8), written by the student from the reference's compacted result.

export type RecordFlags20 = {
  /** compactedMessageIds are listed newest first (the prefix walked back from the boundary). */
  readonly idsReversed?: boolean;
  /** unitsAfter leaves out the requirements (counted as a fixed overhead, not part of the context). */
  readonly unitsAfterWithoutRequirements?: boolean;
  /** The previous summary's id is listed first in compactedMessageIds (it is compacted too). */
  readonly idsIncludeSummaryId?: boolean;
};

type Compacted = { status: string; context: Data; record: Data | null };

export function recordMistake20(flags: RecordFlags20): MistakeDef {
  return {
    layer: (base: Impl): Impl => {
      if (!flags.idsReversed && !flags.unitsAfterWithoutRequirements && !flags.idsIncludeSummaryId) return base;
      const toBase = new WeakMap<object, unknown>();
      const baseOf = (input: unknown) => (isObj(input) ? (toBase.get(input) ?? input) : input);
      return {
        buildActiveContext: (input) => (isObj(input) && toBase.has(input) ? input : base.buildActiveContext(input)),
        groupToolRounds: base.groupToolRounds,
        estimateContextUnits: (input) => base.estimateContextUnits(baseOf(input)),
        selectCompactionBoundary: (input, options) => base.selectCompactionBoundary(baseOf(input), options),
        compactContext: async (input, options) => {
          const reference = baseOf(input);
          const old = base.buildActiveContext(reference) as Data;
          const result = (await base.compactContext(old, options)) as Compacted;
          if (result.status !== "compacted") return reference === input ? result : Object.freeze({ ...result, context: input });
          const record = { ...result.record! };
          let ids = [...(record.compactedMessageIds as string[])];
          if (flags.idsReversed) ids = ids.reverse();
          const previous = old.summary as Data | null;
          if (flags.idsIncludeSummaryId && previous !== null) ids = [previous.id as string, ...ids];
          record.compactedMessageIds = Object.freeze(ids);
          if (flags.unitsAfterWithoutRequirements) {
            const requirements = old.requirements as { id: string; content: string }[];
            record.unitsAfter = (record.unitsAfter as number) - requirements.reduce((sum, r) => sum + 3 + cp(r.id) + cp(r.content), 0);
          }
          Object.freeze(record);
          const next = Object.freeze({ ...result.context, compactions: Object.freeze([...(result.context.compactions as unknown[]).slice(0, -1), record]) });
          toBase.set(next, result.context);
          return Object.freeze({ status: "compacted", context: next, record });
        },
      };
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The fast path (§7 step 2).

/** With old records, the context's units are taken from the last record's unitsAfter (a cached size). */
export const fastPathTrustsRecordUnits: MistakeDef = {
  parts: {
    small: (units, maxUnits, info) => {
      const records = info.context.compactions;
      return (records.length > 0 ? records[records.length - 1].unitsAfter : units) <= maxUnits;
    },
  },
};

/** The unchanged result's record is the context's last record (null only when there is none). */
export const unchangedRecordLast: MistakeDef = {
  layer: (base) => ({
    ...base,
    compactContext: async (input, options) => {
      const result = (await base.compactContext(input, options)) as Compacted;
      if (result.status !== "unchanged") return result;
      const records = result.context.compactions as readonly unknown[];
      return Object.freeze({ status: "unchanged", context: result.context, record: records.length > 0 ? records[records.length - 1] : null });
    },
  }),
};

// ---------------------------------------------------------------------------------------------
// Grouping (§5): the student's groupToolRounds.

/** An invalid transcript given to groupToolRounds is refused with CONTEXT_INVALID_INPUT ("its input"), not CONTEXT_INVALID_TRANSCRIPT. */
export const groupsInvalidCodeInput: MistakeDef = {
  layer: (base) => ({
    ...base,
    groupToolRounds: (transcript) => {
      try {
        return base.groupToolRounds(transcript);
      } catch (error) {
        if (hasCode(error, "CONTEXT_INVALID_TRANSCRIPT")) throw contractError("CONTEXT_INVALID_INPUT", "groupToolRounds: invalid input");
        throw error;
      }
    },
  }),
};

type Group = { kind: string; startIndex: number; endIndex: number; messages: readonly unknown[] };

/** A group's messages are the transcript's slice(startIndex, endIndex + 1): one message too many but for the last group. */
export const groupMessagesOneExtra: MistakeDef = {
  layer: (base) => ({
    ...base,
    groupToolRounds: (transcript) => {
      const groups = base.groupToolRounds(transcript) as readonly Group[];
      const all = groups.flatMap((g) => g.messages);
      return Object.freeze(groups.map((g) => Object.freeze({ ...g, messages: Object.freeze(all.slice(g.startIndex, g.endIndex + 1)) })));
    },
  }),
};

// ---------------------------------------------------------------------------------------------
// Summary (§7 step 6).

/** A summary value that is an array of strings is joined into one text (bullet points), not refused. */
export const arraySummaryJoined: MistakeDef = {
  parts: { textOf: (value) => (Array.isArray(value) && value.every((item) => typeof item === "string") ? value.join("\n") : value) },
};

/** A summary whose text equals the previous summary's content is refused as insufficient ("nothing new"). */
export const summaryEqualPreviousRefused: MistakeDef = {
  layer: (base) => ({
    ...base,
    compactContext: async (input, options) => {
      let previous: Data | null = null;
      const watched = wrapSummarizer(options, (summarizer) => (request, signal) => {
        previous = (request as { previousSummary: Data | null }).previousSummary;
        return summarizer(request, signal);
      });
      const result = (await base.compactContext(input, watched)) as Compacted;
      const before = previous as Data | null;
      if (result.status === "compacted" && before !== null && (result.context.summary as Data).content === before.content) {
        throw contractError("CONTEXT_SUMMARY_INSUFFICIENT", "the summary adds nothing to the previous one");
      }
      return result;
    },
  }),
};

// ---------------------------------------------------------------------------------------------
// Ceilings (§3): the student's string total.

/** The student's string total also counts the role and type tags ("every string of the input"). */
export const tagsCountedInStringTotal: MistakeDef = {
  layer: (base) =>
    checkBuilt(base, (messages, context) => {
      let total = 0;
      const c = context as { requirements: Data[]; summary: Data | null; compactions: Data[] } | null;
      if (c !== null) {
        for (const r of c.requirements) total += cp(r.id as string) + cp(r.content as string);
        if (c.summary !== null) total += cp(c.summary.id as string) + cp(c.summary.content as string);
        for (const r of c.compactions) total += cp(r.id as string) + cp(r.summaryId as string) + (r.compactedMessageIds as string[]).reduce((s, id) => s + cp(id), 0);
      }
      const json = (value: unknown): number => {
        if (typeof value === "string") return cp(value);
        if (!isObj(value)) return 0;
        if (Array.isArray(value)) return value.reduce((s: number, item) => s + json(item), 0);
        return Object.keys(value).reduce((s, key) => s + cp(key) + json((value as Data)[key]), 0);
      };
      for (const m of messages as Data[]) {
        total += cp(m.role as string) + cp(m.id as string);
        if (m.role === "user") total += cp(m.content as string);
        else if (m.role === "toolResult") total += cp(m.toolCallId as string) + cp(m.toolName as string) + cp(m.content as string);
        else {
          for (const block of m.content as Data[]) {
            total += cp(block.type as string);
            total += block.type === "text" ? cp(block.text as string) : cp(block.id as string) + cp(block.name as string) + json(block.arguments);
          }
        }
      }
      if (total > MAX_CONTEXT_TOTAL_UNITS) throw contractError("CONTEXT_LIMIT_EXCEEDED", `more than ${MAX_CONTEXT_TOTAL_UNITS} code points of strings`);
    }),
};

// ---------------------------------------------------------------------------------------------
// The request (§7 step 4): the student's summarizer call.

export type RequestFlags20 = {
  /** request.messages is the whole transcript, not the prefix before the boundary. */
  readonly allMessages?: boolean;
  /** request.previousSummary is the previous summary's content (a string), not the summary. */
  readonly previousAsText?: boolean;
};

export function requestMistake20(flags: RequestFlags20): MistakeDef {
  return {
    layer: (base) => {
      if (!flags.allMessages && !flags.previousAsText) return base;
      return {
        ...base,
        compactContext: async (input, options) => {
          let all: readonly unknown[] | null = null;
          try {
            all = (base.buildActiveContext(input) as { messages: readonly unknown[] }).messages;
          } catch {
            return base.compactContext(input, options);
          }
          const edited = wrapSummarizer(options, (summarizer) => (request, signal) => {
            const r = request as Data;
            const previous = r.previousSummary as Data | null;
            return summarizer(
              Object.freeze({
                ...r,
                ...(flags.allMessages ? { messages: all } : {}),
                ...(flags.previousAsText ? { previousSummary: previous === null ? null : previous.content } : {}),
              }),
              signal,
            );
          });
          return base.compactContext(input, edited);
        },
      };
    },
  };
}
