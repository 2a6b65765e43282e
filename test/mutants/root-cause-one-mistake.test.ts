import { afterAll, describe, expect, it } from "vitest";
import { analysisOf } from "./root-cause-analysis";
import { coreReference } from "../variants/grade";

// One mistake, one root cause (issue 26): mutants of the catalogue (one defect each) whose
// failures the analysis by rule once split in two or three root causes, on the very properties
// that were split, each now one root cause named by the rule the mistake breaks. What joins
// them (src/grader/root-cause/signature.ts, refine.ts, refine-units.ts, steps.ts): a fast path
// missed whatever the subject ends with; the build's identity behind the fast path's; a reader
// of fields shared by the input and the options; a text block's row found alone; the value a
// then returns told by what it needs (a Proxy, a locked promise); a limit accepted through a
// Proxy; both ids under one check; a forged rejection passed on as it is.

const reference = coreReference();
afterAll(() => reference.close());

const CASES: readonly (readonly [mutant: string, properties: readonly string[], cause: string])[] = [
  ["fast-path-strict-threshold", ["fast-path.same-context-object", "hostile.benign-reads-like-data", "sequence.outcomes-match-model"], "step2.fastPath"],
  ["build-always-copies", ["fast-path.same-context-object", "differential.build-same-as-reference", "differential.compact-same-as-reference"], "identity.built"],
  ["records-assumed-not-proxies", ["hostile.rejects-with-channel-code", "strength.reading-proxied-records"], "read.options"],
  ["optional-accessor-reads-as-absent", ["strength.accessors-never-called", "strength.signal-accessor-rejected"], "read.input"],
  ["units-text-block-without-base", ["units.exact-formula", "units.astral-counts-one"], "units.text"],
  ["promise-with-own-constructor-fails", ["strength.then-returns-locked-promise", "compaction.record-fields-exact"], "step5.nativePromise"],
  ["proxy-read-then-unguarded", ["async.outcome-per-script", "strength.adoption-failures", "strength.then-returns-locked-promise"], "step5.proxy"],
  ["limits-no-aggregate-string-budget", ["limits.data-after-overflow-never-read", "strength.aggregate-string-budget"], "build.limits"],
  ["options-ids-only-blank-checked", ["atomicity.failure-rejects", "strength.non-string-option-ids-rejected"], "options.ids"],
  ["null-prototype-refused", ["hostile.benign-reads-like-data", "strength.reading-prototypes", "strength.argument-values-must-be-json"], "read.input"],
  ["messages-count-only-peeked", ["differential.groups-same-as-reference", "strength.proxied-count-past-limit"], "build.limits"],
  ["rejection-code-forwarded", ["atomicity.failure-rejects", "async.outcome-per-script"], "step5.forged"],
];

describe("one mistake of the catalogue, one root cause", () => {
  it.each(CASES)("%s: %j under one root cause, %s", async (mutant, properties, cause) => {
    const { analysis } = await analysisOf(mutant, properties, reference);
    expect(analysis.rootCauses.map((c) => c.id)).toEqual([cause]);
    expect([...analysis.rootCauses[0]!.properties].sort()).toEqual([...properties].sort());
    expect(analysis.rootCauses[0]!.criterion, "the analysis names the mistake's criterion").toBeDefined();
  }, 300_000);
});
