// Two summary-validation mistakes in the student's own step 6 (rewrite): the blank test is
// text.length === 0, so a summary of whitespace passes; and the summary's length is never
// compared with 65536 code points.
import { maker } from "../_kit/assemble";
import { blankCheckEmptyOnly, summaryLengthUnlimited } from "../_kit/s16";

export const make = maker({ "blank-check-empty-only": blankCheckEmptyOnly, "summary-length-unlimited": summaryLengthUnlimited });
