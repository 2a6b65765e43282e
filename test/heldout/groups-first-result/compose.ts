// One mistake (rewrite of groupToolRounds, used by the student's boundary and compaction): an
// assistant's interval runs from it through the FIRST result of its calls instead of the last,
// so with two calls the second result falls outside the group and a cut may separate it from
// its call.
import { maker } from "../_kit/assemble";
import { boundaryMistake } from "../_kit/student-boundary";

export const make = maker({ "interval-first-result": boundaryMistake({ groups: { firstResultOnly: true } }) });
