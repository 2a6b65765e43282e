// Three mistakes in the student's record and result of step 8: the record's summaryId is the record
// id; the compacted result object is not frozen; unitsAfter counts the new summary without its
// base 5.
import { maker } from "../_kit/assemble";
import { compactedResultUnfrozen, recordSummaryIdFromRecordId, unitsAfterSummaryWithoutBase } from "../_kit/s23";

export const make = maker({
  "record-summaryid-from-recordid": recordSummaryIdFromRecordId,
  "units-after-summary-without-base": unitsAfterSummaryWithoutBase,
  // Last: the outermost layer (the other two freeze the result they rebuild).
  "compacted-result-unfrozen": compactedResultUnfrozen,
});
