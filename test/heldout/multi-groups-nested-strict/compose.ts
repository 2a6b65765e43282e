// Two mistakes in the student's own grouping and boundary (rewrite): a nested interval's end
// overwrites the group's end, and a cut must fit strictly below targetUnits.
import { assemble, makerOf } from "../_kit/assemble";
import { boundaryMistake } from "../_kit/student-boundary";

export const make = makerOf(["nested-end-overwritten", "strict-fit"], (enabled) =>
  assemble([boundaryMistake({ groups: { overwriteEnd: enabled.has("nested-end-overwritten") }, strictFit: enabled.has("strict-fit") })]),
);
