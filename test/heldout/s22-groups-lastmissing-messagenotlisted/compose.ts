// Two grouping mistakes in the student's groupToolRounds: the loop stops one short, so a group that
// would start at the last message is never made; a message group's messages is the message itself.
import { flagMaker } from "../_kit/s19";
import { groupsMistake22, type GroupFlags22 } from "../_kit/s22";

export const make = flagMaker<GroupFlags22>(
  { "last-message-ungrouped": "lastUngrouped", "message-group-not-listed": "messageNotListed" },
  (flags) => [groupsMistake22(flags)],
);
