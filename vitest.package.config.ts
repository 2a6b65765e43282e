import { defineConfig } from "vitest/config";

// `npm run test:package`: the packed package installed into a copy of examples/course-repo
// (test/package/). Minutes, not seconds, so it is not part of `npm test`.
export default defineConfig({
  test: {
    include: ["test/package/**/*.test.ts"],
    globalSetup: ["test/package/pack.global.ts"],
    testTimeout: 60_000,
    hookTimeout: 900_000,
  },
});
