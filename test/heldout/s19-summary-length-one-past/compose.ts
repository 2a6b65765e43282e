// One mistake (rewrite of step 6's length check): the check is one past the limit, so a summary of
// 65537 code points is accepted.
import { maker } from "../_kit/assemble";
import { summaryLengthOnePast } from "../_kit/s19";

export const make = maker({ "summary-length-one-past": summaryLengthOnePast });
