// Two summary-validation mistakes in the student's blank test of step 6: a text whose first
// character is whitespace counts as blank; the empty string is never blank (the test is guarded by
// `text &&`).
import { flagMaker, summaryBlank19, type BlankFlags19 } from "../_kit/s19";

export const make = flagMaker<BlankFlags19>({ "leading-whitespace-blank": "leadingWhitespace", "empty-summary-accepted": "emptyAccepted" }, (flags) => [summaryBlank19(flags)]);
