// Two boundary mistakes in the student's own selectCompactionBoundary (rewrite): a group crossing
// `latest` still taken as a cut, and the current summary counted in `fixed`.
import { assemble, makerOf } from "../_kit/assemble";
import { boundaryMistake } from "../_kit/student-boundary";

export const make = makerOf(["crossing-group-accepted", "counts-old-summary"], (enabled) =>
  assemble([
    boundaryMistake({ crossingGroupAccepted: enabled.has("crossing-group-accepted"), countsOldSummary: enabled.has("counts-old-summary") }),
  ]),
);
