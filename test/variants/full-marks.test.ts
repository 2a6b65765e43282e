import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { settings } from "../properties/_run";
import { suiteProperties } from "../mutants/matrix";
import { variants } from "./catalogue";
import { failureReport, shrinkFailures } from "./grade";
import { gradeShard, gradeShardInChild, type ChildShard, type ShardResult } from "./grade-shard";
import { mergeFailures, type SubjectVerdict } from "./shared-run";

// Full marks for every valid variant (issue 12): every property of the suites, at the global
// seed and numRuns of test/setup/fast-check-seed.ts, against every variant, each distinct case
// observed once per variant (./shared-run.ts). Half the distinct cases are graded in this
// worker, the other half at the same time in a child process (./grade-shard.ts).

const { seed, numRuns } = settings();
let child: ChildShard | null = null;
let local: ShardResult;
let failures: SubjectVerdict[] = [];

beforeAll(async () => {
  child = gradeShardInChild(1, 2, { seed, numRuns });
  const [mine, theirs] = await Promise.all([gradeShard(0, 2, { seed, numRuns }), child.result]);
  local = mine;
  failures = await shrinkFailures(mergeFailures([mine.failures, theirs.failures]), { seed, numRuns });
}, 900_000);
afterAll(() => child?.kill());

describe("every valid variant passes every property", () => {
  it("grades every variant that differs from the core in its graded code", () => {
    // The Message IR helpers are optional for grading and no property calls them (test/mutants/loader.ts GRADED_EXPORTS).
    expect(local.identical).toEqual(variants.filter((v) => v.row === "free: extra helper call forms").map((v) => v.id));
  });

  for (const property of suiteProperties()) {
    it(property.id, () => {
      const report = failureReport(failures.filter((f) => f.propertyId === property.id));
      expect(report, `false failure(s) of ${property.id}:\n${report}`).toBe("");
    });
  }
});
