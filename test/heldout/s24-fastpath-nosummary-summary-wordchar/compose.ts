// Two mistakes in two criteria, in the student's own steps of compactContext: the fast path leaves
// the current summary out of the context's units; the blank test of the summary is "no word
// character" (!/\w/.test(text)).
import { maker } from "../_kit/assemble";
import { fastpathWithoutSummary, summaryNeedsWordCharacter } from "../_kit/s24";

export const make = maker({ "fastpath-without-summary": fastpathWithoutSummary, "summary-needs-word-character": summaryNeedsWordCharacter });
