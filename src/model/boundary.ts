import type { ContextData } from "../scenario/data";
import { modelGroups } from "./groups";
import { modelMessageUnits, modelRequirementsUnits } from "./units";
import type { BoundaryOptions, BoundaryReason } from "./shapes";
import { upstreamBoundary } from "./upstream";

export type { BoundaryOptions, BoundaryReason } from "./shapes";

export function modelBoundary(ctx: ContextData, opts: BoundaryOptions): number | null {
  return modelBoundaryWalk(ctx, opts).boundary;
}

/**
 * Section 6 step by step. `crossing` = the walk stopped at a group that starts before the
 * latest allowed cut and ends after it; `unreachable` = no whole-group cut up to the latest
 * one fits the target.
 */
export function modelBoundaryWalk(
  ctx: ContextData,
  opts: BoundaryOptions,
): { boundary: number | null; reason: BoundaryReason } {
  const upstream = upstreamBoundary(ctx, opts);
  if (upstream !== undefined) return { boundary: upstream, reason: upstream === null ? "unreachable" : "found" };
  const messages = ctx.messages ?? [];
  const latest = messages.length - opts.retainRecentMessages;
  if (latest <= 0) return { boundary: null, reason: "retention" };
  const fixed = modelRequirementsUnits(ctx.requirements ?? []) + opts.summaryMaxUnits;
  const suffix = suffixUnits(ctx);
  for (const group of modelGroups(messages)) {
    if (group.endIndex > latest) return { boundary: null, reason: group.startIndex < latest ? "crossing" : "unreachable" };
    if (fixed + suffix[group.endIndex]! <= opts.targetUnits) return { boundary: group.endIndex, reason: "found" };
  }
  return { boundary: null, reason: "unreachable" };
}

/** suffix[i] = units of messages[i..]; suffix[length] = 0. */
export function suffixUnits(ctx: ContextData): number[] {
  const messages = ctx.messages ?? [];
  const suffix = new Array<number>(messages.length + 1).fill(0);
  for (let i = messages.length - 1; i >= 0; i--) suffix[i] = suffix[i + 1]! + modelMessageUnits(messages[i]!);
  return suffix;
}
