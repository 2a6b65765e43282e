// The student code of the session-22 implementations (test/heldout/s22-*): each mistake is a
// flag of one of the student's own functions (estimator, groupToolRounds, options reader) or a
// part of compactContext they rewrote (the options reader, the record-id check), or a layer
// around the reference (the rules their reader leaves out or adds, their request, their
// summarizer's signal, their record and result, their boundary's answer). With no flag set each
// function answers as the reference. The async flags of the session are in ./async-loop
// (`thenCalledWithoutReject`, `textAtLevel65Accepted`). The whole-flow rewrite of the session
// is in its own folder (s22-flow-numberbase-noretain-textbudget-beforesummary/flow.ts).
import { MAX_CONTEXT_MESSAGES, MAX_CONTEXT_STRING_UNITS, MAX_CONTEXT_TOTAL_UNITS } from "../../../src/core/limits";
import { readBoundaryOptions, readCompactOptions, type BoundaryOptions, type CompactOptions } from "../../../src/core/options";
import { contextInfo, inChannel } from "../../../src/core/snapshot";
import { boundaryOf } from "../../../src/core/boundary";
import { field, fault, isNonEmpty, isPlainRecord } from "../../../src/core/read";
import { groupToolRounds as coreGroups } from "../../../src/core/index";
import type { MistakeDef } from "./assemble";
import { makeAwaitValue, type AsyncFlags } from "./async-loop";
import { ABSENT, dataField, deepFreeze, editOptions, isOrdinary, setData, wrapSummarizer } from "./data";
import { contractError, type Impl } from "./impl";
import { plainCopy } from "./s12";
import { acceptDespite17, rawCheck17, resultLayer17 } from "./s17";
import type { Context, Message } from "./units";

type Data = Record<string, unknown>;
type Json = null | boolean | number | string | readonly Json[] | { readonly [key: string]: Json };

const isObj = (value: unknown): value is object => typeof value === "object" && value !== null;
const cp = (s: string): number => Array.from(s).length;

// ---------------------------------------------------------------------------------------------
// Units (§4): the student's own estimateContextUnits, over the context the reference built.

export type UnitFlags22 = {
  /** A context without a summary is counted with an empty summary: 5 + u('') + u(''). */
  readonly absentSummaryBase?: boolean;
  /** An assistant message with tool calls is counted by its calls alone: its text blocks are left out. */
  readonly callTextSkipped?: boolean;
  /** J(array) and J(object) count one separator between items (n − 1, the commas of the JSON text), not one per item. */
  readonly commaSeparators?: boolean;
  /** J(number) is String(n).length, without its base 1. */
  readonly numberNoBase?: boolean;
};

export function studentUnits22(flags: UnitFlags22): (context: Context) => number {
  const separators = (n: number) => (flags.commaSeparators ? Math.max(n - 1, 0) : n);
  const json = (value: Json): number => {
    if (value === null) return 1;
    if (typeof value === "boolean") return value ? 5 : 6;
    if (typeof value === "number") return (flags.numberNoBase ? 0 : 1) + String(value).length;
    if (typeof value === "string") return 1 + cp(value);
    if (Array.isArray(value)) {
      const items = value as readonly Json[];
      return 2 + separators(items.length) + items.reduce<number>((sum, item) => sum + json(item), 0);
    }
    const record = value as { readonly [key: string]: Json };
    const keys = Object.keys(record);
    return 2 + separators(keys.length) + keys.reduce((sum, key) => sum + cp(key) + json(record[key]), 0);
  };
  const message = (m: Message): number => {
    switch (m.role) {
      case "user":
        return 4 + cp(m.id) + cp(m.content);
      case "toolResult":
        return 7 + cp(m.id) + cp(m.toolCallId) + cp(m.toolName) + cp(m.content);
      case "assistant": {
        const hasCalls = m.content.some((b) => b.type === "toolCall");
        return m.content.reduce(
          (sum, b) => sum + (b.type === "toolCall" ? 6 + cp(b.id) + cp(b.name) + json(b.arguments) : flags.callTextSkipped && hasCalls ? 0 : 2 + cp(b.text)),
          4 + cp(m.id),
        );
      }
    }
  };
  return (context) =>
    context.requirements.reduce((sum, r) => sum + 3 + cp(r.id) + cp(r.content), 0) +
    (context.summary === null ? (flags.absentSummaryBase ? 5 : 0) : 5 + cp(context.summary.id) + cp(context.summary.content)) +
    context.messages.reduce((sum, m) => sum + message(m), 0);
}

export function unitsMistake22(flags: UnitFlags22): MistakeDef {
  const units = studentUnits22(flags);
  return { layer: (base) => ({ ...base, estimateContextUnits: (input) => units(base.buildActiveContext(input) as Context) }) };
}

// ---------------------------------------------------------------------------------------------
// Reading (§3): rules the student's reader leaves out, or adds.

/** Each assistant block of `messages` (plain copies) that is a tool call. */
const toolCallsOf = (messages: unknown): Data[] => {
  if (!Array.isArray(messages)) return [];
  const calls: Data[] = [];
  for (const m of messages) {
    if (!isObj(m) || Array.isArray(m) || (m as Data).role !== "assistant" || !Array.isArray((m as Data).content)) continue;
    for (const b of (m as Data).content as unknown[]) if (isObj(b) && !Array.isArray(b) && (b as Data).type === "toolCall") calls.push(b as Data);
  }
  return calls;
};

/** The student's reader and groupToolRounds let a defect through: `repair` fixes a plain copy for the reference (false: nothing to fix). */
function letThrough(repair: (messages: unknown) => ((built: unknown) => void) | null): MistakeDef {
  const accept = acceptDespite17((input) => {
    const restore = repair(input.messages);
    if (restore === null) return null;
    return {
      input,
      restore: (built) => {
        restore(built.messages);
        return built;
      },
    };
  });
  return {
    layer: (base: Impl): Impl => {
      const layered = accept.layer!(base);
      return {
        ...layered,
        groupToolRounds: (transcript) => {
          try {
            return base.groupToolRounds(transcript);
          } catch (error) {
            const copy = plainCopy(transcript);
            const restore = Array.isArray(copy) ? repair(copy) : null;
            if (restore === null) throw error;
            const groups = base.groupToolRounds(deepFreeze(copy)) as readonly { messages: readonly unknown[] }[];
            const plain = plainCopy(groups) as { messages: unknown[] }[];
            const messages = plain.flatMap((g) => g.messages);
            restore(messages);
            let at = 0;
            for (const g of plain) g.messages = messages.slice(at, (at += g.messages.length));
            return deepFreeze(plain);
          }
        },
      };
    },
  };
}

/** A tool call whose arguments are an array is accepted (the student's test is typeof arguments === 'object'). */
export const arrayArgumentsAccepted: MistakeDef = letThrough((messages) => {
  const arrays: [number, unknown[]][] = [];
  toolCallsOf(messages).forEach((b, i) => {
    if (!Array.isArray(b.arguments)) return;
    arrays.push([i, b.arguments]);
    b.arguments = Object.fromEntries(b.arguments.map((value, k) => [String(k), value]));
  });
  if (arrays.length === 0) return null;
  return (built) => {
    const calls = toolCallsOf(built);
    for (const [i, array] of arrays) calls[i].arguments = array;
  };
});

/** A tool call without arguments is read as arguments {} (the student's `arguments ?? {}`). */
export const missingArgumentsAsEmpty: MistakeDef = letThrough((messages) => {
  let changed = false;
  for (const b of toolCallsOf(messages)) {
    if ("arguments" in b) continue;
    b.arguments = {};
    changed = true;
  }
  return changed ? () => undefined : null;
});

/** The ids in a record's compactedMessageIds are only checked to be strings: an empty (or blank) id is accepted. */
export const compactedIdEmptyAccepted: MistakeDef = acceptDespite17((input) => {
  const records = input.compactions;
  if (!Array.isArray(records)) return null;
  const blanks: [number, number, string][] = [];
  records.forEach((r, i) => {
    if (!isObj(r) || Array.isArray(r) || !Array.isArray((r as Data).compactedMessageIds)) return;
    ((r as Data).compactedMessageIds as unknown[]).forEach((id, k, ids) => {
      if (typeof id !== "string" || isNonEmpty(id)) return;
      blanks.push([i, k, id]);
      ids[k] = "-";
    });
  });
  if (blanks.length === 0) return null;
  return {
    input,
    restore: (built) => {
      for (const [i, k, id] of blanks) ((built.compactions as Data[])[i].compactedMessageIds as unknown[])[k] = id;
      return built;
    },
  };
});

/** A record's unitsBefore or unitsAfter of 0 is refused (the student's check is > 0). */
export const recordUnitsZeroRefused: MistakeDef = rawCheck17((input, transcriptOnly) => {
  if (transcriptOnly) return;
  const records = dataField(input, "compactions");
  if (!isOrdinary(records) || !Array.isArray(records)) return;
  for (let i = 0; i < records.length; i++) {
    const record = dataField(records, i);
    if (dataField(record, "unitsBefore") === 0 || dataField(record, "unitsAfter") === 0) {
      throw contractError("CONTEXT_INVALID_INPUT", "a compaction record's units must be positive");
    }
  }
});

// ---------------------------------------------------------------------------------------------
// Options (§6): the student's options reader, in selectCompactionBoundary and compactContext.

export type OptionFlags22 = {
  /** The shape test is typeof options === 'object', so null passes it and reading a field throws a raw TypeError. */
  readonly nullTypeError?: boolean;
  /** A field present with the value undefined is taken as missing (CONTEXT_INVALID_INPUT). */
  readonly undefinedAsMissing?: boolean;
  /** retainRecentMessages must be below MAX_CONTEXT_MESSAGES (the check is < 4096). */
  readonly retain4096Refused?: boolean;
};

const SHAPE = "INVALID_MESSAGE";

export function studentBudgets22(raw: unknown, flags: OptionFlags22): BoundaryOptions {
  // typeof null === "object": the student's test lets null through, and the first read throws.
  if (flags.nullTypeError && raw === null) return (raw as unknown as Data).targetUnits as never;
  const options = inChannel("CONTEXT_INVALID_INPUT", () => {
    if (!isPlainRecord(raw, SHAPE, "options")) fault(SHAPE, "options is not a plain object");
    return raw as object;
  });
  return studentBudgets22Of(options, flags);
}

function studentBudgets22Of(options: object, flags: OptionFlags22): BoundaryOptions {
  const budget = (name: string, min: number, max: number): number => {
    const value = inChannel("CONTEXT_INVALID_INPUT", () => field(options, name, SHAPE, "options"));
    if (flags.undefinedAsMissing && value === undefined) throw contractError("CONTEXT_INVALID_INPUT", `options.${name} is missing`);
    if (!Number.isSafeInteger(value) || (value as number) < min || (value as number) > max) throw contractError("CONTEXT_INVALID_BUDGET", `options.${name} is out of range`);
    return value as number;
  };
  const targetUnits = budget("targetUnits", 1, MAX_CONTEXT_TOTAL_UNITS);
  const summaryMaxUnits = budget("summaryMaxUnits", 1, Infinity);
  const retainRecentMessages = budget("retainRecentMessages", 0, flags.retain4096Refused ? MAX_CONTEXT_MESSAGES - 1 : MAX_CONTEXT_MESSAGES);
  if (summaryMaxUnits > targetUnits) throw contractError("CONTEXT_INVALID_BUDGET", "options.summaryMaxUnits must not exceed options.targetUnits");
  return { targetUnits, summaryMaxUnits, retainRecentMessages };
}

/** compactContext's options: the student's three fields, then the reference's reading of the rest (given fields it accepts). */
export function studentCompactOptions22(raw: unknown, flags: OptionFlags22): CompactOptions {
  const budgets = studentBudgets22(raw, flags);
  const rest = readCompactOptions(raw);
  return { ...rest, ...budgets };
}

export function optionsMistake22(flags: OptionFlags22): MistakeDef {
  return {
    parts: { readOptions: (raw) => studentCompactOptions22(raw, flags) },
    layer: (base) => ({
      ...base,
      // As the reference: the context is built before the options are read.
      selectCompactionBoundary: (input, options) => {
        const info = contextInfo(input);
        return boundaryOf(info, studentBudgets22(options, flags));
      },
    }),
  };
}

// ---------------------------------------------------------------------------------------------
// The awaiting (§7 step 5).

export function awaitMistake22(flags: AsyncFlags): MistakeDef {
  return { parts: { awaitValue: makeAwaitValue(flags) } };
}

// ---------------------------------------------------------------------------------------------
// Grouping (§5): the student's groupToolRounds (the walk is the reference's).

export type GroupFlags22 = {
  /** The student's loop runs while i < transcript.length − 1: a group that would start at the last message is never made. */
  readonly lastUngrouped?: boolean;
  /** A message group's messages is the message itself, not a list of one. */
  readonly messageNotListed?: boolean;
};

type Group = { kind: "message" | "toolRound"; startIndex: number; endIndex: number; messages: readonly Message[] };

export function groupsMistake22(flags: GroupFlags22): MistakeDef {
  return {
    layer: (base) => ({
      ...base,
      groupToolRounds: (transcript) => {
        const groups = coreGroups(transcript as never) as readonly Group[];
        const count = groups.length === 0 ? 0 : groups[groups.length - 1].endIndex;
        const kept = flags.lastUngrouped ? groups.filter((g) => g.startIndex < count - 1) : groups;
        return Object.freeze(kept.map((g) => Object.freeze({ ...g, messages: flags.messageNotListed && g.kind === "message" ? g.messages[0] : g.messages })));
      },
    }),
  };
}

// ---------------------------------------------------------------------------------------------
// The record and the result (§7 step 8).

/** The new context's summary is the text itself, not { id: summaryId, content: text }. */
export const summaryStoredAsText: MistakeDef = resultLayer17(({ context, record }) => ({
  context: { ...context, summary: (context.summary as { content: string }).content },
  record,
}));

/** result.record is read at index old.length − 1 of the new compactions: the last old record (undefined when there was none). */
export const resultRecordOneBack: MistakeDef = {
  layer: (base) => ({
    ...base,
    compactContext: async (input, options) => {
      const result = (await base.compactContext(input, options)) as { status: string; context: { compactions: readonly unknown[] }; record: unknown };
      if (result.status !== "compacted") return result;
      const compactions = result.context.compactions;
      return Object.freeze({ status: result.status, context: result.context, record: compactions[compactions.length - 2] });
    },
  }),
};

/** Step 3 compares recordId with the old records' summaryId, not with their id. */
export const recordIdComparedWithSummaryIds: MistakeDef = {
  parts: { recordIdUsed: (records, recordId) => records.some((r) => r.summaryId === recordId) },
};

// ---------------------------------------------------------------------------------------------
// Options of §7: summaryId and maxUnits.

/** summaryId's length is never compared with 65,536 code points (only recordId's is). */
export const summaryIdLengthUnchecked: MistakeDef = {
  parts: {
    readOptions: (raw) => {
      const id = dataField(raw, "summaryId");
      if (typeof id !== "string" || cp(id) <= MAX_CONTEXT_STRING_UNITS || !isNonEmpty(id) || Array.isArray(raw)) return readCompactOptions(raw);
      const read = readCompactOptions(editOptions(raw, (copy) => setData(copy, "summaryId", "s")));
      return { ...read, summaryId: id };
    },
  },
};

/** maxUnits must be below 1,000,000 (the student's check is < MAX_CONTEXT_TOTAL_UNITS): 1,000,000 is refused. */
export const maxUnitsMillionRefused: MistakeDef = {
  layer: (base) => ({
    ...base,
    compactContext: async (input, options) => {
      if (!isOrdinary(options) || Array.isArray(options) || dataField(options, "maxUnits") !== MAX_CONTEXT_TOTAL_UNITS) return base.compactContext(input, options);
      // The context is built first (as the reference does), then the fields of §6, then maxUnits.
      const built = contextInfo(input).context;
      let valid = true;
      try {
        readBoundaryOptions(options);
      } catch {
        valid = false;
      }
      if (valid) throw contractError("CONTEXT_INVALID_BUDGET", `options.maxUnits must be below ${MAX_CONTEXT_TOTAL_UNITS}`);
      return base.compactContext(built, options);
    },
  }),
};

// ---------------------------------------------------------------------------------------------
// The request and the summarizer's signal (§7 step 4).

/** With no signal the student passes a signal of their own controller, and aborts it when compactContext is done ("clean-up"). */
export const freshSignalAbortedAfter: MistakeDef = {
  layer: (base) => ({
    ...base,
    compactContext: async (input, options) => {
      const signal = dataField(options, "signal");
      const none = isOrdinary(options) && !Array.isArray(options) && (signal === undefined || signal === null || (signal === ABSENT && !("signal" in options)));
      if (!none) return base.compactContext(input, options);
      const controller = new AbortController();
      try {
        return await base.compactContext(
          input,
          wrapSummarizer(options, (summarizer) => (request) => summarizer(request, controller.signal)),
        );
      } finally {
        controller.abort();
      }
    },
  }),
};

// ---------------------------------------------------------------------------------------------
// The boundary's answer (§6).

/** selectCompactionBoundary answers 0 where no cut qualifies (the student's function returns a number: `?? 0`). */
export const noBoundaryAsZero: MistakeDef = {
  layer: (base) => ({ ...base, selectCompactionBoundary: (input, options) => base.selectCompactionBoundary(input, options) ?? 0 }),
};
