import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { configDefaults, defineConfig } from "vitest/config";

/** Test files of `npm run test:long` alone (vitest.long.config.ts): whole sandboxed grades, minutes in all. */
export const GRADES = ["test/heldout/session-*.test.ts", "test/heldout/measure-sample-rest.test.ts", "test/grader/hang-costs-its-own.test.ts", "test/grader/rubric-evidence.test.ts"];
/** Test files whose items `npm test` samples and `npm run test:long` completes (test/_helpers/long-sample.ts). */
export const SAMPLED = ["test/mutants/kill-matrix.test.ts", "test/heldout/plumbing.test.ts", "test/grader/tamper.test.ts"];

export default defineConfig({
  // An adapter file imports the package's adapters entry; in this repository that is its source (tsconfig.json "paths").
  resolve: { alias: { "compaction-check/adapters": fileURLToPath(new URL("./src/package/adapters.ts", import.meta.url)) } },
  test: {
    include: ["test/**/*.test.ts"],
    // The package test (npm run test:package) packs and installs: minutes, run apart by .ci/run.
    // test/node22: the audits of libraries that need Node >= 22.19, run under Node 22 by npm run test:node22.
    // GRADES: whole sandboxed grades, run by npm run test:long.
    exclude: [...configDefaults.exclude, "test/package/**", "test/node22/**", ...GRADES],
    setupFiles: ["test/setup/fast-check-seed.ts"],
    // Vitest's default (one worker fewer than the cores) leaves a 2-core CI machine one worker,
    // idle while a test waits on a child process (sandboxed grades, CLI runs, timeouts).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 60_000,
    hookTimeout: 60_000,
    coverage: {
      provider: "v8",
      include: ["src/core/**/*.ts"],
      reporter: ["text-summary", "text"],
      thresholds: { lines: 95, branches: 90 },
    },
  },
});
