import { afterAll, describe, expect, it } from "vitest";
import { optionsAnswer, optionsScenario } from "../../src/grader/root-cause/options";
import { modelCompactOptions } from "../../src/model/index";
import type { Json } from "../../src/scenario/data";
import type { Scenario } from "../../src/scenario/scenario";
import { SECOND_SEED, analysisOf } from "./root-cause-analysis";
import { coreReference } from "../variants/grade";

// The options layer (src/grader/root-cause/options.ts): a failure is put under it only when the
// re-judge passes with the subject's own answer to "does this operation accept these options,
// else with which code", asked on an empty context. A failure that answer does not explain
// stays its own root cause, even where the subject's answer differs from the contract's. The
// root cause is named by the rule of §6/§7 the answer breaks (src/grader/root-cause/refine.ts):
// one mistake is one root cause whichever field shows it (a wrong code for every budget, a
// blank summaryId or recordId).

const reference = coreReference();
afterAll(() => reference.close());

describe("the options root cause", () => {
  it("options-budget-code-invalid-input (a budget out of range is CONTEXT_INVALID_INPUT): its failures under options", async () => {
    const ids = ["boundary.options-validation-codes", "atomicity.error-code", "strength.option-budget-edges"];
    const { failed, analysis } = await analysisOf("options-budget-code-invalid-input", ids, reference, false);
    expect(failed.map((v) => v.propertyId).sort(), "each fails (else the test proves nothing)").toEqual([...ids].sort());
    expect(analysis.rootCauses.map((c) => c.id)).toEqual(["options.budgets"]);
    expect(analysis.rootCauses[0]!.criterion).toBe("boundary-selection");
    expect(analysis.rootCauses[0]!.differences?.[0]?.contract).toMatch(/^rejects them with CONTEXT_INVALID_BUDGET/);
  }, 300_000);

  it("options-ids-only-type-checked: the subject accepts a blank id; judged again with that answer (the record built with the blank id as it is, §7 step 8), its failures are under options", async () => {
    const ids = ["strength.blank-option-ids-rejected", "differential.compact-same-as-reference"];
    const { failed, analysis, hosts } = await analysisOf("options-ids-only-type-checked", ids, reference, false, SECOND_SEED);
    expect(failed.map((v) => v.propertyId).sort(), "each fails (else the test proves nothing)").toEqual([...ids].sort());
    const op = failed.find((v) => v.propertyId === ids[0])!.counterexample!.operation as Extract<Scenario["operation"], { kind: "compact" }>;
    const question = { operation: "compact" as const, options: op.options, summarizerSlot: op.summarizerSlot as Json, signal: op.signal as Json };
    expect(optionsAnswer(await hosts.subject.observe(optionsScenario(question))), "the subject's answer differs from the contract's (else the test proves nothing)").toEqual({ ok: true });
    expect(modelCompactOptions(op.options, op.summarizerSlot, op.signal).ok).toBe(false);
    expect(analysis.rootCauses.map((c) => c.id)).toEqual(["options.ids"]);
    expect([...analysis.rootCauses[0]!.properties].sort()).toEqual([...ids].sort());
  }, 300_000);

  it("options-ids-only-blank-checked: a compaction the contract refuses for a numeric summaryId, which the subject returns, is that options mistake (what it returns past them no re-judge can predict)", async () => {
    const { analysis, failed } = await analysisOf("options-ids-only-blank-checked", ["atomicity.failure-rejects"], reference);
    expect(failed[0]!.counterexample!.operation).toMatchObject({ kind: "compact", options: { summaryId: expect.any(Number) } });
    expect(analysis.rootCauses.map((c) => c.id)).toEqual(["options.ids"]);
    expect(analysis.rootCauses[0]!.differences?.[0]).toMatchObject({ layer: "options", subject: "accepts them", contract: "rejects them with CONTEXT_INVALID_INPUT" });
  }, 300_000);
});
