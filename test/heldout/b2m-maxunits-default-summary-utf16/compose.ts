// Two mistakes in two criteria: a missing maxUnits taken to be targetUnits (the options of §7,
// before the fast path); the summary's size for summaryMaxUnits measured in UTF-16 code units
// (step 6).
import { maker } from "../_kit/assemble";
import { maxUnitsDefaultsToTarget, summarySizeUtf16 } from "../_kit/b2b";

export const make = maker({
  "maxunits-defaults-to-target": maxUnitsDefaultsToTarget,
  "summary-size-utf16": summarySizeUtf16(),
});
