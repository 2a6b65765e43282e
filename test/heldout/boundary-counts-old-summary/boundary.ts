// HELD-OUT EDIT (one mistake): `fixed` counts the current summary as well as summaryMaxUnits.
// Otherwise a copy of src/core/boundary.ts.
// selectCompactionBoundary (contract §6): the earliest whole-group cut that fits. Groups are
// walked through the context's reach table and units come from its prefix sums, so a built
// context is answered without looking at a single message again.
import type { ActiveContext, ActiveContextInput, CompactionBoundaryOptions } from "../../../src/core/types";
import { contextInfo } from "../../../src/core/snapshot";
import { readBoundaryOptions, type BoundaryOptions } from "../../../src/core/options";
import { messageUnits, type ContextInfo } from "../../../src/core/registry";
import { groupEnd } from "../../../src/core/groups";

export function selectCompactionBoundary(
  context: ActiveContext | ActiveContextInput,
  options: CompactionBoundaryOptions,
): number | null {
  // The context is built (and may fail) before the options are read.
  const info = contextInfo(context);
  return boundaryOf(info, readBoundaryOptions(options));
}

export function boundaryOf(info: ContextInfo, options: BoundaryOptions): number | null {
  const count = info.messages.length;
  // When latest <= 0 the first group already ends past it: null, as the contract says.
  const latest = count - options.retainRecentMessages;
  // The current summary is not counted: it is the one being replaced.
  const fixed = info.requirementUnits + options.summaryMaxUnits + info.summaryUnits;
  // Groups tile the messages, so `start` lands on `count` exactly.
  for (let start = 0; start !== count; ) {
    const end = groupEnd(info, start);
    if (end > latest) return null;
    if (fixed + messageUnits(info, end, count) <= options.targetUnits) return end;
    start = end;
  }
  return null;
}
