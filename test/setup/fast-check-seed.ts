import fc from "fast-check";

// Fixed seed so every property test is reproducible and test names stay stable.
// Override with FC_SEED=<n> to explore other seeds (see `npm run test:seeds`).
const seed = process.env.FC_SEED === undefined ? 20261129 : Number(process.env.FC_SEED);
fc.configureGlobal({ seed, numRuns: Number(process.env.FC_NUM_RUNS ?? 100) });
