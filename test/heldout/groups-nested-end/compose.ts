// One mistake (rewrite of groupToolRounds, used by the student's boundary and compaction):
// when an assistant with calls is met inside a group, the group's end is set to that
// assistant's last result (`end = lastResult(j)`) instead of the larger of the two ends, so a
// nested interval that closes before the outer one cuts the outer round short.
import { maker } from "../_kit/assemble";
import { boundaryMistake } from "../_kit/student-boundary";

export const make = maker({ "nested-end-overwritten": boundaryMistake({ groups: { overwriteEnd: true } }) });
