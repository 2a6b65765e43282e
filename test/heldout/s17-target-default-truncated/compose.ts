// An options mistake and a summary-validation mistake (rewrites of the options reader and of step
// 6): compactContext takes a missing targetUnits to be maxUnits; a summary too large for
// summaryMaxUnits is cut to fit instead of refused.
import { maker } from "../_kit/assemble";
import { summaryTruncatedToFit, targetDefaultsToMaxUnits } from "../_kit/s17";

export const make = maker({ "target-defaults-to-maxunits": targetDefaultsToMaxUnits, "summary-truncated-to-fit": summaryTruncatedToFit });
