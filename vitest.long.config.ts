import { configDefaults, defineConfig } from "vitest/config";
import base, { GRADES, SAMPLED } from "./vitest.config";

// `npm run test:long`: the long checks `npm test` samples, for minutes more; CI runs it after
// `npm test`. Whole sandboxed grades, about a minute of two cores apiece (GRADES: the root-cause
// analysis pinned on held-out DEV implementations, test/heldout/session-*.test.ts; the rest of the
// fixed DEV sample of docs/heldout.md; a hang costing its own properties only; the rubric's
// evidence rule), and the items of SAMPLED that `npm test`'s sample leaves out
// (test/_helpers/long-sample.ts: CC_TEST_LONG=1).
const { test, ...rest } = base;

// The rest of npm test's configuration (the adapters alias, the seed's setup file, the workers),
// with its own files, the flag, and room for a grade a minute long.
export default defineConfig({
  ...rest,
  test: {
    ...test,
    include: [...GRADES, ...SAMPLED],
    exclude: configDefaults.exclude,
    env: { CC_TEST_LONG: "1" },
    testTimeout: 600_000,
    hookTimeout: 600_000,
  },
});
