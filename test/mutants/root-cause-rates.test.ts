import { readFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { mutants } from "./catalogue";
import { hostsFor, runOne, suiteProperties, type PropertyVerdict } from "./matrix";
import { ROOT_CAUSE_EXCEPTIONS } from "./root-cause-exceptions";
import { replaceRootCauseSection, ROOT_CAUSES_FILE, rootCauseRates, rootCauseSection, unknownExceptions, type RootCauseRow } from "./root-cause-section";
import { isSmall, mutantRootCauses } from "./root-causes";
import { coreReference } from "../variants/grade";

// Issue 13's targets over the whole mutant catalogue: for at least 90% of the mutants (one
// defect each) the grade names one root cause, and every root cause's shrunk counterexample
// has at most 6 messages and 400 printed characters (held at the last measurement, FLOOR). Measuring the catalogue takes ~20 min
// (`npm run root-causes`, or `npm run kill-matrix`), so the measurement is a file
// (docs/root-causes.json) and this test (1) reads the rates from it, (2) checks that it covers
// the catalogue as it is and that the doc's section and its reasons agree with it, and
// (3) measures a fixed sample of mutants again, failing properties and shrinking included,
// and requires the very rows of the file: a change of the analysis or the arbitraries that
// moves them makes the file stale, and this fails until it is measured again.

interface Measured {
  readonly seed: number;
  readonly numRuns: number;
  readonly rows: readonly RootCauseRow[];
}

const measured = JSON.parse(readFileSync(ROOT_CAUSES_FILE, "utf8")) as Measured;
/**
 * Issue 13's target is 90% for both rates (TARGET); docs/kill-matrix.md lists every exception
 * with its reason. The rates are held where the last measurement put them (FLOOR, at or above
 * the target): a change that lowers either fails here. Raise these as the analysis improves.
 */
// Session 7: the generators shrink as a whole (no .chain): 89 small; they also find five
// mutants' failures in more properties than before, each its own root cause (77 one cause).
// Session 8: readings of decorated inputs and options, observed facts (97 one cause); repeated
// strings, long id lists and runs of alike lines printed short (103 small: the 90% target met).
// Session 9: readings of an input and options joined, what follows from a boundary 0, a blank
// id or a summary's units accepted both ways in a re-judge, long strings' units asked in
// pieces, units asked before a plain-data rejection is put under build (103 one cause).
// Session 11: root causes by mistake, each failure signed by the contract rule where its answer
// departs (105 one cause, three of them others than before; 111 small).
// Session 14: a size check answered otherwise by a count of units the record shows too is the
// record's mistake (107 one cause: summary-size-ignores-id, units-after-counts-old-summary).
const FLOOR = { oneCause: 109, small: 112 };
const TARGET = Math.ceil(0.9 * mutants.length);

describe("root causes and counterexample size over the mutant catalogue (docs/root-causes.json)", () => {
  it("covers every mutant of the catalogue, in catalogue order", () => {
    expect(measured.rows.map((row) => row.mutantId)).toEqual(mutants.map((m) => m.id));
  });

  it(`holds both rates at or above issue 13's target, 90% of the catalogue (${TARGET} of ${mutants.length})`, () => {
    expect(FLOOR.oneCause).toBeGreaterThanOrEqual(TARGET);
    expect(FLOOR.small).toBeGreaterThanOrEqual(TARGET);
  });

  it(`names one root cause for at least ${FLOOR.oneCause} of the killed mutants`, () => {
    const rates = rootCauseRates(measured.rows);
    expect(rates.killed).toBe(mutants.length);
    expect(rates.oneCause.length).toBeGreaterThanOrEqual(FLOOR.oneCause);
  });

  it(`has every root cause's counterexample small for at least ${FLOOR.small} of the killed mutants`, () => {
    const rates = rootCauseRates(measured.rows);
    expect(rates.small.length).toBeGreaterThanOrEqual(FLOOR.small);
  });

  it("gives a reason for every exception, and for nothing else", () => {
    const exceptions = measured.rows.filter((row) => row.causes.length !== 1 || !row.causes.every(isSmall)).map((row) => row.mutantId);
    expect(Object.keys(ROOT_CAUSE_EXCEPTIONS).sort()).toEqual([...exceptions].sort());
    expect(unknownExceptions()).toEqual([]);
  });

  it("is what docs/kill-matrix.md's section says", () => {
    const doc = readFileSync("docs/kill-matrix.md", "utf8");
    expect(replaceRootCauseSection(doc, rootCauseSection(measured.rows))).toBe(doc);
  });
});

// One mutant per kind of root cause: an input rule, options, units, groups, the boundary, the
// plain compaction, the async settling (a leaked rejection reproduced, a larger
// counterexample); an exception (identity); a mutant caught by one property; readings of an
// input and of options joined under build.
const SAMPLE = ["requirement-content-may-be-blank", "options-budget-code-invalid-input", "units-true-false-swapped", "groups-adjacent-results-only", "boundary-latest-fit", "summary-size-strict", "fast-path-new-object", "late-rejection-leaked", "error-not-frozen", "null-read-as-a-record"];

describe("docs/root-causes.json is fresh: a fixed sample measured again", () => {
  const reference = coreReference();
  afterAll(() => reference.close());
  const properties = suiteProperties();

  it.each(SAMPLE)("%s", async (mutantId) => {
    const row = measured.rows.find((r) => r.mutantId === mutantId)!;
    const hosts = await hostsFor(mutants.find((m) => m.id === mutantId)!, reference);
    const settings = { seed: measured.seed, numRuns: measured.numRuns };
    const failed: PropertyVerdict[] = [];
    // The properties the file lists as failing fail again (the others are the kill matrix's concern).
    for (const id of row.failures) {
      const verdict = await runOne(properties.find((p) => p.id === id)!, hosts, { ...settings, shrink: false });
      expect(verdict.status, id).toBe("failed");
      failed.push(verdict);
    }
    expect(await mutantRootCauses(hosts, properties, failed, { ...settings, shrink: true })).toEqual(row.causes);
  }, 300_000);
});
