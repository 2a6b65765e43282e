// The student code of the session-23 implementations (test/heldout/s23-*): each mistake is a
// flag of one of the student's own functions (estimator, boundary walk) or a part of
// compactContext they rewrote (options reader, reading of the signal, summary text), or a layer
// around the reference (the rules their reader gets wrong, their options' shape test, their
// summarizer call, their record and result). With no flag set each function answers as the
// reference. The async flags of the session are in ./async-loop (`retryNeedsExtensible`,
// `constructorLeftAfterRetry`, `thenableReachedAgainFails`).
import { MAX_CONTEXT_STRING_UNITS, MAX_CONTEXT_TOTAL_UNITS } from "../../../src/core/limits";
import { readBoundaryOptions, readCompactOptions } from "../../../src/core/options";
import { contextInfo } from "../../../src/core/snapshot";
import { boundaryOf } from "../../../src/core/boundary";
import type { MistakeDef } from "./assemble";
import { makeAwaitValue, type AsyncFlags } from "./async-loop";
import { ABSENT, dataField, isOrdinary, wrapSummarizer } from "./data";
import { contractError, type Impl } from "./impl";
import { checkBuilt, mapInput, mapOptions } from "./layers";
import { resultLayer17 } from "./s17";
import type { Context, Message } from "./units";

type Data = Record<string, unknown>;
type Json = null | boolean | number | string | readonly Json[] | { readonly [key: string]: Json };

const cp = (s: string): number => Array.from(s).length;
const isPlainShape = (value: unknown): value is Data => {
  if (!isOrdinary(value) || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

// ---------------------------------------------------------------------------------------------
// Units (§4): the student's own estimateContextUnits, over the context the reference built.

export type UnitFlags23 = {
  /** A tool-result message is counted 7 + u(toolCallId) + u(toolName) + u(content), without u(id) of the message. */
  readonly resultIdNotCounted?: boolean;
  /** J(string) is the length of the string's JSON text less one quote: JSON.stringify(s).length − 1 (escapes and UTF-16 units counted). */
  readonly stringEscapesCounted?: boolean;
};

export function studentUnits23(flags: UnitFlags23): (context: Context) => number {
  const json = (value: Json): number => {
    if (value === null) return 1;
    if (typeof value === "boolean") return value ? 5 : 6;
    if (typeof value === "number") return 1 + String(value).length;
    if (typeof value === "string") return flags.stringEscapesCounted ? JSON.stringify(value).length - 1 : 1 + cp(value);
    if (Array.isArray(value)) return (value as readonly Json[]).reduce<number>((sum, item) => sum + 1 + json(item), 2);
    const record = value as { readonly [key: string]: Json };
    return Object.keys(record).reduce((sum, key) => sum + 1 + cp(key) + json(record[key]), 2);
  };
  const message = (m: Message): number => {
    switch (m.role) {
      case "user":
        return 4 + cp(m.id) + cp(m.content);
      case "toolResult":
        return 7 + (flags.resultIdNotCounted ? 0 : cp(m.id)) + cp(m.toolCallId) + cp(m.toolName) + cp(m.content);
      case "assistant":
        return m.content.reduce((sum, b) => sum + (b.type === "toolCall" ? 6 + cp(b.id) + cp(b.name) + json(b.arguments as Json) : 2 + cp(b.text)), 4 + cp(m.id));
    }
  };
  return (context) =>
    context.requirements.reduce((sum, r) => sum + 3 + cp(r.id) + cp(r.content), 0) +
    (context.summary === null ? 0 : 5 + cp(context.summary.id) + cp(context.summary.content)) +
    context.messages.reduce((sum, m) => sum + message(m), 0);
}

export function unitsMistake23(flags: UnitFlags23): MistakeDef {
  const units = studentUnits23(flags);
  return { layer: (base) => ({ ...base, estimateContextUnits: (input) => units(base.buildActiveContext(input) as Context) }) };
}

// ---------------------------------------------------------------------------------------------
// Reading (§3).

/**
 * The student's reader tells an accessor by its getter alone (`descriptor.get !== undefined`),
 * so a field with a setter and no getter is read as a data property holding undefined. It only
 * changes an outcome where undefined is a valid value: the input's summary channel (no summary).
 * Elsewhere undefined is refused with the code the accessor gets.
 */
export const setterOnlyReadAsUndefined: MistakeDef = {
  layer: (base) =>
    mapInput(base, (input) => {
      if (!isPlainShape(input)) return input;
      const descriptors = Object.getOwnPropertyDescriptors(input);
      let changed = false;
      for (const key of Reflect.ownKeys(descriptors)) {
        const d = descriptors[key as string];
        if (d.get === undefined && d.set !== undefined) {
          descriptors[key as string] = { value: undefined, writable: true, enumerable: d.enumerable, configurable: true };
          changed = true;
        }
      }
      return changed ? Object.create(Object.getPrototypeOf(input), descriptors) : input;
    }),
};

/** Every string value of a built context (the strings the budgets bound). */
function* stringsOf(context: Data): Generator<string> {
  const json = function* (value: unknown): Generator<string> {
    if (typeof value === "string") yield value;
    else if (Array.isArray(value)) for (const item of value) yield* json(item);
    else if (typeof value === "object" && value !== null) {
      for (const key of Object.keys(value)) {
        yield key;
        yield* json((value as Data)[key]);
      }
    }
  };
  for (const r of (context.requirements as Data[]) ?? []) yield* json([r.id, r.content]);
  if (context.summary) yield* json([(context.summary as Data).id, (context.summary as Data).content]);
  for (const m of (context.messages as Data[]) ?? []) yield* messageStrings(m, json);
  for (const r of (context.compactions as Data[]) ?? []) yield* json([r.id, r.summaryId, r.compactedMessageIds]);
}

function* messageStrings(m: Data, json: (value: unknown) => Generator<string>): Generator<string> {
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

/** One string's ceiling is exclusive in the student's reader: a string of exactly 65,536 code points is refused. */
export const string65536Refused: MistakeDef = {
  layer: (base) =>
    checkBuilt(base, (messages, context) => {
      const all = context === null ? messageStringsAll(messages as Data[]) : stringsOf(context as Data);
      for (const s of all) if (s.length >= MAX_CONTEXT_STRING_UNITS && cp(s) >= MAX_CONTEXT_STRING_UNITS) throw contractError("CONTEXT_LIMIT_EXCEEDED", "a string of 65536 code points or more");
    }),
};

function* messageStringsAll(messages: readonly Data[]): Generator<string> {
  yield* stringsOf({ messages });
}

// ---------------------------------------------------------------------------------------------
// Options of §6: the student's shape test and the bound of targetUnits.

/** The options' shape test is typeof options === 'object' && options !== null: an array with the fields as own properties is read like a plain object. */
export const optionsArrayAccepted: MistakeDef = {
  layer: (base) =>
    mapOptions(base, (options) => {
      if (!isOrdinary(options) || !Array.isArray(options)) return options;
      const descriptors = Object.getOwnPropertyDescriptors(options) as Record<string, PropertyDescriptor>;
      delete descriptors.length;
      for (const key of Object.keys(descriptors)) if (/^(0|[1-9]\d*)$/.test(key)) delete descriptors[key];
      return Object.create(Object.prototype, descriptors);
    }),
};

const targetIsMillion = (raw: unknown) => isPlainShape(raw) && dataField(raw, "targetUnits") === MAX_CONTEXT_TOTAL_UNITS;
const refuseMillion = () => {
  throw contractError("CONTEXT_INVALID_BUDGET", `options.targetUnits must be below ${MAX_CONTEXT_TOTAL_UNITS}`);
};

/** targetUnits must be below 1,000,000 (the student's check is < MAX_CONTEXT_TOTAL_UNITS). */
export const targetMillionRefused: MistakeDef = {
  parts: { readOptions: (raw) => (targetIsMillion(raw) ? refuseMillion() : readCompactOptions(raw)) },
  layer: (base) => ({
    ...base,
    selectCompactionBoundary: (input, options) => {
      const info = contextInfo(input);
      if (targetIsMillion(options)) refuseMillion();
      return boundaryOf(info, readBoundaryOptions(options));
    },
  }),
};

// ---------------------------------------------------------------------------------------------
// The boundary walk (§6): the student's own, over the context and options the reference read.

export type WalkFlags23 = {
  /** The fit counts the messages between the cut and latest only: the retained messages are taken as always kept, not counted. */
  readonly retainedNotCounted?: boolean;
};

const messageUnits23 = studentUnits23({});
const unitsOfMessages = (messages: readonly Message[]) => messageUnits23({ requirements: [], summary: null, messages } as unknown as Context);

export function studentWalk23(context: Context, options: { targetUnits: number; summaryMaxUnits: number; retainRecentMessages: number }, flags: WalkFlags23): number | null {
  const messages = context.messages;
  const latest = messages.length - options.retainRecentMessages;
  if (latest <= 0) return null;
  const fixed = context.requirements.reduce((sum, r) => sum + 3 + cp(r.id) + cp(r.content), 0) + options.summaryMaxUnits;
  for (const end of groupsOf(messages)) {
    if (end > latest) return null;
    const kept = unitsOfMessages(flags.retainedNotCounted ? messages.slice(end, latest) : messages.slice(end));
    if (fixed + kept <= options.targetUnits) return end;
  }
  return null;
}

/** The end index of each group (the reference's groupToolRounds: the walk is the student's, not the grouping). */
function groupsOf(messages: readonly Message[]): number[] {
  // Each assistant's reach: the last result of its calls.
  const resultAt = new Map<string, number>();
  messages.forEach((m, i) => {
    if (m.role === "toolResult") resultAt.set(m.toolCallId, i);
  });
  const ends: number[] = [];
  let start = 0;
  while (start < messages.length) {
    let last = start;
    for (let j = start; j <= last; j++) {
      const m = messages[j];
      if (m.role === "assistant") for (const b of m.content) if (b.type === "toolCall") last = Math.max(last, resultAt.get(b.id) ?? j);
    }
    ends.push(last + 1);
    start = last + 1;
  }
  return ends;
}

export function walkMistake23(flags: WalkFlags23): MistakeDef {
  return {
    parts: { boundaryOf: (info, options) => studentWalk23(info.context as unknown as Context, options, flags) },
    layer: (base) => ({
      ...base,
      selectCompactionBoundary: (input, options) => {
        const info = contextInfo(input);
        return studentWalk23(info.context as unknown as Context, readBoundaryOptions(options), flags);
      },
    }),
  };
}

/** The student's boundary function throws CONTEXT_BOUNDARY_UNAVAILABLE where no cut qualifies (compactContext's error), instead of answering null. */
export const noBoundaryThrown: MistakeDef = {
  layer: (base) => ({
    ...base,
    selectCompactionBoundary: (input, options) => {
      const boundary = base.selectCompactionBoundary(input, options);
      if (boundary === null) throw contractError("CONTEXT_BOUNDARY_UNAVAILABLE", "no whole-group cut fits the target");
      return boundary;
    },
  }),
};

// ---------------------------------------------------------------------------------------------
// maxUnits (§7) and the summary text (§7 step 6).

/** maxUnits is checked as a number in range (typeof 'number', 1 <= maxUnits <= 1,000,000, >= targetUnits), not as an integer: 40.5 is accepted. */
export const maxUnitsFractionAccepted: MistakeDef = {
  parts: {
    readOptions: (raw) => {
      const maxUnits = dataField(raw, "maxUnits");
      if (!isPlainShape(raw) || typeof maxUnits !== "number" || Number.isInteger(maxUnits) || !(maxUnits >= 1 && maxUnits <= MAX_CONTEXT_TOTAL_UNITS)) return readCompactOptions(raw);
      const copy = Object.create(Object.getPrototypeOf(raw), Object.getOwnPropertyDescriptors(raw)) as Data;
      Object.defineProperty(copy, "maxUnits", { value: Math.ceil(maxUnits), writable: true, enumerable: true, configurable: true });
      return { ...readCompactOptions(copy), maxUnits };
    },
  },
};

/** The summary value is trimmed for the blank test before its type is checked: a value that is not a string (null, a number) throws a raw TypeError. */
export const summaryTrimmedBeforeTypeCheck: MistakeDef = {
  parts: {
    textOf: (value) => {
      (value as { trim(): string }).trim();
      return value;
    },
  },
};

// ---------------------------------------------------------------------------------------------
// Cancellation (§7 steps 3-5).

/** The student reads the signal's state as signal.aborted (property access): an own aborted property shadows the state (and a getter of the caller's runs). */
export const abortedReadByProperty: MistakeDef = {
  parts: {
    readAborted: (signal) => {
      try {
        return Boolean((signal as { aborted: unknown }).aborted);
      } catch {
        return null;
      }
    },
  },
};

/** The summarizer's second argument is an options bag { signal } (fetch-style), not the signal itself. */
export const signalPassedAsOptionsBag: MistakeDef = {
  layer: (base) => ({
    ...base,
    compactContext: (input, options) => {
      const signal = dataField(options, "signal");
      return base.compactContext(input, wrapSummarizer(options, (summarizer) => (request) => summarizer(request, { signal: signal === ABSENT ? undefined : signal })));
    },
  }),
};

// ---------------------------------------------------------------------------------------------
// The awaiting (§7 step 5).

export function awaitMistake23(flags: AsyncFlags): MistakeDef {
  return { parts: { awaitValue: makeAwaitValue(flags) } };
}

// ---------------------------------------------------------------------------------------------
// The record and the result (§7 step 8).

/** The record's summaryId is the record's own id (options.recordId). */
export const recordSummaryIdFromRecordId: MistakeDef = resultLayer17(({ context, record }) => ({ context, record: { ...record, summaryId: record.id } }));

/** The record's unitsAfter counts the new summary as u(summaryId) + u(text), without its base 5. */
export const unitsAfterSummaryWithoutBase: MistakeDef = resultLayer17(({ context, record }) => ({ context, record: { ...record, unitsAfter: (record.unitsAfter as number) - 5 } }));

type Result = { status: string; context: unknown; record: unknown };

/** The compacted result object is a fresh literal, not frozen (its context and record are). */
export const compactedResultUnfrozen: MistakeDef = {
  layer: (base: Impl): Impl => ({
    ...base,
    compactContext: async (input, options) => {
      const result = (await base.compactContext(input, options)) as Result;
      if (result.status !== "compacted") return result;
      return { status: result.status, context: result.context, record: result.record };
    },
  }),
};

/**
 * The new context object is a fresh literal { requirements, summary, messages, compactions }, not
 * frozen (its channels are); the student's module still knows it as its own (built again, it is
 * the same object).
 */
export const newContextUnfrozen: MistakeDef = {
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
        const result = (await base.compactContext(reference, options)) as Result;
        if (result.status !== "compacted") return reference === input ? result : Object.freeze({ ...result, context: input });
        const context = { ...(result.context as Data) };
        toBase.set(context, result.context);
        return Object.freeze({ status: result.status, context, record: result.record });
      },
    };
  },
};
