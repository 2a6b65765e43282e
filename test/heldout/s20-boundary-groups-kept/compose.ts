// Two boundary mistakes in the student's own walk (selectCompactionBoundary and compactContext):
// the answer is the number of groups removed, not the endIndex; the kept messages are counted from
// endIndex + 1.
import { flagMaker } from "../_kit/s19";
import { walkMistake20, type WalkFlags20 } from "../_kit/s20";

export const make = flagMaker<WalkFlags20>({ "boundary-group-count": "groupCount", "kept-from-after-end": "keptAfterEnd" }, (flags) => [walkMistake20(flags)]);
