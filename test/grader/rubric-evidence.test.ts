import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { allProperties } from "../../properties/index";
import { grade } from "../../src/grader/grade";
import { criterionLosses } from "../../src/grader/report/criteria-text";
import { criterionTests } from "../../src/grader/report/gradescope-criteria";
import { criteriaSection } from "../../src/grader/report/html-criteria";
import { criterionOfProperty } from "../../src/grader/rubric/property-criteria";

// Evidence for the rubric (src/grader/rubric/evidence.ts): where a mistake upstream fails every
// property of a criterion, the criterion is credited only if another of their cases passes with
// an answer. A valid transcript refused when a user message is empty leaves boundary selection
// working on every other transcript: boundary selection loses nothing. A submission that refuses
// everything shows nothing there and earns nothing there.

const importRoot = fileURLToPath(new URL("../..", import.meta.url));
const submission = (name: string) => fileURLToPath(new URL(`./submissions/${name}`, import.meta.url));
const boundary = allProperties.filter((p) => criterionOfProperty(p.id) === "boundary-selection");
// A reading property the empty user message fails too, so that the mistake is diagnosed at home.
const properties = [...allProperties.filter((p) => p.id === "strength.reading-string-edges"), ...boundary];
const options = { properties, seed: 20261129, numRuns: 30, reportsDir: null, importRoot, jobs: 1 };

describe("evidence that a criterion's rules are kept", () => {
  it("a valid transcript refused (an empty user message): every boundary property fails for it, and boundary selection, shown kept on other cases, loses nothing", async () => {
    const result = await grade({ ...options, submission: submission("blank-user-refused") });
    const own = result.properties.filter((p) => criterionOfProperty(p.id) === "boundary-selection");
    expect(own.filter((p) => p.status === "passed"), "a boundary property passes: the test would not need evidence").toEqual([]);
    expect(result.rootCauses.map((c) => [c.id, c.criterion])).toEqual([["build.transcript", "immutable-snapshots-and-ceilings"]]);
    const criterion = result.criteria.find((c) => c.id === "boundary-selection")!;
    expect(criterion.shown?.length).toBeGreaterThan(0);
    expect(criterion).toMatchObject({ points: criterion.maxPoints, losses: [] });
    expect(result.criteria.filter((c) => c.points < c.maxPoints).map((c) => c.id)).toEqual(["immutable-snapshots-and-ceilings"]);
    // Every report says why the criterion kept its points.
    const said = `; ${criterion.shown!.length} of them pass on another case`;
    expect(criterionLosses(criterion, result)).toContain(said);
    expect(criteriaSection(result)).toContain(said);
    expect(criterionTests(result).find((t) => t.name.startsWith("criterion boundary-selection"))!.output).toContain(said);
  }, 180_000);

  it("a submission that refuses everything shows nothing: boundary selection earns nothing", async () => {
    const result = await grade({ ...options, submission: submission("refuses-everything") });
    const criterion = result.criteria.find((c) => c.id === "boundary-selection")!;
    expect(criterion).toMatchObject({ points: 0, shown: [] });
    expect(result.score).toBe(0);
  }, 180_000);
});
