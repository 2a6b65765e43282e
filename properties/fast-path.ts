import type { PropertyDefinition, Verdict } from "../src/scenario";
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
  if (field(c.result, "status") !== "unchanged") return mismatch("status", "unchanged", field(c.result, "status"));
  if (field(c.result, "record") !== null) return mismatch("record", null, field(c.result, "record"));
  if (!sameData(c.result, c.want)) return mismatchData("result", c.want, c.result);
  const frozen = c.input.observation.frozen;
  return frozen !== null && frozen.deep ? pass : fail(`expected the result deeply frozen, observed unfrozen at ${show(frozen?.firstUnfrozen ?? "(no report)")}`);
}

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
    weight: 2,
    catches: "Compacting anyway, consulting an aborted signal on the fast path, or an unfrozen result.",
    specRef: SPEC,
    arbitrary: compactScenarios("belowThreshold"),
    check: (input) => onCompaction(input, statusUnchanged),
  },
]);
