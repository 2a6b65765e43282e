// Three mistakes in the record compaction writes (wrappers): unitsAfter counts summaryMaxUnits
// in place of the new summary, summaryId names the summary that was replaced, and the record is
// not frozen (last, so that no other layer freezes it again).
import { maker } from "../_kit/assemble";
import { recordNotFrozen, recordSummaryIdPrevious, unitsAfterUsesSummaryMax } from "../_kit/s13";

export const make = maker({
  "unitsafter-uses-summarymax": unitsAfterUsesSummaryMax,
  "record-summaryid-previous": recordSummaryIdPrevious,
  "record-not-frozen": recordNotFrozen,
});
