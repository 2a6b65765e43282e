// Two summary mistakes and one of cancellation: the stored summary is the trimmed text, a
// String object is accepted as text (rewrites of the summary step), and the summarizer gets the
// student's own signal instead of the caller's (wrapper).
import { maker } from "../_kit/assemble";
import { boxedStringAccepted, freshSignalPassed, summaryTrimmedStored } from "../_kit/s12";

export const make = maker({
  "summary-trimmed-stored": summaryTrimmedStored,
  "boxed-string-accepted": boxedStringAccepted,
  "summarizer-gets-fresh-signal": freshSignalPassed,
});
