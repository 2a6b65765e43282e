// What the core remembers about the contexts it built. A built context is deeply frozen, so
// facts computed once stay true: its units (estimateContextUnits in O(1)), its message table
// (groups and boundaries without re-reading), and the item/string counts that let compaction
// validate a derived context without copying or re-validating the messages it keeps.
import { SafeWeakMap } from "./intrinsics";
import type { ActiveContext, Message } from "./types";
import type { MessageTable } from "./transcript";

/** A frozen message array this module built: `messages` is `table.messages.slice(offset)`. */
export type TranscriptInfo = {
  readonly messages: readonly Message[];
  readonly table: MessageTable;
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

const contexts = new SafeWeakMap<object, ContextInfo>();
const transcripts = new SafeWeakMap<object, TranscriptInfo>();

export function register(info: ContextInfo): void {
  contexts.set(info.context, info);
  transcripts.set(info.context.messages, info);
}

// WeakMap.prototype.get answers undefined for a key that cannot be held weakly (any
// primitive), and a lookup runs no Proxy trap, so any value can be looked up as it is.

/** The info of a context this module built; undefined for anything else. */
export function builtInfo(value: unknown): ContextInfo | undefined {
  return contexts.get(value as object);
}

/** The table of a message array that is the `messages` of a context this module built. */
// Stryker disable next-line BlockStatement: a cache; groupToolRounds reads the frozen messages again and finds the same groups
export function builtTranscript(value: unknown): TranscriptInfo | undefined {
  return transcripts.get(value as object);
}

/** Units of messages [start, end) of a context (indices relative to the context). */
export function messageUnits(info: TranscriptInfo, start: number, end: number): number {
  const prefix = info.table.unitsPrefix;
  return prefix[info.offset + end] - prefix[info.offset + start];
}
