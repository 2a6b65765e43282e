// Three mistakes in the student's record writer (§7 step 8): unitsBefore without the
// requirements; unitsAfter the targetUnits aimed at; compactedMessageIds listing the ids of the
// compacted tool calls too.
import { maker } from "../_kit/assemble";
import { compactedIdsIncludeCallIds, unitsAfterIsTarget, unitsBeforeWithoutRequirements } from "../_kit/s24";

export const make = maker({
  "units-before-without-requirements": unitsBeforeWithoutRequirements,
  "units-after-is-target": unitsAfterIsTarget,
  "compacted-ids-include-call-ids": compactedIdsIncludeCallIds,
});
