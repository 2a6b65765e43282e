// What session 30's analysis tells apart, on the material that showed it (the sixth set, opened
// as DEV this session), graded as `npm run heldout:measure` grades them: one mistake, one root
// cause, where each used to give two to nineteen (a summary changed before its checks, a build
// code after the summarizer, an options objection of the submission's own, a hang on thenables,
// a hole read as no item, a thenable taken as the summary, the record's counts of non-ASCII text,
// another call's result handed back).
import { describe, expect, it } from "vitest";
import { heldoutRootCauses } from "../_helpers/heldout-grades";

const rootCauses = await heldoutRootCauses("session-30");

describe.concurrent("session 30: one root cause per mistake on the sixth set", () => {
  it("a heading put in front of the summary, alone: one root cause, step 6's text, its checks and its stored content alike (was three)", { timeout: 300_000 }, async () => {
    const { ids } = await rootCauses("b6m-oda-wrapper-label-emptysuffix", "summary-headed");
    expect(ids).toEqual(["step6.text"]);
  });

  it("an empty suffix refused after the summarizer call, alone: one root cause of the result built, not of a summary check", { timeout: 300_000 }, async () => {
    const { ids, titles } = await rootCauses("b6m-oda-wrapper-label-emptysuffix", "empty-suffix-refused");
    expect(ids).toEqual(["step8.result"]);
    expect(titles[0]).toContain("rejects with CONTEXT_INVALID_TRANSCRIPT");
  });

  it("a summarizer refused for its declared parameters, alone: one root cause, the summarizer's check (was two, under maxUnits)", { timeout: 300_000 }, async () => {
    const { ids } = await rootCauses("b6m-pat-wrapper-arity-renamedid-abortwins", "summarizer-arity-checked");
    expect(ids).toEqual(["options.summarizer"]);
  });

  it("one once-guard shared by a chain of thenables, alone: one root cause, the hang on thenables (was three)", { timeout: 300_000 }, async () => {
    const { ids, titles } = await rootCauses("b6m-pat-follower-sharedonce-thengetter", "once-guard-shared-by-chain");
    expect(ids).toEqual(["step5.thenable"]);
    expect(titles[0]).toContain("never settles");
  });

  it("holes skipped by the reader, alone: one root cause, whichever rule the shorter array meets (was two)", { timeout: 300_000 }, async () => {
    const { ids, titles } = await rootCauses("b6m-quy-reader-holes-constructor", "holes-skipped");
    expect(ids).toEqual(["read.input"]);
    expect(titles[0]).toContain("hole");
  });

  it("only instances of Promise awaited, alone: one root cause, a value with a then taken as the summary (was two)", { timeout: 300_000 }, async () => {
    const { ids, titles } = await rootCauses("b6m-pat-flow-frozenvalue-promisesonly", "only-promises-awaited");
    expect(ids).toEqual(["step5.thenable"]);
    expect(titles[0]).toContain("taken as the summary");
  });

  it("the record's counts in UTF-16 code units, alone: one root cause for unitsBefore and unitsAfter (was two)", { timeout: 300_000 }, async () => {
    const { ids } = await rootCauses("b6m-quy-flow-record-units-groups", "record-units-utf16");
    expect(ids).toEqual(["step8.result"]);
  });

  it("results remembered by recordId, alone: most failures under one root cause, another call's result or (since session 31) answers that depend on earlier calls (was nineteen root causes)", { timeout: 300_000 }, async () => {
    const { ids, titles, properties } = await rootCauses("b6m-quy-wrapper-textsummary-cache-reserve", "result-cached-by-recordid");
    const index = titles.findIndex((t, i) => t.includes("another call's result") || ids[i] === "calls.alone");
    expect(index).toBeGreaterThanOrEqual(0);
    const all = [...properties.values()].reduce((n, p) => n + p.length, 0);
    expect(properties.get(ids[index]!)!.length * 2).toBeGreaterThan(all);
    expect(ids.length).toBeLessThan(10);
  });
});
