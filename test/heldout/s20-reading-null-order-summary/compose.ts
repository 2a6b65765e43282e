// Three reading mistakes, rules the student's reader adds (in every export that reads a context or a
// transcript): a null in tool-call arguments refused; the results of one assistant's calls required
// in the order of its calls; an input summary required to be named by a compaction record.
import { flagMaker } from "../_kit/s19";
import { readingMistake20, type ReadingFlags20 } from "../_kit/s20";

export const make = flagMaker<ReadingFlags20>(
  { "null-argument-refused": "nullArgumentRefused", "results-out-of-call-order-refused": "resultsInCallOrder", "summary-without-record-refused": "summaryNeedsRecord" },
  (flags) => [readingMistake20(flags)],
);
