// One mistake (rewrite of selectCompactionBoundary, used by compaction): the walk stops only at a
// group that STARTS at or after `latest`, so a group that starts before `latest` and ends after
// it is still a candidate cut, which then keeps fewer than retainRecentMessages messages.
import { maker } from "../_kit/assemble";
import { boundaryMistake } from "../_kit/student-boundary";

export const make = maker({ "crossing-group-accepted": boundaryMistake({ crossingGroupAccepted: true }) });
