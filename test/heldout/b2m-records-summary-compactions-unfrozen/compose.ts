// Two mistakes of the student's writer of the new context (§7 step 8): the new summary left
// unfrozen; the new context's compactions array left unfrozen.
import { flagMaker } from "../_kit/s19";
import { recordMistakeB2, type RecordFlagsB2 } from "../_kit/b2b";

export const make = flagMaker<RecordFlagsB2>({ "new-summary-unfrozen": "summaryUnfrozen", "compactions-array-unfrozen": "compactionsUnfrozen" }, (flags) => [recordMistakeB2(flags)]);
