import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { configDefaults, defineConfig } from "vitest/config";

export default defineConfig({
  // An adapter file imports the package's adapters entry; in this repository that is its source (tsconfig.json "paths").
  resolve: { alias: { "compaction-check/adapters": fileURLToPath(new URL("./src/package/adapters.ts", import.meta.url)) } },
  test: {
    include: ["test/**/*.test.ts"],
    // The package test (npm run test:package) packs and installs: minutes, run apart by .ci/run.
    // test/node22: the audits of libraries that need Node >= 22.19, run under Node 22 by npm run test:node22.
    exclude: [...configDefaults.exclude, "test/package/**", "test/node22/**"],
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
