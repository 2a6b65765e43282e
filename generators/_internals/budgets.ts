import fc from "fast-check";
import { LIMIT } from "../../src/model";
import type { ContextFacts } from "./contextFacts";

// Budgets derived from the context's own units, so each regime is reached by construction.
// Notation: U = context units, R = requirement units, S = summaryMaxUnits, T = targetUnits,
// M = maxUnits, suffix[i] = units of messages[i..].

export type Budget = { targetUnits: number; summaryMaxUnits: number; retainRecentMessages: number; maxUnits: number };
export type FitBudget = Budget & { boundary: number; room: number };

const int = (min: number, max: number) => fc.integer({ min, max: Math.max(min, max) });

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

/** The integer at share `ratio` of [min, max] (min when the range is empty). */
export function atShare(ratio: number, min: number, max: number): number {
  if (max <= min) return min;
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

export function fitBudget(f: ContextFacts, summaryIdUnits: number, exact: boolean): fc.Arbitrary<FitBudget> {
  return fitRatios.map((r) => fitBudgetFrom(f, summaryIdUnits, exact, r));
}

/** S ∈ [1, U-1], T ∈ [S, min(tMax, U-1)], M ∈ [T, U-1]: valid options that need compaction. */
function needsCompaction(f: ContextFacts, tMaxAbove: (S: number) => number, retain: fc.Arbitrary<number>): fc.Arbitrary<Budget> {
  return int(1, Math.min(f.units - 1, 200)).chain((S) =>
    int(S, Math.min(tMaxAbove(S), f.units - 1)).chain((T) =>
      fc.record({ maxUnits: int(T, f.units - 1), retainRecentMessages: retain }).map((r) => ({ ...r, targetUnits: T, summaryMaxUnits: S })),
    ),
  );
}

/** latest ≤ 0: the whole transcript is retained (needs U ≥ 2). */
export function retentionBudget(f: ContextFacts): fc.Arbitrary<Budget> {
  return needsCompaction(f, () => f.units, fc.oneof(fc.constant(f.n), int(f.n, Math.min(f.n + 3, LIMIT.messages)), fc.constant(LIMIT.messages)));
}

/** The latest cut falls strictly inside a tool round, and nothing before the round fits. */
export function crossingBudget(f: ContextFacts): fc.Arbitrary<Budget> {
  if (f.rounds.length === 0) throw new Error("generators: no tool round to cross (add one first)");
  return fc.constantFrom(...f.rounds).chain((round) =>
    int(round.startIndex + 1, round.endIndex - 1).chain((latest) =>
      needsCompaction(f, (S) => f.requirementUnits + S + f.suffix[round.startIndex]! - 1, fc.constant(f.n - latest)),
    ),
  );
}

/** Ends at which a target below R + S + suffix[L] can still be ≥ S (any L < n, or L = n with requirements). */
export function unreachableEnds(f: ContextFacts): number[] {
  return f.ends.filter((e) => f.requirementUnits + f.suffix[e]! >= 1);
}

/** The latest cut is a group end L, and even L misses the target. */
export function unreachableBudget(f: ContextFacts): fc.Arbitrary<Budget> {
  const ends = unreachableEnds(f);
  if (ends.length === 0) throw new Error("generators: no end can miss the target (add a message first)");
  return fc.constantFrom(...ends).chain((L) => needsCompaction(f, (S) => f.requirementUnits + S + f.suffix[L]! - 1, fc.constant(f.n - L)));
}

/** U ≤ M: the fast path. Any valid T and S below. */
export function belowThresholdBudget(f: ContextFacts): fc.Arbitrary<Budget> {
  const low = Math.max(1, f.units);
  return fc.oneof(fc.constant(low), int(low, Math.min(LIMIT.totalUnits, low + 500)), fc.constant(LIMIT.totalUnits)).chain((M) =>
    int(1, M).chain((T) =>
      fc.record({ summaryMaxUnits: int(1, T), retainRecentMessages: int(0, LIMIT.messages) }).map((r) => ({ ...r, targetUnits: T, maxUnits: M })),
    ),
  );
}

/**
 * Section 6 alone (no maxUnits): the earliest fitting cut is a chosen group end e. Shares are
 * drawn first and mapped onto the context (see FitRatios), so the case shrinks with it.
 */
export function foundBudget(f: ContextFacts): fc.Arbitrary<Budget & { boundary: number }> {
  const ends = f.ends.map((e, i) => ({ e, prev: i === 0 ? null : f.ends[i - 1]! }));
  return fitRatios.map((r) => {
    const { e, prev } = ends[atShare(r.end, 0, ends.length - 1)]!;
    const gap = prev === null ? 100 : f.suffix[prev]! - f.suffix[e]!;
    const S = atShare(r.summary, 1, 100);
    const slack = atShare(r.slack, 0, Math.min(gap - 1, 100));
    const retainRecentMessages = atShare(r.retain, 0, f.n - e);
    const targetUnits = f.requirementUnits + S + f.suffix[e]! + slack;
    return { targetUnits, summaryMaxUnits: S, retainRecentMessages, maxUnits: targetUnits, boundary: e };
  });
}
