import { afterAll, describe, expect, it } from "vitest";
import { analyzeRootCauses } from "../../src/grader/root-cause/analyze";
import type { Json } from "../../src/scenario/data";
import type { Observation } from "../../src/scenario/observation";
import type { Scenario } from "../../src/scenario/scenario";
import { suiteProperties } from "./matrix";
import { SECOND_SEED, analysisOf, failuresOf } from "./root-cause-analysis";
import { coreReference } from "../variants/grade";

// Observed facts (src/grader/root-cause/facts.ts): a failure is put under a fact (frozen-ness,
// identity, the input after the call, the error's class, a promise's constructor after the
// retry...) only when the property, judged again on the same observation with that one fact
// taken from the reference core's observation of the same scenario, passes. A failure that
// differs anywhere else stays its own root cause.

const reference = coreReference();
afterAll(() => reference.close());

describe("observed facts as root causes", () => {
  it("build-shallow-freeze (only the outer object frozen): compaction, fast path, atomicity and async failures under one cause, frozen results", async () => {
    // groups.frozen asks for the list and the groups only (contract §5), so it passes here. A
    // compaction's value mutable inside and a prebuilt input mutable after the call are one
    // mistake: the build's value is not deeply frozen.
    const ids = ["compaction.all-frozen", "atomicity.prebuilt-input-unchanged-and-frozen", "fast-path.status-unchanged", "async.failure-leaves-context-unchanged"];
    const { analysis } = await analysisOf("build-shallow-freeze", ids, reference);
    expect(analysis.rootCauses.map((c) => c.id)).toEqual(["frozen.results"]);
    expect(analysis.rootCauses[0]!.criterion).toBe("immutable-snapshots-and-ceilings");
    expect(analysis.rootCauses[0]!.differences?.[0]?.subject).toMatch(/^mutable/);
  }, 300_000);

  it("record-appended-before-validation: the input changed by a failed compaction, under the atomicity rule", async () => {
    const { analysis } = await analysisOf("record-appended-before-validation", ["atomicity.plain-input-unchanged", "hostile.input-unchanged"], reference, true, SECOND_SEED);
    expect(analysis.rootCauses.map((c) => c.id)).toEqual(["atomicity.unchanged"]);
    expect(analysis.rootCauses[0]!.criterion).toBe("atomicity-and-one-record");
    expect(analysis.rootCauses[0]!.differences?.[0]).toMatchObject({ subject: "changed", contract: "unchanged" });
  }, 300_000);

  it("a plain Error carrying the right code where no reading explains it (a blank summary refused), under the error class's rule", async () => {
    // The core as the subject, its observation changed into a plain Error with the same code:
    // its input and options read as the contract's, its settling of the script is the contract's.
    const scenario = {
      operation: {
        kind: "compact",
        context: { requirements: [], summary: null, messages: [{ id: "a", role: "user", content: "x".repeat(40) }, { id: "b", role: "user", content: "y" }], compactions: [] },
        prebuilt: false,
        options: { maxUnits: 20, targetUnits: 20, summaryMaxUnits: 12, retainRecentMessages: 1, summaryId: "s", recordId: "r" },
        summarizer: { kind: "text", text: "   ", delivery: "sync" },
        summarizerSlot: "script",
        signal: "none",
        abort: "none",
      },
    } as unknown as Scenario;
    const observed = await reference.observe(scenario);
    expect(observed.outcome, "the core refuses the blank summary (else the test proves nothing)").toMatchObject({ kind: "threw", error: { code: "CONTEXT_SUMMARY_INSUFFICIENT" } });
    const error = (observed.outcome as Extract<Observation["outcome"], { kind: "threw" }>).error;
    const plain: Observation = { ...observed, outcome: { kind: "threw", error: { ...error, isContextCompactionError: false, name: "Error", frozen: false } } };
    const def = suiteProperties().find((p) => p.id === "async.outcome-per-script")!;
    const failures = [{ id: def.id, title: def.id, counterexample: scenario, observation: plain }];
    const analysis = await analyzeRootCauses(failures, { definitions: [def], subject: reference, reference });
    expect(analysis.rootCauses.map((c) => c.id)).toEqual(["errors.class"]);
    expect(analysis.rootCauses[0]!.differences?.[0]).toMatchObject({ subject: "an Error (Error), not a ContextCompactionError", contract: "a ContextCompactionError" });
  }, 300_000);

  it("promise-retry-not-undone: the constructor left on the promise, one cause under the rule of native promises (restored after the retry)", async () => {
    const { analysis } = await analysisOf("promise-retry-not-undone", ["strength.promise-own-constructor-retried", "strength.promise-inherited-species-retried"], reference);
    expect(analysis.rootCauses.map((c) => c.id)).toEqual(["step5.nativePromise"]);
    expect(analysis.rootCauses[0]!.criterion).toBe("async-observation");
  }, 300_000);

  it("a failure that also differs in its outcome is not put under the fact it shows", async () => {
    // fast-path.status-unchanged checks the whole result, then its frozen-ness.
    const ids = ["fast-path.status-unchanged"];
    const { properties, hosts, failed } = await failuresOf("build-shallow-freeze", ids, reference);
    expect(failed.length, "it fails (else the test proves nothing)").toBe(1);
    const verdict = failed[0]!;
    const outcome = verdict.observation!.outcome;
    expect(outcome.kind).toBe("returned");
    // The same observation with one more difference: the status of the result.
    const value = structuredClone(outcome.kind === "returned" ? outcome.value : null) as { status: string };
    expect(value.status).toBe("unchanged");
    value.status = "compacted";
    const changed = { ...verdict, observation: { ...verdict.observation!, outcome: { kind: "returned" as const, value: value as unknown as Json } } };
    const both = [verdict, changed].map((v, i) => ({ ...v, id: i === 0 ? v.propertyId : `${v.propertyId}#changed`, title: v.propertyId }));
    const definitions = [...properties, { ...properties[0]!, id: "fast-path.status-unchanged#changed" }];
    const analysis = await analyzeRootCauses(both, { definitions, subject: hosts.subject, reference: hosts.reference });
    expect(analysis.causeOf.get("fast-path.status-unchanged")).toBe("frozen.results");
    // Not under the fact: its own departure, the fast path's answer (§7 step 2).
    expect(analysis.causeOf.get("fast-path.status-unchanged#changed")).toBe("step2.fastPath");
  }, 300_000);
});
