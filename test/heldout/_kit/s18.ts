// The student code of the session-18 implementations (test/heldout/s18-*), one mistake each: a
// part of compactContext the student wrote themselves (options reader, step 3's order, the
// summary's oversize code, the awaiting), their own grouping and boundary walk, their estimator,
// or a layer around the reference (their reader's code for a blank summary, their record). With
// no flag set each function answers as the reference. The parts used here are in ./compact-with
// (`tooLargeCode`, `abortCheckedLast`) and ./async-loop (`rejectionEscapes`).
import * as core from "../../../src/core/index";
import { boundaryOf } from "../../../src/core/boundary";
import { SUMMARY_INVALID } from "../../../src/core/errors";
import { readBoundaryOptions, readCompactOptions, type BoundaryOptions } from "../../../src/core/options";
import { contextInfo } from "../../../src/core/snapshot";
import type { ContextInfo } from "../../../src/core/registry";
import type { MistakeDef } from "./assemble";
import { makeAwaitValue } from "./async-loop";
import { isOrdinary } from "./data";
import { contractError, hasCode, type Impl } from "./impl";
import { resultLayer17 } from "./s17";
import { CONTRACT_WEIGHTS, contextUnits, messageUnits as kitMessageUnits, requirementsUnits, u, type Context, type Message } from "./units";

type Data = Record<string, unknown>;

// ---------------------------------------------------------------------------------------------
// Reading (§3): the student's reader refuses a summary whose content is only whitespace as a bad
// record of the input (CONTEXT_INVALID_INPUT), not with CONTEXT_SUMMARY_INVALID.

const blankSummaryAsInput = <T>(read: () => T): T => {
  try {
    return read();
  } catch (error) {
    // buildActiveContext fails with CONTEXT_SUMMARY_INVALID for this one rule only.
    if (hasCode(error, SUMMARY_INVALID)) throw contractError("CONTEXT_INVALID_INPUT", "summary is not a valid summary record");
    throw error;
  }
};

export const blankSummaryInputCode: MistakeDef = {
  parts: { contextInfo: (input: unknown) => blankSummaryAsInput(() => contextInfo(input)) },
  layer: (base: Impl): Impl => ({
    ...base,
    buildActiveContext: (input) => blankSummaryAsInput(() => base.buildActiveContext(input)),
    estimateContextUnits: (input) => blankSummaryAsInput(() => base.estimateContextUnits(input)),
    selectCompactionBoundary: (input, options) => blankSummaryAsInput(() => base.selectCompactionBoundary(input, options)),
  }),
};

// ---------------------------------------------------------------------------------------------
// Units (§4): the student's estimateContextUnits counts a tool result without u(toolCallId).

export const resultCallIdNotCounted: MistakeDef = {
  layer: (base) => ({
    ...base,
    estimateContextUnits: (input) =>
      contextUnits(base.buildActiveContext(input) as Context, { ...CONTRACT_WEIGHTS, toolResult: (m) => 7 + u(m.id) + u(m.toolName) + u(m.content) }),
  }),
};

// ---------------------------------------------------------------------------------------------
// Options (§6, §7): the student's options reader.

/** The student's "plain object" test for the options: the prototype must be Object.prototype (a null prototype is refused). */
const refuseNullPrototype = (raw: unknown): void => {
  if (isOrdinary(raw) && !Array.isArray(raw) && Object.getPrototypeOf(raw) === null) throw contractError("CONTEXT_INVALID_INPUT", "options is not a plain object");
};

export const optionsNullPrototypeRefused: MistakeDef = {
  parts: {
    readOptions: (raw) => {
      refuseNullPrototype(raw);
      return readCompactOptions(raw);
    },
  },
  layer: (base) => ({
    ...base,
    // As the reference: the context is built before the options are read.
    selectCompactionBoundary: (input, options) => {
      const info = contextInfo(input);
      refuseNullPrototype(options);
      return boundaryOf(info, readBoundaryOptions(options));
    },
  }),
};

/** The student's cross-check is targetUnits < maxUnits: a maxUnits equal to targetUnits is an invalid budget. */
export const maxUnitsEqualTargetRefused: MistakeDef = {
  parts: {
    readOptions: (raw) => {
      const options = readCompactOptions(raw);
      if (options.maxUnits === options.targetUnits) throw contractError("CONTEXT_INVALID_BUDGET", "options.targetUnits must be below options.maxUnits");
      return options;
    },
  },
};

// ---------------------------------------------------------------------------------------------
// Grouping (§5) and the boundary walk (§6): the student's own, over the messages the reference
// validated and built.

export type WalkFlags18 = {
  /** An assistant's interval runs through the result of its last tool call (in block order), not the last of its results. */
  readonly lastCallResult?: boolean;
  /** The reserve for the new summary is summaryMaxUnits + 5 (its base added once more). */
  readonly reserveSummaryBase?: boolean;
};

type Group = { kind: "message" | "toolRound"; startIndex: number; endIndex: number; messages: readonly Message[] };

const hasCall = (m: Message): boolean => m.role === "assistant" && m.content.some((b) => b.type === "toolCall");

export function studentGroups18(messages: readonly Message[], flags: WalkFlags18): Group[] {
  const resultAt = new Map<string, number>();
  messages.forEach((m, i) => {
    if (m.role === "toolResult") resultAt.set(m.toolCallId, i);
  });
  const reach = messages.map((m, i) => {
    if (m.role !== "assistant" || !hasCall(m)) return i;
    const calls = m.content.filter((b) => b.type === "toolCall") as { id: string }[];
    if (flags.lastCallResult) return Math.max(i, resultAt.get(calls[calls.length - 1].id) ?? i);
    let end = i;
    for (const block of calls) end = Math.max(end, resultAt.get(block.id) ?? i);
    return end;
  });
  const groups: Group[] = [];
  for (let start = 0; start < messages.length; ) {
    let last = reach[start];
    for (let j = start + 1; j <= last; j++) last = Math.max(last, reach[j]);
    groups.push({ kind: hasCall(messages[start]) ? "toolRound" : "message", startIndex: start, endIndex: last + 1, messages: messages.slice(start, last + 1) });
    start = last + 1;
  }
  return groups;
}

const frozenGroups = (groups: Group[]) => Object.freeze(groups.map((g) => Object.freeze({ ...g, messages: Object.freeze(g.messages) })));

/** The messages of a transcript the reference validated (its groups, flattened). */
const validatedMessages = (transcript: unknown): readonly Message[] =>
  (core.groupToolRounds(transcript as never) as readonly { messages: readonly Message[] }[]).flatMap((g) => g.messages);

export function studentBoundary18(context: Context, options: BoundaryOptions, flags: WalkFlags18): number | null {
  const messages = context.messages;
  const n = messages.length;
  const latest = n - options.retainRecentMessages;
  if (latest <= 0) return null;
  const kept = new Array<number>(n + 1).fill(0);
  for (let i = n - 1; i >= 0; i--) kept[i] = kept[i + 1] + kitMessageUnits(messages[i]);
  const fixed = requirementsUnits(context) + options.summaryMaxUnits + (flags.reserveSummaryBase ? 5 : 0);
  for (const group of studentGroups18(messages, flags)) {
    if (group.endIndex > latest) return null;
    if (fixed + kept[group.endIndex] <= options.targetUnits) return group.endIndex;
  }
  return null;
}

/** The student's boundary walk (over their own groups), in selectCompactionBoundary and compactContext; their groupToolRounds too when their grouping is wrong. */
export function walkMistake18(flags: WalkFlags18): MistakeDef {
  return {
    parts: { boundaryOf: (info: ContextInfo, options) => studentBoundary18(info.context as Context, options, flags) },
    layer: (base) => ({
      ...base,
      groupToolRounds: flags.lastCallResult ? (transcript) => frozenGroups(studentGroups18(validatedMessages(transcript), flags)) : base.groupToolRounds,
      selectCompactionBoundary: (input, options) => {
        const info = contextInfo(input);
        return studentBoundary18(info.context as Context, readBoundaryOptions(options), flags);
      },
    }),
  };
}

// ---------------------------------------------------------------------------------------------
// Summary (§7 step 6), cancellation (§7 step 3) and the awaiting (§7 step 5): parts of the
// student's compactContext.

/** A summary above summaryMaxUnits is refused with CONTEXT_SUMMARY_INVALID ("an invalid summary"). */
export const oversizeSummaryCodeInvalid: MistakeDef = { parts: { tooLargeCode: "CONTEXT_SUMMARY_INVALID" } };

/** The already aborted signal is checked only just before the summarizer's call, after the record id and the boundary. */
export const abortCheckedLast: MistakeDef = { parts: { abortCheckedLast: true } };

/** The summary's rejection (a native promise's, a thenable's reject) escapes as its reason. */
export const rejectionReasonEscapes: MistakeDef = { parts: { awaitValue: makeAwaitValue({ rejectionEscapes: true }) } };

// ---------------------------------------------------------------------------------------------
// The record (§7 step 8).

/** unitsBefore is taken from the last old record's unitsAfter when there is one ("the units after the last compaction"). */
export const unitsBeforeFromLastRecord = resultLayer17(({ context, record }, old) => {
  const records = old.compactions as Data[];
  return { context, record: records.length === 0 ? record : { ...record, unitsBefore: records[records.length - 1].unitsAfter } };
});
