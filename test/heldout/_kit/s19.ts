// The student code of the session-19 implementations (test/heldout/s19-*): each mistake is a
// flag of one of the student's own functions (estimator, groupToolRounds, options reader, blank
// test, record writer) or a part of compactContext they rewrote (the fast-path test, the
// boundary, the summary's length check), or a layer around the reference (their reader's rules,
// their fast path, their result). With no flag set each function answers as the reference. The
// async flags of the session are in ./async-loop (`functionValueCalled`,
// `throwBeforeResolveIgnored`, `thenReturnTakenAsValue`, `signalDroppedAtDelivery`).
import { MAX_CONTEXT_MESSAGES, MAX_CONTEXT_STRING_UNITS, MAX_CONTEXT_TOTAL_UNITS } from "../../../src/core/limits";
import { readBoundaryOptions, readCompactOptions, type BoundaryOptions, type CompactOptions } from "../../../src/core/options";
import { contextInfo, inChannel } from "../../../src/core/snapshot";
import { boundaryOf } from "../../../src/core/boundary";
import { field, fault, isPlainRecord } from "../../../src/core/read";
import { isGenuineSignal, readAborted } from "../../../src/core/signal";
import type { ContextInfo } from "../../../src/core/registry";
import { makerOf, assemble, type Maker, type MistakeDef } from "./assemble";
import { makeAwaitValue, type AsyncFlags } from "./async-loop";
import { ABSENT, dataField, deepFreeze, editOptions, isOrdinary, setData } from "./data";
import { contractError, hasCode, type Impl } from "./impl";
import { checkBuilt } from "./layers";
import { plainCopy } from "./s12";
import type { Context, Message } from "./units";

type Data = Record<string, unknown>;
type Json = null | boolean | number | string | readonly Json[] | { readonly [key: string]: Json };

const isObj = (value: unknown): value is object => typeof value === "object" && value !== null;

/** A Maker whose mistakes are the flags of one flagged function (each mistake switches alone). */
export function flagMaker<F>(ids: Readonly<Record<string, keyof F>>, build: (flags: F) => MistakeDef[]): Maker {
  return makerOf(Object.keys(ids), (enabled) => {
    const flags = {} as Record<string, boolean>;
    for (const [id, flag] of Object.entries(ids)) flags[flag as string] = enabled.has(id);
    return assemble(build(flags as F));
  });
}

// ---------------------------------------------------------------------------------------------
// Units (§4): the student's own estimateContextUnits, over the context the reference built.

export type UnitFlags19 = {
  /** u(s) is the number of UTF-8 bytes of s (Buffer.byteLength), not of code points. */
  readonly utf8Bytes?: boolean;
  /** A tool-call block is counted 6 + u(id) + J(arguments), without u(name). */
  readonly callNameMissing?: boolean;
  /** A user message is counted with the base 3 of a requirement. */
  readonly userBase3?: boolean;
  /** J(array) = Σ (1 + J(item)), without its base 2. */
  readonly arrayBaseMissing?: boolean;
};

export function studentUnits19(flags: UnitFlags19): (context: Context) => number {
  const units = (s: string): number => (flags.utf8Bytes ? Buffer.byteLength(s, "utf8") : Array.from(s).length);
  const json = (value: Json): number => {
    if (value === null) return 1;
    if (typeof value === "boolean") return value ? 5 : 6;
    if (typeof value === "number") return 1 + String(value).length;
    if (typeof value === "string") return 1 + units(value);
    if (Array.isArray(value)) return (value as readonly Json[]).reduce<number>((sum, item) => sum + 1 + json(item), flags.arrayBaseMissing ? 0 : 2);
    const record = value as { readonly [key: string]: Json };
    return Object.keys(record).reduce((sum, key) => sum + 1 + units(key) + json(record[key]), 2);
  };
  const message = (m: Message): number => {
    switch (m.role) {
      case "user":
        return (flags.userBase3 ? 3 : 4) + units(m.id) + units(m.content);
      case "toolResult":
        return 7 + units(m.id) + units(m.toolCallId) + units(m.toolName) + units(m.content);
      case "assistant":
        return m.content.reduce(
          (sum, block) =>
            sum + (block.type === "text" ? 2 + units(block.text) : 6 + units(block.id) + (flags.callNameMissing ? 0 : units(block.name)) + json(block.arguments)),
          4 + units(m.id),
        );
    }
  };
  return (context) =>
    context.requirements.reduce((sum, r) => sum + 3 + units(r.id) + units(r.content), 0) +
    (context.summary === null ? 0 : 5 + units(context.summary.id) + units(context.summary.content)) +
    context.messages.reduce((sum, m) => sum + message(m), 0);
}

export function unitsMistake19(flags: UnitFlags19): MistakeDef {
  const units = studentUnits19(flags);
  return { layer: (base) => ({ ...base, estimateContextUnits: (input) => units(base.buildActiveContext(input) as Context) }) };
}

// ---------------------------------------------------------------------------------------------
// Grouping (§5): the student's groupToolRounds writes the groups of the transcript the reference
// validated and grouped (the boundary walk uses the reference's endIndex, which the student gets
// right).

export type GroupFlags19 = {
  /** A message group's kind is its message's role ("user", "assistant", "toolResult"), not "message". */
  readonly kindByRole?: boolean;
  /** Every group after the first starts one past the previous group's endIndex (endIndex taken as inclusive there). */
  readonly startAfterPreviousEnd?: boolean;
};

type Group = { kind: string; startIndex: number; endIndex: number; messages: readonly Message[] };

export function groupsMistake19(flags: GroupFlags19): MistakeDef {
  return {
    layer: (base) => ({
      ...base,
      groupToolRounds: (transcript) => {
        const groups = base.groupToolRounds(transcript) as readonly Group[];
        let previousEnd: number | null = null;
        const mine = groups.map((g) => {
          const kind = flags.kindByRole && g.kind === "message" ? g.messages[0].role : g.kind;
          const startIndex = flags.startAfterPreviousEnd && previousEnd !== null ? previousEnd + 1 : g.startIndex;
          previousEnd = g.endIndex;
          return Object.freeze({ kind, startIndex, endIndex: g.endIndex, messages: g.messages });
        });
        return Object.freeze(mine);
      },
    }),
  };
}

// ---------------------------------------------------------------------------------------------
// Options (§6, §7): the student's options reader, in selectCompactionBoundary and compactContext.

export type OptionFlags19 = {
  /** targetUnits has no upper bound (only >= 1). */
  readonly targetNoUpperBound?: boolean;
  /** summaryMaxUnits is never compared with targetUnits. */
  readonly summaryMaxAboveTarget?: boolean;
  /** retainRecentMessages has no lower bound (only <= 4096). */
  readonly retainNegative?: boolean;
};

const SHAPE = "INVALID_MESSAGE";

function studentBudget(options: object, name: string, min: number, max: number): number {
  const value = inChannel("CONTEXT_INVALID_INPUT", () => field(options, name, SHAPE, "options"));
  if (!Number.isSafeInteger(value) || (value as number) < min || (value as number) > max) throw contractError("CONTEXT_INVALID_BUDGET", `options.${name} is out of range`);
  return value as number;
}

/** The student's reading of the three fields of §6 (the shape first, as the reference). */
export function studentBudgets19(raw: unknown, flags: OptionFlags19): BoundaryOptions {
  const options = inChannel("CONTEXT_INVALID_INPUT", () => {
    if (!isPlainRecord(raw, SHAPE, "options")) fault(SHAPE, "options is not a plain object");
    return raw as object;
  });
  const targetUnits = studentBudget(options, "targetUnits", 1, flags.targetNoUpperBound ? Number.MAX_SAFE_INTEGER : MAX_CONTEXT_TOTAL_UNITS);
  const summaryMaxUnits = studentBudget(options, "summaryMaxUnits", 1, Infinity);
  const retainRecentMessages = studentBudget(options, "retainRecentMessages", flags.retainNegative ? Number.MIN_SAFE_INTEGER : 0, MAX_CONTEXT_MESSAGES);
  if (!flags.summaryMaxAboveTarget && summaryMaxUnits > targetUnits) throw contractError("CONTEXT_INVALID_BUDGET", "options.summaryMaxUnits must not exceed options.targetUnits");
  return { targetUnits, summaryMaxUnits, retainRecentMessages };
}

/** compactContext's options: the student's three fields, then the reference's reading of the rest (given fields it accepts). */
export function studentCompactOptions19(raw: unknown, flags: OptionFlags19): CompactOptions {
  const budgets = studentBudgets19(raw, flags);
  const target = Math.min(budgets.targetUnits, MAX_CONTEXT_TOTAL_UNITS);
  const rest = readCompactOptions(
    editOptions(raw, (copy) => {
      setData(copy, "targetUnits", target);
      setData(copy, "summaryMaxUnits", Math.min(budgets.summaryMaxUnits, target));
      setData(copy, "retainRecentMessages", Math.max(budgets.retainRecentMessages, 0));
    }),
  );
  if (budgets.targetUnits > rest.maxUnits) throw contractError("CONTEXT_INVALID_BUDGET", "options.targetUnits must not exceed options.maxUnits");
  return { ...rest, ...budgets };
}

export function optionsMistake19(flags: OptionFlags19): MistakeDef {
  return {
    parts: { readOptions: (raw) => studentCompactOptions19(raw, flags) },
    layer: (base) => ({
      ...base,
      // As the reference: the context is built before the options are read.
      selectCompactionBoundary: (input, options) => {
        const info = contextInfo(input);
        return boundaryOf(info, studentBudgets19(options, flags));
      },
    }),
  };
}

// ---------------------------------------------------------------------------------------------
// The boundary walk (§6): the student reserves nothing for the new summary.

/** fixed = Σ requirements alone: summaryMaxUnits is not reserved (the walk of the reference with a reserve of 0). */
const walkWithoutReserve = (info: ContextInfo, options: BoundaryOptions) => boundaryOf(info, { ...options, summaryMaxUnits: 0 });

export const summaryReserveMissing: MistakeDef = {
  parts: { boundaryOf: walkWithoutReserve },
  layer: (base) => ({
    ...base,
    selectCompactionBoundary: (input, options) => {
      const info = contextInfo(input);
      return walkWithoutReserve(info, readBoundaryOptions(options));
    },
  }),
};

// ---------------------------------------------------------------------------------------------
// Summary (§7 step 6): the student's blank test and length check.

export type BlankFlags19 = {
  /** The text counts as blank when its first character is whitespace (or it is empty), not when all of it is. */
  readonly leadingWhitespace?: boolean;
  /** The blank test is guarded by `text &&`, so the empty string is never blank. */
  readonly emptyAccepted?: boolean;
};

export function summaryBlank19(flags: BlankFlags19): MistakeDef {
  return {
    parts: {
      isBlank: (text) => {
        if (flags.emptyAccepted && text === "") return false;
        return flags.leadingWhitespace ? text === "" || /^\s/u.test(text) : text.trim().length === 0;
      },
    },
  };
}

/** The summary's length check is one past the limit: a summary of 65537 code points is accepted. */
export const summaryLengthOnePast: MistakeDef = { parts: { summaryTooLong: (n) => n > MAX_CONTEXT_STRING_UNITS + 1 } };

// ---------------------------------------------------------------------------------------------
// The awaiting (§7 step 5).

export function awaitMistake19(flags: AsyncFlags): MistakeDef {
  return { parts: { awaitValue: makeAwaitValue(flags) } };
}

// ---------------------------------------------------------------------------------------------
// Reading (§3): the student's reader.

/** The student's messages ceiling is inclusive: a transcript of exactly 4096 messages is refused. */
export const messagesCeilingInclusive: MistakeDef = {
  layer: (base) =>
    checkBuilt(base, (messages) => {
      if (messages.length >= MAX_CONTEXT_MESSAGES) throw contractError("CONTEXT_LIMIT_EXCEEDED", `at least ${MAX_CONTEXT_MESSAGES} messages`);
    }),
};

/** Result messages whose toolName differs from their call's name: the call's name put in for the reference; null when there are none. */
function fixToolNames(messages: unknown): { fixed: unknown[]; changed: [number, unknown][] } | null {
  if (!Array.isArray(messages)) return null;
  const names = new Map<unknown, unknown>();
  const changed: [number, unknown][] = [];
  const fixed = messages.map((m, i) => {
    if (!isObj(m)) return m;
    const message = m as Data;
    if (message.role === "assistant" && Array.isArray(message.content)) {
      for (const block of message.content as Data[]) if (isObj(block) && block.type === "toolCall") names.set(block.id, block.name);
    }
    if (message.role === "toolResult" && names.has(message.toolCallId) && names.get(message.toolCallId) !== message.toolName && typeof message.toolName === "string") {
      changed.push([i, message.toolName]);
      return { ...message, toolName: names.get(message.toolCallId) };
    }
    return m;
  });
  return changed.length === 0 ? null : { fixed, changed };
}

const restoreToolNames = (messages: readonly unknown[], changed: [number, unknown][], offset = 0) => {
  const copy = plainCopy(messages) as Data[];
  for (const [i, name] of changed) if (i - offset >= 0 && i - offset < copy.length) copy[i - offset] = { ...copy[i - offset], toolName: name };
  return copy;
};

/**
 * The student's reader never compares a result's toolName with its call's name. The reference is
 * given the call's name; the student's context (and groups) carry the result's own toolName,
 * mapped to the reference's context so that it can be passed back.
 */
export const toolNameMismatchAccepted: MistakeDef = {
  layer: (base: Impl): Impl => {
    const toBase = new WeakMap<object, unknown>();
    const read = (input: unknown): { reference: unknown; student: object | null } => {
      if (isObj(input) && toBase.has(input)) return { reference: toBase.get(input), student: input };
      try {
        return { reference: base.buildActiveContext(input), student: null };
      } catch (error) {
        const copy = plainCopy(input);
        const repair = isObj(copy) && !Array.isArray(copy) ? fixToolNames((copy as Data).messages) : null;
        if (repair === null) throw error;
        const reference = base.buildActiveContext({ ...(copy as Data), messages: repair.fixed }) as Data;
        const student = deepFreeze({ ...(plainCopy(reference) as Data), messages: restoreToolNames(reference.messages as unknown[], repair.changed) });
        toBase.set(student, reference);
        return { reference, student };
      }
    };
    return {
      buildActiveContext: (input) => {
        const { reference, student } = read(input);
        return student ?? reference;
      },
      groupToolRounds: (transcript) => {
        try {
          return base.groupToolRounds(transcript);
        } catch (error) {
          const repair = fixToolNames(plainCopy(transcript));
          if (repair === null) throw error;
          const groups = base.groupToolRounds(repair.fixed) as readonly Group[];
          return Object.freeze(groups.map((g) => Object.freeze({ ...g, messages: deepFreeze(restoreToolNames(g.messages, repair.changed, g.startIndex)) })));
        }
      },
      estimateContextUnits: (input) => base.estimateContextUnits(read(input).reference),
      selectCompactionBoundary: (input, options) => base.selectCompactionBoundary(read(input).reference, options),
      compactContext: async (input, options) => {
        const { reference, student } = read(input);
        const result = (await base.compactContext(reference, options)) as { status: string; context: Data; record: Data | null };
        if (student === null) return result;
        if (result.status !== "compacted") return Object.freeze({ ...result, context: student });
        const boundary = result.record!.boundary as number;
        const messages = (student as Data).messages as unknown[];
        const next = Object.freeze({ ...result.context, messages: Object.freeze(messages.slice(boundary)) });
        toBase.set(next, result.context);
        return Object.freeze({ ...result, context: next });
      },
    };
  },
};

/** The student's compacted context is a fresh frozen copy the module does not know as its own. */
export const newContextNotRegistered: MistakeDef = {
  layer: (base) => ({
    ...base,
    compactContext: async (input, options) => {
      const result = (await base.compactContext(input, options)) as { status: string; context: Data; record: Data | null };
      if (result.status !== "compacted") return result;
      const context = deepFreeze(plainCopy(result.context) as Data);
      const compactions = context.compactions as unknown[];
      return Object.freeze({ status: "compacted", context, record: compactions[compactions.length - 1] });
    },
  }),
};

// ---------------------------------------------------------------------------------------------
// The fast path (§7 steps 1-3).

/** The recordId is checked against the old records before the fast path (step 3's check at step 1). */
export const recordIdBeforeFastPath: MistakeDef = {
  parts: {
    small: (units, maxUnits, info, options) => {
      for (const record of info.context.compactions) if (record.id === options.recordId) throw contractError("CONTEXT_INVALID_INPUT", `record id ${options.recordId} is already used`);
      return units <= maxUnits;
    },
  },
};

/** The options are checked only once compaction is needed: a context within maxUnits is returned unchanged first. */
export const optionsAfterFastPath: MistakeDef = {
  layer: (base) => ({
    ...base,
    compactContext: async (input, options) => {
      const context = base.buildActiveContext(input);
      const maxUnits = dataField(options, "maxUnits");
      if (typeof maxUnits === "number" && base.estimateContextUnits(context) <= maxUnits) return Object.freeze({ status: "unchanged", context, record: null });
      return base.compactContext(input, options);
    },
  }),
};

/** With no boundary, the student resolves the context unchanged ("nothing can be compacted") instead of rejecting. */
export const noBoundaryResolvesUnchanged: MistakeDef = {
  layer: (base) => ({
    ...base,
    compactContext: async (input, options) => {
      try {
        return await base.compactContext(input, options);
      } catch (error) {
        if (!hasCode(error, "CONTEXT_BOUNDARY_UNAVAILABLE")) throw error;
        return Object.freeze({ status: "unchanged", context: base.buildActiveContext(input), record: null });
      }
    },
  }),
};

// ---------------------------------------------------------------------------------------------
// Cancellation: the student's shared options reader checks the signal in selectCompactionBoundary too.

export const boundaryConsultsSignal: MistakeDef = {
  layer: (base) => ({
    ...base,
    selectCompactionBoundary: (input, options) => {
      const answer = base.selectCompactionBoundary(input, options);
      const signal = dataField(options, "signal");
      if (signal !== ABSENT && signal !== undefined && signal !== null) {
        if (!isGenuineSignal(signal)) throw contractError("CONTEXT_INVALID_INPUT", "options.signal must be a genuine AbortSignal");
        if (readAborted(signal) === true) throw contractError("CONTEXT_CANCELLED", "the signal was aborted");
      }
      return answer;
    },
  }),
};

// ---------------------------------------------------------------------------------------------
// The record (§7 step 8), written by the student from the reference's compacted result.

export type RecordFlags19 = {
  /** compactedMessageIds list every message compacted so far: the old records' ids, then this prefix's. */
  readonly idsCumulative?: boolean;
  /** The record is frozen but its compactedMessageIds array is not. */
  readonly idsUnfrozen?: boolean;
  /** The record's boundary counts from the start of the whole conversation: the old records' boundaries added. */
  readonly boundaryCumulative?: boolean;
};

type Compacted = { status: string; context: Data; record: Data | null };

export function recordMistake19(flags: RecordFlags19): MistakeDef {
  return {
    layer: (base: Impl): Impl => {
      if (!flags.idsCumulative && !flags.idsUnfrozen && !flags.boundaryCumulative) return base;
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
          const records = old.compactions as Data[];
          const record = { ...result.record! };
          if (flags.idsCumulative) record.compactedMessageIds = [...records.flatMap((r) => r.compactedMessageIds as string[]), ...(record.compactedMessageIds as string[])];
          if (flags.boundaryCumulative) record.boundary = records.reduce((sum, r) => sum + (r.boundary as number), record.boundary as number);
          record.compactedMessageIds = flags.idsUnfrozen ? [...(record.compactedMessageIds as string[])] : Object.freeze([...(record.compactedMessageIds as string[])]);
          Object.freeze(record);
          const next = Object.freeze({ ...result.context, compactions: Object.freeze([...(result.context.compactions as unknown[]).slice(0, -1), record]) });
          toBase.set(next, result.context);
          return Object.freeze({ status: "compacted", context: next, record });
        },
      };
    },
  };
}

/** The student appends the new record to the caller's own compactions array too (when it is a plain, unfrozen array). */
export const recordPushedIntoInput: MistakeDef = {
  layer: (base) => ({
    ...base,
    compactContext: async (input, options) => {
      const result = (await base.compactContext(input, options)) as Compacted;
      if (result.status === "compacted") {
        const compactions = dataField(input, "compactions");
        if (isOrdinary(compactions) && Array.isArray(compactions) && !Object.isFrozen(compactions)) compactions.push(result.record);
      }
      return result;
    },
  }),
};
