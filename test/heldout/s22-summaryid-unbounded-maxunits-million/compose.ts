// Two mistakes in two criteria, in the student's options of §7: summaryId's length never compared
// with 65,536 code points; maxUnits 1,000,000 refused (the check is < 1,000,000).
import { maker } from "../_kit/assemble";
import { maxUnitsMillionRefused, summaryIdLengthUnchecked } from "../_kit/s22";

export const make = maker({
  "summaryid-length-unchecked": summaryIdLengthUnchecked,
  "maxunits-million-refused": maxUnitsMillionRefused,
});
