// Why a mutant of the catalogue gets more than one root cause, or a larger counterexample,
// in docs/kill-matrix.md's section "Root causes and counterexample size" (issue 13). Written
// by hand from the measured rows; the doc prints the reason after the mutant.

export const ROOT_CAUSE_EXCEPTIONS: Readonly<Record<string, string>> = {};
