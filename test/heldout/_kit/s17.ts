// The student code of the session-17 implementations (test/heldout/s17-*): each mistake is a
// flag of one of the student's own functions (grouping, boundary walk, estimator) or a part of
// compactContext they rewrote (options reader, fast-path test, summary text), or a layer around
// the reference (their reader's extra checks and the defects it lets through, their record and
// result, the signal's handling, the summarizer's call). With no flag set each function answers
// as the reference. The async flags of the session are in ./async-loop (`falsyRejectionIgnored`,
// `promiseThenReadFirst`, `deliverAtOnce`).
import * as core from "../../../src/core/index";
import { MAX_CONTEXT_RECORDS, MAX_CONTEXT_STRING_UNITS } from "../../../src/core/limits";
import { readBoundaryOptions, readCompactOptions, type BoundaryOptions, type CompactOptions } from "../../../src/core/options";
import { contextInfo } from "../../../src/core/snapshot";
import { readAborted } from "../../../src/core/signal";
import { isNonEmpty } from "../../../src/core/read";
import type { ContextInfo } from "../../../src/core/registry";
import type { MistakeDef } from "./assemble";
import { ABSENT, dataField, deepFreeze, editOptions, isOrdinary, setData, wrapSummarizer } from "./data";
import { contractError, hasCode, type ErrorCode, type Impl } from "./impl";
import { checkBuilt, remapRejection } from "./layers";
import { abortedOf, reasonOf } from "./signal";
import { plainCopy } from "./s12";
import { messageUnits as kitMessageUnits, requirementsUnits, u, type Context, type Message } from "./units";

type Data = Record<string, unknown>;
type Json = null | boolean | number | string | readonly Json[] | { readonly [key: string]: Json };

const isObj = (value: unknown): value is object => typeof value === "object" && value !== null;

// ---------------------------------------------------------------------------------------------
// Grouping (§5) and the boundary walk (§6): the student's own, over the messages the reference
// validated and built.

export type WalkFlags17 = {
  /** (groupToolRounds) A tool round's messages list holds only its assistants with tool calls and their results. */
  readonly resultsOnly?: boolean;
  /** An assistant opens a tool round only when its first block is a tool call. */
  readonly leadingCallOnly?: boolean;
  /** The kept messages are counted with the requirements (as a context), beside fixed, which has them too. */
  readonly requirementsTwice?: boolean;
  /** The answer is null when the whole context fits already (nothing to compact). */
  readonly fitsAlreadyNull?: boolean;
};

type Group = { kind: "message" | "toolRound"; startIndex: number; endIndex: number; messages: readonly Message[] };

const opensRound = (m: Message, flags: WalkFlags17): boolean =>
  m.role === "assistant" && (flags.leadingCallOnly ? m.content.length > 0 && m.content[0].type === "toolCall" : m.content.some((b) => b.type === "toolCall"));

export function studentGroups17(messages: readonly Message[], flags: WalkFlags17): Group[] {
  const resultAt = new Map<string, number>();
  messages.forEach((m, i) => {
    if (m.role === "toolResult") resultAt.set(m.toolCallId, i);
  });
  const reach = messages.map((m, i) => {
    if (m.role !== "assistant" || !opensRound(m, flags)) return i;
    let end = i;
    for (const block of m.content) if (block.type === "toolCall") end = Math.max(end, resultAt.get(block.id) ?? i);
    return end;
  });
  const groups: Group[] = [];
  for (let start = 0; start < messages.length; ) {
    let last = reach[start];
    for (let j = start + 1; j <= last; j++) last = Math.max(last, reach[j]);
    const round = opensRound(messages[start], flags);
    const slice = messages.slice(start, last + 1);
    const kept = flags.resultsOnly && round ? slice.filter((m) => m.role === "toolResult" || opensRound(m, flags)) : slice;
    groups.push({ kind: round ? "toolRound" : "message", startIndex: start, endIndex: last + 1, messages: kept });
    start = last + 1;
  }
  return groups;
}

const frozenGroups = (groups: Group[]) => Object.freeze(groups.map((g) => Object.freeze({ ...g, messages: Object.freeze(g.messages) })));

/** The messages of a transcript the reference validated (its groups, flattened). */
const validatedMessages = (transcript: unknown): readonly Message[] =>
  (core.groupToolRounds(transcript as never) as readonly { messages: readonly Message[] }[]).flatMap((g) => g.messages);

export function studentBoundary17(context: Context, options: BoundaryOptions, flags: WalkFlags17): number | null {
  const messages = context.messages;
  const n = messages.length;
  const latest = n - options.retainRecentMessages;
  if (latest <= 0) return null;
  const kept = new Array<number>(n + 1).fill(0);
  for (let i = n - 1; i >= 0; i--) kept[i] = kept[i + 1] + kitMessageUnits(messages[i]);
  const requirements = requirementsUnits(context);
  const fixed = requirements + options.summaryMaxUnits;
  // The student's "units of what is kept" is their estimate of { requirements, messages: suffix }.
  const extra = flags.requirementsTwice ? requirements : 0;
  if (flags.fitsAlreadyNull && fixed + kept[0] <= options.targetUnits) return null;
  for (const group of studentGroups17(messages, flags)) {
    if (group.endIndex > latest) return null;
    if (fixed + extra + kept[group.endIndex] <= options.targetUnits) return group.endIndex;
  }
  return null;
}

/** The student's groupToolRounds alone (their boundary walks the reference's groups). */
export function groupsMistake17(flags: WalkFlags17): MistakeDef {
  return { layer: (base) => ({ ...base, groupToolRounds: (transcript) => frozenGroups(studentGroups17(validatedMessages(transcript), flags)) }) };
}

/** The student's boundary walk (and, when their grouping is wrong, their groupToolRounds), wherever they are used. */
export function walkMistake17(flags: WalkFlags17): MistakeDef {
  return {
    parts: { boundaryOf: (info: ContextInfo, options: CompactOptions) => studentBoundary17(info.context as Context, options, flags) },
    layer: (base) => ({
      ...base,
      groupToolRounds: flags.leadingCallOnly ? (transcript) => frozenGroups(studentGroups17(validatedMessages(transcript), flags)) : base.groupToolRounds,
      selectCompactionBoundary: (input, options) => studentBoundary17(contextInfo(input).context as Context, readBoundaryOptions(options), flags),
    }),
  };
}

// ---------------------------------------------------------------------------------------------
// Units (§4): the student's own estimateContextUnits, over the context the reference built.

export type UnitFlags17 = {
  /** J(arguments) of a tool call is the length in code points of JSON.stringify(arguments). */
  readonly argumentsAsJsonText?: boolean;
  /** u(s) counts grapheme clusters (Intl.Segmenter), not code points. */
  readonly graphemeClusters?: boolean;
};

const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });

export function studentUnits17(flags: UnitFlags17): (context: Context) => number {
  const units = (s: string): number => {
    if (!flags.graphemeClusters) return u(s);
    let n = 0;
    for (const _ of segmenter.segment(s)) n++;
    return n;
  };
  const json = (value: Json): number => {
    if (value === null) return 1;
    if (typeof value === "boolean") return value ? 5 : 6;
    if (typeof value === "number") return 1 + String(value).length;
    if (typeof value === "string") return 1 + units(value);
    if (Array.isArray(value)) return (value as readonly Json[]).reduce<number>((sum, item) => sum + 1 + json(item), 2);
    const record = value as { readonly [key: string]: Json };
    return Object.keys(record).reduce((sum, key) => sum + 1 + units(key) + json(record[key]), 2);
  };
  const args = (value: { readonly [key: string]: Json }) => (flags.argumentsAsJsonText ? units(JSON.stringify(value)) : json(value));
  const message = (m: Message): number => {
    switch (m.role) {
      case "user":
        return 4 + units(m.id) + units(m.content);
      case "toolResult":
        return 7 + units(m.id) + units(m.toolCallId) + units(m.toolName) + units(m.content);
      case "assistant":
        return m.content.reduce(
          (sum, block) => sum + (block.type === "text" ? 2 + units(block.text) : 6 + units(block.id) + units(block.name) + args(block.arguments)),
          4 + units(m.id),
        );
    }
  };
  return (context) =>
    context.requirements.reduce((sum, r) => sum + 3 + units(r.id) + units(r.content), 0) +
    (context.summary === null ? 0 : 5 + units(context.summary.id) + units(context.summary.content)) +
    context.messages.reduce((sum, m) => sum + message(m), 0);
}

export function unitsMistake17(flags: UnitFlags17): MistakeDef {
  const units = studentUnits17(flags);
  return { layer: (base) => ({ ...base, estimateContextUnits: (input) => units(base.buildActiveContext(input) as Context) }) };
}

// ---------------------------------------------------------------------------------------------
// Reading (§2, §3): rules the student's reader adds (checked on the raw input once the
// reference has read it, so that every broken rule of the contract is reported first), and a
// rule it leaves out (the defect repaired for the reference and put back in the student's copy).

const ALLOWED: Readonly<Record<string, readonly string[]>> = {
  user: ["id", "role", "content"],
  assistant: ["id", "role", "content"],
  toolResult: ["id", "role", "toolCallId", "toolName", "content", "isError"],
  text: ["type", "text"],
  toolCall: ["type", "id", "name", "arguments"],
};

/** The items of an ordinary array, read through descriptors (a Proxy or an accessor gives nothing). */
const itemsOf = (array: unknown): unknown[] => {
  if (!isOrdinary(array) || !Array.isArray(array)) return [];
  const items: unknown[] = [];
  for (let i = 0; i < array.length; i++) {
    const item = dataField(array, i);
    if (item !== ABSENT) items.push(item);
  }
  return items;
};

/** `check` runs on the raw input after the reference built it (not on a context this module built). */
export function rawCheck17(check: (input: unknown, transcriptOnly: boolean) => void): MistakeDef {
  return {
    layer: (base: Impl): Impl => {
      const checked = (input: unknown) => {
        const built = base.buildActiveContext(input);
        if (built !== input) check(input, false);
        return built;
      };
      return {
        buildActiveContext: checked,
        groupToolRounds: (transcript) => {
          const groups = base.groupToolRounds(transcript);
          check(transcript, true);
          return groups;
        },
        estimateContextUnits: (input) => base.estimateContextUnits(checked(input)),
        selectCompactionBoundary: (input, options) => base.selectCompactionBoundary(checked(input), options),
        compactContext: async (input, options) => base.compactContext(checked(input), options),
      };
    },
  };
}

/** The student's schema for messages and blocks: an own enumerable key the role (or type) does not have is refused. */
export function refuseExtraFields(input: unknown, transcriptOnly: boolean): void {
  const messages = transcriptOnly ? input : isOrdinary(input) ? dataField(input, "messages") : ABSENT;
  const strict = (record: unknown, kind: unknown) => {
    if (!isOrdinary(record) || typeof kind !== "string" || !(kind in ALLOWED)) return;
    for (const key of Object.keys(record)) {
      if (!ALLOWED[kind].includes(key)) throw contractError("CONTEXT_INVALID_TRANSCRIPT", `unknown field ${key}`);
    }
  };
  for (const m of itemsOf(messages)) {
    const role = dataField(m, "role");
    strict(m, role);
    if (role === "assistant") for (const block of itemsOf(dataField(m, "content"))) strict(block, dataField(block, "type"));
  }
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The student's text check: a string with a lone surrogate is not well-formed text and is refused. */
export function refuseLoneSurrogates(input: unknown, transcriptOnly: boolean): void {
  const strings = (value: unknown, code: ErrorCode, depth = 0): void => {
    if (typeof value === "string") {
      if (LONE_SURROGATE.test(value)) throw contractError(code, "a string is not well-formed text");
      return;
    }
    if (!isOrdinary(value) || depth > 40) return;
    if (Array.isArray(value)) return itemsOf(value).forEach((item) => strings(item, code, depth + 1));
    for (const key of Object.keys(value)) {
      strings(key, code, depth + 1);
      const item = dataField(value, key);
      if (item !== ABSENT) strings(item, code, depth + 1);
    }
  };
  if (transcriptOnly) return strings(input, "CONTEXT_INVALID_TRANSCRIPT");
  if (!isOrdinary(input)) return;
  const channel = (name: string, code: ErrorCode) => {
    const value = dataField(input, name);
    if (value !== ABSENT) strings(value, code);
  };
  channel("requirements", "CONTEXT_INVALID_INPUT");
  channel("summary", "CONTEXT_INVALID_INPUT");
  channel("messages", "CONTEXT_INVALID_TRANSCRIPT");
  channel("compactions", "CONTEXT_INVALID_INPUT");
}

const ID_PATTERN = /^[A-Za-z0-9_.:-]+$/;

/** The student's id rule /^[A-Za-z0-9_.:-]+$/ for message and tool-call ids, on the built messages. */
export const idPatternEnforced: MistakeDef = {
  layer: (base) =>
    checkBuilt(base, (messages) => {
      for (const m of messages as Message[]) {
        const ids = [m.id, ...(m.role === "assistant" ? m.content.flatMap((b) => (b.type === "toolCall" ? [b.id] : [])) : [])];
        for (const id of ids) if (!ID_PATTERN.test(id)) throw contractError("CONTEXT_INVALID_TRANSCRIPT", `id ${id} has characters other than letters, digits and _.:-`);
      }
    }),
};

type Repair = { input: Data; restore: (built: Data) => Data };

/**
 * A rule the student's reader leaves out: `fix` repairs a plain copy of the input for the
 * reference (null when there is nothing to repair) and `restore` puts the defect back in a plain
 * copy of what the reference built; that copy is the student's context, mapped to the
 * reference's so that it can be passed back.
 */
export function acceptDespite17(fix: (input: Data) => Repair | null): MistakeDef {
  return {
    layer: (base: Impl): Impl => {
      const toBase = new WeakMap<object, unknown>();
      const read = (input: unknown): { reference: unknown; student: object | null } => {
        if (isObj(input) && toBase.has(input)) return { reference: toBase.get(input), student: input };
        try {
          return { reference: base.buildActiveContext(input), student: null };
        } catch (error) {
          const copy = plainCopy(input);
          const repair = isObj(copy) && !Array.isArray(copy) ? fix(copy as Data) : null;
          if (repair === null) throw error;
          const reference = base.buildActiveContext(repair.input);
          const student = deepFreeze(repair.restore(plainCopy(reference) as Data));
          toBase.set(student, reference);
          return { reference, student };
        }
      };
      return {
        buildActiveContext: (input) => {
          const { reference, student } = read(input);
          return student ?? reference;
        },
        groupToolRounds: base.groupToolRounds,
        estimateContextUnits: (input) => base.estimateContextUnits(read(input).reference),
        selectCompactionBoundary: (input, options) => base.selectCompactionBoundary(read(input).reference, options),
        compactContext: async (input, options) => {
          const { reference, student } = read(input);
          const result = (await base.compactContext(reference, options)) as { status: string; context: Data; record: Data | null };
          if (student === null) return result;
          if (result.status !== "compacted") return Object.freeze({ ...result, context: student });
          // The new context keeps the old records as the student read them.
          const next = Object.freeze({ ...result.context, compactions: Object.freeze([...((student as Data).compactions as unknown[]), result.record]) });
          toBase.set(next, result.context);
          return Object.freeze({ ...result, context: next });
        },
      };
    },
  };
}

/** A record whose compactedMessageIds are not as many as its boundary: the boundary set to their number for the reference. */
export function fixRecordIdsLength(input: Data): Repair | null {
  const records = input.compactions;
  if (!Array.isArray(records)) return null;
  const changed: [number, unknown][] = [];
  records.forEach((r, i) => {
    if (!isObj(r) || Array.isArray(r)) return;
    const record = r as Data;
    const ids = record.compactedMessageIds;
    if (!Array.isArray(ids) || ids.length === 0 || !Number.isSafeInteger(record.boundary) || (record.boundary as number) < 1) return;
    if (ids.length === record.boundary) return;
    changed.push([i, record.boundary]);
    record.boundary = ids.length;
  });
  if (changed.length === 0) return null;
  return {
    input,
    restore: (built) => {
      for (const [i, boundary] of changed) ((built.compactions as Data[])[i] as Data).boundary = boundary;
      return built;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The fast path (§7 step 2).

/** The unchanged result carries the caller's input itself (a plain input comes back raw, unfrozen, with its extras). */
export const unchangedReturnsRawInput: MistakeDef = {
  layer: (base) => ({
    ...base,
    compactContext: async (input, options) => {
      const result = (await base.compactContext(input, options)) as { status: string };
      return result.status === "unchanged" ? Object.freeze({ status: "unchanged", context: input, record: null }) : result;
    },
  }),
};

/** A context without messages is returned unchanged, whatever its units ("nothing to compact"). */
export const emptyTranscriptUnchanged: MistakeDef = {
  parts: { small: (units, maxUnits, info) => units <= maxUnits || info.messages.length === 0 },
};

// ---------------------------------------------------------------------------------------------
// Options (§6, §7).

/** compactContext: a missing targetUnits is taken to be maxUnits. */
export const targetDefaultsToMaxUnits: MistakeDef = {
  parts: {
    readOptions: (raw) => {
      if (isOrdinary(raw) && !Array.isArray(raw) && !Object.prototype.hasOwnProperty.call(raw, "targetUnits")) {
        const maxUnits = dataField(raw, "maxUnits");
        if (maxUnits !== ABSENT) return readCompactOptions(editOptions(raw, (copy) => setData(copy, "targetUnits", maxUnits)));
      }
      return readCompactOptions(raw);
    },
  },
};

// ---------------------------------------------------------------------------------------------
// Cancellation.

/** The student's signal check is "a genuine AbortSignal that is not aborted": an aborted signal is an invalid option. */
export const abortedSignalInvalidInput: MistakeDef = {
  parts: {
    readOptions: (raw) => {
      const options = readCompactOptions(raw);
      if (options.signal !== undefined && readAborted(options.signal) === true) throw contractError("CONTEXT_INVALID_INPUT", "options.signal is already aborted");
      return options;
    },
  },
};

const reasonName = (reason: unknown): unknown => {
  try {
    return (reason as { name?: unknown } | null | undefined)?.name;
  } catch {
    return undefined;
  }
};

/** The student's catch takes an abort as cancellation only when its reason is named "AbortError"; any other reason is the summarizer's failure. */
export const customAbortReasonFailed: MistakeDef = {
  layer: (base) =>
    remapRejection(base, (error, options) => {
      const signal = dataField(options, "signal");
      if (!hasCode(error, "CONTEXT_CANCELLED") || abortedOf(signal) !== true) return null;
      return reasonName(reasonOf(signal)) === "AbortError" ? null : contractError("CONTEXT_SUMMARIZER_FAILED", "the summary could not be obtained");
    }),
};

/** The caller's signal is put in the request (request.signal) and the summarizer is called with the request alone. */
export const signalPassedInRequest: MistakeDef = {
  layer: (base) => ({
    ...base,
    compactContext: (input, options) => {
      const signal = dataField(options, "signal");
      return base.compactContext(
        input,
        wrapSummarizer(options, (summarizer) => (request) => summarizer(Object.freeze({ ...(request as Data), signal: signal === ABSENT ? undefined : signal }))),
      );
    },
  }),
};

// ---------------------------------------------------------------------------------------------
// The summarizer's call and value (§7 steps 4-6).

/** The summarizer is called without a try: its synchronous throw escapes as itself (a rejection with the thrown value). */
export const summarizerThrowEscapes: MistakeDef = {
  layer: (base) => ({
    ...base,
    compactContext: async (input, options) => {
      let thrown: { value: unknown } | null = null;
      const wrapped = wrapSummarizer(options, (summarizer) => (...args) => {
        try {
          return summarizer(...args);
        } catch (error) {
          thrown = { value: error };
          throw error;
        }
      });
      try {
        return await base.compactContext(input, wrapped);
      } catch (error) {
        if (thrown !== null && hasCode(error, "CONTEXT_SUMMARIZER_FAILED")) throw (thrown as { value: unknown }).value;
        throw error;
      }
    },
  }),
};

/** A summary too large for summaryMaxUnits is cut (by code points) to fit instead of refused. */
export const summaryTruncatedToFit: MistakeDef = {
  parts: {
    textOf: (value, options) => {
      if (typeof value !== "string" || !isNonEmpty(value)) return value;
      const points = Array.from(value);
      if (points.length > MAX_CONTEXT_STRING_UNITS) return value;
      const room = options.summaryMaxUnits - 5 - u(options.summaryId);
      if (points.length <= room || room < 1) return value;
      return points.slice(0, room).join("");
    },
  },
};

/** A summary value null or undefined is taken as the empty text (value ?? ""). */
export const nullishSummaryAsEmpty: MistakeDef = { parts: { textOf: (value) => value ?? "" } };

/** The summary's length limit is inclusive: a summary of exactly 65536 code points is refused. */
export const summaryLengthLimitInclusive: MistakeDef = { parts: { summaryTooLong: (n) => n >= MAX_CONTEXT_STRING_UNITS } };

// ---------------------------------------------------------------------------------------------
// The record and the new context (§7 step 8), written by the student from the reference's
// result. A patched context maps to the reference's own, so that passing it back works as for
// any built context.

type Compacted = { status: string; context: Data; record: Data | null };
type Patch = (result: { context: Data; record: Data }, old: Data) => { context: Data; record: Data };

/** A student's record or new context, from the reference's compacted result. */
export function resultLayer17(patch: Patch): MistakeDef {
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
          const old = base.buildActiveContext(reference) as Data;
          const result = (await base.compactContext(old, options)) as Compacted;
          if (result.status !== "compacted") return reference === input ? result : Object.freeze({ ...result, context: input });
          const { context, record } = patch({ context: result.context, record: result.record! }, old);
          deepFreeze(record);
          const compactions = Object.freeze([...(context.compactions as unknown[]).slice(0, -1), record]);
          const next = Object.freeze({ ...context, compactions });
          toBase.set(next, result.context);
          return Object.freeze({ status: "compacted", context: next, record });
        },
      };
    },
  };
}

/** unitsBefore is the units of the compacted messages, unitsAfter those of the new summary. */
export const recordUnitsOfCompactedPart = resultLayer17(({ context, record }, old) => {
  const compacted = (old.messages as Message[]).slice(0, record.boundary as number);
  const summary = context.summary as { id: string; content: string };
  return {
    context,
    record: { ...record, unitsBefore: compacted.reduce((sum, m) => sum + kitMessageUnits(m), 0), unitsAfter: 5 + u(summary.id) + u(summary.content) },
  };
});

/** The new context's messages start one after the boundary: the first kept message is lost. */
export const suffixSkipsFirstKept = resultLayer17(({ context, record }) => ({
  context: { ...context, messages: Object.freeze((context.messages as unknown[]).slice(1)) },
  record,
}));

/** compactedMessageIds are collected in a Set: a repeated message id is listed once. */
export const compactedIdsDeduplicated = resultLayer17(({ context, record }) => ({
  context,
  record: { ...record, compactedMessageIds: [...new Set(record.compactedMessageIds as string[])] },
}));

/**
 * The new context's compactions are not held to 256: with 256 records already, the student
 * appends a 257th. (The reference is given the context without its oldest record, which it
 * compacts as it would the whole, records costing nothing; that record is put back in front.)
 */
export const derivedRecordLimitUnchecked: MistakeDef = {
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
        const old = base.buildActiveContext(reference) as Data;
        const records = old.compactions as Data[];
        if (reference !== input || records.length < MAX_CONTEXT_RECORDS || dataField(options, "recordId") === records[0].id) {
          const result = (await base.compactContext(old, options)) as Compacted;
          return reference !== input && result.status !== "compacted" ? Object.freeze({ ...result, context: input }) : result;
        }
        const reduced = base.buildActiveContext({ requirements: old.requirements, summary: old.summary, messages: old.messages, compactions: records.slice(1) });
        const result = (await base.compactContext(reduced, options)) as Compacted;
        if (result.status !== "compacted") return Object.freeze({ ...result, context: old });
        const next = Object.freeze({ ...result.context, compactions: Object.freeze([records[0], ...(result.context.compactions as unknown[])]) });
        toBase.set(next, result.context);
        return Object.freeze({ status: "compacted", context: next, record: result.record });
      },
    };
  },
};
