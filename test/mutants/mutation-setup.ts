import fc from "fast-check";

// Setup for the StrykerJS run only (vitest.mutation.config.ts), after the fixed-seed setup.
// A mutant is detected by one failing case, so fast-check stops at the first failure
// instead of shrinking (shrinking a compaction counterexample can take a minute), and each
// property runs fewer cases than in `npm test` so that ~1,300 mutants fit in one sitting on
// two cores. MUTATION_NUM_RUNS overrides the count.
const numRuns = Number(process.env.MUTATION_NUM_RUNS ?? 10);
fc.configureGlobal({ ...fc.readConfigureGlobal(), numRuns, endOnFailure: true });

// Differential properties need an unmutated reference (see scripts/mutation.ts).
if ((process.env.CC_REFERENCE_CORE ?? "") === "") {
  throw new Error("vitest.mutation.config.ts runs under StrykerJS through `npm run mutation`, which sets CC_REFERENCE_CORE to the unmutated core; run that instead.");
}
