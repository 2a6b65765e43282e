// The student code of the session-21 implementations (test/heldout/s21-*): each mistake is a
// flag of one of the student's own functions (estimator, grouping and walk, reader rules) or a
// part of compactContext they rewrote (the options reader, the signal watching), or a layer
// around the reference (their ceilings, the defect their reader lets through, their copies with
// extra fields, their fast path, their record writer, their options checks against the context,
// their cancellation by error name). With no flag set each function answers as the reference.
// The async flags of the session are in ./async-loop (`nullPrototypeThenablePlain`,
// `promiseLevelNotCounted`, `thenReturnedPromiseUnhandled`); the signal part is compact-with's
// `signalWatchedFor`.
import { types } from "node:util";
import { MAX_CONTEXT_MESSAGES, MAX_CONTEXT_RECORDS, MAX_CONTEXT_STRING_UNITS } from "../../../src/core/limits";
import { readBoundaryOptions, readCompactOptions, type BoundaryOptions, type CompactOptions } from "../../../src/core/options";
import { contextInfo } from "../../../src/core/snapshot";
import { groupToolRounds as coreGroups } from "../../../src/core/index";
import { messageUnits, type ContextInfo } from "../../../src/core/registry";
import { apply, isNativePromise, promiseThen } from "../../../src/core/intrinsics";
import type { MistakeDef } from "./assemble";
import { makeAwaitValue, type AsyncFlags } from "./async-loop";
import { ABSENT, dataField, deepFreeze, isOrdinary, wrapSummarizer } from "./data";
import { contractError, hasCode, type Impl } from "./impl";
import { checkBuilt } from "./layers";
import { plainCopy } from "./s12";
import { acceptDespite17, rawCheck17, resultLayer17 } from "./s17";
import type { Context, Message } from "./units";

type Data = Record<string, unknown>;
type Json = null | boolean | number | string | readonly Json[] | { readonly [key: string]: Json };

const isObj = (value: unknown): value is object => typeof value === "object" && value !== null;
const cp = (s: string): number => Array.from(s).length;

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

// ---------------------------------------------------------------------------------------------
// Units (§4): the student's own estimateContextUnits, over the context the reference built.

export type UnitFlags21 = {
  /** An assistant's text blocks are counted as one text, 2 + u(the joined text) (the student uses textFromAssistant). */
  readonly textBlocksJoined?: boolean;
  /** The student's JSON count starts with `if (!value) return 1`: 0 and false are counted 1, like null. */
  readonly falsyAsNull?: boolean;
  /** A user message's and a tool result's content is counted trimmed (surrounding whitespace "is not content"). */
  readonly contentTrimmed?: boolean;
  /** A tool result with isError: true is counted without u(content) (an error text "is not context"). */
  readonly errorContentFree?: boolean;
};

export function studentUnits21(flags: UnitFlags21): (context: Context) => number {
  const json = (value: Json): number => {
    if (flags.falsyAsNull && !value) return 1;
    if (value === null) return 1;
    if (typeof value === "boolean") return value ? 5 : 6;
    if (typeof value === "number") return 1 + String(value).length;
    if (typeof value === "string") return 1 + cp(value);
    if (Array.isArray(value)) return (value as readonly Json[]).reduce<number>((sum, item) => sum + 1 + json(item), 2);
    const record = value as { readonly [key: string]: Json };
    return Object.keys(record).reduce((sum, key) => sum + 1 + cp(key) + json(record[key]), 2);
  };
  const content = (s: string) => cp(flags.contentTrimmed ? s.trim() : s);
  const message = (m: Message): number => {
    switch (m.role) {
      case "user":
        return 4 + cp(m.id) + content(m.content);
      case "toolResult":
        return 7 + cp(m.id) + cp(m.toolCallId) + cp(m.toolName) + (flags.errorContentFree && m.isError ? 0 : content(m.content));
      case "assistant": {
        const texts = m.content.flatMap((b) => (b.type === "text" ? [b.text] : []));
        const textUnits = flags.textBlocksJoined ? (texts.length > 0 ? 2 + cp(texts.join("")) : 0) : texts.reduce((sum, t) => sum + 2 + cp(t), 0);
        return m.content.reduce((sum, b) => sum + (b.type === "toolCall" ? 6 + cp(b.id) + cp(b.name) + json(b.arguments) : 0), 4 + cp(m.id) + textUnits);
      }
    }
  };
  return (context) =>
    context.requirements.reduce((sum, r) => sum + 3 + cp(r.id) + cp(r.content), 0) +
    (context.summary === null ? 0 : 5 + cp(context.summary.id) + cp(context.summary.content)) +
    context.messages.reduce((sum, m) => sum + message(m), 0);
}

export function unitsMistake21(flags: UnitFlags21): MistakeDef {
  const units = studentUnits21(flags);
  return { layer: (base) => ({ ...base, estimateContextUnits: (input) => units(base.buildActiveContext(input) as Context) }) };
}

// ---------------------------------------------------------------------------------------------
// Ceilings (§3): the student's own budget checks, on the context the reference built.

export type CeilingFlags21 = {
  /** The 65,536 ceiling of one string is applied to a tool call's arguments as a whole, by their JSON text. */
  readonly argumentsJsonText?: boolean;
  /** The 4,096 messages ceiling counts the messages of the conversation: the messages plus every record's compactedMessageIds. */
  readonly compactedCountedAsMessages?: boolean;
};

export function ceilingMistake21(flags: CeilingFlags21): MistakeDef {
  return {
    layer: (base) =>
      checkBuilt(base, (messages, context) => {
        if (flags.argumentsJsonText) {
          for (const m of messages as Message[]) {
            if (m.role !== "assistant") continue;
            for (const block of m.content) {
              if (block.type === "toolCall" && cp(JSON.stringify(block.arguments)) > MAX_CONTEXT_STRING_UNITS) {
                throw contractError("CONTEXT_LIMIT_EXCEEDED", `a tool call's arguments are longer than ${MAX_CONTEXT_STRING_UNITS} code points`);
              }
            }
          }
        }
        if (flags.compactedCountedAsMessages && context !== null) {
          const records = (context as { compactions: readonly { compactedMessageIds: readonly string[] }[] }).compactions;
          const total = messages.length + records.reduce((sum, r) => sum + r.compactedMessageIds.length, 0);
          if (total > MAX_CONTEXT_MESSAGES) throw contractError("CONTEXT_LIMIT_EXCEEDED", `more than ${MAX_CONTEXT_MESSAGES} messages in the conversation`);
        }
      }),
  };
}

/** A compaction record with boundary 0 and no compacted ids is accepted (the student checks boundary >= 0). */
export const recordBoundaryZeroAccepted: MistakeDef = acceptDespite17((input) => {
  const records = input.compactions;
  if (!Array.isArray(records)) return null;
  const changed: number[] = [];
  records.forEach((r, i) => {
    if (!isObj(r) || Array.isArray(r)) return;
    const record = r as Data;
    if (record.boundary !== 0 || !Array.isArray(record.compactedMessageIds) || record.compactedMessageIds.length !== 0) return;
    changed.push(i);
    record.boundary = 1;
    record.compactedMessageIds = ["-"];
  });
  if (changed.length === 0) return null;
  return {
    input,
    restore: (built) => {
      for (const i of changed) {
        const record = (built.compactions as Data[])[i];
        record.boundary = 0;
        record.compactedMessageIds = [];
      }
      return built;
    },
  };
});

// ---------------------------------------------------------------------------------------------
// Reading (§3): rules the student's reader adds, checked on the raw input after the reference.

export type ReadingFlags21 = {
  /** A Proxy (the input, a channel, a message) is refused: the student's reader takes only ordinary objects. */
  readonly proxyRefused?: boolean;
  /** Fields are found with Object.keys, so a non-enumerable own data field is missing. */
  readonly nonEnumerableRefused?: boolean;
};

const FIELDS: Readonly<Record<string, readonly string[]>> = {
  user: ["id", "role", "content"],
  assistant: ["id", "role", "content"],
  toolResult: ["id", "role", "toolCallId", "toolName", "content", "isError"],
  text: ["type", "text"],
  toolCall: ["type", "id", "name", "arguments"],
};

export function readingMistake21(flags: ReadingFlags21): MistakeDef {
  return rawCheck17((input, transcriptOnly) => {
    const channel = (name: string): unknown => (transcriptOnly ? ABSENT : dataField(input, name));
    const messages = transcriptOnly ? input : channel("messages");
    if (flags.proxyRefused) {
      if (types.isProxy(input)) throw contractError(transcriptOnly ? "CONTEXT_INVALID_TRANSCRIPT" : "CONTEXT_INVALID_INPUT", "a Proxy is not plain data");
      for (const name of ["requirements", "summary", "compactions"]) {
        const value = channel(name);
        if (types.isProxy(value) || itemsOf(value).some((item) => types.isProxy(item))) throw contractError("CONTEXT_INVALID_INPUT", "a Proxy is not plain data");
      }
      if (types.isProxy(messages)) throw contractError("CONTEXT_INVALID_TRANSCRIPT", "a Proxy is not plain data");
      for (const m of itemsOf(messages)) {
        if (types.isProxy(m) || itemsOf(dataField(m, "content")).some((b) => types.isProxy(b))) throw contractError("CONTEXT_INVALID_TRANSCRIPT", "a Proxy is not plain data");
      }
    }
    if (flags.nonEnumerableRefused) {
      const hidden = (record: unknown, fields: readonly string[]): boolean =>
        isOrdinary(record) &&
        fields.some((key) => {
          const descriptor = Object.getOwnPropertyDescriptor(record, key);
          return descriptor !== undefined && "value" in descriptor && !descriptor.enumerable;
        });
      for (const m of itemsOf(messages)) {
        const role = dataField(m, "role");
        if (typeof role === "string" && role in FIELDS && hidden(m, FIELDS[role])) throw contractError("CONTEXT_INVALID_TRANSCRIPT", "a message field is missing");
        if (role === "assistant") {
          for (const b of itemsOf(dataField(m, "content"))) {
            const type = dataField(b, "type");
            if (typeof type === "string" && type in FIELDS && hidden(b, FIELDS[type])) throw contractError("CONTEXT_INVALID_TRANSCRIPT", "a block field is missing");
          }
        }
      }
      if (!transcriptOnly) {
        if (hidden(input, ["requirements", "summary", "messages", "compactions"])) throw contractError("CONTEXT_INVALID_INPUT", "a channel is missing");
        for (const r of itemsOf(channel("requirements"))) if (hidden(r, ["id", "content"])) throw contractError("CONTEXT_INVALID_INPUT", "a requirement field is missing");
        const summary = channel("summary");
        if (hidden(summary, ["id", "content"])) throw contractError("CONTEXT_INVALID_INPUT", "a summary field is missing");
        for (const r of itemsOf(channel("compactions"))) {
          if (hidden(r, ["id", "summaryId", "boundary", "compactedMessageIds", "unitsBefore", "unitsAfter"])) throw contractError("CONTEXT_INVALID_INPUT", "a record field is missing");
        }
      }
    }
  });
}

/** The student copies each message with a spread: its extra own enumerable fields (primitive values) are kept in the built context. */
export const extraFieldsKept: MistakeDef = {
  layer: (base: Impl): Impl => {
    const toBase = new WeakMap<object, unknown>();
    const baseOf = (input: unknown) => (isObj(input) ? (toBase.get(input) ?? input) : input);
    const extrasOf = (raw: unknown): Data[] | null => {
      const list = itemsOf(raw);
      let any = false;
      const extras = list.map((m) => {
        const out: Data = {};
        const role = dataField(m, "role");
        if (!isOrdinary(m) || typeof role !== "string" || !(role in FIELDS)) return out;
        for (const key of Object.keys(m)) {
          if (FIELDS[role].includes(key)) continue;
          const value = dataField(m, key);
          if (value === ABSENT || isObj(value) || typeof value === "function") continue;
          out[key] = value;
          any = true;
        }
        return out;
      });
      return any ? extras : null;
    };
    const withExtras = (messages: readonly unknown[], extras: Data[], from = 0) => Object.freeze(messages.map((m, i) => Object.freeze({ ...(m as Data), ...extras[from + i] })));
    const read = (input: unknown): { reference: unknown; student: object | null } => {
      if (isObj(input) && toBase.has(input)) return { reference: toBase.get(input), student: input };
      const reference = base.buildActiveContext(input) as Data;
      if (reference === input || !isOrdinary(input)) return { reference, student: null };
      const extras = extrasOf(dataField(input, "messages"));
      if (extras === null) return { reference, student: null };
      const student = Object.freeze({ ...reference, messages: withExtras(reference.messages as unknown[], extras) });
      toBase.set(student, reference);
      return { reference, student };
    };
    return {
      buildActiveContext: (input) => {
        const { reference, student } = read(input);
        return student ?? reference;
      },
      groupToolRounds: (transcript) => {
        const groups = base.groupToolRounds(transcript) as readonly { startIndex: number; messages: readonly unknown[] }[];
        const extras = extrasOf(transcript);
        if (extras === null) return groups;
        return Object.freeze(groups.map((g) => Object.freeze({ ...g, messages: withExtras(g.messages, extras, g.startIndex) })));
      },
      estimateContextUnits: (input) => base.estimateContextUnits(read(input).reference),
      selectCompactionBoundary: (input, options) => base.selectCompactionBoundary(read(input).reference, options),
      compactContext: async (input, options) => {
        const { reference, student } = read(input);
        const result = (await base.compactContext(reference, options)) as { status: string; context: Data; record: Data | null };
        if (student === null) return result;
        if (result.status !== "compacted") return Object.freeze({ ...result, context: student });
        const boundary = result.record!.boundary as number;
        const next = Object.freeze({ ...result.context, messages: Object.freeze(((student as Data).messages as unknown[]).slice(boundary)) });
        toBase.set(next, result.context);
        return Object.freeze({ ...result, context: next });
      },
    };
  },
};

/** A content block of a type the student does not know ({ type: 'image', … }) is skipped, not refused. */
export const unknownBlockSkipped: MistakeDef = (() => {
  const KNOWN = ["text", "toolCall"];
  const dropUnknown = (messages: unknown): boolean => {
    let changed = false;
    if (!Array.isArray(messages)) return false;
    for (const m of messages) {
      if (!isObj(m) || Array.isArray(m) || (m as Data).role !== "assistant" || !Array.isArray((m as Data).content)) continue;
      const content = (m as Data).content as unknown[];
      const kept = content.filter((b) => !(isObj(b) && !Array.isArray(b) && typeof (b as Data).type === "string" && !KNOWN.includes((b as Data).type as string)));
      if (kept.length !== content.length) {
        (m as Data).content = kept;
        changed = true;
      }
    }
    return changed;
  };
  const accept = acceptDespite17((input) => (dropUnknown(input.messages) ? { input, restore: (built) => built } : null));
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
            if (!Array.isArray(copy) || !dropUnknown(copy)) throw error;
            return base.groupToolRounds(deepFreeze(copy));
          }
        },
      };
    },
  };
})();

// ---------------------------------------------------------------------------------------------
// The awaiting (§7 step 5).

export function awaitMistake21(flags: AsyncFlags): MistakeDef {
  return { parts: { awaitValue: makeAwaitValue(flags) } };
}

// ---------------------------------------------------------------------------------------------
// Cancellation (§7).

/** The signal is watched (listened to and read) only when the summarizer's value is an object to wait on; a string is taken at once. */
export const stringSummarySkipsSignal: MistakeDef = {
  parts: { signalWatchedFor: (value) => (typeof value === "object" && value !== null) || typeof value === "function" },
};

const isAbortError = (error: unknown): boolean => {
  if (!isObj(error) || types.isProxy(error)) return false;
  if (error instanceof DOMException) return error.name === "AbortError";
  if (!(error instanceof Error)) return false;
  let name: unknown = ABSENT;
  for (let o: object | null = error; o !== null && name === ABSENT; o = Object.getPrototypeOf(o)) name = dataField(o, "name");
  return name === "AbortError";
};

/** A summarizer that throws, or whose native promise rejects with, an AbortError is taken as cancelled (CONTEXT_CANCELLED). */
export const abortErrorTakenAsCancel: MistakeDef = {
  layer: (base) => ({
    ...base,
    compactContext: async (input, options) => {
      let abortError = false;
      const watched = wrapSummarizer(options, (summarizer) => (request, signal) => {
        let value: unknown;
        try {
          value = summarizer(request, signal);
        } catch (error) {
          if (isAbortError(error)) abortError = true;
          throw error;
        }
        if (isNativePromise(value) && !types.isProxy(value)) {
          try {
            apply(promiseThen, value, [undefined, (reason: unknown) => void (isAbortError(reason) && (abortError = true))]);
          } catch {
            // the reference finds out what this promise is
          }
        }
        return value;
      });
      try {
        return await base.compactContext(input, watched);
      } catch (error) {
        if (abortError && hasCode(error, "CONTEXT_SUMMARIZER_FAILED")) throw contractError("CONTEXT_CANCELLED", "the summarizer was aborted");
        throw error;
      }
    },
  }),
};

// ---------------------------------------------------------------------------------------------
// Options checked against the context (§6), in selectCompactionBoundary and in compactContext's
// reader (before the fast path): a check the student adds once the options are read.

function optionsAgainstContext(check: (info: ContextInfo, options: BoundaryOptions) => void): MistakeDef {
  return {
    layer: (base) => ({
      ...base,
      selectCompactionBoundary: (input, options) => {
        // Read once, as the reference reads them (no trap or getter runs twice).
        const info = contextInfo(input);
        const read = readBoundaryOptions(options);
        check(info, read);
        return base.selectCompactionBoundary(info.context, { ...read });
      },
      compactContext: async (input, options) => {
        const info = contextInfo(input);
        const read = readCompactOptions(options);
        check(info, read);
        return base.compactContext(info.context, { ...read });
      },
    }),
  };
}

/** Σ requirements + summaryMaxUnits above targetUnits is refused as an invalid budget (no cut could ever fit). */
export const unreachableTargetRefused = optionsAgainstContext((info, options) => {
  if (info.requirementUnits + options.summaryMaxUnits > options.targetUnits) throw contractError("CONTEXT_INVALID_BUDGET", "the requirements and summaryMaxUnits exceed targetUnits");
});

/** retainRecentMessages above the number of messages is refused as an invalid budget. */
export const retainAboveLengthRefused = optionsAgainstContext((info, options) => {
  if (options.retainRecentMessages > info.messages.length) throw contractError("CONTEXT_INVALID_BUDGET", "retainRecentMessages exceeds the number of messages");
});

const OPTION_FIELDS = ["targetUnits", "summaryMaxUnits", "retainRecentMessages", "maxUnits", "summaryId", "recordId", "summarizer", "signal"];

/** The student's options test is `typeof options === 'object'`, and fields are read by property access: options inheriting from another object are read. */
export const optionsPrototypeAccepted: MistakeDef = {
  layer: (base) => {
    const plain = (options: unknown): unknown => {
      if (!isOrdinary(options) || Array.isArray(options)) return options;
      const proto = Object.getPrototypeOf(options);
      if (proto === Object.prototype || proto === null) return options;
      const copy: Data = {};
      for (const key of OPTION_FIELDS) {
        for (let o: object | null = options; o !== null; o = Object.getPrototypeOf(o)) {
          if (types.isProxy(o)) break;
          const descriptor = Object.getOwnPropertyDescriptor(o, key);
          if (descriptor === undefined) continue;
          if ("value" in descriptor) copy[key] = descriptor.value;
          break;
        }
      }
      return copy;
    };
    return {
      ...base,
      selectCompactionBoundary: (input, options) => base.selectCompactionBoundary(input, plain(options)),
      compactContext: (input, options) => base.compactContext(input, plain(options)),
    };
  },
};

// ---------------------------------------------------------------------------------------------
// Grouping (§5): the student's groupToolRounds, and the walk over it.

export type GroupFlags21 = {
  /** A tool round is its assistant and the next k messages, k being its number of calls (results assumed to follow). */
  readonly roundByCallCount?: boolean;
  /** startIndex and endIndex are given one-based (positions, not indices). */
  readonly oneBased?: boolean;
};

type Group = { kind: "message" | "toolRound"; startIndex: number; endIndex: number; messages: readonly Message[] };

/** The reference's groups, or the student's by call count. */
function studentGroups21(messages: readonly Message[], flags: GroupFlags21): Group[] {
  if (!flags.roundByCallCount) return [...(coreGroups(messages as never) as readonly Group[])];
  const groups: Group[] = [];
  for (let i = 0; i < messages.length; ) {
    const m = messages[i];
    const calls = m.role === "assistant" ? m.content.filter((b) => b.type === "toolCall").length : 0;
    const end = Math.min(i + 1 + calls, messages.length);
    groups.push({ kind: calls > 0 ? "toolRound" : "message", startIndex: i, endIndex: end, messages: messages.slice(i, end) });
    i = end;
  }
  return groups;
}

const validated = (transcript: unknown): readonly Message[] =>
  (coreGroups(transcript as never) as readonly { messages: readonly Message[] }[]).flatMap((g) => g.messages);

export function groupsMistake21(flags: GroupFlags21): MistakeDef {
  const walk = (info: ContextInfo, options: BoundaryOptions): number | null => {
    const count = info.messages.length;
    const latest = count - options.retainRecentMessages;
    if (latest <= 0) return null;
    const fixed = info.requirementUnits + options.summaryMaxUnits;
    for (const g of studentGroups21(info.messages as readonly Message[], flags)) {
      if (g.endIndex > latest) return null;
      if (fixed + messageUnits(info, g.endIndex, count) <= options.targetUnits) return g.endIndex;
    }
    return null;
  };
  return {
    ...(flags.roundByCallCount ? { parts: { boundaryOf: walk } } : {}),
    layer: (base) => ({
      ...base,
      groupToolRounds: (transcript) => {
        const shift = flags.oneBased ? 1 : 0;
        const groups = studentGroups21(validated(transcript), flags);
        return Object.freeze(groups.map((g) => Object.freeze({ ...g, startIndex: g.startIndex + shift, endIndex: g.endIndex + shift, messages: Object.freeze(g.messages) })));
      },
      selectCompactionBoundary: flags.roundByCallCount ? (input, options) => walk(contextInfo(input), readBoundaryOptions(options)) : base.selectCompactionBoundary,
    }),
  };
}

// ---------------------------------------------------------------------------------------------
// The fast path and the options of §7.

/** The student's compactContext is a plain function: the unchanged result is returned as it is, not as a promise. */
export const fastPathReturnsPlainResult: MistakeDef = {
  layer: (base) => ({
    ...base,
    compactContext: ((input: unknown, options: unknown) => {
      let info: ContextInfo;
      let read: CompactOptions;
      try {
        info = contextInfo(input);
        read = readCompactOptions(options);
      } catch (error) {
        return Promise.reject(error);
      }
      if (info.totalUnits <= read.maxUnits) return Object.freeze({ status: "unchanged", context: info.context, record: null });
      return base.compactContext(info.context, { ...read });
    }) as Impl["compactContext"],
  }),
};

/** maxUnits is bounded by 4,096 (the student took MAX_CONTEXT_MESSAGES for the units ceiling): a larger maxUnits is CONTEXT_INVALID_BUDGET. */
export const maxUnitsCappedAt4096: MistakeDef = {
  parts: {
    readOptions: (raw) => {
      let read: CompactOptions;
      try {
        read = readCompactOptions(raw);
      } catch (error) {
        // The student's maxUnits check comes where the reference's does: right after the fields of §6.
        const maxUnits = dataField(raw, "maxUnits");
        let boundary: BoundaryOptions | null = null;
        try {
          // Only an ordinary object is read again (no trap or getter runs twice).
          boundary = isOrdinary(raw) && !Array.isArray(raw) ? readBoundaryOptions(raw) : null;
        } catch {
          boundary = null;
        }
        if (boundary !== null && Number.isSafeInteger(maxUnits) && (maxUnits as number) > MAX_CONTEXT_MESSAGES && (maxUnits as number) <= 1_000_000 && boundary.targetUnits <= (maxUnits as number)) {
          throw contractError("CONTEXT_INVALID_BUDGET", `options.maxUnits must be a safe integer from 1 to ${MAX_CONTEXT_MESSAGES}`);
        }
        throw error;
      }
      if (read.maxUnits > MAX_CONTEXT_MESSAGES) throw contractError("CONTEXT_INVALID_BUDGET", `options.maxUnits must be a safe integer from 1 to ${MAX_CONTEXT_MESSAGES}`);
      return read;
    },
  },
};

/** The summarizer is checked with Object.prototype.toString (`[object Function]`), so an async function is refused. */
export const asyncSummarizerRefused: MistakeDef = {
  parts: {
    readOptions: (raw) => {
      const read = readCompactOptions(raw);
      const summarizer = read.summarizer as unknown;
      if (!types.isProxy(summarizer) && Object.prototype.toString.call(summarizer) !== "[object Function]") {
        throw contractError("CONTEXT_INVALID_INPUT", "options.summarizer must be a function");
      }
      return read;
    },
  },
};

// ---------------------------------------------------------------------------------------------
// Summary (§7 step 6).

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** A summary text holding a lone surrogate is refused as not well-formed text (CONTEXT_SUMMARY_INVALID). */
export const summaryLoneSurrogateRefused: MistakeDef = {
  parts: {
    textOf: (value) => {
      if (typeof value === "string" && LONE_SURROGATE.test(value)) throw contractError("CONTEXT_SUMMARY_INVALID", "the summary is not well-formed text");
      return value;
    },
  },
};

// ---------------------------------------------------------------------------------------------
// The record and the new context (§7 step 8).

/** With 256 records already, the student drops the oldest record to make room for the new one. */
export const oldestRecordDroppedAtCeiling: MistakeDef = {
  layer: (base) => ({
    ...base,
    compactContext: async (input, options) => {
      const info = contextInfo(input);
      const read = readCompactOptions(options);
      const old = info.context;
      if (old.compactions.length < MAX_CONTEXT_RECORDS || info.totalUnits <= read.maxUnits) return base.compactContext(old, { ...read });
      return base.compactContext({ requirements: old.requirements, summary: old.summary, messages: old.messages, compactions: old.compactions.slice(1) }, { ...read });
    },
  }),
};

/** The ids written into the record and the new summary are trimmed (recordId, summaryId). */
export const recordIdsTrimmed: MistakeDef = resultLayer17(({ context, record }) => {
  const summary = context.summary as { id: string; content: string };
  return {
    context: { ...context, summary: Object.freeze({ id: summary.id.trim(), content: summary.content }) },
    record: { ...record, id: (record.id as string).trim(), summaryId: (record.summaryId as string).trim() },
  };
});
