import { defineConfig } from "vitest/config";

// The test run StrykerJS drives (`npm run mutation`): the property suites only, so the
// mutation score measures what the properties catch, not what the example tests in
// test/core pin down. The kill tests (broken fixtures, mutant catalogue) are left out: they
// judge other subjects, not src/core.
export default defineConfig({
  test: {
    include: ["test/properties/**/*.test.ts"],
    exclude: ["test/properties/**/*kills*.test.ts", "test/properties/**/zz-*.test.ts", "test/mutants/**"],
    setupFiles: ["test/setup/fast-check-seed.ts", "test/mutants/mutation-setup.ts"],
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
