import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { grade } from "../../src/grader/grade";
import type { GradeResult } from "../../src/grader/result";
import { allProperties } from "../../properties/index";
import { longSample } from "../_helpers/long-sample";

// Every submission of the tamper catalogue, graded with the real properties and driver (the
// first property of each family, so every function and the asynchronous paths are called; few
// runs, short timeouts, small loss budgets to keep time down): none scores above the empty
// submission, each finishes, and the report says why. Every fixture attacks all five
// functions alike (test/fixtures/tamper/_shared/contract.js), so more properties of a family
// would only repeat the same calls.

const TAMPER_DIR = fileURLToPath(new URL("../fixtures/tamper", import.meta.url));
const EMPTY = fileURLToPath(new URL("../fixtures/empty-submission", import.meta.url));
const allFixtures = readdirSync(TAMPER_DIR).filter((name) => !name.startsWith("_")).sort();
// `npm test` grades every second fixture, `npm run test:long` the others (test/_helpers/long-sample.ts).
const fixtures = longSample(allFixtures, 2);

/** What the report must mention for each fixture (in a message, an observation or a warning). */
const REASONS: Readonly<Record<string, RegExp>> = {
  "exit-at-import": /exited with code 0/,
  "exit-mid-run": /exited with code 0/,
  "fake-report": /wrote \d+ characters to stdout\/stderr \(ignored/,
  "forge-observation": /observed a thrown string/,
  "hostile-proxy": /"kind":"threw"|driver failed/,
  "loop-at-import": /did not finish loading/,
  "loop-in-call": /did not settle within|"kind":"timeout"/,
  "open-socket": /refused at bundle time: .*imports node:net, which a submission may not use/,
  "out-of-memory": /ran out of memory/,
  "patch-array-methods": /global tampering.*Array/,
  "patch-json": /global tampering.*JSON/,
  "patch-object-freeze": /global tampering.*Object\.freeze/,
  "patch-object-isfrozen": /global tampering.*Object\.isFrozen/,
  "patch-promise": /global tampering.*Promise/,
  "patch-promise-then": /global tampering.*Promise\.prototype\.then/,
  "read-outside": /refused at bundle time: .*imports node:fs, which a submission may not use/,
  "spawn-process": /refused at bundle time: .*imports node:child_process, which a submission may not use/,
  "syntax-error": /does not compile/,
  "throw-at-import": /threw at import/,
  "throw-non-error": /"isError":false/,
  "unhandled-rejections": /unhandled rejection/,
};

const TOTAL_LIMIT_MS = 30_000;
const ONE_PER_FAMILY = allProperties.filter((p, i) => allProperties.findIndex((q) => q.family === p.family) === i).map((p) => p.id).join(",");
const gradeFast = (submission: string) =>
  grade({
    submission,
    only: ONE_PER_FAMILY,
    numRuns: 3,
    reportsDir: null,
    limits: { scenarioTimeoutMs: 300, loadTimeoutMs: 3000, memoryMb: 64, totalTimeoutMs: TOTAL_LIMIT_MS },
    lossBudget: { perProperty: 1, perOperation: 1 },
    // The fixtures share ../_shared/contract.js, above their own folders: trusted, widened root.
    importRoot: TAMPER_DIR,
  });

let empty: GradeResult;
beforeAll(async () => {
  empty = await gradeFast(EMPTY);
});

describe("tamper catalogue", () => {
  it("every fixture has a documented reason", () => {
    expect(allFixtures).toEqual(Object.keys(REASONS).sort());
  });

  it("the empty submission scores nothing", () => {
    expect(empty.score).toBe(0);
    expect(empty.properties.length).toBeGreaterThan(0);
  });

  // "Within its limit" is hang detection, not a speed claim: a grade that ignored its limits
  // (an endless loop, a child never replaced) would never finish and hit this test's timeout.
  // No wall-clock assertion, so a slow CI machine cannot make it flaky.
  const HANG_TIMEOUT_MS = TOTAL_LIMIT_MS * 3;
  it.each(fixtures)("%s scores no more than the empty submission, within its limit, with the reason in the report", { timeout: HANG_TIMEOUT_MS }, async (name) => {
    const result = await gradeFast(`${TAMPER_DIR}/${name}`);
    expect(result.score).toBeLessThanOrEqual(empty.score);
    expect(result.properties.every((p) => p.status === "failed")).toBe(true);
    expect(JSON.stringify({ properties: result.properties, warnings: result.warnings })).toMatch(REASONS[name]!);
  });
});
