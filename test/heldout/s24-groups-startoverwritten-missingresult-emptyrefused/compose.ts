// Three grouping mistakes in the student's own groupToolRounds: when a later assistant's interval
// carries a tool round further (overlapping intervals), the round's start is moved to that
// assistant; their validation lets a call without a result through; an empty transcript refused.
import { flagMaker } from "../_kit/s19";
import { groupsMistake24, type GroupFlags24 } from "../_kit/s24";

export const make = flagMaker<GroupFlags24>(
  { "merged-round-start-overwritten": "startOverwritten", "missing-result-accepted-by-groups": "missingResultAccepted", "empty-transcript-refused": "emptyRefused" },
  (flags) => [groupsMistake24(flags)],
);
