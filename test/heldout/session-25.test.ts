// What session 25's analysis tells apart, on the material that showed it (the second blind set,
// opened as DEV this session), graded as `npm run heldout:measure` grades them: one mistake, one
// root cause, where each used to give two (or three) of one rule or of two rows.
import { describe, expect, it } from "vitest";
import { heldoutRootCauses } from "../_helpers/heldout-grades";

const rootCauses = await heldoutRootCauses("session-25");

describe.concurrent("session 25: one root cause per mistake on the DEV material", () => {
  it("a fast path that reserves summaryMaxUnits: one root cause, measured otherwise (not the comparison at the edge)", { timeout: 300_000 }, async () => {
    const { ids, titles } = await rootCauses("b2-fastpath-reserves-summary", null);
    expect(ids).toEqual(["step2.fastPath"]);
    expect(titles[0]).toContain("measured otherwise");
  });

  it("a walk that passes over the cut after a tool round: one root cause, with tool rounds", { timeout: 300_000 }, async () => {
    const { ids, titles } = await rootCauses("b2-boundary-round-cut-skipped", null);
    expect(ids).toEqual(["boundary.answer"]);
    expect(titles[0]).toContain("tool rounds");
  });

  it("a record's keys counted as collection items: one root cause, not also what tool arguments hold", { timeout: 300_000 }, async () => {
    const { ids } = await rootCauses("b2-ceiling-record-keys-items", null);
    expect(ids).toEqual(["build.limits"]);
  });

  it("empty containers counted as null, alone: one root cause", { timeout: 300_000 }, async () => {
    const { ids } = await rootCauses("b2m-units-result-emptytext-emptycontainers", "empty-containers-as-null");
    expect(ids).toEqual(["units.J(object)"]);
  });

  it("the last resolver call taken, alone: one root cause, the resolvers'", { timeout: 300_000 }, async () => {
    const { ids } = await rootCauses("b2m-async-thenread-late-last", "last-resolve-wins");
    expect(ids).toEqual(["step5.resolvers"]);
  });

  it("a summary measured in UTF-16 units, alone: one root cause, the size check's", { timeout: 300_000 }, async () => {
    const { ids } = await rootCauses("b2m-maxunits-default-summary-utf16", "summary-size-utf16");
    expect(ids).toEqual(["step6.size"]);
  });

  it("a whole flow with four mistakes: four root causes (an id the context uses refused is one check of the ids; a cut where none fits is the boundary's)", { timeout: 300_000 }, async () => {
    const { ids } = await rootCauses("b2m-flow-userid-latest-summaryid-text", null);
    expect(ids.sort()).toEqual(["boundary.answer", "options.ids", "step8.result", "units.user"]);
  });

  it("a boundary one message early, alone: one root cause, even where that lands inside a round", { timeout: 300_000 }, async () => {
    const { ids } = await rootCauses("b2m-flow-boolean-index-long-recordid", "boundary-last-compacted-index");
    expect(ids).toEqual(["boundary.answer"]);
  });
});
