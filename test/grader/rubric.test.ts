import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { allProperties } from "../../properties/index";
import { CRITERIA, CRITERION_IDS, type CriterionId } from "../../src/grader/criteria";
import type { PropertyResult, RootCause } from "../../src/grader/result";
import { gradeScore as scoreOf } from "../../src/grader/rubric/grade-score";
import { homeOf, isDiagnosed } from "../../src/grader/rubric/home";
import { criterionOfProperty, PROPERTY_CRITERIA } from "../../src/grader/rubric/property-criteria";
import { DEFAULT_RUBRIC, readRubric, validateRubric } from "../../src/grader/rubric/rubric";
import { failuresWantingEvidence, scoreByCriteria } from "../../src/grader/rubric/score-criteria";
import { CRITERIA as HELDOUT_CRITERIA } from "../heldout/manifest";

// The rubric (docs/grading.md, "Rubric"): every property in exactly one acceptance criterion,
// the default points, a teacher's file validated, and the rule "points lost once per mistake".

const dir = await mkdtemp(join(tmpdir(), "cc-rubric-"));
afterAll(() => rm(dir, { recursive: true, force: true }));

const weightOf = new Map(allProperties.map((p) => [p.id, p.weight]));

describe("criteria and properties", () => {
  it("the criteria are the held-out set's, in the course's order", () => {
    expect(CRITERION_IDS).toEqual(HELDOUT_CRITERIA);
    expect(CRITERIA.map((c) => c.id)).toEqual(CRITERION_IDS);
  });

  it("every property of the suite belongs to exactly one criterion, and the map names no other", () => {
    const ids = allProperties.map((p) => p.id);
    expect(ids.length).toBeGreaterThanOrEqual(122);
    expect(ids.filter((id) => criterionOfProperty(id) === undefined)).toEqual([]);
    expect(Object.keys(PROPERTY_CRITERIA).sort()).toEqual([...ids].sort());
  });

  it("the default rubric gives each criterion its properties' weights: 200 in all, so an unexplained failure costs what it did", () => {
    for (const id of CRITERION_IDS) {
      const weight = allProperties.filter((p) => criterionOfProperty(p.id) === id).reduce((sum, p) => sum + p.weight, 0);
      expect(DEFAULT_RUBRIC.points[id], id).toBe(weight);
    }
    expect(Object.values(DEFAULT_RUBRIC.points).reduce((a, b) => a + b, 0)).toBe(200);
  });
});

describe("--rubric file.json", () => {
  const write = async (name: string, text: string) => {
    const file = join(dir, name);
    await writeFile(file, text);
    return file;
  };
  const full = Object.fromEntries(CRITERION_IDS.map((id) => [id, 20]));

  it("reads a rubric naming every criterion once", async () => {
    const rubric = await readRubric(await write("ok.json", JSON.stringify({ $comment: "equal weights", criteria: full })));
    expect(rubric.points.units).toBe(20);
    expect(rubric.source).toMatch(/ok\.json$/);
  });

  it.each([
    ["not JSON", "{", /is not JSON/],
    ["no criteria", "{}", /has no "criteria" object/],
    ["an unknown criterion", JSON.stringify({ criteria: { ...full, unit: 3 } }), /unknown criterion "unit"/],
    ["a missing criterion", JSON.stringify({ criteria: { ...full, cancellation: undefined } }), /missing cancellation \(give 0 to leave a criterion out\)/],
    ["negative points", JSON.stringify({ criteria: { ...full, units: -1 } }), /units: points must be a finite number >= 0, got -1/],
    ["text for points", JSON.stringify({ criteria: { ...full, units: "20" } }), /units: points must be a finite number >= 0, got "20"/],
    ["nothing worth a point", JSON.stringify({ criteria: Object.fromEntries(CRITERION_IDS.map((id) => [id, 0])) }), /every criterion is worth 0 points/],
    ["an unknown field", JSON.stringify({ criteria: full, weights: {} }), /unknown field "weights"/],
  ])("refuses %s with a clear error", async (name, text, message) => {
    const file = await write(`${name.replace(/ /g, "-")}.json`, text);
    await expect(readRubric(file)).rejects.toMatchObject({ name: "GraderError", code: "RUBRIC_INVALID", message: expect.stringMatching(message) });
  });

  it("names the file that cannot be read", async () => {
    await expect(readRubric(join(dir, "absent.json"))).rejects.toMatchObject({ code: "RUBRIC_INVALID", message: expect.stringMatching(/Cannot read the rubric .*absent\.json/) });
    expect(() => validateRubric([])).toThrow(/has no "criteria" object/);
  });
});

/** A failed property result (weight from the suite). */
const failed = (id: string, counterexample = true): PropertyResult => ({
  id,
  title: id,
  family: id.split(".")[0]!,
  status: "failed",
  points: 0,
  maxPoints: weightOf.get(id)!,
  numRuns: 1,
  durationMs: 0,
  ...(counterexample ? { counterexample: { operation: { kind: "units", prebuilt: false, input: {} } } } : {}),
});
const passedAllBut = (failures: readonly PropertyResult[]): PropertyResult[] =>
  allProperties.map((p) => failures.find((f) => f.id === p.id) ?? { id: p.id, title: p.title, family: p.family, status: "passed", points: p.weight, maxPoints: p.weight, numRuns: 1, durationMs: 0 });
const cause = (id: string, properties: readonly string[], extra: Partial<RootCause> = {}): RootCause => ({ id, title: id, explanation: "", counterexample: { operation: { kind: "units", prebuilt: false, input: {} } }, properties, ...extra });
/** The score's fields, root causes and warnings, flat. */
const gradeScore = (...args: Parameters<typeof scoreOf>) => {
  const { fields, ...rest } = scoreOf(...args);
  return { ...fields, ...rest };
};
const criterion = (score: ReturnType<typeof gradeScore>, id: CriterionId) => score.criteria.find((c) => c.id === id)!;

describe("points lost once per mistake", () => {
  const unitsFailures = ["units.astral-counts-one", "units.additive", "boundary.earliest-fit", "compaction.request-exact", "async.outcome-per-script"];

  it("a mistake costs its home criterion the weight of its own failed properties there, and nothing elsewhere", () => {
    const results = passedAllBut(unitsFailures.map((id) => failed(id)));
    const score = gradeScore(results, [cause("units", unitsFailures)]);
    expect(score.scoring).toBe("rubric");
    expect(criterion(score, "units")).toMatchObject({ points: 12 - 4, losses: [{ rootCause: "units", properties: ["units.astral-counts-one", "units.additive"], points: 4 }], excused: [] });
    expect(criterion(score, "boundary-selection")).toMatchObject({ points: 20, losses: [], excused: ["boundary.earliest-fit"] });
    expect(score.score).toBe(196);
    expect(score.propertyScore.score).toBe(200 - 2 - 2 - 2 - 2 - 2);
    expect(score.rootCauses[0]).toMatchObject({ criterion: "units", pointsLost: 4 });
  });

  it("a failure no mistake explains costs exactly its weight, as property by property", () => {
    const results = passedAllBut([failed("boundary.earliest-fit"), failed("async.no-unhandled-rejection", false)]);
    const causes = [cause("boundary.earliest-fit", ["boundary.earliest-fit"]), cause("not-run-x", ["async.no-unhandled-rejection"], { counterexample: undefined })];
    const score = gradeScore(results, causes);
    expect(score.score).toBe(score.propertyScore.score);
    expect(score.score).toBe(196);
  });

  it("never rises because the analysis is unsure: without root causes the rubric's score is the properties' score", () => {
    const results = passedAllBut(unitsFailures.map((id) => failed(id)));
    expect(gradeScore(results, []).score).toBe(gradeScore(results, [], "properties").score);
  });

  it("a mistake none of whose failures lies in its named home is charged where most of them are", () => {
    const ids = ["compaction.retained-suffix-valid", "boundary.earliest-fit"];
    const results = passedAllBut(ids.map((id) => failed(id)));
    const score = gradeScore(results, [cause("units", ids)]);
    expect(score.rootCauses[0]).toMatchObject({ criterion: "summary-validation", pointsLost: 4 });
    expect(score.score).toBe(196);
    expect(homeOf({ id: "options", properties: ids, criterion: "boundary-selection" }, criterionOfProperty, (id) => weightOf.get(id)!)).toBe("boundary-selection");
    expect(homeOf({ id: "options", properties: ids }, criterionOfProperty, (id) => weightOf.get(id)!)).toBe("summary-validation");
  });

  it("the analysis' own criterion wins over the layer's", () => {
    const ids = ["units.additive", "cancel.arrives-when-summarizer-never-settles"];
    const results = passedAllBut(ids.map((id) => failed(id)));
    const score = gradeScore(results, [cause("units", ids, { criterion: "cancellation" })]);
    // Cancellation's point (1), not units.additive's 2.
    expect(score.rootCauses[0]).toMatchObject({ criterion: "cancellation", pointsLost: 1 });
    expect(criterion(score, "units").excused).toEqual(["units.additive"]);
  });

  it("only diagnosed mistakes excuse: not one property alone, not missing exports, not properties not run", () => {
    expect(isDiagnosed(cause("units", ["units.additive"]))).toBe(true);
    expect(isDiagnosed(cause("units.additive", ["units.additive"]))).toBe(false);
    expect(isDiagnosed(cause("exports", ["units.additive", "groups.frozen"]))).toBe(false);
    expect(isDiagnosed(cause("not-run-a-build-error", ["units.additive", "groups.frozen"]))).toBe(false);
    expect(isDiagnosed(cause("units", ["units.additive"], { counterexample: undefined }))).toBe(false);
    const ids = ["units.additive", "groups.frozen", "boundary.earliest-fit"];
    const results = passedAllBut(ids.map((id) => failed(id, false)));
    const notRun = gradeScore(results, [cause("not-run-a-build-error", ids, { counterexample: undefined })]);
    expect(notRun.score).toBe(notRun.propertyScore.score);
  });

  it("a failure nobody saw fail (no counterexample: not run) is charged, whatever root cause holds it", () => {
    const results = passedAllBut([failed("units.additive"), failed("boundary.earliest-fit", false)]);
    const score = gradeScore(results, [cause("units", ["units.additive", "boundary.earliest-fit"])]);
    expect(criterion(score, "boundary-selection")).toMatchObject({ points: 18, excused: [], losses: [{ rootCause: "units", properties: ["boundary.earliest-fit"], points: 2 }] });
    expect(score.score).toBe(196);
  });

  it("an excused failure is credited at the rate the criterion's other properties pass", () => {
    const results = passedAllBut([failed("units.additive"), failed("boundary.earliest-fit"), failed("boundary.retention-kept")]);
    const score = gradeScore(results, [cause("units", ["units.additive", "boundary.earliest-fit"]), cause("boundary.retention-kept", ["boundary.retention-kept"])]);
    const boundary = criterion(score, "boundary-selection");
    expect(boundary.excused).toEqual(["boundary.earliest-fit"]);
    expect(boundary.losses).toEqual([
      { rootCause: "boundary.retention-kept", properties: ["boundary.retention-kept"], points: 2 },
      { rootCause: "units", properties: ["boundary.earliest-fit"], points: 0.222, creditedAt: 0.889 },
    ]);
    expect(boundary.points).toBeCloseTo(20 - 2 - 2 / 9, 3);
    expect(score.rootCauses[0]).toMatchObject({ criterion: "units", pointsLost: 2.222 });
  });

  it("a mistake that makes everything fail earns nothing: no criterion shows it works otherwise", () => {
    const all = allProperties.map((p) => failed(p.id));
    const score = gradeScore(passedAllBut(all), [cause("build", all.map((r) => r.id))]);
    expect(score.score).toBe(0);
    expect(score.rootCauses[0]).toMatchObject({ criterion: "immutable-snapshots-and-ceilings", pointsLost: 200 });
  });

  it("where nothing of a criterion passes, an excused failure shown kept on another of its cases is evidence: the criterion loses nothing", () => {
    const boundary = allProperties.filter((p) => criterionOfProperty(p.id) === "boundary-selection").map((p) => failed(p.id));
    const results = passedAllBut([...boundary, failed("strength.reading-string-edges")]);
    const causes = [cause("build.transcript", ["strength.reading-string-edges", ...boundary.map((r) => r.id)], { criterion: "immutable-snapshots-and-ceilings" })];
    expect(failuresWantingEvidence(results, causes, criterionOfProperty)).toEqual(boundary.map((r) => r.id));
    expect(criterion(gradeScore(results, causes), "boundary-selection")).toMatchObject({ points: 0, shown: [] });
    const shown = criterion(gradeScore(results, causes, "rubric", DEFAULT_RUBRIC, new Set([boundary[0]!.id])), "boundary-selection");
    expect(shown).toMatchObject({ points: 20, losses: [], shown: [boundary[0]!.id] });
    expect(shown.excused).toHaveLength(boundary.length);
  });

  it("evidence is not credit for what is charged: a shown failure weighs like a passed one against the criterion's own failures", () => {
    const boundary = allProperties.filter((p) => criterionOfProperty(p.id) === "boundary-selection").map((p) => failed(p.id));
    const [own, first, ...others] = boundary;
    const results = passedAllBut([...boundary, failed("strength.reading-string-edges")]);
    const causes = [cause("build.transcript", ["strength.reading-string-edges", first!.id, ...others.map((r) => r.id)], { criterion: "immutable-snapshots-and-ceilings" }), cause(own!.id, [own!.id])];
    const score = criterion(gradeScore(results, causes, "rubric", DEFAULT_RUBRIC, new Set([first!.id])), "boundary-selection");
    const credit = first!.maxPoints / (first!.maxPoints + own!.maxPoints);
    expect(score.losses).toEqual(
      expect.arrayContaining([
        { rootCause: own!.id, properties: [own!.id], points: own!.maxPoints },
        { rootCause: "build.transcript", properties: [first!.id, ...others.map((r) => r.id)], points: Math.round((20 - own!.maxPoints) * (1 - credit) * 1000) / 1000, creditedAt: Math.round(credit * 1000) / 1000 },
      ]),
    );
    expect(score.losses).toHaveLength(2);
  });

  it("a teacher's rubric scales each criterion: points × failed weight / the criterion's weight", () => {
    const points = Object.fromEntries(CRITERION_IDS.map((id) => [id, 10])) as Record<CriterionId, number>;
    const results = passedAllBut([failed("units.astral-counts-one"), failed("units.additive")]);
    const score = gradeScore(results, [cause("units", ["units.astral-counts-one", "units.additive"])], "rubric", { source: "test", points });
    expect(score.maxScore).toBe(90);
    expect(criterion(score, "units").points).toBeCloseTo(10 - (10 * 4) / 12, 3);
  });

  it("--scoring properties: nothing excused, each criterion the sum of its properties' weights", () => {
    const results = passedAllBut(unitsFailures.map((id) => failed(id)));
    const score = gradeScore(results, [cause("units", unitsFailures)], "properties");
    expect(score.score).toBe(score.propertyScore.score);
    expect(criterion(score, "boundary-selection")).toMatchObject({ points: 18, maxPoints: 20, excused: [] });
  });

  it("properties the rubric does not know are scored property by property, and the grade says so", () => {
    const results: PropertyResult[] = [{ ...failed("units.additive"), id: "standin.a", maxPoints: 3 }];
    const score = gradeScore(results, []);
    expect(score).toMatchObject({ scoring: "properties", score: 0, maxScore: 3 });
    expect(score.warnings.join()).toMatch(/no criterion \(standin\.a\): scored property by property/);
  });

  it("only criteria with graded properties are scored (--only)", () => {
    const results = [failed("units.additive")];
    const scored = scoreByCriteria(results, [], "rubric", DEFAULT_RUBRIC.points, criterionOfProperty);
    expect(scored.criteria.map((c) => c.id)).toEqual(["units"]);
    expect(scored).toMatchObject({ score: 0, maxScore: 12 });
  });
});

describe("docs/rubric.md", () => {
  it("is the generated text (run `npx tsx scripts/rubric-doc.ts`)", async () => {
    const { renderRubricDoc, RUBRIC_DOC_PATH } = await import("../../scripts/rubric-doc");
    const { readFileSync } = await import("node:fs");
    expect(readFileSync(RUBRIC_DOC_PATH, "utf8")).toBe(renderRubricDoc(allProperties));
  });
});

describe("class reports under the rubric", () => {
  it("class.csv has a column per criterion and the mistakes behind each loss; summary.md the mean per criterion", async () => {
    const { classRows, toCsv, toSummary } = await import("../../src/grader/class/class-report");
    const { toJsonReport } = await import("../../src/grader/result");
    const unitsFailures = ["units.astral-counts-one", "boundary.earliest-fit"];
    const results = passedAllBut(unitsFailures.map((id) => failed(id)));
    const scored = scoreOf(results, [cause("units", unitsFailures)]);
    const report = toJsonReport({ tool: "compaction-check", version: "t", submission: "s", seed: 1, numRuns: 1, ...scored.fields, durationMs: 0, sandbox: { kind: "none", isolation: [], limits: { scenarioTimeoutMs: 0, totalTimeoutMs: 0, memoryMb: 0 } }, properties: scored.properties, rootCauses: scored.rootCauses, warnings: [], schemaVersion: 2 });
    const record = { student: "alice", submission: "class/alice", seed: 1, numRuns: 1, version: "t", status: "graded" as const, report: report as never, error: null, durationMs: 1000 };
    const rows = classRows([record]);
    const [header, line] = toCsv(rows, [record.report]).trim().split("\n");
    expect(header).toContain(",immutable-snapshots-and-ceilings (51),grouping (17),units (12),boundary-selection (20),");
    expect(line).toMatch(/^alice,198,200,units: units,1,,51,17,10,20,6,9,32,9,44,units −2 \(units\)$/);
    const summary = toSummary(rows, { seed: 1, numRuns: 1, version: "t" }, [record.report]);
    expect(summary).toContain("| units (12) | 10 | 1 |");
  });
});
