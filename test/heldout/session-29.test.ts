// What session 29's analysis tells apart, on the material that showed it (the fifth set, opened
// as DEV this session), graded as `npm run heldout:measure` grades them: one mistake, one root
// cause, where each used to give two to eight (a retry, an options check of the submission's own,
// a walk that reads the records, an estimate that counts what its build refuses, a key's code
// points).
import { describe, expect, it } from "vitest";
import { heldoutRootCauses } from "../_helpers/heldout-grades";

const rootCauses = await heldoutRootCauses("session-29");

describe.concurrent("session 29: one root cause per mistake on the fifth set", () => {
  it("the summarizer run again after a failure, alone: one root cause, step 4's 'once' (was six, one per script)", { timeout: 300_000 }, async () => {
    const { ids, titles } = await rootCauses("b5m-max-wrapper-retry-verdict-crosscheck", "summarizer-retried-on-failure");
    expect(ids).toEqual(["step4.request"]);
    expect(titles[0]).toContain("calls the summarizer more times than the contract");
  });

  it("maxUnits required to hold targetUnits + summaryMaxUnits, alone: one root cause, whichever edges a counterexample meets (was three)", { timeout: 300_000 }, async () => {
    const { ids } = await rootCauses("b5m-max-reader-accessor-reserve", "maxunits-must-cover-summary-reserve");
    expect(ids).toEqual(["options.maxUnits"]);
  });

  it("the maxUnits cross-check reversed, alone: one root cause (was eight)", { timeout: 300_000 }, async () => {
    const { ids } = await rootCauses("b5m-max-wrapper-retry-verdict-crosscheck", "maxunits-cross-check-reversed");
    expect(ids).toEqual(["options.maxUnits"]);
  });

  it("a walk that starts after the last record's boundary, alone: one root cause of the boundary, the records read (was three)", { timeout: 300_000 }, async () => {
    const { ids, titles } = await rootCauses("b5m-lea-flow-lastcut-keptrequest", "walk-starts-after-last-record");
    expect(ids).toEqual(["boundary.answer"]);
    expect(titles[0]).toContain("the compaction records read");
  });

  it("an estimate that answers 0 where it fails, alone: one root cause of the estimate, whichever rule of §3 the input breaks (was two)", { timeout: 300_000 }, async () => {
    const { ids, titles } = await rootCauses("b5m-nia-wrapper-transcript-retry-estimate", "estimate-failure-as-zero");
    expect(ids).toEqual(["units.context"]);
    expect(titles[0]).toContain("counts an input its own buildActiveContext refuses");
  });

  it("line breaks not counted, alone: one root cause, u's row, also where an arguments key holds one (was two)", { timeout: 300_000 }, async () => {
    const { ids } = await rootCauses("b5m-lea-estimator-linebreaks-nullentries", "u-dot-skips-line-breaks");
    expect(ids).toEqual(["units.u"]);
  });

  it("a value judged before an abort made inside the summarizer, alone: found (it scored 200/200 before session 29's coverage)", { timeout: 300_000 }, async () => {
    const { ids } = await rootCauses("b5m-max-wrapper-retry-verdict-crosscheck", "summary-verdict-before-abort");
    expect(ids).toHaveLength(1);
  });
});
