// Two grouping mistakes in the student's own groupToolRounds: a message group's kind is its
// message's role; every group after the first starts one past the previous group's endIndex.
import { flagMaker, groupsMistake19, type GroupFlags19 } from "../_kit/s19";

export const make = flagMaker<GroupFlags19>({ "message-kind-by-role": "kindByRole", "start-after-previous-end": "startAfterPreviousEnd" }, (flags) => [groupsMistake19(flags)]);
