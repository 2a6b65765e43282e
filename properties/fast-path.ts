import fc from "fast-check";
import type { Json, PropertyDefinition, Scenario, Verdict } from "../src/scenario";
import { prebuiltOnly, compactScenarios } from "./_internals/arbitraries";
import type { CompactionCase } from "./_internals/compaction-reading";
import { onCompaction } from "./_internals/compaction-reading";
import { fail, mismatch, mismatchData, pass, show } from "./_internals/format";
import { field, sameData } from "./_internals/json";
import { judgedByAccepted } from "./_internals/accepted";

// compactContext at or below maxUnits (contract §7 step 2): nothing happens, visibly.

const SPEC = "contract §7 step 2";

function sameObject(c: CompactionCase): Verdict {
  if (c.operation.prebuilt && c.input.observation.identity.resultContextIsInput !== true) {
    return fail("expected result.context to be the very context passed in (it was built by this module), observed a different object");
  }
  const want = field(c.want, "context");
  return mismatchData("result.context (the built input)", want, field(c.result, "context"));
}

function statusUnchanged(c: CompactionCase): Verdict {
  // §1: compactContext is async, on the fast path too (the driver's identity fact: what the call returned).
  if (c.input.observation.identity.returnedNativePromise === false) return fail("expected compactContext to return a promise that resolves the unchanged result (§1: it is async), observed the result returned as it is");
  if (field(c.result, "status") !== "unchanged") return mismatch("status", "unchanged", field(c.result, "status"));
  if (field(c.result, "record") !== null) return mismatch("record", null, field(c.result, "record"));
  if (!sameData(c.result, c.want)) return mismatchData("result", c.want, c.result);
  const frozen = c.input.observation.frozen;
  return frozen !== null && frozen.deep ? pass : fail(`expected the result deeply frozen, observed unfrozen at ${show(frozen?.firstUnfrozen ?? "(no report)")}`);
}

/**
 * Contexts within maxUnits whose options' recordId is the id of one of their own records (when
 * they have any): that check belongs to step 3, after the fast path, so the context still
 * comes back unchanged. Label "fast-path:record-id-used" where a record's id was taken.
 */
const usedRecordIdScenarios = (): fc.Arbitrary<Scenario> =>
  fc.tuple(compactScenarios("belowThreshold"), fc.nat()).map(([scenario, pick]) => {
    const op = scenario.operation;
    if (op.kind !== "compact") return scenario;
    const records = field(op.context, "compactions");
    if (!Array.isArray(records) || records.length === 0) return scenario;
    const id = field(records[pick % records.length]!, "id");
    if (typeof id !== "string") return scenario;
    return { ...scenario, operation: { ...op, options: { ...(op.options as Record<string, Json>), recordId: id } }, labels: [...(scenario.labels ?? []), "fast-path:record-id-used"] };
  });

export const fastPathProperties: readonly PropertyDefinition[] = judgedByAccepted([
  {
    id: "fast-path.same-context-object",
    family: "fast-path",
    title: "Below the threshold the very context passed in comes back",
    weight: 2,
    catches: "Returning a rebuilt copy instead of the caller's built context.",
    specRef: SPEC,
    arbitrary: prebuiltOnly(compactScenarios("belowThreshold")),
    check: (input) => onCompaction(input, sameObject),
  },
  {
    id: "fast-path.summarizer-never-called",
    family: "fast-path",
    title: "Below the threshold the summarizer is never called",
    weight: 2,
    catches: "Summarizing before checking the threshold (strict < instead of <=, or always).",
    specRef: SPEC,
    arbitrary: compactScenarios("belowThreshold"),
    check: ({ observation }) => (observation.summarizerCalls.length === 0 ? pass : mismatch("summarizer calls on the fast path", 0, observation.summarizerCalls.length)),
  },
  {
    id: "fast-path.status-unchanged",
    family: "fast-path",
    title: "Below the threshold the result is {status: \"unchanged\", context, record: null}, frozen",
    // 2 until session 19, when its criterion's point went to fast-path.record-id-used-still-unchanged (still 200 in all).
    weight: 1,
    catches: "Compacting anyway, consulting an aborted signal on the fast path, an unfrozen result, or the result returned without a promise.",
    specRef: SPEC,
    arbitrary: compactScenarios("belowThreshold"),
    check: (input) => onCompaction(input, statusUnchanged),
  },
  {
    id: "fast-path.record-id-used-still-unchanged",
    family: "fast-path",
    title: "Below the threshold a recordId already used by one of the context's records still gets the unchanged result",
    weight: 1,
    catches: "Checking the recordId against the old records before the fast path (it is step 3's check), so a context within maxUnits is refused with CONTEXT_INVALID_INPUT.",
    specRef: "contract §7 steps 2, 3",
    arbitrary: usedRecordIdScenarios(),
    check: (input) => onCompaction(input, statusUnchanged),
  },
]);
