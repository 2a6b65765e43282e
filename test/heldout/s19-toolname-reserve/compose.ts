// A reading mistake and a boundary mistake, the first checked before the second (step 1, then
// step 3): the student's reader never compares a result's toolName with its call's name; the
// student's boundary walk reserves nothing for the new summary.
import { maker } from "../_kit/assemble";
import { summaryReserveMissing, toolNameMismatchAccepted } from "../_kit/s19";

export const make = maker({ "tool-name-mismatch-accepted": toolNameMismatchAccepted, "summary-reserve-missing": summaryReserveMissing });
