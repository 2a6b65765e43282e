import { contractSuite } from "../../src/package/vitest";

// contractSuite from the sources: one family against our core, in-process; every test must pass.
// Its failures on the example submission, and their agreement with `grade`, are checked on the
// built package by npm run test:package.
contractSuite(() => import("../../src/core/index"), { families: ["units"], runs: 30, reportsDir: null, corpusDir: null });
