import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// `npm run test:node22`: the audits of libraries that need Node >= 22.19 (node22/), run by
// scripts/node22.sh under node22/'s Node: their rows of docs/audits.md replayed, and the
// standalone reproductions of their findings.
export default defineConfig({
  // An adapter file imports the package's adapters entry; in this repository that is its source (tsconfig.json "paths").
  resolve: { alias: { "compaction-check/adapters": fileURLToPath(new URL("./src/package/adapters.ts", import.meta.url)) } },
  test: {
    include: ["test/node22/**/*.test.ts"],
    setupFiles: ["test/setup/fast-check-seed.ts"],
    testTimeout: 120_000,
    // Removing an installed node_modules (afterAll) can take longer than vitest's 10 s default.
    hookTimeout: 120_000,
  },
});
