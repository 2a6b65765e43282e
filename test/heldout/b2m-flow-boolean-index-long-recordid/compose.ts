// A whole-flow rewrite, four mistakes in four criteria: the student's units module counts
// J(boolean) as String(b).length; their selectCompactionBoundary answers the index of the last
// compacted message; their step 6 refuses a summary longer than 65,536 code points with
// CONTEXT_SUMMARY_INSUFFICIENT; their record-id bookkeeping keeps a recordId reserved after a
// failed compaction.
import { maker } from "../_kit/assemble";
import { failedCompactionReservesRecordId, longSummaryInsufficient, unitsMistakeB2, walkMistakeB2 } from "../_kit/b2b";

export const make = maker({
  "json-boolean-no-base": unitsMistakeB2({ booleanNoBase: true }),
  "boundary-last-compacted-index": walkMistakeB2({ lastCompactedIndex: true }),
  "long-summary-insufficient": longSummaryInsufficient,
  "failed-compaction-reserves-recordid": failedCompactionReservesRecordId,
});
