// Two mistakes in two criteria: the student's boundary walk takes retainRecentMessages 0 as 1 (§6,
// in selectCompactionBoundary and compactContext); their blank test of step 6 knows only ASCII
// whitespace, so a summary of no-break spaces is stored.
import { maker } from "../_kit/assemble";
import { asciiBlankOnly, walkMistakeB2 } from "../_kit/b2b";

export const make = maker({
  "retain-zero-as-one": walkMistakeB2({ retainAtLeastOne: true }),
  "nbsp-summary-not-blank": asciiBlankOnly,
});
