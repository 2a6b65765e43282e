// Three options mistakes of §6 in the student's own options reader (selectCompactionBoundary
// and compactContext): targetUnits without its upper bound; summaryMaxUnits never compared with
// targetUnits; retainRecentMessages without its lower bound.
import { flagMaker, optionsMistake19, type OptionFlags19 } from "../_kit/s19";

export const make = flagMaker<OptionFlags19>(
  { "target-no-upper-bound": "targetNoUpperBound", "summarymax-above-target-accepted": "summaryMaxAboveTarget", "retain-negative-accepted": "retainNegative" },
  (flags) => [optionsMistake19(flags)],
);
