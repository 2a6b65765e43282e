// The student code of the first part of the second blind set (test/heldout/b2-*), one mistake
// each: a layer around the reference (their reader's extra rule, their estimateContextUnits
// over the reference's, their options check of selectCompactionBoundary, their post-check of
// the summary, their signal check), or a function the student wrote themselves (their item
// count, their grouping and boundary walk, their estimator, their fast-path test, their record
// id check). With the mistake off each function answers as the reference. The parts used here
// are in ./compact-with (`small`, `boundaryOf`, `recordIdUsed`) and ./async-loop
// (`constructorRetryMissing`).
import * as core from "../../../src/core/index";
import { MAX_CONTEXT_COLLECTION_ITEMS } from "../../../src/core/limits";
import { readBoundaryOptions, readCompactOptions } from "../../../src/core/options";
import { contextInfo } from "../../../src/core/snapshot";
import { isGenuineSignal } from "../../../src/core/signal";
import type { ContextInfo } from "../../../src/core/registry";
import type { BoundaryOptions } from "../../../src/core/options";
import type { MistakeDef } from "./assemble";
import { makeAwaitValue } from "./async-loop";
import { dataField, isOrdinary, wrapSummarizer } from "./data";
import { contractError, type Impl } from "./impl";
import { checkBuilt } from "./layers";
import { messageUnits as kitMessageUnits, requirementsUnits, u, type Context, type Message } from "./units";

type Data = Record<string, unknown>;
type Json = null | boolean | number | string | readonly Json[] | { readonly [key: string]: Json };
type Compacted = { status: string; context: Data; record: Data | null };

// ---------------------------------------------------------------------------------------------
// Reading (§3): the student's reader adds a rule on compaction records.

/** A record whose unitsAfter is above its unitsBefore is refused ("a compaction cannot grow the context"). */
export const recordUnitsGrownRefused: MistakeDef = {
  layer: (base) =>
    checkBuilt(base, (_messages, context) => {
      if (context === null) return;
      for (const r of (context as { compactions: readonly Data[] }).compactions) {
        if ((r.unitsAfter as number) > (r.unitsBefore as number)) throw contractError("CONTEXT_INVALID_INPUT", `compaction record ${String(r.id)}: unitsAfter exceeds unitsBefore`);
      }
    }),
};

// ---------------------------------------------------------------------------------------------
// Ceilings (§3): the student's collection-item count also counts the keys of the contract's
// own records (the input, a requirement, the summary, a message, a content block, a record).

const jsonItems = (value: Json): number => {
  if (value === null || typeof value !== "object") return 0;
  if (Array.isArray(value)) return value.length + (value as readonly Json[]).reduce<number>((sum, item) => sum + jsonItems(item), 0);
  const record = value as { readonly [key: string]: Json };
  return Object.keys(record).reduce((sum, key) => sum + 1 + jsonItems(record[key]), 0);
};

/** Items of a built transcript, as the contract counts them, and the keys of its records. */
const transcriptCounts = (messages: readonly Message[]): { items: number; keys: number } => {
  let items = messages.length;
  let keys = 0;
  for (const m of messages) {
    if (m.role === "user") keys += 3;
    else if (m.role === "toolResult") keys += 6;
    else {
      keys += 3;
      items += m.content.length;
      for (const block of m.content) {
        if (block.type === "text") keys += 2;
        else {
          keys += 4;
          items += jsonItems(block.arguments as Json);
        }
      }
    }
  }
  return { items, keys };
};

const itemsWithKeysRefused = (items: number): void => {
  if (items > MAX_CONTEXT_COLLECTION_ITEMS) throw contractError("CONTEXT_LIMIT_EXCEEDED", `more than ${MAX_CONTEXT_COLLECTION_ITEMS} collection items`);
};

export const recordKeysCountedAsItems: MistakeDef = {
  layer: (base) =>
    checkBuilt(base, (messages, context) => {
      const counts = transcriptCounts(messages as readonly Message[]);
      if (context === null) return itemsWithKeysRefused(counts.items + counts.keys);
      const c = context as { requirements: readonly Data[]; summary: Data | null; compactions: readonly Data[] };
      const recordItems = c.requirements.length + c.compactions.length + c.compactions.reduce((sum, r) => sum + (r.compactedMessageIds as string[]).length, 0);
      const recordKeys = 4 + 2 * c.requirements.length + (c.summary === null ? 0 : 2) + 6 * c.compactions.length;
      itemsWithKeysRefused(counts.items + recordItems + counts.keys + recordKeys);
    }),
};

// ---------------------------------------------------------------------------------------------
// Grouping (§5) and the boundary walk (§6): the student's own, over the messages the reference
// validated and built.

export type WalkFlagsB2 = {
  /** A result is matched to the latest assistant that called a tool of its toolName (not to the call its toolCallId names). */
  readonly matchByName?: boolean;
  /** The cut right after a tool round is never tried (only cuts after a message group are). */
  readonly roundCutSkipped?: boolean;
};

type Group = { kind: "message" | "toolRound"; startIndex: number; endIndex: number; messages: readonly Message[] };

const hasCall = (m: Message): boolean => m.role === "assistant" && m.content.some((b) => b.type === "toolCall");

export function studentGroupsB2(messages: readonly Message[], flags: WalkFlagsB2): Group[] {
  const reach = messages.map((_, i) => i);
  const owner = new Map<string, number>();
  messages.forEach((m, i) => {
    if (m.role === "assistant") {
      for (const block of m.content) if (block.type === "toolCall") owner.set(flags.matchByName ? block.name : block.id, i);
    } else if (m.role === "toolResult") {
      const at = owner.get(flags.matchByName ? m.toolName : m.toolCallId);
      if (at !== undefined) reach[at] = Math.max(reach[at], i);
    }
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

export function studentBoundaryB2(context: Context, options: BoundaryOptions, flags: WalkFlagsB2): number | null {
  const messages = context.messages;
  const n = messages.length;
  const latest = n - options.retainRecentMessages;
  if (latest <= 0) return null;
  const kept = new Array<number>(n + 1).fill(0);
  for (let i = n - 1; i >= 0; i--) kept[i] = kept[i + 1] + kitMessageUnits(messages[i]);
  const fixed = requirementsUnits(context) + options.summaryMaxUnits;
  for (const group of studentGroupsB2(messages, flags)) {
    if (group.endIndex > latest) return null;
    if (flags.roundCutSkipped && group.kind === "toolRound") continue;
    if (fixed + kept[group.endIndex] <= options.targetUnits) return group.endIndex;
  }
  return null;
}

/** The student's walk in selectCompactionBoundary and compactContext; their groupToolRounds too when their grouping is wrong. */
export function walkMistakeB2(flags: WalkFlagsB2): MistakeDef {
  return {
    parts: { boundaryOf: (info: ContextInfo, options) => studentBoundaryB2(info.context as Context, options, flags) },
    layer: (base) => ({
      ...base,
      groupToolRounds: flags.matchByName ? (transcript) => frozenGroups(studentGroupsB2(validatedMessages(transcript), flags)) : base.groupToolRounds,
      selectCompactionBoundary: (input, options) => {
        const info = contextInfo(input);
        return studentBoundaryB2(info.context as Context, readBoundaryOptions(options), flags);
      },
    }),
  };
}

// ---------------------------------------------------------------------------------------------
// Units (§4).

/** The student's estimator: a tool call whose arguments have no key costs 6 + u(id) + u(name), its J({}) left out. */
export function studentUnitsB2(context: Context, emptyArgumentsFree: boolean): number {
  const json = (value: Json): number => {
    if (value === null) return 1;
    if (typeof value === "boolean") return value ? 5 : 6;
    if (typeof value === "number") return 1 + String(value).length;
    if (typeof value === "string") return 1 + u(value);
    if (Array.isArray(value)) return (value as readonly Json[]).reduce<number>((sum, item) => sum + 1 + json(item), 2);
    const record = value as { readonly [key: string]: Json };
    return Object.keys(record).reduce((sum, key) => sum + 1 + u(key) + json(record[key]), 2);
  };
  const argumentsUnits = (args: Json): number => (emptyArgumentsFree && Object.keys(args as object).length === 0 ? 0 : json(args));
  const message = (m: Message): number => {
    switch (m.role) {
      case "user":
        return 4 + u(m.id) + u(m.content);
      case "toolResult":
        return 7 + u(m.id) + u(m.toolCallId) + u(m.toolName) + u(m.content);
      case "assistant":
        return m.content.reduce((sum, block) => sum + (block.type === "text" ? 2 + u(block.text) : 6 + u(block.id) + u(block.name) + argumentsUnits(block.arguments as Json)), 4 + u(m.id));
    }
  };
  return (
    requirementsUnits(context) +
    (context.summary === null ? 0 : 5 + u(context.summary.id) + u(context.summary.content)) +
    context.messages.reduce((sum, m) => sum + message(m), 0)
  );
}

export const emptyArgumentsFree: MistakeDef = {
  layer: (base) => ({ ...base, estimateContextUnits: (input) => studentUnitsB2(base.buildActiveContext(input) as Context, true) }),
};

/** estimateContextUnits also counts each compaction record by its strings: u(id) + u(summaryId) + Σ u(compactedMessageIds). */
export const recordsCountedInUnits: MistakeDef = {
  layer: (base) => ({
    ...base,
    estimateContextUnits: (input) => {
      const context = base.buildActiveContext(input) as { compactions: readonly Data[] };
      const records = context.compactions.reduce(
        (sum, r) => sum + u(r.id as string) + u(r.summaryId as string) + (r.compactedMessageIds as string[]).reduce((s, id) => s + u(id), 0),
        0,
      );
      return base.estimateContextUnits(context) + records;
    },
  }),
};

// ---------------------------------------------------------------------------------------------
// The options of selectCompactionBoundary (§6): the student accepts the three fields and no other.

const BOUNDARY_FIELDS: readonly PropertyKey[] = ["targetUnits", "summaryMaxUnits", "retainRecentMessages"];

export const boundaryOptionsExtraKeyRefused: MistakeDef = {
  layer: (base) => ({
    ...base,
    selectCompactionBoundary: (input, options) => {
      if (isOrdinary(options) && !Array.isArray(options) && Reflect.ownKeys(options).some((key) => !BOUNDARY_FIELDS.includes(key))) {
        // The context is built first, as the reference does; then the student's check of the keys.
        base.buildActiveContext(input);
        throw contractError("CONTEXT_INVALID_INPUT", "options has a field selectCompactionBoundary does not take");
      }
      return base.selectCompactionBoundary(input, options);
    },
  }),
};

// ---------------------------------------------------------------------------------------------
// The fast path (§7 step 2): the student's test keeps room for a summary.

export const fastPathReservesSummary: MistakeDef = {
  parts: { small: (units, maxUnits, _info, options) => units + options.summaryMaxUnits <= maxUnits },
};

// ---------------------------------------------------------------------------------------------
// The summary (§7 step 6): the student's post-check.

/** A summary whose units (5 + u(summaryId) + u(text)) are not below those of the compacted messages is refused as insufficient. */
export const summaryNotShorterRefused: MistakeDef = {
  layer: (base) => ({
    ...base,
    compactContext: async (input, options) => {
      let prefix: readonly Message[] | null = null;
      const watched = wrapSummarizer(options, (summarizer) => (request, signal) => {
        prefix = (request as { messages: readonly Message[] }).messages;
        return summarizer(request, signal);
      });
      const result = (await base.compactContext(input, watched)) as Compacted;
      const compacted = prefix as readonly Message[] | null;
      if (result.status === "compacted" && compacted !== null) {
        const summary = result.context.summary as { id: string; content: string };
        const compactedUnits = compacted.reduce((sum, m) => sum + kitMessageUnits(m), 0);
        if (5 + u(summary.id) + u(summary.content) >= compactedUnits) throw contractError("CONTEXT_SUMMARY_INSUFFICIENT", "the summary is not shorter than the messages it compacts");
      }
      return result;
    },
  }),
};

// ---------------------------------------------------------------------------------------------
// The awaiting (§7 step 5).

export const constructorRetryMissing: MistakeDef = { parts: { awaitValue: makeAwaitValue({ constructorRetryMissing: true }) } };

// ---------------------------------------------------------------------------------------------
// Cancellation (§7): the student's signal check is `signal instanceof AbortSignal`.

/**
 * An object whose prototype chain holds AbortSignal.prototype but that is not a genuine signal
 * (Object.create(AbortSignal.prototype)) passes the student's check: the fast path answers
 * unchanged, and past it the student reads `signal.aborted`, whose getter throws a TypeError.
 */
export const signalInstanceofAccepted: MistakeDef = {
  layer: (base: Impl): Impl => ({
    ...base,
    compactContext: async (input, options) => {
      const signal = dataField(options, "signal");
      if (!isOrdinary(signal) || isGenuineSignal(signal) || !Object.prototype.isPrototypeOf.call(AbortSignal.prototype, signal)) return base.compactContext(input, options);
      // No signal as far as the rest of the student's checks go; the signal itself is read at step 3.
      const withoutSignal = Object.create(Object.getPrototypeOf(options), Object.getOwnPropertyDescriptors(options)) as Data;
      Object.defineProperty(withoutSignal, "signal", { value: undefined, writable: true, enumerable: true, configurable: true });
      const info = contextInfo(input);
      const units = info.totalUnits;
      const maxUnits = dataField(options, "maxUnits");
      // Options errors come first (step 1), then the fast path (step 2).
      let read = true;
      try {
        readCompactOptions(withoutSignal);
      } catch {
        read = false;
      }
      if (!read || units <= (maxUnits as number)) return base.compactContext(input, withoutSignal);
      return (signal as unknown as { aborted: boolean }).aborted ? Promise.reject(contractError("CONTEXT_CANCELLED", "aborted")) : base.compactContext(input, withoutSignal);
    },
  }),
};

// ---------------------------------------------------------------------------------------------
// The record (§7 step 3): the student compares recordId with the last record's id only.

export const recordIdCheckedAgainstLastOnly: MistakeDef = {
  parts: { recordIdUsed: (records, recordId) => records.length > 0 && records[records.length - 1].id === recordId },
};
