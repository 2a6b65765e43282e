// Four mistakes in four criteria, a student's rewrite of their units module and of the step that
// builds the result: the estimator counts grapheme clusters; the new context's records are not
// held to 256; compactedMessageIds are collected in a Set; the summary's length limit is
// inclusive (65536 code points refused).
import { maker } from "../_kit/assemble";
import { compactedIdsDeduplicated, derivedRecordLimitUnchecked, summaryLengthLimitInclusive, unitsMistake17 } from "../_kit/s17";

export const make = maker({
  "u-grapheme-clusters": unitsMistake17({ graphemeClusters: true }),
  "derived-record-limit-unchecked": derivedRecordLimitUnchecked,
  "compacted-ids-deduplicated": compactedIdsDeduplicated,
  "summary-length-limit-inclusive": summaryLengthLimitInclusive,
});
