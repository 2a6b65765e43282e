// Two mistakes in the student's reader of compactContext's options: the cross-check of
// summaryMaxUnits made against maxUnits instead of targetUnits; maxUnits read with Number(…), so a
// string of digits is taken as its number.
import { flagMaker } from "../_kit/s19";
import { optionsMistake24, type OptionFlags24 } from "../_kit/s24";

export const make = flagMaker<OptionFlags24>(
  { "summarymax-checked-against-maxunits": "summaryMaxAgainstMaxUnits", "maxunits-string-coerced": "maxUnitsStringCoerced" },
  (flags) => [optionsMistake24(flags)],
);
