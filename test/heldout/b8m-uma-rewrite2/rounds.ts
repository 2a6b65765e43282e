// Uma's own tool rounds (contract §5) and boundary walk (§6), written over src/core for the rest:
// the core reads and validates contexts and transcripts and reads the options; she groups the
// validated messages and walks the groups. One grouping (`groupsOf`, which asks `roundEnd` how far
// each message's round runs) serves groupToolRounds and the walk of selectCompactionBoundary and of
// compactContext (`resultOf` finds where a call's result lies). A planted mistake is a flag.
import { buildActiveContext } from "../../../src/core/index";
import { messageUnits, type ContextInfo } from "../../../src/core/registry";
import type { BoundaryOptions } from "../../../src/core/options";

type Block = { readonly type: string; readonly id?: string };
type Message = { readonly id: string; readonly role: string; readonly content: unknown; readonly toolCallId?: string };
export type Span = { readonly startIndex: number; readonly endIndex: number };

const freeze = Object.freeze;

export class Rounds {
  /**
   * Where the result of each tool call was found (tool-call id → index): a call's result is
   * looked for once, since every message asks again while a round grows, and every walk and
   * compaction groups the transcript again.
   */
  readonly #resultAt = new Map<string, number>();

  constructor(private readonly flags: ReadonlySet<string>) {}

  /** The index of the result of call `id` made by messages[i]. */
  resultOf(messages: readonly Message[], i: number, id: string): number {
    // [planted result-index-map-shared] the map lives as long as the module, not one transcript: a call id met again in
    // another transcript (or in a compacted context, its results moved) is given the position found the first time
    const shared = this.flags.has("result-index-map-shared");
    if (shared) {
      const known = this.#resultAt.get(id);
      if (known !== undefined) return known;
    }
    let at = i;
    for (let j = i + 1; j < messages.length; j++) {
      const other = messages[j];
      if (other.role === "toolResult" && other.toolCallId === id) {
        at = j;
        break;
      }
    }
    if (shared) this.#resultAt.set(id, at);
    return at;
  }

  /** The index of the last result of the calls of messages[i] (i itself when it makes none). */
  roundEnd(messages: readonly Message[], i: number): number {
    const message = messages[i];
    let last = i;
    if (message.role === "assistant") {
      for (const block of message.content as readonly Block[]) {
        if (block.type !== "toolCall") continue;
        const at = this.resultOf(messages, i, block.id as string);
        if (at > last) last = at;
      }
    }
    return last;
  }

  /** The groups of a validated transcript, in order: a round grows while a message inside it reaches further. */
  groupsOf(messages: readonly Message[]): Span[] {
    const spans: Span[] = [];
    let start = 0;
    while (start < messages.length) {
      let end = start + 1;
      for (let i = start; i < end && i < messages.length; i++) end = Math.max(end, this.roundEnd(messages, i) + 1);
      spans.push({ startIndex: start, endIndex: end });
      start = end;
    }
    return spans;
  }

  /** groupToolRounds: the transcript is validated as a context's messages, then grouped. */
  groupToolRounds(transcript: unknown): unknown {
    const messages = buildActiveContext({ messages: transcript } as never).messages as unknown as readonly Message[];
    return freeze(
      this.groupsOf(messages).map((span) =>
        freeze({
          kind: span.endIndex - span.startIndex > 1 ? "toolRound" : "message",
          startIndex: span.startIndex,
          endIndex: span.endIndex,
          messages: freeze(messages.slice(span.startIndex, span.endIndex)),
        }),
      ),
    );
  }

  /** §6 step 3: the earliest whole-group cut that fits, never past `latest`. */
  walk(info: ContextInfo, options: BoundaryOptions): number | null {
    const messages = info.messages as unknown as readonly Message[];
    const count = messages.length;
    const latest = count - options.retainRecentMessages;
    const fixed = info.requirementUnits + options.summaryMaxUnits;
    for (const group of this.groupsOf(messages)) {
      if (group.endIndex > latest) return null;
      if (fixed + messageUnits(info, group.endIndex, count) <= options.targetUnits) return group.endIndex;
    }
    return null;
  }
}
