// What session 31 added, on the material that showed it (the seventh set, opened as DEV this
// session, and the sixth), graded as `npm run heldout:measure` grades them: mistakes no property
// met (a caller reusing one options object or one signal across calls; a channel present as
// null), answers that depend on earlier calls as one mistake, and a units walk that tells null
// from the objects holding it where arrays are miscounted too.
import { describe, expect, it } from "vitest";
import { heldoutRootCauses } from "../_helpers/heldout-grades";

const rootCauses = await heldoutRootCauses("session-31");

describe.concurrent("session 31: mistakes met, and state between calls one mistake", () => {
  it("options remembered per options object, alone: one root cause, the program that reuses one options object (no property met it before)", { timeout: 300_000 }, async () => {
    const { ids, properties } = await rootCauses("b7m-tam-wrapper-clamp-remembered", "options-remembered-per-object");
    expect(ids).toHaveLength(1);
    expect(properties.get(ids[0]!)).toEqual(["sequence.reused-objects-read-anew"]);
  });

  it("a signal listened to only the first time it is met, alone: one root cause, answers that depend on earlier calls (no property met it before)", { timeout: 300_000 }, async () => {
    const { ids } = await rootCauses("b7m-tam-flow-lookout-early-once", "signal-listened-once-per-signal");
    expect(ids).toEqual(["calls.alone"]);
  });

  it("an adoption level counter carried over from a failed wait, alone: one root cause (was four, of four rules of step 5 and 6)", { timeout: 300_000 }, async () => {
    const { ids } = await rootCauses("b7m-tam-flow-reader-levels-request", "levels-carried-over");
    expect(ids).toEqual(["calls.alone"]);
  });

  it("results cached by recordId, alone: one root cause (was seven)", { timeout: 300_000 }, async () => {
    const { ids } = await rootCauses("b6m-quy-wrapper-textsummary-cache-reserve", "result-cached-by-recordid");
    expect(ids).toEqual(["calls.alone"]);
  });

  it("a channel present as null taken for a missing one, alone: one root cause (no property met it before)", { timeout: 300_000 }, async () => {
    const { ids, titles } = await rootCauses("b7m-ren-wrapper-defaults-nullchannel", "null-channel-as-missing");
    expect(ids).toEqual(["build.records"]);
    expect(titles[0]).toContain("accepted");
  });

  it("null priced as an object and nested containers priced flat: two root causes, J(null) and J(object) (was one)", { timeout: 300_000 }, async () => {
    const { ids } = await rootCauses("b7m-sol-pricer-json", null);
    expect([...ids].sort()).toEqual(["units.J(null)", "units.J(object)"]);
  });
});
