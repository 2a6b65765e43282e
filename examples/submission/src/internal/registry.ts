// What the core remembers about the contexts it built. A built context is deeply frozen, so
// facts computed once stay true: its units (estimateContextUnits in O(1)), its message table
// (groups and boundaries without re-reading), and the item/string counts that let compaction
// validate a derived context without copying or re-validating the messages it keeps.
import { SafeWeakMap, freeze } from "./intrinsics";
import type { ActiveContext, Message } from "./types";
import type { MessageFacts } from "./transcript";

/** A frozen message array this module built: `messages` is the table's messages from `offset` on. */
export type TranscriptInfo = {
  readonly messages: readonly Message[];
  readonly table: MessageFacts;
  readonly offset: number;
};

export type ContextInfo = TranscriptInfo & {
  readonly context: ActiveContext;
  readonly requirementUnits: number;
  /** 0 when the context has no summary. */
  readonly summaryUnits: number;
  readonly totalUnits: number;
  /** Collection items of the context itself (4 top-level keys, contract fields only). */
  readonly items: number;
  /** Code points of all strings of the context. */
  readonly strings: number;
};

/** What is kept of a ContextInfo: its numbers and typed arrays, nothing of the context itself. */
type Facts = Omit<ContextInfo, "context" | "messages">;

// A value of these maps must not reference its key or anything inside it. V8's minor GC
// cannot yet tell whether a key is alive, so it keeps every value alive: a value holding
// the context kept the whole context (every message) alive through each minor GC until the
// next major one, copying and promoting it, which tripled the GC time of a build (the astral
// bench). So the maps keep only the facts, and a lookup joins them to the key again.
const contexts = new SafeWeakMap<object, Facts>();
const transcripts = new SafeWeakMap<object, Facts>();

export function register(info: ContextInfo): void {
  const table = info.table;
  const facts: Facts = freeze({
    table: freeze({
      unitsPrefix: table.unitsPrefix,
      itemsPrefix: table.itemsPrefix,
      stringsPrefix: table.stringsPrefix,
      reach: table.reach,
      callIndex: table.callIndex,
    }),
    offset: info.offset,
    requirementUnits: info.requirementUnits,
    summaryUnits: info.summaryUnits,
    totalUnits: info.totalUnits,
    items: info.items,
    strings: info.strings,
  });
  contexts.set(info.context, facts);
  transcripts.set(info.messages, facts);
}

// WeakMap.prototype.get answers undefined for a key that cannot be held weakly (any
// primitive), and a lookup runs no Proxy trap, so any value can be looked up as it is.
// A key found is a frozen context (or message array) this module built, so reading its
// `messages` runs nothing of the caller's.

/** The info of a context this module built; undefined for anything else. */
export function builtInfo(value: unknown): ContextInfo | undefined {
  const facts = contexts.get(value as object);
  if (facts === undefined) return undefined;
  const context = value as ActiveContext;
  return {
    context,
    messages: context.messages,
    table: facts.table,
    offset: facts.offset,
    requirementUnits: facts.requirementUnits,
    summaryUnits: facts.summaryUnits,
    totalUnits: facts.totalUnits,
    items: facts.items,
    strings: facts.strings,
  };
}

/** The table of a message array that is the `messages` of a context this module built. */
// Stryker disable next-line BlockStatement: a cache; groupToolRounds reads the frozen messages again and finds the same groups
export function builtTranscript(value: unknown): TranscriptInfo | undefined {
  const facts = transcripts.get(value as object);
  // Stryker disable next-line ConditionalExpression: a cache (see above): without it the messages are read again
  if (facts === undefined) return undefined;
  return { messages: value as readonly Message[], table: facts.table, offset: facts.offset };
}

/** Units of messages [start, end) of a context (indices relative to the context). */
export function messageUnits(info: TranscriptInfo, start: number, end: number): number {
  const prefix = info.table.unitsPrefix;
  return prefix[info.offset + end] - prefix[info.offset + start];
}
