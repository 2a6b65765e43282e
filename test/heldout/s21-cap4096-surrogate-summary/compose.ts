// Two mistakes in two criteria: maxUnits bounded by 4,096 (the messages ceiling taken for the
// units one); a summary with a lone surrogate refused as not well-formed text.
import { maker } from "../_kit/assemble";
import { maxUnitsCappedAt4096, summaryLoneSurrogateRefused } from "../_kit/s21";

export const make = maker({
  "maxunits-capped-at-4096": maxUnitsCappedAt4096,
  "summary-lone-surrogate-refused": summaryLoneSurrogateRefused,
});
