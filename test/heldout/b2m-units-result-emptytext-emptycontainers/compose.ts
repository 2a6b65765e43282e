// Three units mistakes in the student's own estimateContextUnits (§4): a tool result counted
// without its content; a text block with an empty text counted 0; an empty array or object inside
// the arguments counted 1, like null.
import { flagMaker } from "../_kit/s19";
import { unitsMistakeB2, type UnitFlagsB2 } from "../_kit/b2b";

export const make = flagMaker<UnitFlagsB2>(
  { "toolresult-content-not-counted": "resultContentNotCounted", "empty-text-block-free": "emptyTextFree", "empty-containers-as-null": "emptyContainersAsNull" },
  (flags) => [unitsMistakeB2(flags)],
);
