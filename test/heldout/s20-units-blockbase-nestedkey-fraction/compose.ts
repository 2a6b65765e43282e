// Three units mistakes, each in a different row of §4, in the student's own estimateContextUnits:
// an assistant's base counted once per block; a JSON object nested in the arguments counted
// without the 1 of each key; J(number) counted on the integer part only (the fraction left out).
import { flagMaker } from "../_kit/s19";
import { unitsMistake20, type UnitFlags20 } from "../_kit/s20";

export const make = flagMaker<UnitFlags20>(
  { "assistant-base-per-block": "basePerBlock", "nested-key-separator-missing": "nestedKeySeparatorMissing", "number-fraction-not-counted": "fractionDropped" },
  (flags) => [unitsMistake20(flags)],
);
