// Two record mistakes in the student's step 8: compactedMessageIds listed newest first; unitsAfter
// without the requirements.
import { flagMaker } from "../_kit/s19";
import { recordMistake20, type RecordFlags20 } from "../_kit/s20";

export const make = flagMaker<RecordFlags20>(
  { "compacted-ids-reversed": "idsReversed", "units-after-without-requirements": "unitsAfterWithoutRequirements" },
  (flags) => [recordMistake20(flags)],
);
