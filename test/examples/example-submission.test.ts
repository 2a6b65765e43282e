import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import * as example from "../../examples/submission/src/index";
import { createInProcessHost } from "../../src/grader/in-process-host";
import { analyzeRootCauses, type RootCauseAnalysis } from "../../src/grader/root-cause/analyze";
import type { PropertyVerdict } from "../mutants/matrix";
import { suiteProperties } from "../mutants/matrix";
import { coreReference } from "../variants/grade";
import { failedProperties } from "./failed-properties";
import { committedExampleSources, documentedFailures, EXAMPLE_README, exampleSources } from "./planted-bugs";

// The example submission fails only because of its two planted bugs: it is src/core (full
// marks) with those two patches, and it fails exactly the properties examples/README.md lists.
// The list is of one fixed run (the README's seed and runs), whatever FC_SEED says.
const README_RUN = { seed: 20261129, numRuns: 100 };

/** The root cause each planted bug must come out as (src/grader/root-cause). */
const ROOT_CAUSE_OF_BUG: Readonly<Record<string, string>> = { "units-utf16-short-strings": "units", "round-ends-at-user-message": "groups" };

/** README: property id → the planted bugs that fail it on their own. */
function bugsFailing(): Map<string, string[]> {
  const readme = readFileSync(EXAMPLE_README, "utf8");
  return new Map([...readme.matchAll(/^- `([a-z0-9.-]+)` — (.+)$/gm)].map((m) => [m[1]!, m[2]!.split(", ")]));
}

describe("examples/submission", () => {
  let failed: PropertyVerdict[] = [];
  let analysis: RootCauseAnalysis;
  beforeAll(async () => {
    failed = await failedProperties(example as unknown as Record<string, unknown>, README_RUN);
    const subject = createInProcessHost(example as unknown as Record<string, unknown>);
    const failures = failed.map((v) => ({ ...v, id: v.propertyId, title: v.propertyId }));
    analysis = await analyzeRootCauses(failures, { definitions: suiteProperties(), subject, reference: coreReference() });
  }, 600_000);

  it("is src/core with exactly the two planted bugs (run `npm run example` after changing the core)", () => {
    expect(committedExampleSources()).toEqual(exampleSources());
  });

  it("fails exactly the properties examples/README.md lists", () => {
    expect(failed.map((v) => v.propertyId).sort()).toEqual(documentedFailures().sort());
  });

  it("has exactly two root causes, the planted bugs, each failure under a bug that fails it on its own", () => {
    expect(analysis.rootCauses.map((c) => c.id)).toEqual(["units", "groups"]);
    const bugs = bugsFailing();
    for (const cause of analysis.rootCauses) {
      for (const id of cause.properties) {
        const planted = (bugs.get(id) ?? []).map((bug) => ROOT_CAUSE_OF_BUG[bug]);
        expect(planted, `${id} is put under ${cause.id}`).toContain(cause.id);
      }
    }
    expect(analysis.rootCauses.flatMap((c) => c.properties).sort()).toEqual(failed.map((v) => v.propertyId).sort());
  });
});
