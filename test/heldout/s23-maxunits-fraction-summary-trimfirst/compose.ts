// Two mistakes in two criteria: maxUnits checked as a number in range but not as an integer (a
// fraction accepted); the summary value trimmed before its type is checked (a raw TypeError).
import { maker } from "../_kit/assemble";
import { maxUnitsFractionAccepted, summaryTrimmedBeforeTypeCheck } from "../_kit/s23";

export const make = maker({ "maxunits-fraction-accepted": maxUnitsFractionAccepted, "summary-trimmed-before-type-check": summaryTrimmedBeforeTypeCheck });
