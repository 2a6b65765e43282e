// Two grouping mistakes in the student's own groupToolRounds (rewrite, also used by their
// boundary): a group ends at the last result of the assistant that opened it (a later
// overlapping interval does not extend it), and endIndex is reported inclusive.
import { assemble, makerOf } from "../_kit/assemble";
import { walkMistake } from "../_kit/s12";

const FLAGS = { "overlap-not-merged": "overlapNotMerged", "end-index-inclusive": "endIndexInclusive" } as const;

export const make = makerOf(Object.keys(FLAGS), (enabled) => {
  const flags = Object.fromEntries(Object.entries(FLAGS).filter(([id]) => enabled.has(id)).map(([, flag]) => [flag, true]));
  return assemble(Object.keys(flags).length === 0 ? [] : [walkMistake(flags)]);
});
