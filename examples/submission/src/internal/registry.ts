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

/** The info of a context this module built; undefined for anything else (a WeakMap lookup runs no trap). */
export function builtInfo(value: unknown): ContextInfo | undefined {
  return typeof value === "object" && value !== null ? contexts.get(value) : undefined;
}

/** The table of a message array that is the `messages` of a context this module built. */
export function builtTranscript(value: unknown): TranscriptInfo | undefined {
  return typeof value === "object" && value !== null ? transcripts.get(value) : undefined;
}

/** Units of messages [start, end) of a context (indices relative to the context). */
export function messageUnits(info: TranscriptInfo, start: number, end: number): number {
  const prefix = info.table.unitsPrefix;
  return prefix[info.offset + end] - prefix[info.offset + start];
}
