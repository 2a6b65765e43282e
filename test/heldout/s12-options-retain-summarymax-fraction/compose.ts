// Three options mistakes in the student's own reader of the §6 options (rewrite, used by
// selectCompactionBoundary and compactContext): retainRecentMessages must be at least 1,
// summaryMaxUnits may be 0, and a fractional targetUnits is floored instead of refused.
import { assemble, makerOf } from "../_kit/assemble";
import { optionsMistake } from "../_kit/s12";

const FLAGS = {
  "retain-zero-refused": "retainZeroRefused",
  "summarymax-zero-accepted": "summaryMaxZeroAccepted",
  "target-fraction-floored": "targetFractionFloored",
} as const;

export const make = makerOf(Object.keys(FLAGS), (enabled) => {
  const flags = Object.fromEntries(Object.entries(FLAGS).filter(([id]) => enabled.has(id)).map(([, flag]) => [flag, true]));
  return assemble(Object.keys(flags).length === 0 ? [] : [optionsMistake(flags)]);
});
