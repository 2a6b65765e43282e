// Long checks split between `npm test` and `npm run test:long` (vitest.long.config.ts sets
// CC_TEST_LONG=1): `npm test` runs a fixed sample of the items (every `every`-th, from the
// first), `test:long` the rest, so the two together run every item once and a fixed item is
// always in `npm test`'s sample, for any seed.

/** Whether this run is `npm run test:long`. */
export const LONG_RUN = process.env.CC_TEST_LONG === "1";

/** The items of this run: the fixed sample in `npm test`, the others in `npm run test:long`. */
export function longSample<T>(items: readonly T[], every: number): T[] {
  return items.filter((_, i) => (i % every === 0) !== LONG_RUN);
}
