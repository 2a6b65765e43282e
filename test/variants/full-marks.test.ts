import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { settings } from "../properties/_run";
import { variants } from "./catalogue";
import { failureReport, propertyShard } from "./grade";
import { gradeShard, gradeShardInChild, type ChildShard, type ShardResult } from "./grade-shard";
import type { SubjectVerdict } from "./shared-run";

// Full marks for every valid variant (issue 12): every property of the suites, at the global
// seed and numRuns of test/setup/fast-check-seed.ts, against every variant. Each property runs
// once for all variants (./shared-run.ts: one generated case, one model answer, one reference
// observation, then every variant). Half the properties are graded in this worker, the other
// half at the same time in a child process (./grade-shard.ts).

const { seed, numRuns } = settings();

interface PropertyResult {
  readonly verdicts: readonly SubjectVerdict[];
  readonly identical: readonly string[];
}

// Started before the first test, so the child works while this worker grades its own half.
let child: ChildShard;
beforeAll(() => {
  child = gradeShardInChild(1, 2, { seed, numRuns });
});
afterAll(() => child.kill());

/** This worker's half, property by property as the shard goes. */
const localResults = new Map<string, { promise: Promise<PropertyResult>; resolve: (r: PropertyResult) => void }>();
for (const property of propertyShard(0, 2)) {
  let resolve!: (r: PropertyResult) => void;
  const promise = new Promise<PropertyResult>((r) => (resolve = r));
  localResults.set(property.id, { promise, resolve });
}
let local: Promise<ShardResult> | null = null;
function localResult(propertyId: string): Promise<PropertyResult> {
  local ??= gradeShard(0, 2, { seed, numRuns }, (id, verdicts, identical) => localResults.get(id)!.resolve({ verdicts, identical }));
  return Promise.race([localResults.get(propertyId)!.promise, local.then(() => localResults.get(propertyId)!.promise)]);
}

function expectFullMarks(propertyId: string, { verdicts, identical }: PropertyResult): void {
  const report = failureReport(verdicts);
  expect(report, `false failure(s) of ${propertyId}:\n${report}`).toBe("");
  expect(verdicts.length + identical.length, `${propertyId}: a verdict for every variant`).toBe(variants.length);
}

describe("every valid variant passes every property", () => {
  for (const property of propertyShard(0, 2)) {
    it(property.id, async () => expectFullMarks(property.id, await localResult(property.id)), 120_000);
  }
  for (const property of propertyShard(1, 2)) {
    it(`${property.id} (graded in the child process)`, async () => {
      const { verdicts, identical } = await child.result;
      expectFullMarks(property.id, { verdicts: verdicts.filter((v) => v.propertyId === property.id), identical });
    }, 300_000);
  }
});
