// The student code of the session-12 implementations (test/heldout/s12-*): each mistake is a
// flag of one of the student's own functions (estimator, reader of options, grouping and
// boundary) or a layer around the reference (input checks, acceptance of a defect, the
// summarizer's value, the result). With no flag set each function answers as the reference.
import { types } from "node:util";
import * as core from "../../../src/core/index";
import { boundaryOf as referenceBoundaryOf } from "../../../src/core/boundary";
import { readBoundaryOptions, readCompactOptions, type BoundaryOptions, type CompactOptions } from "../../../src/core/options";
import { contextInfo } from "../../../src/core/snapshot";
import type { MistakeDef } from "./assemble";
import { ABSENT, dataField, editOptions, isOrdinary, setData, wrapSummarizer } from "./data";
import { contractError, hasCode, type ErrorCode, type Impl } from "./impl";
import { patchLayer } from "./patched";
import { abortedOf, reasonOf } from "./signal";
import type { Context, Message } from "./units";

const isObjectOrFunction = (value: unknown): value is object => (typeof value === "object" && value !== null) || typeof value === "function";

// ---------------------------------------------------------------------------------------------
// Units (§4): the student's own estimateContextUnits, over the context the reference built.

export type UnitFlags = {
  /** u(s) is s.length (UTF-16 code units), so an emoji counts 2. */
  readonly utf16?: boolean;
  /** A text block costs u(text), without its structural 2. */
  readonly textBlockBaseMissing?: boolean;
  /** J(array) = 2 + Σ J(item), without the 1 per item. */
  readonly arraySeparatorMissing?: boolean;
  /** J(string) = u(s), without its 1. */
  readonly jsonStringNoQuote?: boolean;
  /** A tool-call block leaves out u(id) of the call. */
  readonly toolCallIdNotCounted?: boolean;
};

type Json = null | boolean | number | string | readonly Json[] | { readonly [key: string]: Json };

export function studentUnits(context: Context, flags: UnitFlags): number {
  const u = (s: string): number => (flags.utf16 ? s.length : Array.from(s).length);
  const json = (value: Json): number => {
    if (value === null) return 1;
    if (typeof value === "boolean") return value ? 5 : 6;
    if (typeof value === "number") return 1 + String(value).length;
    if (typeof value === "string") return (flags.jsonStringNoQuote ? 0 : 1) + u(value);
    if (Array.isArray(value)) return 2 + value.reduce((sum: number, item: Json) => sum + (flags.arraySeparatorMissing ? 0 : 1) + json(item), 0);
    const record = value as { readonly [key: string]: Json };
    return 2 + Object.keys(record).reduce((sum, key) => sum + 1 + u(key) + json(record[key]), 0);
  };
  const message = (m: Message): number => {
    if (m.role === "user") return 4 + u(m.id) + u(m.content);
    if (m.role === "toolResult") return 7 + u(m.id) + u(m.toolCallId) + u(m.toolName) + u(m.content);
    let sum = 4 + u(m.id);
    for (const block of m.content) {
      if (block.type === "text") sum += (flags.textBlockBaseMissing ? 0 : 2) + u(block.text);
      else sum += 6 + (flags.toolCallIdNotCounted ? 0 : u(block.id)) + u(block.name) + json(block.arguments);
    }
    return sum;
  };
  let total = 0;
  for (const r of context.requirements) total += 3 + u(r.id) + u(r.content);
  if (context.summary !== null) total += 5 + u(context.summary.id) + u(context.summary.content);
  for (const m of context.messages) total += message(m);
  return total;
}

/** The student's estimateContextUnits (compactContext counts with the reference). */
export function unitsMistake(flags: UnitFlags): MistakeDef {
  return { layer: (base) => ({ ...base, estimateContextUnits: (input) => studentUnits(base.buildActiveContext(input) as Context, flags) }) };
}

// ---------------------------------------------------------------------------------------------
// Options (§6, §7): the student's reader, the reference's with some checks changed.

export type OptionFlags = {
  /** retainRecentMessages must be >= 1 (0 is refused with CONTEXT_INVALID_BUDGET). */
  readonly retainZeroRefused?: boolean;
  /** summaryMaxUnits >= 0 (0 is accepted). */
  readonly summaryMaxZeroAccepted?: boolean;
  /** targetUnits is floored (Math.floor) instead of required to be an integer. */
  readonly targetFractionFloored?: boolean;
  /** maxUnits is not compared with targetUnits. */
  readonly maxUnitsBelowTargetAccepted?: boolean;
  /** summarizer is not checked: it is called, and a non-function throws there. */
  readonly summarizerCheckedByCalling?: boolean;
};

const notAFunction = () => {
  throw new TypeError("options.summarizer is not a function");
};

function studentRead<T extends BoundaryOptions>(options: unknown, flags: OptionFlags, compact: boolean, read: (options: unknown) => T): T {
  if (!isOrdinary(options) || Array.isArray(options)) return read(options);
  const edits: Record<string, unknown> = {};
  const restore: Record<string, unknown> = {};
  const target = dataField(options, "targetUnits");
  let flooredTarget: unknown = target;
  if (flags.targetFractionFloored && typeof target === "number" && Number.isFinite(target) && !Number.isInteger(target)) {
    flooredTarget = edits.targetUnits = Math.floor(target);
  }
  if (flags.summaryMaxZeroAccepted && dataField(options, "summaryMaxUnits") === 0) {
    edits.summaryMaxUnits = 1;
    restore.summaryMaxUnits = 0;
  }
  if (compact && flags.maxUnitsBelowTargetAccepted) {
    const max = dataField(options, "maxUnits");
    if (Number.isSafeInteger(max) && (max as number) >= 1 && (max as number) <= 1_000_000 && Number.isSafeInteger(flooredTarget) && (max as number) < (flooredTarget as number)) {
      edits.maxUnits = flooredTarget;
      restore.maxUnits = max;
    }
  }
  if (compact && flags.summarizerCheckedByCalling) {
    const descriptor = Object.getOwnPropertyDescriptor(options, "summarizer");
    if (descriptor === undefined || ("value" in descriptor && typeof descriptor.value !== "function")) edits.summarizer = notAFunction;
  }
  const copy = Object.keys(edits).length === 0 ? options : editOptions(options, (c) => Object.entries(edits).forEach(([k, v]) => setData(c, k, v)));
  const result = { ...read(copy), ...restore } as T;
  if (flags.retainZeroRefused && result.retainRecentMessages === 0) throw contractError("CONTEXT_INVALID_BUDGET", "options.retainRecentMessages must be at least 1");
  return result;
}

/** The student's options reader, in selectCompactionBoundary and compactContext. */
export function optionsMistake(flags: OptionFlags): MistakeDef {
  return {
    parts: { readOptions: (options) => studentRead<CompactOptions>(options, flags, true, readCompactOptions) },
    layer: (base) => ({
      ...base,
      selectCompactionBoundary: (input, options) => {
        const info = contextInfo(input);
        return referenceBoundaryOf(info, studentRead<BoundaryOptions>(options, flags, false, readBoundaryOptions));
      },
    }),
  };
}

// ---------------------------------------------------------------------------------------------
// Grouping (§5) and boundary (§6): the student's own, over the context the reference built.

export type WalkFlags = {
  /** A group ends at the last result of the assistant that opened it; later intervals inside do not extend it. */
  readonly overlapNotMerged?: boolean;
  /** groupToolRounds reports endIndex as the last index of the group (inclusive). */
  readonly endIndexInclusive?: boolean;
  /** A group ending exactly at latest is refused too (end >= latest). */
  readonly latestOffByOne?: boolean;
  /** The latest cut that fits is chosen instead of the earliest. */
  readonly latestCutChosen?: boolean;
};

type Group = { kind: "message" | "toolRound"; startIndex: number; endIndex: number; messages: readonly Message[] };

function studentGroups(messages: readonly Message[], flags: WalkFlags): Group[] {
  const resultIndex = new Map<string, number>();
  messages.forEach((m, i) => {
    if (m.role === "toolResult") resultIndex.set(m.toolCallId, i);
  });
  const reach = messages.map((m, i) => {
    if (m.role !== "assistant") return i;
    const ends = m.content.flatMap((b) => (b.type === "toolCall" ? [resultIndex.get(b.id)!] : []));
    return ends.length === 0 ? i : Math.max(...ends);
  });
  const groups: Group[] = [];
  for (let start = 0; start < messages.length; ) {
    let last = reach[start];
    if (!flags.overlapNotMerged) for (let j = start + 1; j <= last; j++) last = Math.max(last, reach[j]);
    const end = last + 1;
    groups.push({ kind: reach[start] !== start ? "toolRound" : "message", startIndex: start, endIndex: end, messages: messages.slice(start, end) });
    start = end;
  }
  return groups;
}

function studentBoundary(context: Context, options: BoundaryOptions, flags: WalkFlags): number | null {
  const messages = context.messages;
  const latest = messages.length - options.retainRecentMessages;
  if (latest <= 0) return null;
  const suffix = new Array<number>(messages.length + 1).fill(0);
  for (let i = messages.length - 1; i >= 0; i--) suffix[i] = suffix[i + 1] + studentUnits({ requirements: [], summary: null, messages: [messages[i]] }, {});
  const fixed = studentUnits({ requirements: context.requirements, summary: null, messages: [] }, {}) + options.summaryMaxUnits;
  let best: number | null = null;
  for (const group of studentGroups(messages, flags)) {
    const end = group.endIndex;
    if (flags.latestOffByOne ? end >= latest : end > latest) return best;
    if (fixed + suffix[end] <= options.targetUnits) {
      if (!flags.latestCutChosen) return end;
      best = end;
    }
  }
  return best;
}

function validatedMessages(transcript: unknown): readonly Message[] {
  return (core.groupToolRounds(transcript as never) as readonly { messages: readonly Message[] }[]).flatMap((g) => g.messages);
}

/** The student's grouping and boundary walk, wherever they are used. */
export function walkMistake(flags: WalkFlags): MistakeDef {
  const regroups = flags.overlapNotMerged || flags.endIndexInclusive;
  return {
    parts: { boundaryOf: (info, options) => studentBoundary(info.context as Context, options, flags) },
    layer: (base) => ({
      ...base,
      groupToolRounds: regroups
        ? (transcript) =>
            Object.freeze(
              studentGroups(validatedMessages(transcript), flags).map((g) =>
                Object.freeze({ ...g, endIndex: flags.endIndexInclusive ? g.endIndex - 1 : g.endIndex, messages: Object.freeze(g.messages) }),
              ),
            )
        : base.groupToolRounds,
      selectCompactionBoundary: (input, options) => studentBoundary(contextInfo(input).context as Context, readBoundaryOptions(options), flags),
    }),
  };
}

// ---------------------------------------------------------------------------------------------
// Reading (§3): checks the student adds before the reference reads, and defects they accept.

/** `check` runs on the raw input (it may throw) before any function that takes a context reads it. */
export function checkRaw(check: (input: unknown, transcriptOnly: boolean) => void): MistakeDef {
  return {
    layer: (base: Impl): Impl => ({
      buildActiveContext: (input) => (check(input, false), base.buildActiveContext(input)),
      groupToolRounds: (transcript) => (check(transcript, true), base.groupToolRounds(transcript)),
      estimateContextUnits: (input) => (check(input, false), base.estimateContextUnits(input)),
      selectCompactionBoundary: (input, options) => (check(input, false), base.selectCompactionBoundary(input, options)),
      compactContext: async (input, options) => (check(input, false), base.compactContext(input, options)),
    }),
  };
}

const itemsOf = (array: unknown): unknown[] => {
  if (!isOrdinary(array) || !Array.isArray(array)) return [];
  const items: unknown[] = [];
  for (let i = 0; i < array.length; i++) items.push(dataField(array, i));
  return items;
};

const hasNullPrototype = (value: unknown): boolean => isOrdinary(value) && !Array.isArray(value) && Object.getPrototypeOf(value) === null;

/** The student's record check `Object.getPrototypeOf(x) === Object.prototype`: a null-prototype record is refused. */
export function refuseNullPrototype(input: unknown, transcriptOnly: boolean): void {
  const refuse = (code: ErrorCode) => {
    throw contractError(code, "a record is not a plain object");
  };
  const messages = (array: unknown) => {
    for (const m of itemsOf(array)) {
      if (hasNullPrototype(m)) refuse("CONTEXT_INVALID_TRANSCRIPT");
      if (dataField(m, "role") === "assistant") for (const block of itemsOf(dataField(m, "content"))) if (hasNullPrototype(block)) refuse("CONTEXT_INVALID_TRANSCRIPT");
    }
  };
  if (transcriptOnly) return messages(input);
  if (!isOrdinary(input)) return;
  if (hasNullPrototype(input)) refuse("CONTEXT_INVALID_INPUT");
  for (const r of itemsOf(dataField(input, "requirements"))) if (hasNullPrototype(r)) refuse("CONTEXT_INVALID_INPUT");
  if (hasNullPrototype(dataField(input, "summary"))) refuse("CONTEXT_INVALID_INPUT");
  for (const r of itemsOf(dataField(input, "compactions"))) if (hasNullPrototype(r)) refuse("CONTEXT_INVALID_INPUT");
  messages(dataField(input, "messages"));
}

/** The student's transcript rule "a tool result comes right after its call's assistant or another result", on a built transcript. */
export function refuseNonAdjacentResults(messages: readonly unknown[]): void {
  const list = messages as readonly Message[];
  for (let i = 0; i < list.length; i++) {
    if (list[i].role !== "toolResult") continue;
    const previous = list[i - 1];
    const follows = previous !== undefined && (previous.role === "toolResult" || (previous.role === "assistant" && previous.content.some((b) => b.type === "toolCall")));
    if (!follows) throw contractError("CONTEXT_INVALID_TRANSCRIPT", "a tool result does not follow its call");
  }
}

/** A deep copy of plain data (plain records, real arrays, own enumerable data properties only); ABSENT for anything else. */
export function plainCopy(value: unknown, seen: Set<object> = new Set()): unknown {
  if (typeof value === "function" || typeof value === "symbol") return ABSENT;
  if (typeof value !== "object" || value === null) return value;
  if (types.isProxy(value) || seen.has(value)) return ABSENT;
  const proto = Object.getPrototypeOf(value);
  const array = Array.isArray(value);
  if (array ? proto !== Array.prototype : proto !== Object.prototype && proto !== null) return ABSENT;
  seen.add(value);
  const out: Record<string, unknown> | unknown[] = array ? [] : {};
  for (const key of Reflect.ownKeys(value)) {
    if (typeof key === "symbol") return ABSENT;
    const descriptor = Object.getOwnPropertyDescriptor(value, key)!;
    if (array && key === "length") continue;
    if (!("value" in descriptor) || !descriptor.enumerable) return ABSENT;
    const copied = plainCopy(descriptor.value, seen);
    if (copied === ABSENT) return ABSENT;
    (out as Record<string, unknown>)[key] = copied;
  }
  if (array && (out as unknown[]).length !== (value as unknown[]).length) return ABSENT;
  if (array) for (let i = 0; i < (value as unknown[]).length; i++) if (!(i in (out as unknown[]))) return ABSENT;
  seen.delete(value);
  return out;
}

type Data = Record<string, unknown>;

/**
 * A defect the student does not check: `fix` gives a copy of the (plain) input with the defect
 * repaired and the built context with it put back, or null when the input has no such defect.
 * The reference refuses the input; the student builds it (and compacts the repaired copy).
 */
export function acceptDespite(fix: (input: Data) => { input: Data; restore: (built: Data) => Data } | null): MistakeDef {
  const fixed = (input: unknown) => {
    const copy = plainCopy(input);
    if (copy === ABSENT || typeof copy !== "object" || copy === null || Array.isArray(copy)) return null;
    return fix(copy as Data);
  };
  const orFixed =
    <A extends unknown[], R>(call: (input: unknown, ...rest: A) => R) =>
    (input: unknown, ...rest: A): R => {
      try {
        return call(input, ...rest);
      } catch (error) {
        const repaired = fixed(input);
        if (repaired === null) throw error;
        return call(repaired.input, ...rest);
      }
    };
  return {
    layer: (base) => ({
      ...base,
      buildActiveContext: (input) => {
        try {
          return base.buildActiveContext(input);
        } catch (error) {
          const repaired = fixed(input);
          if (repaired === null) throw error;
          const built = plainCopy(base.buildActiveContext(repaired.input)) as Data;
          return deepFreezeAll(repaired.restore(built));
        }
      },
      estimateContextUnits: orFixed(base.estimateContextUnits),
      selectCompactionBoundary: orFixed(base.selectCompactionBoundary),
      compactContext: async (input, options) => {
        try {
          return await base.compactContext(input, options);
        } catch (error) {
          const repaired = fixed(input);
          if (repaired === null) throw error;
          return base.compactContext(repaired.input, options);
        }
      },
    }),
  };
}

function deepFreezeAll<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    for (const key of Object.keys(value)) deepFreezeAll((value as Data)[key]);
    Object.freeze(value);
  }
  return value;
}

/** Whitespace-only message ids (checked with `id.length > 0`): replaced, for the reference, by private-use characters of the same length. */
export function fixWhitespaceIds(input: Data): { input: Data; restore: (built: Data) => Data } | null {
  const messages = input.messages;
  if (!Array.isArray(messages)) return null;
  const blank: number[] = [];
  messages.forEach((m, i) => {
    const id = (m as Data | null)?.id;
    if (typeof id === "string" && id.length > 0 && id.trim().length === 0) blank.push(i);
  });
  if (blank.length === 0) return null;
  const originals = blank.map((i) => (messages[i] as Data).id as string);
  for (const i of blank) (messages[i] as Data).id = "\uE000".repeat(Array.from((messages[i] as Data).id as string).length);
  return {
    input,
    restore: (built) => {
      blank.forEach((i, k) => (((built.messages as Data[])[i] as Data).id = originals[k]));
      return built;
    },
  };
}

/** Duplicate requirement ids (never compared): each repeat renamed, for the reference, to a unique id of the same length. */
export function fixDuplicateRequirementIds(input: Data): { input: Data; restore: (built: Data) => Data } | null {
  const requirements = input.requirements;
  if (!Array.isArray(requirements)) return null;
  const seen = new Set<string>();
  const renamed: [number, string][] = [];
  requirements.forEach((r, i) => {
    const id = (r as Data | null)?.id;
    if (typeof id !== "string" || id.trim().length === 0) return;
    if (!seen.has(id)) return void seen.add(id);
    renamed.push([i, id]);
  });
  if (renamed.length === 0) return null;
  renamed.forEach(([i, id], k) => {
    const rest = Array.from(id).slice(1).join("");
    (requirements[i] as Data).id = String.fromCodePoint(0xf0000 + k) + rest;
  });
  return {
    input,
    restore: (built) => {
      for (const [i, id] of renamed) ((built.requirements as Data[])[i] as Data).id = id;
      return built;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// compactContext: the summarizer's value, the summary text, the signal, the result.

/** The summarizer's return value passed through `transform` before the reference observes it. */
export function valueMistake(transform: (value: unknown) => unknown): MistakeDef {
  return {
    layer: (base) => ({
      ...base,
      compactContext: (input, options) => base.compactContext(input, wrapSummarizer(options, (summarizer) => (...args) => transform(summarizer(...args)))),
    }),
  };
}

/** The student tests `typeof value.then === "function"` and then calls `value.then(...)`: then is read twice. */
export const thenReadTwice = valueMistake((value) => {
  if (isObjectOrFunction(value) && !types.isProxy(value) && !types.isPromise(value)) Reflect.get(value, "then");
  return value;
});

/** The student looks for a then only on `typeof value === "object"`: a function with a then is a plain value. */
export const functionThenableIgnored = valueMistake((value) => (typeof value === "function" && !types.isProxy(value) ? {} : value));

/** A String object is accepted as the summary text. */
export const boxedStringAccepted: MistakeDef = {
  parts: { textOf: (value) => (isObjectOrFunction(value) && !types.isProxy(value) && value instanceof String ? String.prototype.valueOf.call(value) : value) },
};

/** The summarizer gets the student's own signal (aborted when the caller's is), not the caller's signal. */
export const freshSignalPassed: MistakeDef = {
  layer: (base) => ({
    ...base,
    compactContext: (input, options) => {
      const signal = dataField(options, "signal");
      if (!isOrdinary(signal) || abortedOf(signal) === null) return base.compactContext(input, options);
      return base.compactContext(
        input,
        wrapSummarizer(options, (summarizer) => (request) => {
          const own = new AbortController();
          try {
            (signal as unknown as AbortSignal).addEventListener("abort", () => own.abort(reasonOf(signal)), { once: true });
          } catch {
            // Object.create(signal) has no listeners of its own: the student's signal is then never aborted.
          }
          return summarizer(request, own.signal);
        }),
      );
    },
  }),
};

/** On cancellation the student resolves the context unchanged instead of rejecting. */
export const cancelResolvesUnchanged: MistakeDef = {
  layer: (base) => ({
    ...base,
    compactContext: async (input, options) => {
      try {
        return await base.compactContext(input, options);
      } catch (error) {
        if (!hasCode(error, "CONTEXT_CANCELLED")) throw error;
        return Object.freeze({ status: "unchanged", context: base.buildActiveContext(input), record: null });
      }
    },
  }),
};

type Summary = { id: string; content: string };

/** The new context's compactions hold only the new record. */
export const oldRecordsDropped: MistakeDef = {
  layer: (base) => patchLayer(base, (result) => ({ record: result.record!, context: { ...result.context, compactions: [result.record] } })),
};

/** The new summary's content is the previous summary's content followed by the new text. */
export const summaryAppendedToPrevious: MistakeDef = {
  layer: (base) =>
    patchLayer(base, (result, old) => {
      const previous = old.summary as Summary | null;
      const summary = result.context.summary as Summary;
      const content = previous === null ? summary.content : `${previous.content}\n${summary.content}`;
      return { record: result.record!, context: { ...result.context, summary: { id: summary.id, content } } };
    }),
};

/** The new summary stores the trimmed text. */
export const summaryTrimmedStored: MistakeDef = {
  layer: (base) =>
    patchLayer(base, (result) => {
      const summary = result.context.summary as Summary;
      return { record: result.record!, context: { ...result.context, summary: { id: summary.id, content: summary.content.trim() } } };
    }),
};
