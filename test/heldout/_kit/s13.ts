// The student code of the session-13 implementations (test/heldout/s13-*): each mistake is a
// flag of one of the student's own functions (estimator, grouping and boundary walk, options
// reader) or a layer around the reference (options, the signal, the result's record, the
// built context). With no flag set each function answers as the reference.
import * as core from "../../../src/core/index";
import { readBoundaryOptions, readCompactOptions } from "../../../src/core/options";
import { contextInfo } from "../../../src/core/snapshot";
import type { MistakeDef } from "./assemble";
import { ABSENT, dataField, deepFreeze, editOptions, isOrdinary, setData, wrapSummarizer } from "./data";
import { contractError, hasCode, type Impl } from "./impl";
import { plainCopy } from "./s12";
import { abortedOf } from "./signal";
import { CONTRACT_WEIGHTS, contextUnits, messageUnits, requirementsUnits, u, type Context, type Message, type Weights } from "./units";

// ---------------------------------------------------------------------------------------------
// Units (§4): the student's own estimateContextUnits, over the context the reference built.

export type UnitFlags13 = {
  /** The units of a context leave out its current summary. */
  readonly summaryNotCounted?: boolean;
  /** A tool-result message has the base 4 of a user message (it is 7). */
  readonly toolResultBase4?: boolean;
};

export function unitsMistake13(flags: UnitFlags13): MistakeDef {
  const weights: Weights = flags.toolResultBase4 ? { ...CONTRACT_WEIGHTS, toolResult: (m) => 4 + u(m.id) + u(m.toolCallId) + u(m.toolName) + u(m.content) } : CONTRACT_WEIGHTS;
  return {
    layer: (base) => ({
      ...base,
      estimateContextUnits: (input) => {
        const context = base.buildActiveContext(input) as Context;
        return contextUnits(flags.summaryNotCounted ? { ...context, summary: null } : context, weights);
      },
    }),
  };
}

// ---------------------------------------------------------------------------------------------
// Grouping (§5) and boundary (§6): the student's own, over the context the reference built.

export type WalkFlags13 = {
  /** A tool round takes only the results that come right after its assistant (a later result is its own group). */
  readonly resultsMustFollow?: boolean;
  /** A tool round runs on until the next user message (or the end), not only through its last result. */
  readonly roundToNextUser?: boolean;
  /** groupToolRounds groups a transcript without validating it first. */
  readonly groupsUnvalidated?: boolean;
  /** retainRecentMessages is counted in groups: latest is the start of the retained groups. */
  readonly retainCountsGroups?: boolean;
  /** The fixed part reserves summaryMaxUnits only, not the requirements. */
  readonly requirementsNotReserved?: boolean;
  /** The fit is checked with the group still kept (units from its startIndex), then its endIndex is the answer. */
  readonly fitBeforeRemoval?: boolean;
};

type Group = { kind: "message" | "toolRound"; startIndex: number; endIndex: number; messages: readonly unknown[] };
type Loose = { role?: unknown; content?: unknown; toolCallId?: unknown };

const callIdsOf = (m: Loose): string[] =>
  m.role === "assistant" && Array.isArray(m.content)
    ? m.content.flatMap((b: unknown) => (typeof b === "object" && b !== null && (b as { type?: unknown }).type === "toolCall" ? [String((b as { id?: unknown }).id)] : []))
    : [];

/** The student's groupToolRounds over messages (validated, or raw plain data when unvalidated). */
function studentGroups13(messages: readonly unknown[], flags: WalkFlags13): Group[] {
  const list = messages as readonly Loose[];
  const n = list.length;
  const resultIndex = new Map<string, number>();
  list.forEach((m, i) => {
    if (m.role === "toolResult" && !resultIndex.has(String(m.toolCallId))) resultIndex.set(String(m.toolCallId), i);
  });
  const reach = list.map((m, i) => {
    const ids = callIdsOf(m);
    if (ids.length === 0) return i;
    let ends = ids.map((id) => resultIndex.get(id)).filter((end): end is number => end !== undefined && end > i);
    if (flags.resultsMustFollow) {
      let run = i;
      while (run + 1 < n && list[run + 1].role === "toolResult") run++;
      ends = ends.filter((end) => end <= run);
    }
    let last = ends.length === 0 ? i : Math.max(...ends);
    if (flags.roundToNextUser) {
      let next = i + 1;
      while (next < n && list[next].role !== "user") next++;
      last = Math.max(last, next - 1);
    }
    return last;
  });
  const groups: Group[] = [];
  for (let start = 0; start < n; ) {
    let last = reach[start];
    for (let j = start + 1; j <= last; j++) last = Math.max(last, reach[j]);
    const end = last + 1;
    const kind = callIdsOf(list[start]).length > 0 ? "toolRound" : "message";
    groups.push({ kind, startIndex: start, endIndex: end, messages: messages.slice(start, end) });
    start = end;
  }
  return groups;
}

function studentBoundary13(context: Context, options: { targetUnits: number; summaryMaxUnits: number; retainRecentMessages: number }, flags: WalkFlags13): number | null {
  const messages = context.messages;
  const n = messages.length;
  const groups = studentGroups13(messages, flags);
  let latest = n - options.retainRecentMessages;
  if (flags.retainCountsGroups) {
    const retain = options.retainRecentMessages;
    latest = retain === 0 ? n : retain >= groups.length ? 0 : groups[groups.length - retain].startIndex;
  }
  if (latest <= 0) return null;
  const suffix = new Array<number>(n + 1).fill(0);
  for (let i = n - 1; i >= 0; i--) suffix[i] = suffix[i + 1] + messageUnits(messages[i]);
  const fixed = (flags.requirementsNotReserved ? 0 : requirementsUnits(context)) + options.summaryMaxUnits;
  for (const group of groups) {
    if (group.endIndex > latest) return null;
    const kept = flags.fitBeforeRemoval ? suffix[group.startIndex] : suffix[group.endIndex];
    if (fixed + kept <= options.targetUnits) return group.endIndex;
  }
  return null;
}

const freezeGroups = (groups: Group[]) => Object.freeze(groups.map((g) => Object.freeze({ ...g, messages: Object.freeze(g.messages) })));

function validatedMessages(transcript: unknown): readonly Message[] {
  return (core.groupToolRounds(transcript as never) as readonly { messages: readonly Message[] }[]).flatMap((g) => g.messages);
}

/** The student's groupToolRounds without validation: raw plain data whose messages are records is grouped as it is. */
function unvalidatedGroups(transcript: unknown, error: unknown, flags: WalkFlags13) {
  const copy = plainCopy(transcript);
  const records = Array.isArray(copy) && copy.every((m) => typeof m === "object" && m !== null && !Array.isArray(m));
  if (!records) throw error;
  return freezeGroups(studentGroups13(deepFreeze(copy as unknown[]), flags));
}

/** The student's grouping and boundary walk, wherever they are used. */
export function walkMistake13(flags: WalkFlags13): MistakeDef {
  const regroups = flags.resultsMustFollow || flags.roundToNextUser || flags.groupsUnvalidated;
  return {
    parts: { boundaryOf: (info, options) => studentBoundary13(info.context as Context, options, flags) },
    layer: (base) => ({
      ...base,
      groupToolRounds: regroups
        ? (transcript) => {
            let messages: readonly Message[];
            try {
              messages = validatedMessages(transcript);
            } catch (error) {
              if (!flags.groupsUnvalidated || !hasCode(error, "CONTEXT_INVALID_TRANSCRIPT")) throw error;
              return unvalidatedGroups(transcript, error, flags);
            }
            return freezeGroups(studentGroups13(messages, flags));
          }
        : base.groupToolRounds,
      selectCompactionBoundary: (input, options) => studentBoundary13(contextInfo(input).context as Context, readBoundaryOptions(options), flags),
    }),
  };
}

// ---------------------------------------------------------------------------------------------
// Options (§6, §7).

const BUDGETS = ["targetUnits", "summaryMaxUnits", "retainRecentMessages"] as const;

/** The student reads each budget with Number(options.x): a string of digits is taken as its number. */
export const budgetStringCoerced: MistakeDef = {
  layer: (base) => {
    const coerce = (options: unknown, fields: readonly string[]) => {
      const strings = fields.filter((key) => typeof dataField(options, key) === "string");
      if (strings.length === 0) return options;
      return editOptions(options, (copy) => strings.forEach((key) => setData(copy, key, Number(dataField(options, key)))));
    };
    return {
      ...base,
      selectCompactionBoundary: (input, options) => base.selectCompactionBoundary(input, coerce(options, BUDGETS)),
      compactContext: (input, options) => base.compactContext(input, coerce(options, [...BUDGETS, "maxUnits"])),
    };
  },
};

const validUnits = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 1 && (value as number) <= 1_000_000;

/** The fast path compares the context's units with targetUnits instead of maxUnits. */
export const fastpathUsesTarget: MistakeDef = {
  layer: (base) => ({
    ...base,
    compactContext: (input, options) => {
      const target = dataField(options, "targetUnits");
      const max = dataField(options, "maxUnits");
      if (!validUnits(target) || !validUnits(max) || target >= max) return base.compactContext(input, options);
      return base.compactContext(input, editOptions(options, (copy) => setData(copy, "maxUnits", target)));
    },
  }),
};

/** The summary is never compared with summaryMaxUnits (only the whole context with targetUnits). */
export const summaryMaxNotChecked: MistakeDef = { parts: { summaryUnitsForCheck: () => 0 } };

/** The student checks `"signal" in options` before checking the signal: a signal present as undefined is refused. */
export const undefinedSignalRefused: MistakeDef = {
  parts: {
    readOptions: (options) => {
      const read = readCompactOptions(options);
      if (isOrdinary(options) && !Array.isArray(options) && dataField(options, "signal") === undefined) {
        throw contractError("CONTEXT_INVALID_INPUT", "options.signal is not an AbortSignal");
      }
      return read;
    },
  },
};

// ---------------------------------------------------------------------------------------------
// Cancellation.

/** The student only listens for the abort event: a signal aborted before the call is never noticed (it still goes to the summarizer). */
export const alreadyAbortedIgnored: MistakeDef = {
  layer: (base) => ({
    ...base,
    compactContext: (input, options) => {
      const signal = dataField(options, "signal");
      if (!isOrdinary(signal) || abortedOf(signal) !== true || typeof dataField(options, "summarizer") !== "function") return base.compactContext(input, options);
      const unsignalled = editOptions(options, (copy) => {
        Reflect.deleteProperty(copy, "signal");
      });
      if (dataField(unsignalled, "signal") !== ABSENT) return base.compactContext(input, options);
      return base.compactContext(input, wrapSummarizer(unsignalled, (summarizer) => (request) => summarizer(request, signal)));
    },
  }),
};

/** Once the summarizer has been called, a cancellation is reported as CONTEXT_SUMMARIZER_FAILED (the wait's every rejection is a failure). */
export const abortAsFailure: MistakeDef = {
  layer: (base) => ({
    ...base,
    compactContext: async (input, options) => {
      let called = false;
      const counted = wrapSummarizer(options, (summarizer) => (...args) => {
        called = true;
        return summarizer(...args);
      });
      try {
        return await base.compactContext(input, counted);
      } catch (error) {
        if (called && hasCode(error, "CONTEXT_CANCELLED")) throw contractError("CONTEXT_SUMMARIZER_FAILED", "the summary could not be obtained");
        throw error;
      }
    },
  }),
};

// ---------------------------------------------------------------------------------------------
// The record (§7 step 8), written by the student from the reference's result. A patched
// context maps to the base's own, so that passing it back works as for any built context.

type Data = Record<string, unknown>;
type Compacted = { status: string; context: Data; record: Data | null };
type Patch = (record: Data, result: Compacted, old: Data, options: unknown) => Data;

function recordLayer(patch: Patch, freezeRecord = true): MistakeDef {
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
          const old = base.buildActiveContext(reference) as Data;
          const result = (await base.compactContext(old, options)) as Compacted;
          if (result.status !== "compacted") return reference === input ? result : Object.freeze({ ...result, context: input });
          const record = patch({ ...result.record! }, result, old, options);
          const compactions = [...(result.context.compactions as unknown[]).slice(0, -1), record];
          if (freezeRecord) deepFreeze(record);
          const next = Object.freeze({ ...result.context, compactions: Object.freeze(compactions) });
          toBase.set(next, result.context);
          return Object.freeze({ status: "compacted", context: next, record });
        },
      };
    },
  };
}

/** The record's unitsBefore and unitsAfter are swapped. */
export const recordUnitsSwapped = recordLayer((record) => ({ ...record, unitsBefore: record.unitsAfter, unitsAfter: record.unitsBefore }));

/** unitsAfter counts summaryMaxUnits (the reserve) in place of the new summary's units. */
export const unitsAfterUsesSummaryMax = recordLayer((record, result, _old, options) => {
  const summary = result.context.summary as { id: string; content: string };
  const summaryMax = dataField(options, "summaryMaxUnits");
  // Options behind a Proxy are left to the reference (their traps would run once more).
  if (typeof summaryMax !== "number") return record;
  return { ...record, unitsAfter: (record.unitsAfter as number) - (5 + u(summary.id) + u(summary.content)) + summaryMax };
});

/** The record's summaryId is the id of the summary it replaced (the new one's when there was none). */
export const recordSummaryIdPrevious = recordLayer((record, _result, old) => {
  const previous = old.summary as { id: string } | null;
  return { ...record, summaryId: previous === null ? record.summaryId : previous.id };
});

/** The record (and its ids) is not frozen. */
export const recordNotFrozen = recordLayer((record) => ({ ...record, compactedMessageIds: [...(record.compactedMessageIds as string[])] }), false);

// ---------------------------------------------------------------------------------------------
// Reading (§3).

/** The student's buildActiveContext takes a frozen record as a context already built: checked, but returned as it is. */
export const frozenInputReturned: MistakeDef = {
  layer: (base) => ({
    ...base,
    buildActiveContext: (input) => {
      const built = base.buildActiveContext(input);
      return isOrdinary(input) && !Array.isArray(input) && Object.isFrozen(input) ? input : built;
    },
  }),
};
