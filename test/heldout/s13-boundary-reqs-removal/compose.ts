// Two boundary mistakes in the student's own selectCompactionBoundary (rewrite, also used by
// compactContext): the fixed part reserves summaryMaxUnits without the requirements, and the fit
// is tested before the group is removed (the kept units counted from its startIndex).
import { assemble, makerOf } from "../_kit/assemble";
import { walkMistake13 } from "../_kit/s13";

const FLAGS = { "requirements-not-reserved": "requirementsNotReserved", "fit-checked-before-removal": "fitBeforeRemoval" } as const;

export const make = makerOf(Object.keys(FLAGS), (enabled) => {
  const flags = Object.fromEntries(Object.entries(FLAGS).filter(([id]) => enabled.has(id)).map(([, flag]) => [flag, true]));
  return assemble(Object.keys(flags).length === 0 ? [] : [walkMistake13(flags)]);
});
