// Two boundary mistakes in the student's own selectCompactionBoundary (rewrite): a group ending
// exactly at latest is refused too (end >= latest), and the latest cut that fits is chosen
// instead of the earliest.
import { assemble, makerOf } from "../_kit/assemble";
import { walkMistake } from "../_kit/s12";

const FLAGS = { "latest-off-by-one": "latestOffByOne", "latest-cut-chosen": "latestCutChosen" } as const;

export const make = makerOf(Object.keys(FLAGS), (enabled) => {
  const flags = Object.fromEntries(Object.entries(FLAGS).filter(([id]) => enabled.has(id)).map(([, flag]) => [flag, true]));
  return assemble(Object.keys(flags).length === 0 ? [] : [walkMistake(flags)]);
});
