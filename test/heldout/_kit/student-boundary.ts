// A student's own groupToolRounds and selectCompactionBoundary (contract §5, §6), written over
// the context the reference has built and the options it has read, so that only the grouping
// and the walk are the student's. Each flag is one way a student gets them wrong; with no
// flag set they answer as the reference does.
import * as core from "../../../src/core/index";
import { contextInfo } from "../../../src/core/snapshot";
import { readBoundaryOptions, type BoundaryOptions } from "../../../src/core/options";
import type { MistakeDef } from "./assemble";
import { contextUnits, messageUnits, requirementsUnits, type Context, type Message } from "./units";

export type GroupFlags = {
  /** An assistant's interval runs through the first result of its calls, not the last. */
  readonly firstResultOnly?: boolean;
  /** An interval met inside a group sets the group's end (instead of extending it). */
  readonly overwriteEnd?: boolean;
};

export type BoundaryFlags = {
  readonly groups?: GroupFlags;
  /** A cut must leave strictly less than targetUnits. */
  readonly strictFit?: boolean;
  /** A group is refused only when it starts at or after `latest` (not when it ends after it). */
  readonly crossingGroupAccepted?: boolean;
  /** The current summary is counted in `fixed` as well as summaryMaxUnits. */
  readonly countsOldSummary?: boolean;
};

export type Group = {
  readonly kind: "message" | "toolRound";
  readonly startIndex: number;
  readonly endIndex: number;
  readonly messages: readonly Message[];
};

/** For message i: the last (or first) index of a result of its calls; i itself when it has none. */
function reachOf(messages: readonly Message[], flags: GroupFlags): number[] {
  const resultIndex = new Map<string, number>();
  messages.forEach((m, i) => {
    if (m.role === "toolResult") resultIndex.set(m.toolCallId, i);
  });
  return messages.map((m, i) => {
    if (m.role !== "assistant") return i;
    const ends = m.content.flatMap((b) => (b.type === "toolCall" ? [resultIndex.get(b.id)!] : []));
    if (ends.length === 0) return i;
    return flags.firstResultOnly ? Math.min(...ends) : Math.max(...ends);
  });
}

export function studentGroups(messages: readonly Message[], flags: GroupFlags = {}): readonly Group[] {
  const reach = reachOf(messages, flags);
  const groups: Group[] = [];
  let start = 0;
  while (start < messages.length) {
    let last = reach[start];
    for (let j = start + 1; j <= last; j++) {
      if (flags.overwriteEnd && reach[j] !== j) last = reach[j];
      else last = Math.max(last, reach[j]);
    }
    const end = last + 1;
    groups.push(
      Object.freeze({
        kind: end - start > 1 ? "toolRound" : "message",
        startIndex: start,
        endIndex: end,
        messages: Object.freeze(messages.slice(start, end)),
      }),
    );
    start = end;
  }
  return Object.freeze(groups);
}

export function studentBoundary(context: Context, options: BoundaryOptions, flags: BoundaryFlags = {}): number | null {
  const messages = context.messages;
  const latest = messages.length - options.retainRecentMessages;
  if (latest <= 0) return null;
  let fixed = requirementsUnits(context) + options.summaryMaxUnits;
  if (flags.countsOldSummary && context.summary !== null) fixed += contextUnits({ requirements: [], summary: context.summary, messages: [] });
  for (const group of studentGroups(messages, flags.groups)) {
    const end = group.endIndex;
    if (flags.crossingGroupAccepted ? group.startIndex >= latest : end > latest) return null;
    const kept = messages.slice(end).reduce((sum, m) => sum + messageUnits(m), 0);
    if (flags.strictFit ? fixed + kept < options.targetUnits : fixed + kept <= options.targetUnits) return end;
  }
  return null;
}

/** The messages of a transcript the reference validated (its groups, flattened). */
function validated(transcript: unknown): readonly Message[] {
  return (core.groupToolRounds(transcript as never) as readonly Group[]).flatMap((g) => g.messages);
}

/** The mistake(s) of a student boundary (and grouping) with these flags. */
export function boundaryMistake(flags: BoundaryFlags): MistakeDef {
  return {
    parts: { boundaryOf: (info, options) => studentBoundary(info.context as Context, options, flags) },
    layer: (base) => ({
      ...base,
      groupToolRounds: flags.groups ? (transcript) => studentGroups(validated(transcript), flags.groups) : base.groupToolRounds,
      selectCompactionBoundary: (input, options) => {
        const info = contextInfo(input);
        return studentBoundary(info.context as Context, readBoundaryOptions(options), flags);
      },
    }),
  };
}
