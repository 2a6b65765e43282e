// Three mistakes in reading compactContext's own options: maxUnits is not compared with
// targetUnits, and not bounded by 1,000,000 (the wrapper of maxunits-no-upper-bound); the
// summarizer is not checked, only called (a non-function throws there).
import { assemble, makerOf } from "../_kit/assemble";
import { optionsMistake } from "../_kit/s12";
import { make as noUpperBound } from "../maxunits-no-upper-bound/compose";

const FLAGS = { "maxunits-below-target-accepted": "maxUnitsBelowTargetAccepted", "summarizer-checked-by-calling": "summarizerCheckedByCalling" } as const;

export const make = makerOf([...Object.keys(FLAGS), "maxunits-no-upper-bound"], (enabled) => {
  const flags = Object.fromEntries(Object.entries(FLAGS).filter(([id]) => enabled.has(id)).map(([, flag]) => [flag, true]));
  return assemble([
    ...(Object.keys(flags).length === 0 ? [] : [optionsMistake(flags)]),
    ...(enabled.has("maxunits-no-upper-bound") ? [noUpperBound.defs!["maxunits-no-upper-bound"]] : []),
  ]);
});
