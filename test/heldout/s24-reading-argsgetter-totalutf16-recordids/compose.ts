// Three mistakes in the student's reader (§3): tool-call arguments copied with
// JSON.parse(JSON.stringify(…)) before they are checked, so a getter inside them is called; the
// 1,000,000 total of all strings counted in UTF-16 code units; the ceiling of 4096
// compactedMessageIds in one record never applied.
import { maker } from "../_kit/assemble";
import { argumentsGetterCalled, recordIdsCeilingUnchecked, stringTotalUtf16 } from "../_kit/s24";

export const make = maker({
  "arguments-getter-called": argumentsGetterCalled,
  "string-total-utf16": stringTotalUtf16,
  "record-ids-ceiling-unchecked": recordIdsCeilingUnchecked,
});
