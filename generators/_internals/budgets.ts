import fc from "fast-check";
import { LIMIT } from "../../src/model";
import type { ContextFacts } from "./contextFacts";

// Budgets derived from the context's own units, so each regime is reached by construction.
// Notation: U = context units, R = requirement units, S = summaryMaxUnits, T = targetUnits,
// M = maxUnits, suffix[i] = units of messages[i..].

export type Budget = { targetUnits: number; summaryMaxUnits: number; retainRecentMessages: number; maxUnits: number };
export type FitBudget = Budget & { boundary: number; room: number };

/** Ends e where the old context can hold S ≥ summaryCost and still need compaction: S + slack ≤ cap(e). */
function capAt(f: ContextFacts, e: number): number {
  return f.summaryUnits + (f.suffix[0]! - f.suffix[e]!) - 1;
}

export function fitFeasible(f: ContextFacts, summaryIdUnits: number): boolean {
  return f.ends.some((e) => capAt(f, e) >= 6 + summaryIdUnits);
}

/**
 * Where in its range each budget of a fit falls, as a share in [0, RATIO_SCALE]. Drawn before
 * the context's numbers are known and mapped onto them (fitBudgetFrom), so shrinking the
 * context keeps the same shares instead of drawing new budgets (a `.chain` would), and each
 * share shrinks toward the smallest budget: the earliest end, the smallest summary, no slack.
 */
export type FitRatios = { end: number; summary: number; slack: number; max: number; retain: number };
export const RATIO_SCALE = 1000;
export const fitRatios: fc.Arbitrary<FitRatios> = fc.record({
  end: fc.nat(RATIO_SCALE),
  summary: fc.nat(RATIO_SCALE),
  slack: fc.nat(RATIO_SCALE),
  max: fc.nat(RATIO_SCALE),
  retain: fc.nat(RATIO_SCALE),
});

/** The integer at share `ratio` of [min, max] (min when the range is empty; max at the top share, however wide the range). */
export function atShare(ratio: number, min: number, max: number): number {
  if (max <= min) return min;
  if (ratio >= RATIO_SCALE) return max;
  return min + Math.min(max - min, Math.floor((ratio * (max - min + 1)) / (RATIO_SCALE + 1)));
}

/**
 * Boundary e found, U > M ≥ T, and a summary of `room` code points fits S. With `exact`,
 * T is the tightest target and the text will cost exactly S (units after = T).
 */
export function fitBudgetFrom(f: ContextFacts, summaryIdUnits: number, exact: boolean, r: FitRatios): FitBudget {
  const minCost = 6 + summaryIdUnits;
  const feasible = f.ends.map((e, i) => ({ e, prev: i === 0 ? null : f.ends[i - 1]! })).filter(({ e }) => capAt(f, e) >= minCost);
  if (feasible.length === 0) throw new Error("generators: no end leaves room for a summary (add an old message first)");
  const { e, prev } = feasible[atShare(r.end, 0, feasible.length - 1)]!;
  const cap = capAt(f, e);
  const gap = prev === null ? Number.POSITIVE_INFINITY : f.suffix[prev]! - f.suffix[e]!;
  const S = atShare(r.summary, minCost, Math.min(cap, minCost + 60));
  const slack = exact ? 0 : atShare(r.slack, 0, Math.min(gap - 1, cap - S));
  const T = f.requirementUnits + S + f.suffix[e]! + slack;
  return {
    maxUnits: atShare(r.max, T, f.units - 1),
    retainRecentMessages: atShare(r.retain, 0, f.n - e),
    targetUnits: T,
    summaryMaxUnits: S,
    boundary: e,
    room: S - 5 - summaryIdUnits,
  };
}

/**
 * Shares of the budgets that need compaction (and of the pick among rounds or ends), drawn
 * before the context is known, as FitRatios are: each shrinks toward the smallest budget.
 */
export type NeedRatios = { summary: number; target: number; max: number; retain: number; pick: number; at: number };
export const needRatios: fc.Arbitrary<NeedRatios> = fc.record({
  summary: fc.nat(RATIO_SCALE),
  target: fc.nat(RATIO_SCALE),
  max: fc.nat(RATIO_SCALE),
  retain: fc.nat(RATIO_SCALE),
  pick: fc.nat(RATIO_SCALE),
  at: fc.nat(RATIO_SCALE),
});

/** S ∈ [1, U-1], T ∈ [S, min(tMax, U-1)], M ∈ [T, U-1]: valid options that need compaction. */
function needsCompaction(f: ContextFacts, tMaxAbove: (S: number) => number, retain: number, r: NeedRatios): Budget {
  const S = atShare(r.summary, 1, Math.min(f.units - 1, 200));
  const T = atShare(r.target, S, Math.min(tMaxAbove(S), f.units - 1));
  return { maxUnits: atShare(r.max, T, f.units - 1), retainRecentMessages: retain, targetUnits: T, summaryMaxUnits: S };
}

/** How far retainRecentMessages reaches past the transcript: exactly n, a few more, the limit. */
export type RetainReach = "all" | "more" | "limit";
export const retainReach: fc.Arbitrary<RetainReach> = fc.constantFrom<RetainReach>("all", "more", "limit");

/** latest ≤ 0: the whole transcript is retained (needs U ≥ 2). */
export function retentionBudget(f: ContextFacts, r: NeedRatios, reach: RetainReach): Budget {
  const retain = reach === "all" ? f.n : reach === "limit" ? LIMIT.messages : atShare(r.retain, f.n, Math.min(f.n + 3, LIMIT.messages));
  return needsCompaction(f, () => f.units, retain, r);
}

/** The latest cut falls strictly inside a tool round, and nothing before the round fits. */
export function crossingBudget(f: ContextFacts, r: NeedRatios): Budget {
  if (f.rounds.length === 0) throw new Error("generators: no tool round to cross (add one first)");
  const round = f.rounds[atShare(r.pick, 0, f.rounds.length - 1)]!;
  const latest = atShare(r.at, round.startIndex + 1, round.endIndex - 1);
  return needsCompaction(f, (S) => f.requirementUnits + S + f.suffix[round.startIndex]! - 1, f.n - latest, r);
}

/** Ends at which a target below R + S + suffix[L] can still be ≥ S (any L < n, or L = n with requirements). */
export function unreachableEnds(f: ContextFacts): number[] {
  return f.ends.filter((e) => f.requirementUnits + f.suffix[e]! >= 1);
}

/** The latest cut is a group end L, and even L misses the target. */
export function unreachableBudget(f: ContextFacts, r: NeedRatios): Budget {
  const ends = unreachableEnds(f);
  if (ends.length === 0) throw new Error("generators: no end can miss the target (add a message first)");
  const L = ends[atShare(r.pick, 0, ends.length - 1)]!;
  return needsCompaction(f, (S) => f.requirementUnits + S + f.suffix[L]! - 1, f.n - L, r);
}

/** Where maxUnits sits at or above U: U itself, up to 500 above, the limit. */
export type ThresholdReach = "units" | "above" | "limit";
export const thresholdReach: fc.Arbitrary<ThresholdReach> = fc.constantFrom<ThresholdReach>("units", "above", "limit");

/** U ≤ M: the fast path. Any valid T and S below; retainRecentMessages any valid count. */
export function belowThresholdBudget(f: ContextFacts, r: NeedRatios, reach: ThresholdReach, retain: number): Budget {
  const low = Math.max(1, f.units);
  const M = reach === "units" ? low : reach === "limit" ? LIMIT.totalUnits : atShare(r.max, low, Math.min(LIMIT.totalUnits, low + 500));
  const T = atShare(r.target, 1, M);
  return { maxUnits: M, targetUnits: T, summaryMaxUnits: atShare(r.summary, 1, T), retainRecentMessages: retain };
}

/**
 * Section 6 alone (no maxUnits): the earliest fitting cut is a chosen group end e, at the
 * shares `r` (see FitRatios), so the case shrinks with the context.
 */
export function foundBudget(f: ContextFacts, r: FitRatios): Budget & { boundary: number } {
  const ends = f.ends.map((e, i) => ({ e, prev: i === 0 ? null : f.ends[i - 1]! }));
  const { e, prev } = ends[atShare(r.end, 0, ends.length - 1)]!;
  const gap = prev === null ? 100 : f.suffix[prev]! - f.suffix[e]!;
  const S = atShare(r.summary, 1, 100);
  const slack = atShare(r.slack, 0, Math.min(gap - 1, 100));
  const retainRecentMessages = atShare(r.retain, 0, f.n - e);
  const targetUnits = f.requirementUnits + S + f.suffix[e]! + slack;
  return { targetUnits, summaryMaxUnits: S, retainRecentMessages, maxUnits: targetUnits, boundary: e };
}
