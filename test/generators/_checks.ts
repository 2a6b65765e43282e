import fc from "fast-check";
import { expect } from "vitest";

// The three checks fast-check runs on its own arbitraries, for ours.

/** Same seed → same values. */
export function assertSameSeedSameValues<T>(arb: fc.Arbitrary<T>, seeds: readonly number[] = [1, 42, 20261129]): void {
  for (const seed of seeds) {
    const a = fc.sample(arb, { seed, numRuns: 20 });
    const b = fc.sample(arb, { seed, numRuns: 20 });
    expect(b).toEqual(a);
  }
}

/** Every generated value satisfies `problems(v) === []`; returns how many values were checked. */
export function assertOnlyValid<T>(arb: fc.Arbitrary<T>, problems: (v: T) => string[], numRuns = 100): number {
  let checked = 0;
  fc.assert(
    fc.property(arb, (v) => {
      checked += 1;
      expect(problems(v)).toEqual([]);
    }),
    { numRuns },
  );
  return checked;
}

/**
 * Shrinking keeps values valid: a property that fails on every value bigger than a small
 * size makes fast-check shrink the first such value down to that size; every candidate it
 * tries on the way is checked. Returns how many values were looked at.
 */
export function assertShrinkKeepsValid<T>(arb: fc.Arbitrary<T>, problems: (v: T) => string[], seeds: readonly number[] = [3, 5, 8, 13]): number {
  let tried = 0;
  const invalid: string[][] = [];
  for (const seed of seeds) {
    fc.check(
      fc.property(arb, (v) => {
        tried += 1;
        const p = problems(v);
        if (p.length > 0) invalid.push(p);
        return JSON.stringify(v).length <= 40;
      }),
      { seed, numRuns: 50 },
    );
  }
  expect(invalid).toEqual([]);
  return tried;
}

/** Shares of each label over `numRuns` samples for one seed. */
export function labelShares<T>(arb: fc.Arbitrary<T>, labelsOf: (v: T) => readonly string[], seed: number, numRuns = 500): Map<string, number> {
  const counts = new Map<string, number>();
  for (const v of fc.sample(arb, { seed, numRuns })) {
    for (const label of new Set(labelsOf(v))) counts.set(label, (counts.get(label) ?? 0) + 1);
  }
  return new Map([...counts].map(([k, n]) => [k, n / numRuns]));
}

/** Every listed class is reached in at least `minShare` of the samples, for each seed. */
export function assertCoverage<T>(
  arb: fc.Arbitrary<T>,
  labelsOf: (v: T) => readonly string[],
  classes: readonly string[],
  { seeds = [20261129, 7, 99], numRuns = 500, minShare = 0.05 }: { seeds?: readonly number[]; numRuns?: number; minShare?: number } = {},
): void {
  for (const seed of seeds) {
    const shares = labelShares(arb, labelsOf, seed, numRuns);
    const low = classes.filter((c) => (shares.get(c) ?? 0) < minShare).map((c) => `${c}: ${((shares.get(c) ?? 0) * 100).toFixed(1)}% (seed ${seed})`);
    expect(low).toEqual([]);
  }
}
