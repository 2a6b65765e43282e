import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ABORT_POINTS, ASYNC_SCRIPT_KINDS, asyncScenario } from "../../generators";
import { expectedFor } from "../../src/model";
import type { Scenario } from "../../src/scenario/scenario";
import { assertCoverage, assertSameSeedSameValues } from "./_checks";

// asyncScenario (issue 4, item 2) reaches every async script kind, every variant, every abort
// point, the adoption edge (64 accepted, 65 refused) and each code it is meant to provoke, in
// at least 5% of 500 samples for three seeds; and its budgets really are the "compacts" regime.

const labels = (s: Scenario) => s.labels ?? [];
const kinds = Object.keys(ASYNC_SCRIPT_KINDS);

describe("asyncScenario", () => {
  it("is deterministic for a seed", () => {
    assertSameSeedSameValues(asyncScenario());
  });

  it("reaches every script kind, every abort point and every outcome the contract gives them", () => {
    assertCoverage(asyncScenario(), labels, [
      ...kinds.map((k) => `async:${k}`),
      ...ABORT_POINTS.map((a) => `abort:${a}`),
      "outcome:returns", "code:CONTEXT_CANCELLED", "code:CONTEXT_SUMMARIZER_FAILED", "code:CONTEXT_ASYNC_VALUE_UNOBSERVABLE",
      "regime:compacts", "prebuilt:true", "prebuilt:false",
    ], { seeds: [20261129, 7] });
  });

  // Variants share their kind's tenth; each kind alone reaches each of its variants.
  it.each(kinds.filter((k) => ASYNC_SCRIPT_KINDS[k]!.length > 1))("reaches every variant of %s", (kind) => {
    const names = ASYNC_SCRIPT_KINDS[kind]!;
    assertCoverage(asyncScenario({ scripts: names }), labels, names.map((n) => `async-script:${n}`), { seeds: [20261129], numRuns: 200 });
  });

  it("dresses native promises every way (issue 27): each shadowed then and each odd constructor", () => {
    const dresses = [
      ...["undefined", "nonCallable", "lying", "inheritedUndefined"].map((t) => `dress:then-${t}`),
      ...["object", "primitive", "throwingAccessor"].map((c) => `dress:ctor-${c}`),
    ];
    assertCoverage(asyncScenario({ scripts: ["dressedText", "dressedRejection"] }), labels, dresses, { seeds: [20261129, 7], numRuns: 300 });
    // Dresses also reach the scripts whose promise is delivered by a thenable or returned by a then.
    assertCoverage(asyncScenario({ scripts: ["promiseInThenable", "thenReturnsRejectingLater"] }), labels, ["dress:then-lying", "dress:ctor-primitive"], { seeds: [20261129], numRuns: 400, minShare: 0.02 });
  });

  it("reaches the adoption edge: 64 and 65 levels, and beyond", () => {
    assertCoverage(asyncScenario({ scripts: ["thenableChain", "promiseInThenable"] }), labels, ["depth:64", "depth:65", "depth:over-limit", "async:thenableChain", "async:nestedPromise"], { seeds: [20261129, 7], numRuns: 300 });
  });

  it("a never-settling script only meets an abort that comes while it is pending", () => {
    fc.assert(
      fc.property(asyncScenario({ scripts: ["never"] }), (s) => {
        expect(["beforeCall", "inSummarizer", "whilePending"]).toContain((s.operation as { abort: string }).abort);
      }),
    );
  });

  it("compacts by construction: every text-delivering script without an abort is expected to succeed", () => {
    const succeeding = ["thenableInPromise", "thenThrowsAfterResolving", "thenReturnsRejectingAtOnce", "thenReturnsRejectingLater", "thenableDeliveredTwice"] as const;
    fc.assert(
      fc.property(asyncScenario({ scripts: succeeding, aborts: ["none", "afterSettlement"] }), (s) => {
        expect(expectedFor(s).kind).toBe("returns");
      }),
    );
  });
});
