// Two grouping mistakes in the student's own groupToolRounds (§5): a result with isError: true
// ends its assistant's round (the later results of its calls fall out as message groups); an empty
// transcript gives one empty message group.
import { flagMaker } from "../_kit/s19";
import { groupsMistakeB2, type GroupFlagsB2 } from "../_kit/b2b";

export const make = flagMaker<GroupFlagsB2>({ "error-result-ends-round": "errorEndsRound", "empty-transcript-one-group": "emptyOneGroup" }, (flags) => [groupsMistakeB2(flags)]);
